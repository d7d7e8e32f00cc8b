;; Pig player close to optimal play.
;;
;; The win-maximizing policy (Neller and Presser 2004, computed by value
;; iteration in strategies/pig.py) summarized as a 10 x 10 table: for my
;; total and the opponent's total, each in tens, the turn total at which to
;; hold (the median of the optimal policy's boundary over the block).  The
;; threshold is looked up on the first throw of a turn and kept in state with
;; set-car!.  Against the default dummy it wins 0.697 of games (exact), the
;; optimal policy 0.701.

(define hold-table
  '#(
    #(21 22 23 25 26 29 36 35 92 95)
    #(20 21 22 24 25 28 32 39 83 85)
    #(19 20 21 22 24 27 28 36 74 75)
    #(18 19 20 21 23 25 26 32 65 65)
    #(17 17 19 19 22 23 24 29 55 55)
    #(16 17 18 20 19 18 21 44 45 45)
    #(15 15 15 14 13 16 35 35 35 35)
    #(10 10 11 22 25 25 25 25 25 25)
    #(15 15 15 15 15 15 15 15 15 15)
    #( 5  5  5  5  5  5  5  5  5  5)))

(define (hold-threshold mine other)
  (vector-ref (vector-ref hold-table (quotient mine 10)) (quotient other 10)))

(define (player my-total other-total accum current state)
  (if (= accum 0)
      (set-car! state (hold-threshold my-total other-total)))
  (let ((turn (+ accum current)))
    (and (not (= current 1))
         (< (+ my-total turn) 100)
         (< turn (car state)))))
