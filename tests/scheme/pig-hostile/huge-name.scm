;; Hostile Pig player: returns a record whose type name is 2,000,000 characters.
(define type-name (string->symbol (make-string 2000000 #\n)))
(eval (list 'define-record-type type-name '(make-huge x) 'huge? '(x huge-x))
      (interaction-environment))
(define (player my-total other-total accum current state)
  (make-huge (make-string 2000000 #\v)))
