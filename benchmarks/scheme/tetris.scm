;; tetris: falling pieces placed by a greedy player on a board of strings,
;; as a first course writes the game and its "AI" exercise.
;;
;; The board is a vector of 14 rows, each a string of 10 characters, #\.
;; empty and #\# filled, row 0 at the top.  A piece is a quoted list of
;; (row . column) cells; its turns come from mapping (r . c) to (c . -r)
;; and shifting the cells back to row and column 0, all four kept.  For
;; every turn and every column where it fits at the top, the piece is
;; dropped row by row while it fits lower, written into a copy of the
;; board (vector-map string-copy, string-set!), full rows are cut out and
;; empty ones put on top, and the board is scored: 76 per line cleared,
;; less 51 per unit of the columns' heights summed, 36 per hole (an empty
;; cell under a filled one) and 18 per unit of bumpiness (the differences
;; of neighbouring heights).  The best placement is taken, the first on a
;; tie; when a piece fits nowhere the game is over and a new one starts
;; on an empty board.  Before every eighth piece a row of garbage, full
;; but for one gap, is pushed in at the bottom and the top row is lost.
;;
;; n pieces are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 223, each draw x div 65536: the gap of the garbage row (mod 10)
;; when one comes, then the piece (mod 7).
;;
;; (run n) => (n, games, lines cleared, clears of one, two, three and
;;             four lines, holes on the last board, a checksum of the
;;             placements, the last board's rows that are not empty)

(define seed 223)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define width 10)
(define height 14)

