;; hanoi: the towers of Hanoi, a doubly recursive procedure whose moves
;; update top-level counters with set!.
;;
;; (run n) => (moves moves-onto-c) for n disks moved from a to c.

(define moves 0)
(define onto-c 0)

(define (move-disk from to)
  (set! moves (+ moves 1))
  (if (eq? to 'c)
      (set! onto-c (+ onto-c 1))))

(define (hanoi n from to via)
  (if (> n 0)
      (begin
        (hanoi (- n 1) from via to)
        (move-disk from to)
        (hanoi (- n 1) via to from))))

(define (run n)
  (set! moves 0)
  (set! onto-c 0)
  (hanoi n 'a 'c 'b)
  (list moves onto-c))
