;; knights-tour: knight's tours by Warnsdorff's rule, on boards held as
;; vectors of vectors.  A board of side s is a vector of s rows made by
;; make-vector, each row a vector of s cells, 0 for a square not yet
;; visited, else the number of the move that reached it.  From each
;; square the knight goes to the unvisited square with the fewest
;; unvisited squares onward (the first of them in the order of a quoted
;; list of the eight moves as pairs); the onward squares are counted by a
;; do loop with no body over the moves.  best-move returns the row and
;; the column as two values, taken by let-values, and #f #f when the
;; knight is stuck.  There is no backtracking: a tour either covers the
;; board or stops short.  Every board of side 5 to n is toured from every
;; square, the board cleared by vector-fill! on its rows between tours.
;;
;; (run n) => (for each side from 5 to n, how many of its s^2 starting
;;             squares give a full tour; how many of those tours are
;;             closed (the last square a knight's move from the first);
;;             the squares visited by all the tours summed; the tour of
;;             the largest board from its corner, its first row of move
;;             numbers)

(define moves '((2 . 1) (1 . 2) (-1 . 2) (-2 . 1) (-2 . -1) (-1 . -2) (1 . -2) (2 . -1)))

(define (make-board side)
  (let ((board (make-vector side)))
    (do ((r 0 (+ r 1)))
        ((= r side) board)
      (vector-set! board r (make-vector side 0)))))

(define (clear! board)
  (do ((r 0 (+ r 1)))
      ((= r (vector-length board)))
    (vector-fill! (vector-ref board r) 0)))

(define (free? board r c)
  (let ((side (vector-length board)))
    (and (>= r 0) (< r side) (>= c 0) (< c side)
         (= 0 (vector-ref (vector-ref board r) c)))))

(define (onward board r c)
  ;; how many unvisited squares a knight on (r, c) can reach
  (do ((ms moves (cdr ms))
       (count 0 (if (free? board (+ r (caar ms)) (+ c (cdar ms))) (+ count 1) count)))
      ((null? ms) count)))

(define (best-move board r c)
  ;; => (values row column) of the free square with the fewest onward, or (values #f #f)
  (let loop ((ms moves) (best-r #f) (best-c #f) (fewest 9))
    (if (null? ms)
        (values best-r best-c)
        (let ((r2 (+ r (caar ms)))
              (c2 (+ c (cdar ms))))
          (if (free? board r2 c2)
              (let ((k (onward board r2 c2)))
                (if (< k fewest)
                    (loop (cdr ms) r2 c2 k)
                    (loop (cdr ms) best-r best-c fewest)))
              (loop (cdr ms) best-r best-c fewest))))))

(define (knight-move? r1 c1 r2 c2)
  (let ((dr (abs (- r1 r2)))
        (dc (abs (- c1 c2))))
    (or (and (= dr 1) (= dc 2))
        (and (= dr 2) (= dc 1)))))

(define (tour! board r0 c0)
  ;; => how many squares the tour visits, and whether it closes
  (vector-set! (vector-ref board r0) c0 1)
  (let loop ((r r0) (c c0) (visited 1))
    (let-values (((r2 c2) (best-move board r c)))
      (if r2
          (begin
            (vector-set! (vector-ref board r2) c2 (+ visited 1))
            (loop r2 c2 (+ visited 1)))
          (values visited (knight-move? r c r0 c0))))))

(define (run n)
  (let loop ((side 5) (fulls '()) (closed 0) (squares 0) (corner '()))
    (if (> side n)
        (list (reverse fulls) closed squares corner)
        (let ((board (make-board side))
              (cells (* side side)))
          (let each ((start 0) (full 0) (closed closed) (squares squares) (corner corner))
            (if (= start cells)
                (loop (+ side 1) (cons full fulls) closed squares corner)
                (begin
                  (clear! board)
                  (let-values (((visited closes) (tour! board (quotient start side) (remainder start side))))
                    (let ((done (= visited cells)))
                      (each (+ start 1)
                            (if done (+ full 1) full)
                            (if (and done closes) (+ closed 1) closed)
                            (+ squares visited)
                            (if (and (= start 0) (= side n))
                                (vector->list (vector-ref board 0))
                                corner)))))))))))
