;; digits: multiple values: floor/ gives quotient and remainder at once,
;; taken by call-with-values and let-values, and a procedure that returns
;; two values.
;;
;; (run n) => the sum over i = 1 .. n of (digit sum) * (digit count) of i*i.

(define (digits n)
  (let loop ((n n) (sum 0) (count 0))
    (if (= n 0)
        (values sum count)
        (call-with-values
         (lambda () (floor/ n 10))
         (lambda (q r) (loop q (+ sum r) (+ count 1)))))))

(define (run n)
  (let loop ((i 1) (total 0))
    (if (> i n)
        total
        (let-values (((sum count) (digits (* i i))))
          (loop (+ i 1) (+ total (* sum count)))))))
