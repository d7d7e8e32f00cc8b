;; Hostile Pig player: holds at 20, but says "throw again" with a record that
;; points to itself (a true value, so the grader warns and writes it out).
(define-record-type node (make-node next) node? (next node-next set-node-next!))
(define loop-node (make-node #f))
(set-node-next! loop-node loop-node)
(define (player my-total other-total accum current state)
  (if (< (+ accum current) 20) loop-node #f))
