;; hanoi-state: the Towers of Hanoi solved without recursion, the way a
;; textbook's exercise on state puts it: the three pegs are lists in a
;; vector, the top disk first, and every move is checked before it is made.
;;
;; The iterative rule: on odd moves the smallest disk steps one peg round
;; the ring (0 -> 2 -> 1 -> 0 for an odd number of disks, 0 -> 1 -> 2 -> 0
;; for an even one); on even moves the one legal move between the two other
;; pegs is made.  A tower of k disks takes 2^k - 1 moves and ends on peg 2.
;;
;; n towers are solved, of 3 + (i mod 10) disks for i = 0 .. n - 1.
;;
;; (run n) => (n, the moves made, how many towers ended whole on peg 2,
;;             the moves refused (none should be), a checksum of the moves,
;;             the first tower's moves as (from to) lists)

(define (make-pegs k)
  (let ((pegs (make-vector 3 '())))
    (do ((d k (- d 1)))
        ((= d 0) pegs)
      (vector-set! pegs 0 (cons d (vector-ref pegs 0))))))

(define (top pegs p)
  (car (vector-ref pegs p)))

(define (can-move? pegs from to)
  (and (not (null? (vector-ref pegs from)))
       (or (null? (vector-ref pegs to))
           (< (top pegs from) (top pegs to)))))

(define refused 0)

(define (move! pegs from to)
  (if (can-move? pegs from to)
      (let ((disk (top pegs from)))
        (vector-set! pegs from (cdr (vector-ref pegs from)))
        (vector-set! pegs to (cons disk (vector-ref pegs to)))
        #t)
      (begin
        (set! refused (+ refused 1))
        #f)))

(define (whole-tower? lst k)
  (let loop ((lst lst) (d 1))
    (cond ((null? lst) (= d (+ k 1)))
          ((= (car lst) d) (loop (cdr lst) (+ d 1)))
          (else #f))))

;; where the smallest disk is, found by looking at the tops
(define (smallest-peg pegs)
  (let loop ((p 0))
    (if (and (not (null? (vector-ref pegs p)))
             (= (top pegs p) 1))
        p
        (loop (+ p 1)))))

(define (solve k record?)
  (let ((pegs (make-pegs k))
        (step (if (odd? k) 2 1))
        (total (- (expt 2 k) 1))
        (checksum 0)
        (moves '()))
    (do ((m 1 (+ m 1)))
        ((> m total))
      (let* ((s (smallest-peg pegs))
             (a (modulo (+ s 1) 3))
             (b (modulo (+ s 2) 3))
             (from (cond ((odd? m) s)
                         ((can-move? pegs a b) a)
                         (else b)))
             (to (cond ((odd? m) (modulo (+ s step) 3))
                       ((= from a) b)
                       (else a))))
        (move! pegs from to)
        (set! checksum (modulo (+ (* checksum 7) (* from 3) to) 1000003))
        (if record?
            (set! moves (cons (list from to) moves)))))
    (list total
          (if (and (null? (vector-ref pegs 0))
                   (null? (vector-ref pegs 1))
                   (whole-tower? (vector-ref pegs 2) k))
              1
              0)
          checksum
          (reverse moves))))

(define (run n)
  (set! refused 0)
  (let loop ((i 0) (moves 0) (whole 0) (checksum 0) (first '()))
    (if (= i n)
        (list n moves whole refused checksum first)
        (let ((result (solve (+ 3 (modulo i 10)) (= i 0))))
          (loop (+ i 1)
                (+ moves (car result))
                (+ whole (cadr result))
                (modulo (+ (* checksum 31) (caddr result)) 1000003)
                (if (= i 0) (cadddr result) first))))))
