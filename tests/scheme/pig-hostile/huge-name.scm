;; Hostile Pig player: holds at 20, but says "throw again" with a record whose
;; type name and field are 2,000,000 characters each.
(define type-name (string->symbol (make-string 2000000 #\n)))
(eval (list 'define-record-type type-name '(make-huge x) 'huge? '(x huge-x))
      (interaction-environment))
(define huge (make-huge (make-string 2000000 #\v)))
(define (player my-total other-total accum current state)
  (if (< (+ accum current) 20) huge #f))
