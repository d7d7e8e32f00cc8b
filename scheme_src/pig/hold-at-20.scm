;; Pig player: hold at 20.
;;
;; Throw until the turn total reaches 20, or until holding would win.  The
;; running turn total is kept in state with set-car! on every call (the
;; checker starts state as (list 0) each game), and the decision reads it.

(define (player my-total other-total accum current state)
  (if (= current 1)
      (begin (set-car! state 0) #f)        ; turn lost; the answer is ignored
      (begin
        (set-car! state (+ accum current))
        (and (< (car state) 20)
             (< (+ my-total (car state)) 100)))))
