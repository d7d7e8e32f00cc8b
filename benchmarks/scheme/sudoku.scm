;; sudoku: backtracking search.  The grid is a vector of 81 cells, 0 for an
;; empty one.  A digit may go in a cell when its row, its column and its 3x3
;; box do not hold it yet; the solver takes the first empty cell, tries each
;; digit that fits in turn and recurs, emptying the cell again when that
;; fails.
;;
;; Puzzle k: the solved grid of the shifting pattern (row r, column c holds
;; (3r + r div 3 + c) mod 9, plus 1), its digits renamed d -> (dm + 5k)
;; mod 9 + 1 for d from 0, m being k, or k + 1 when 3 divides k; then
;; the cells at 2k + 4 positions drawn by a linear congruential generator
;; (some drawn twice) emptied, at most 60 draws.
;;
;; (run n) => (puzzles solved, digits placed while searching, the sum of
;;             every solution's first row read as a nine-digit number, the
;;             last solution's middle row)

(define (cell grid row col) (vector-ref grid (+ (* row 9) col)))

(define (fits? grid pos d)
  (let* ((row (quotient pos 9))
         (col (remainder pos 9))
         (box-row (* 3 (quotient row 3)))
         (box-col (* 3 (quotient col 3))))
    (let loop ((k 0))
      (cond ((= k 9) #t)
            ((= (cell grid row k) d) #f)
            ((= (cell grid k col) d) #f)
            ((= (cell grid (+ box-row (quotient k 3)) (+ box-col (remainder k 3))) d) #f)
            (else (loop (+ k 1)))))))

(define (first-empty grid)
  (let loop ((pos 0))
    (cond ((= pos 81) #f)
          ((= (vector-ref grid pos) 0) pos)
          (else (loop (+ pos 1))))))

(define placed 0)

(define (solve! grid)
  (let ((pos (first-empty grid)))
    (if (not pos)
        #t
        (let try ((d 1))
          (cond ((> d 9) #f)
                ((fits? grid pos d)
                 (set! placed (+ placed 1))
                 (vector-set! grid pos d)
                 (if (solve! grid)
                     #t
                     (begin (vector-set! grid pos 0)
                            (try (+ d 1)))))
                (else (try (+ d 1))))))))

(define (prime-to-nine k)
  (if (= (remainder k 3) 0) (+ k 1) k))

(define (make-puzzle k)
  (let ((grid (make-vector 81 0))
        (m (prime-to-nine k)))
    (do ((r 0 (+ r 1)))
        ((= r 9))
      (do ((c 0 (+ c 1)))
          ((= c 9))
        (let ((d (modulo (+ (* 3 r) (quotient r 3) c) 9)))
          (vector-set! grid (+ (* r 9) c)
                       (+ (modulo (+ (* d m) (* 5 k)) 9) 1)))))
    (let loop ((i 0) (seed (+ k 1)))
      (if (< i (min 60 (+ (* 2 k) 4)))
          (let ((next (modulo (+ (* seed 1103) 12345) 65536)))
            (vector-set! grid (modulo next 81) 0)
            (loop (+ i 1) next))))
    grid))

(define (row->number grid row)
  (let loop ((col 0) (number 0))
    (if (= col 9)
        number
        (loop (+ col 1) (+ (* number 10) (cell grid row col))))))

(define (run n)
  (set! placed 0)
  (let loop ((k 0) (solved 0) (sum 0) (last '()))
    (if (= k n)
        (list solved placed sum last)
        (let ((grid (make-puzzle k)))
          (if (solve! grid)
              (loop (+ k 1) (+ solved 1) (+ sum (row->number grid 0))
                    (vector->list (vector-copy grid 36 45)))
              (loop (+ k 1) solved sum last))))))
