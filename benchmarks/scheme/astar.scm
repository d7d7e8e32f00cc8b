;; astar: A* search on a grid of open cells and walls, a vector of rows
;; (vectors of booleans, #t a wall).  The open list is a list of entries
;; (f g row col) kept sorted by f, each new entry inserted after those of
;; no greater f; the best cost found to each cell and the cell it was
;; reached from are kept in two more vectors of vectors, and a popped entry
;; costlier than the best known for its cell is passed over.  Neighbours
;; are tried up, down, left, right; the estimate is the Manhattan
;; distance.  Walls and the queries' end points come from Park and
;; Miller's x -> 16807x mod (2^31 - 1) from x = 1: a cell is a wall when
;; x mod 100 < 28 (the corners never are); a query's start and goal are
;; drawn as row and column mod n, drawn again while on a wall.
;;
;; (run n) => (for the query corner to corner and the first three of n
;;             drawn ones: the cost of a shortest path or #f and the cells
;;             expanded; over all n + 1: the paths found, their costs
;;             added, the cells expanded; the walls; whether every path
;;             found, walked back through the parents, has as many steps
;;             as its cost)

(define (next-random x) (modulo (* 16807 x) 2147483647))

(define (make-matrix n value)
  (let ((rows (make-vector n)))
    (do ((i 0 (+ i 1)))
        ((= i n) rows)
      (vector-set! rows i (make-vector n value)))))

(define (matrix-ref m row col) (vector-ref (vector-ref m row) col))
(define (matrix-set! m row col value) (vector-set! (vector-ref m row) col value))

(define (insert-entry entry open)
  (cond ((null? open) (list entry))
        ((< (car entry) (caar open)) (cons entry open))
        (else (cons (car open) (insert-entry entry (cdr open))))))

(define (search walls n start-row start-col goal-row goal-col)
  (let* ((best (make-matrix n #f))
         (parent (make-matrix n #f))
         (estimate (lambda (row col) (+ (abs (- row goal-row)) (abs (- col goal-col))))))
    (matrix-set! best start-row start-col 0)
    (let loop ((open (list (list (estimate start-row start-col) 0 start-row start-col)))
               (expanded 0))
      (if (null? open)
          (list #f expanded #t)
          (let* ((entry (car open))
                 (g (cadr entry))
                 (row (caddr entry))
                 (col (cadddr entry)))
            (cond ((> g (matrix-ref best row col)) (loop (cdr open) expanded))
                  ((and (= row goal-row) (= col goal-col))
                   (list g (+ expanded 1) (= g (steps-back parent row col))))
                  (else
                   (let try ((moves '((-1 . 0) (1 . 0) (0 . -1) (0 . 1)))
                             (open (cdr open)))
                     (if (null? moves)
                         (loop open (+ expanded 1))
                         (let* ((r (+ row (caar moves)))
                                (c (+ col (cdar moves)))
                                (g2 (+ g 1)))
                           (if (and (>= r 0) (< r n) (>= c 0) (< c n)
                                    (not (matrix-ref walls r c))
                                    (or (not (matrix-ref best r c))
                                        (< g2 (matrix-ref best r c))))
                               (begin
                                 (matrix-set! best r c g2)
                                 (matrix-set! parent r c (cons row col))
                                 (try (cdr moves)
                                      (insert-entry (list (+ g2 (estimate r c)) g2 r c) open)))
                               (try (cdr moves) open))))))))))))

(define (steps-back parent row col)
  (let walk ((cell (matrix-ref parent row col)) (steps 0))
    (if cell
        (walk (matrix-ref parent (car cell) (cdr cell)) (+ steps 1))
        steps)))

(define (run n)
  (let ((walls (make-matrix n #f)))
    (let fill ((k 0) (x 1) (count 0))
      (if (< k (* n n))
          (let* ((x (next-random x))
                 (row (quotient k n))
                 (col (remainder k n))
                 (corner (or (and (= row 0) (= col 0)) (and (= row (- n 1)) (= col (- n 1)))))
                 (wall (and (not corner) (< (modulo x 100) 28))))
            (matrix-set! walls row col wall)
            (fill (+ k 1) x (if wall (+ count 1) count)))
          (let query ((q 0) (x x) (results '()) (agree #t))
            (define (draw-open x)
              (let* ((x1 (next-random x))
                     (x2 (next-random x1))
                     (row (modulo x1 n))
                     (col (modulo x2 n)))
                (if (matrix-ref walls row col)
                    (draw-open x2)
                    (list row col x2))))
            (cond ((> q n)
                   (summarize (reverse results) count agree))
                  ((= q 0)
                   (let ((found (search walls n 0 0 (- n 1) (- n 1))))
                     (query 1 x (cons found results) (and agree (caddr found)))))
                  (else
                   (let* ((start (draw-open x))
                          (goal (draw-open (caddr start)))
                          (found (search walls n (car start) (cadr start) (car goal) (cadr goal))))
                     (query (+ q 1) (caddr goal)
                            (cons found results)
                            (and agree (caddr found)))))))))))

(define (summarize results walls agree)
  (let loop ((rest results) (paths 0) (costs 0) (expanded 0))
    (if (null? rest)
        (list (map (lambda (found) (list (car found) (cadr found)))
                   (list (car results) (cadr results) (caddr results) (cadddr results)))
              paths costs expanded walls agree)
        (let ((found (car rest)))
          (loop (cdr rest)
                (if (car found) (+ paths 1) paths)
                (if (car found) (+ costs (car found)) costs)
                (+ expanded (cadr found)))))))
