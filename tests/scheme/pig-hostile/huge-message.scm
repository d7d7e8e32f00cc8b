;; Hostile Pig player: an error with a 2,000,000-character message whose
;; irritant is a procedure with a 2,000,000-character name.
(define proc-name (string->symbol (make-string 2000000 #\p)))
(eval (list 'define (list proc-name 'x) 'x) (interaction-environment))
(define (player my-total other-total accum current state)
  (error (make-string 2000000 #\m) (eval proc-name (interaction-environment))))
