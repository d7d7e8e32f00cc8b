;; closures: procedures that make procedures: accumulators (make-acc), compose,
;; adders, and map with a lambda over the results.
;;
;; (run n) => the sum of what n rounds of these closures compute.

(define (make-acc total)
  (lambda (amount)
    (set! total (+ total amount))
    total))

(define (compose f g)
  (lambda (x) (f (g x))))

(define (make-adder k)
  (lambda (x) (+ x k)))

(define (round-of i)
  (let ((acc (make-acc i))
        (add-then-double (compose (lambda (x) (* 2 x)) (make-adder i))))
    (acc 1)
    (acc 2)
    (apply + (map (lambda (x) (add-then-double (acc x))) (list 1 2 3)))))

(define (run n)
  (let loop ((i 0) (sum 0))
    (if (= i n)
        sum
        (loop (+ i 1) (+ sum (round-of i))))))
