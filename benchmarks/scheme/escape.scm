;; escape: call/cc used as an early exit from loops: the first element of a
;; list that satisfies a test, found with for-each and a continuation, and a
;; product that stops at the first zero.
;;
;; (run n) => (sum-of-found product-count) over n searches.

(define (find-first pred lst)
  (call-with-current-continuation
   (lambda (return)
     (for-each (lambda (x) (if (pred x) (return x))) lst)
     #f)))

(define (product lst)
  (call-with-current-continuation
   (lambda (exit)
     (let loop ((l lst) (p 1))
       (cond ((null? l) p)
             ((= (car l) 0) (exit 0))
             (else (loop (cdr l) (* p (car l)))))))))

(define data '(3 8 1 9 14 2 0 7 22 5 16 11 4 6 18 10))

(define (run n)
  (let loop ((i 0) (found 0) (zeros 0))
    (if (= i n)
        (list found zeros)
        (let ((limit (modulo i 23)))
          (loop (+ i 1)
                (+ found (or (find-first (lambda (x) (> x limit)) data) 0))
                (+ zeros (if (= (product (list-tail data (modulo i 8))) 0) 1 0)))))))