(define pieces
  (vector '((0 . 0) (0 . 1) (0 . 2) (0 . 3))
          '((0 . 0) (0 . 1) (1 . 0) (1 . 1))
          '((0 . 0) (0 . 1) (0 . 2) (1 . 1))
          '((0 . 1) (0 . 2) (1 . 0) (1 . 1))
          '((0 . 0) (0 . 1) (1 . 1) (1 . 2))
          '((0 . 0) (1 . 0) (1 . 1) (1 . 2))
          '((0 . 2) (1 . 0) (1 . 1) (1 . 2))))

(define (normalize cells)
  (let ((top (apply min (map car cells)))
        (left (apply min (map cdr cells))))
    (map (lambda (cell) (cons (- (car cell) top) (- (cdr cell) left))) cells)))

(define (turn cells)
  (normalize (map (lambda (cell) (cons (cdr cell) (- (car cell)))) cells)))

(define (turns cells)
  (let* ((a (normalize cells))
         (b (turn a))
         (c (turn b))
         (d (turn c)))
    (list a b c d)))

(define all-turns
  (let ((v (make-vector 7 '())))
    (do ((i 0 (+ i 1))) ((= i 7) v)
      (vector-set! v i (turns (vector-ref pieces i))))))

(define (piece-width cells)
  (+ 1 (apply max (map cdr cells))))

(define (empty-row) (make-string width #\.))

(define (empty-board)
  (let ((board (make-vector height #f)))
    (do ((r 0 (+ r 1))) ((= r height) board)
      (vector-set! board r (empty-row)))))

(define (fits? board cells row col)
  (let loop ((cells cells))
    (cond ((null? cells) #t)
          ((>= (+ row (car (car cells))) height) #f)
          ((char=? (string-ref (vector-ref board (+ row (car (car cells))))
                               (+ col (cdr (car cells))))
                   #\.)
           (loop (cdr cells)))
          (else #f))))

(define (drop-row board cells col)
  (let loop ((row 0))
    (if (fits? board cells (+ row 1) col)
        (loop (+ row 1))
        row)))

(define (full? row)
  (let loop ((i 0))
    (cond ((= i width) #t)
          ((char=? (string-ref row i) #\.) #f)
          (else (loop (+ i 1))))))

;; (board . lines cleared)
(define (place board cells row col)
  (let ((copy (vector-map string-copy board)))
    (for-each (lambda (cell)
                (string-set! (vector-ref copy (+ row (car cell))) (+ col (cdr cell)) #\#))
              cells)
    (let loop ((r (- height 1)) (kept '()) (cleared 0))
      (cond ((< r 0)
             (let fill ((rows kept) (k cleared))
               (if (= k 0)
                   (cons (list->vector rows) cleared)
                   (fill (cons (empty-row) rows) (- k 1)))))
            ((full? (vector-ref copy r)) (loop (- r 1) kept (+ cleared 1)))
            (else (loop (- r 1) (cons (vector-ref copy r) kept) cleared))))))

(define (push-garbage board gap)
  (let ((row (make-string width #\#))
        (pushed (make-vector height #f)))
    (string-set! row gap #\.)
    (do ((r 0 (+ r 1))) ((= r (- height 1)))
      (vector-set! pushed r (vector-ref board (+ r 1))))
    (vector-set! pushed (- height 1) row)
    pushed))

(define (column-height board c)
  (let loop ((r 0))
    (cond ((= r height) 0)
          ((char=? (string-ref (vector-ref board r) c) #\#) (- height r))
          (else (loop (+ r 1))))))

(define (holes board)
  (let ((count 0))
    (do ((c 0 (+ c 1))) ((= c width) count)
      (let loop ((r 0) (roofed #f))
        (when (< r height)
          (let ((filled (char=? (string-ref (vector-ref board r) c) #\#)))
            (if (and roofed (not filled))
                (set! count (+ count 1)))
            (loop (+ r 1) (or roofed filled))))))))

(define (score board cleared)
  (let ((heights (let loop ((c (- width 1)) (hs '()))
                   (if (< c 0) hs (loop (- c 1) (cons (column-height board c) hs))))))
    (let bump ((hs heights) (b 0))
      (if (null? (cdr hs))
          (- (* 76 cleared)
             (* 51 (apply + heights))
             (* 36 (holes board))
             (* 18 b))
          (bump (cdr hs) (+ b (abs (- (car hs) (cadr hs)))))))))

;; the best placement as (score board cleared turn column), or #f
(define (best-placement board kind)
  (let ((best #f))
    (let try-turn ((ts (vector-ref all-turns kind)) (k 0))
      (unless (null? ts)
        (let ((cells (car ts)))
          (do ((col 0 (+ col 1))) ((> col (- width (piece-width cells))))
            (when (fits? board cells 0 col)
              (let* ((row (drop-row board cells col))
                     (placed (place board cells row col))
                     (s (score (car placed) (cdr placed))))
                (when (or (not best) (> s (car best)))
                  (set! best (list s (car placed) (cdr placed) k col)))))))
        (try-turn (cdr ts) (+ k 1))))
    best))

(define (run n)
  (set! seed 223)
  (let ((clears (make-vector 5 0)))
    (let loop ((i 0) (board (empty-board)) (games 1) (lines 0) (sum 0))
      (if (= i n)
          (list n games lines
                (vector-ref clears 1) (vector-ref clears 2) (vector-ref clears 3) (vector-ref clears 4)
                (holes board) sum
                (let keep ((r (- height 1)) (rows '()))
                  (cond ((< r 0) rows)
                        ((string=? (vector-ref board r) (empty-row)) (keep (- r 1) rows))
                        (else (keep (- r 1) (cons (vector-ref board r) rows))))))
          (let* ((board (if (and (> i 0) (= (modulo i 8) 0))
                            (push-garbage board (modulo (next-random!) width))
                            board))
                 (kind (modulo (next-random!) 7))
                 (best (best-placement board kind))
                 (over (not best))
                 (best (or best (best-placement (empty-board) kind))))
            (let ((cleared (list-ref best 2)))
              (vector-set! clears cleared (+ (vector-ref clears cleared) 1))
              (loop (+ i 1)
                    (list-ref best 1)
                    (if over (+ games 1) games)
                    (+ lines cleared)
                    (modulo (+ (* sum 31) (* 64 kind) (* 16 (list-ref best 3)) (list-ref best 4))
                            1000003))))))))
