;; Hostile Pig player: every call keeps another 4,000,000-element vector, so
;; the worker's memory grows until its address-space limit stops a call.
(define hoard '())
(define (player my-total other-total accum current state)
  (set! hoard (cons (make-vector 4000000 current) hoard))
  #t)
