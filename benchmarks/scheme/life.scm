;; life: Conway's game of life on a 32-by-32 torus held in a vector of
;; vectors of 0s and 1s; neighbours counted by nested do loops with the
;; edges wrapped by modulo; each generation made in a fresh grid.  The
;; start is a glider and an R-pentomino.
;;
;; (run n) => (live cells after n generations,
;;             the sum of row * 32 + column over the live cells)

(define size 32)

(define (make-grid)
  (let ((grid (make-vector size)))
    (do ((row 0 (+ row 1)))
        ((= row size) grid)
      (vector-set! grid row (make-vector size 0)))))

(define (cell grid row col)
  (vector-ref (vector-ref grid (modulo row size)) (modulo col size)))

(define (set-cell! grid row col value)
  (vector-set! (vector-ref grid row) col value))

(define (neighbours grid row col)
  (let ((count 0))
    (do ((dr -1 (+ dr 1)))
        ((> dr 1) count)
      (do ((dc -1 (+ dc 1)))
          ((> dc 1))
        (if (not (and (= dr 0) (= dc 0)))
            (set! count (+ count (cell grid (+ row dr) (+ col dc)))))))))

(define (next-generation grid)
  (let ((new (make-grid)))
    (do ((row 0 (+ row 1)))
        ((= row size) new)
      (do ((col 0 (+ col 1)))
          ((= col size))
        (let ((n (neighbours grid row col))
              (alive (= (cell grid row col) 1)))
          (if (or (= n 3) (and alive (= n 2)))
              (set-cell! new row col 1)))))))

(define glider '((1 2) (2 3) (3 1) (3 2) (3 3)))

(define r-pentomino '((15 17) (15 18) (16 16) (16 17) (17 17)))

(define (seed-grid)
  (let ((grid (make-grid)))
    (for-each (lambda (rc) (set-cell! grid (car rc) (cadr rc) 1))
              (append glider r-pentomino))
    grid))

(define (census grid)
  (let loop ((row 0) (col 0) (population 0) (sum 0))
    (cond ((= row size) (list population sum))
          ((= col size) (loop (+ row 1) 0 population sum))
          ((= (cell grid row col) 1)
           (loop row (+ col 1) (+ population 1) (+ sum (* row size) col)))
          (else (loop row (+ col 1) population sum)))))

(define (run n)
  (let loop ((grid (seed-grid)) (generation 0))
    (if (= generation n)
        (census grid)
        (loop (next-generation grid) (+ generation 1)))))
