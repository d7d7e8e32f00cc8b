;; Pig player: "keep pace and end race" (after Neller and Presser).
;;
;; Before either total reaches 71, hold at 21 + round((other - mine) / 8),
;; halves rounded up: take more risk when behind, less when ahead.  Once
;; either total is 71 or more, it is a race: throw until holding wins.
;; The threshold is worked out on the first throw of each turn (accum = 0)
;; and kept in state with set-car! for the rest of the turn.

(define (keep-pace-threshold mine other)
  (if (or (>= mine 71) (>= other 71))
      100
      (+ 21 (floor (/ (+ (- other mine) 4) 8)))))

(define (player my-total other-total accum current state)
  (if (= accum 0)
      (set-car! state (keep-pace-threshold my-total other-total)))
  (let ((turn (+ accum current)))
    (and (not (= current 1))
         (< (+ my-total turn) 100)
         (< turn (car state)))))
