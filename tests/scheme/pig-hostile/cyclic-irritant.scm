;; Hostile Pig player: raises an error whose irritant is a record that points to itself.
(define-record-type node (make-node next) node? (next node-next set-node-next!))
(define (player my-total other-total accum current state)
  (let ((n (make-node #f)))
    (set-node-next! n n)
    (error "a cycle" n)))
