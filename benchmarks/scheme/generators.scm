;; generators: re-entrant continuations.  A generator made with call/cc
;; hands out the elements of a list one call at a time (each call captures
;; its caller's continuation, each element the walk's); (run n) sums the
;; numbers 1..n taken from it until it says done.  (run n) => n(n+1)/2.

(define (make-generator lst)
  (define return #f)
  (define (start)
    (for-each (lambda (x)
                (call/cc (lambda (resume)
                           (set! start (lambda () (resume #f)))
                           (return x))))
              lst)
    (return 'done))
  (lambda () (call/cc (lambda (r) (set! return r) (start)))))

(define (numbers n)
  (let loop ((i n) (acc '()))
    (if (= i 0) acc (loop (- i 1) (cons i acc)))))

(define (run n)
  (let ((next (make-generator (numbers n))))
    (let loop ((sum 0))
      (let ((x (next)))
        (if (eq? x 'done) sum (loop (+ sum x)))))))
