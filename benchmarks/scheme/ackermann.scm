;; ackermann: Ackermann's function, deep and doubly nested non-tail
;; recursion with cond, small-integer arithmetic.
;;
;; (run n) => the sum of (ack 2 k) for k = 0 .. n, plus (ack 3 4).

(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))

(define (run n)
  (let loop ((k 0) (sum 0))
    (if (> k n)
        (+ sum (ack 3 4))
        (loop (+ k 1) (+ sum (ack 2 k))))))
