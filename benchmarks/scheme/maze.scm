;; maze: a maze carved and solved on a grid of characters.  The grid is a
;; vector of 2n + 1 strings made by make-string, each 2n + 1 long, all #\#
;; at first; cell (r, c) is the character at row 2r + 1, column 2c + 1,
;; and the wall between two cells the one between them.  The maze is
;; carved depth first from cell (0, 0) with a stack of our own (a list of
;; (row . column) pairs held in a variable, pushed and popped with set!):
;; the cell on top lists its uncarved neighbours (north, east, south, west),
;; picks one with the next value of x -> (75x + 74) mod 65537 (x from 1),
;; mod how many there are, and knocks the wall down with string-set!; a
;; cell with none is popped.  The maze is then solved breadth first from
;; (0, 0), the queue a vector of cell numbers (r n + c) with a head and a
;; tail index, the distances a vector, -1 where not reached.
;;
;; (run n) => (the distance from (0, 0) to (n - 1, n - 1), the greatest
;;             distance, the dead ends (cells with one way out), the first
;;             row of cells as its string)

(define (next-random x) (modulo (+ (* 75 x) 74) 65537))

(define (make-grid n)
  (let ((grid (make-vector (+ (* 2 n) 1))))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length grid)) grid)
      (vector-set! grid i (make-string (+ (* 2 n) 1) #\#)))))

(define (grid-ref grid row col) (string-ref (vector-ref grid row) col))
(define (grid-set! grid row col char) (string-set! (vector-ref grid row) col char))

(define (carved? grid r c) (char=? (grid-ref grid (+ (* 2 r) 1) (+ (* 2 c) 1)) #\space))

;; The uncarved neighbours of (r, c), north, east, south, west, as pairs.
(define (uncarved-neighbours grid n r c)
  (let ((found '()))
    (if (and (> c 0) (not (carved? grid r (- c 1))))
        (set! found (cons (cons r (- c 1)) found)))
    (if (and (< (+ r 1) n) (not (carved? grid (+ r 1) c)))
        (set! found (cons (cons (+ r 1) c) found)))
    (if (and (< (+ c 1) n) (not (carved? grid r (+ c 1))))
        (set! found (cons (cons r (+ c 1)) found)))
    (if (and (> r 0) (not (carved? grid (- r 1) c)))
        (set! found (cons (cons (- r 1) c) found)))
    found))

(define (carve! grid n)
  (let ((stack '())
        (x 1))
    (grid-set! grid 1 1 #\space)
    (set! stack (cons (cons 0 0) stack))
    (let loop ()
      (if (not (null? stack))
          (let* ((cell (car stack))
                 (r (car cell))
                 (c (cdr cell))
                 (choices (uncarved-neighbours grid n r c)))
            (if (null? choices)
                (set! stack (cdr stack))
                (begin
                  (set! x (next-random x))
                  (let* ((next (list-ref choices (modulo x (length choices))))
                         (nr (car next))
                         (nc (cdr next)))
                    (grid-set! grid (+ r nr 1) (+ c nc 1) #\space)
                    (grid-set! grid (+ (* 2 nr) 1) (+ (* 2 nc) 1) #\space)
                    (set! stack (cons next stack)))))
            (loop))))))

(define (open? grid r c dr dc)
  (char=? (grid-ref grid (+ (* 2 r) 1 dr) (+ (* 2 c) 1 dc)) #\space))

(define (ways-out grid r c)
  (+ (if (open? grid r c -1 0) 1 0)
     (if (open? grid r c 0 1) 1 0)
     (if (open? grid r c 1 0) 1 0)
     (if (open? grid r c 0 -1) 1 0)))

(define (solve grid n)
  (let ((queue (make-vector (* n n) 0))
        (distance (make-vector (* n n) -1))
        (head 0)
        (tail 0))
    (define (visit! r c d)
      (let ((k (+ (* r n) c)))
        (if (= (vector-ref distance k) -1)
            (begin
              (vector-set! distance k d)
              (vector-set! queue tail k)
              (set! tail (+ tail 1))))))
    (visit! 0 0 0)
    (let loop ()
      (if (< head tail)
          (let* ((k (vector-ref queue head))
                 (r (quotient k n))
                 (c (remainder k n))
                 (d (+ (vector-ref distance k) 1)))
            (set! head (+ head 1))
            (if (open? grid r c -1 0) (visit! (- r 1) c d))
            (if (open? grid r c 0 1) (visit! r (+ c 1) d))
            (if (open? grid r c 1 0) (visit! (+ r 1) c d))
            (if (open? grid r c 0 -1) (visit! r (- c 1) d))
            (loop))))
    distance))

(define (run n)
  (let ((grid (make-grid n)))
    (carve! grid n)
    (let ((distance (solve grid n)))
      (list (vector-ref distance (- (* n n) 1))
            (let loop ((k 0) (greatest 0))
              (if (= k (* n n))
                  greatest
                  (loop (+ k 1) (max greatest (vector-ref distance k)))))
            (let loop ((k 0) (dead-ends 0))
              (if (= k (* n n))
                  dead-ends
                  (loop (+ k 1)
                        (if (= (ways-out grid (quotient k n) (remainder k n)) 1)
                            (+ dead-ends 1)
                            dead-ends))))
            (vector-ref grid 1)))))
