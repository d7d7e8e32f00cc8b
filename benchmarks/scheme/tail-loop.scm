;; tail-loop: a named-let loop of n iterations in constant space.
;; (run n) => 0 + 1 + ... + (n - 1); (run 10000000) => 49999995000000.

(define (run n)
  (let loop ((i 0) (sum 0))
    (if (= i n)
        sum
        (loop (+ i 1) (+ sum i)))))
