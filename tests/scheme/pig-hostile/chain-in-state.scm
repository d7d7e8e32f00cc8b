;; Hostile Pig player: keeps a 40,000-long chain of records in state and
;; answers with a vector of it (so every later call's arguments hold it too).
(define-record-type link (make-link next) link? (next link-next))
(define (chain n) (let loop ((k 0) (acc '())) (if (= k n) acc (loop (+ k 1) (make-link acc)))))
(define (player my-total other-total accum current state)
  (if (not (link? (car state))) (set-car! state (chain 40000)))
  (and (< (+ accum current) 20) (vector (car state))))
