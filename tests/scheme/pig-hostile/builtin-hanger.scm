;; Hostile Pig player: each call fills a fresh 5,000,000-element vector many
;; times: almost no procedure calls, so only work counted inside built-ins (or
;; the match's wall clock) stops it.
(define (burn k)
  (if (> k 0)
      (begin (vector-fill! (make-vector 5000000 0) 1) (burn (- k 1)))
      #f))
(define (player my-total other-total accum current state) (burn 300))
