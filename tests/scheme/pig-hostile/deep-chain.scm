;; Hostile Pig player: raises the head of a 40,000-long chain of records.
(define-record-type link (make-link next) link? (next link-next))
(define (chain n) (let loop ((k 0) (acc '())) (if (= k n) acc (loop (+ k 1) (make-link acc)))))
(define (player my-total other-total accum current state)
  (raise (chain 40000)))
