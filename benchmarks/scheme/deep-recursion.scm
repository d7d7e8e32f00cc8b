;; deep-recursion: a non-tail recursion n calls deep; every frame waits for
;; the one below it.  (run n) => n + (n - 1) + ... + 1; (run 100000) => 5000050000.

(define (sum-down n)
  (if (= n 0)
      0
      (+ n (sum-down (- n 1)))))

(define (run n)
  (sum-down n))
