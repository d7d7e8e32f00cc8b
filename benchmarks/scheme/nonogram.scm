;; nonogram: nonograms (paint-by-numbers) solved line by line, as a
;; puzzle column teaches it: a line's cells are settled where every way
;; of laying its blocks agrees.
;;
;; The grid is one vector of cells, row by row, each the symbol unknown,
;; filled or empty, reset by vector-fill!.  A line (a row or a column)
;; is copied out into a vector of its own and written back.  Every way
;; of laying a line's blocks that agrees with its known cells is found by
;; two procedures calling each other: lay-block puts the next block at
;; each place it can go, gap-after goes on past the empty cell after it
;; to lay the rest, or, with no block left, checks that nothing after is
;; filled and tallies the layout; the cells of the block being tried are
;; marked in a vector and unmarked on the way back.  A cell filled in
;; every layout becomes filled, one empty in every layout empty.  A line
;; with no layout at all is a contradiction: it is raised as a list and
;; caught by guard around the whole solve, as is a full grid one of whose
;; lines, read back, does not give its clue.  Sweeps over the rows and the
;; columns go on until one changes nothing.
;;
;; Puzzles are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 317, each draw x div 65536: for each puzzle its rows and its
;; columns (each 7 + mod 7), then every cell row by row (filled when the
;; draw mod 100 is below 58); every fourth puzzle (k mod 4 = 3) has one
;; row's clue spoiled, the row drawn (mod the rows) and its first block
;; made one longer, or a block of one given to an empty row.
;;
;; (run n) => (n, puzzles solved, solved as drawn, contradictions found,
;;             cells left unknown, sweeps, lines solved, layouts tried,
;;             a checksum of the final grids, the first puzzle's final
;;             grid as strings)

(define seed 317)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

;; -- clues ------------------------------------------------------------------------

;; the block lengths of a vector of booleans, in order
(define (clues-of line)
  (let loop ((i (- (vector-length line) 1)) (run 0) (clues '()))
    (cond ((< i 0) (if (> run 0) (cons run clues) clues))
          ((vector-ref line i) (loop (- i 1) (+ run 1) clues))
          ((> run 0) (loop (- i 1) 0 (cons run clues)))
          (else (loop (- i 1) 0 clues)))))

(define (picture-row picture r columns)
  (let ((line (make-vector columns #f)))
    (do ((c 0 (+ c 1)))
        ((= c columns) line)
      (vector-set! line c (vector-ref picture (+ (* r columns) c))))))

(define (picture-column picture c rows columns)
  (let ((line (make-vector rows #f)))
    (do ((r 0 (+ r 1)))
        ((= r rows) line)
      (vector-set! line r (vector-ref picture (+ (* r columns) c))))))

;; -- one line ---------------------------------------------------------------------

(define layouts 0)

;; the tallies of one line's solve
(define line #f)
(define marked #f)
(define can-fill #f)
(define can-empty #f)
(define found 0)

(define (free-of? what from to)
  ;; no cell in [from, to) is `what`
  (let loop ((i from))
    (cond ((>= i to) #t)
          ((eq? (vector-ref line i) what) #f)
          (else (loop (+ i 1))))))

(define (tally!)
  (set! found (+ found 1))
  (set! layouts (+ layouts 1))
  (do ((i 0 (+ i 1)))
      ((= i (vector-length line)))
    (if (vector-ref marked i)
        (vector-set! can-fill i #t)
        (vector-set! can-empty i #t))))

(define (lay-block clues from)
  (let ((len (car clues))
        (size (vector-length line)))
    (let try ((at from))
      (if (and (<= (+ at len) size)
               (free-of? 'filled from at))
          (begin
            (if (and (free-of? 'empty at (+ at len))
                     (or (= (+ at len) size)
                         (not (eq? (vector-ref line (+ at len)) 'filled))))
                (begin
                  (do ((i at (+ i 1))) ((= i (+ at len))) (vector-set! marked i #t))
                  (gap-after (cdr clues) (+ at len))
                  (do ((i at (+ i 1))) ((= i (+ at len))) (vector-set! marked i #f))))
            (try (+ at 1)))))))

(define (gap-after clues from)
  (cond ((null? clues)
         (if (free-of? 'filled from (vector-length line))
             (tally!)))
        (else (lay-block clues (+ from 1)))))

;; settle what can be settled in cells; => how many cells changed
(define (solve-line! cells clues)
  (let ((size (vector-length cells)))
    (set! line cells)
    (set! marked (make-vector size #f))
    (set! can-fill (make-vector size #f))
    (set! can-empty (make-vector size #f))
    (set! found 0)
    (if (null? clues)
        (gap-after '() 0)
        (lay-block clues 0))
    (if (= found 0)
        (raise (list 'contradiction clues)))
    (let loop ((i 0) (changed 0))
      (cond ((= i size) changed)
            ((not (eq? (vector-ref cells i) 'unknown)) (loop (+ i 1) changed))
            ((not (vector-ref can-empty i))
             (vector-set! cells i 'filled)
             (loop (+ i 1) (+ changed 1)))
            ((not (vector-ref can-fill i))
             (vector-set! cells i 'empty)
             (loop (+ i 1) (+ changed 1)))
            (else (loop (+ i 1) changed))))))

;; -- the grid -------------------------------------------------------------------

(define (grid-line grid k rows columns)
  ;; lines 0 .. rows-1 are the rows, then the columns
  (if (< k rows)
      (let ((cells (make-vector columns #f)))
        (do ((c 0 (+ c 1)))
            ((= c columns) cells)
          (vector-set! cells c (vector-ref grid (+ (* k columns) c)))))
      (let ((cells (make-vector rows #f)) (c (- k rows)))
        (do ((r 0 (+ r 1)))
            ((= r rows) cells)
          (vector-set! cells r (vector-ref grid (+ (* r columns) c)))))))

(define (put-line! grid k rows columns cells)
  (if (< k rows)
      (do ((c 0 (+ c 1)))
          ((= c columns))
        (vector-set! grid (+ (* k columns) c) (vector-ref cells c)))
      (let ((c (- k rows)))
        (do ((r 0 (+ r 1)))
            ((= r rows))
          (vector-set! grid (+ (* r columns) c) (vector-ref cells r))))))

(define (unknowns cells)
  (let loop ((i 0) (count 0))
    (cond ((= i (vector-length cells)) count)
          ((eq? (vector-ref cells i) 'unknown) (loop (+ i 1) (+ count 1)))
          (else (loop (+ i 1) count)))))

(define sweeps 0)
(define lines-solved 0)

;; all the clues as one vector, rows first; => #t if every cell is known,
;; #f if the sweeps stall
(define (solve! grid clues rows columns)
  (let sweep ()
    (set! sweeps (+ sweeps 1))
    (let ((changed 0))
      (do ((k 0 (+ k 1)))
          ((= k (+ rows columns)))
        (let ((cells (grid-line grid k rows columns)))
          (if (> (unknowns cells) 0)
              (let ((n (solve-line! cells (vector-ref clues k))))
                (set! lines-solved (+ lines-solved 1))
                (if (> n 0)
                    (begin
                      (put-line! grid k rows columns cells)
                      (set! changed (+ changed n))))))))
      (cond ((= (unknowns grid) 0) (check-lines! grid clues rows columns) #t)
            ((= changed 0) #f)
            (else (sweep))))))

;; a line set by its crossings alone was never laid out against its own
;; clue: every line of a full grid is read back against its clue
(define (check-lines! grid clues rows columns)
  (do ((k 0 (+ k 1)))
      ((= k (+ rows columns)))
    (let ((filled (vector-map (lambda (cell) (eq? cell 'filled)) (grid-line grid k rows columns))))
      (if (not (equal? (clues-of filled) (vector-ref clues k)))
          (raise (list 'contradiction (vector-ref clues k)))))))

(define (cell-char cell)
  (case cell
    ((filled) #\#)
    ((empty) #\.)
    (else #\?)))

(define (grid-strings grid rows columns)
  (let loop ((r (- rows 1)) (found '()))
    (if (< r 0)
        found
        (let ((chars (vector-map cell-char (grid-line grid r rows columns))))
          (loop (- r 1) (cons (list->string (vector->list chars)) found))))))

(define (make-picture rows columns)
  (let ((picture (make-vector (* rows columns) #f)))
    (do ((i 0 (+ i 1)))
        ((= i (* rows columns)) picture)
      (vector-set! picture i (< (modulo (next-random!) 100) 58)))))

(define (matches-picture? grid picture)
  (let loop ((i 0))
    (cond ((= i (vector-length grid)) #t)
          ((eq? (eq? (vector-ref grid i) 'filled) (vector-ref picture i)) (loop (+ i 1)))
          (else #f))))

(define (spoil! clues rows)
  (let* ((r (modulo (next-random!) rows))
         (old (vector-ref clues r)))
    (vector-set! clues r (if (null? old) (list 1) (cons (+ (car old) 1) (cdr old))))))

(define (run n)
  (set! seed 317)
  (set! layouts 0)
  (set! sweeps 0)
  (set! lines-solved 0)
  (let loop ((k 0) (solved 0) (as-drawn 0) (contradictions 0) (left 0) (check 0) (first #f))
    (if (= k n)
        (list n solved as-drawn contradictions left sweeps lines-solved layouts check first)
        (let* ((rows (+ 7 (modulo (next-random!) 7)))
               (columns (+ 7 (modulo (next-random!) 7)))
               (picture (make-picture rows columns))
               (clues (make-vector (+ rows columns) '()))
               (grid (make-vector (* rows columns))))
          (do ((r 0 (+ r 1)))
              ((= r rows))
            (vector-set! clues r (clues-of (picture-row picture r columns))))
          (do ((c 0 (+ c 1)))
              ((= c columns))
            (vector-set! clues (+ rows c) (clues-of (picture-column picture c rows columns))))
          (if (= (modulo k 4) 3)
              (spoil! clues rows))
          (vector-fill! grid 'unknown)
          (let* ((outcome (guard (e ((and (pair? e) (eq? (car e) 'contradiction)) 'contradiction))
                            (if (solve! grid clues rows columns) 'solved 'stalled)))
                 (check (let sum ((i 0) (check check))
                          (if (= i (vector-length grid))
                              check
                              (sum (+ i 1)
                                   (modulo (+ (* check 3)
                                              (case (vector-ref grid i) ((filled) 1) ((empty) 2) (else 0)))
                                           1000003))))))
            (loop (+ k 1)
                  (if (eq? outcome 'solved) (+ solved 1) solved)
                  (if (and (eq? outcome 'solved) (matches-picture? grid picture)) (+ as-drawn 1) as-drawn)
                  (if (eq? outcome 'contradiction) (+ contradictions 1) contradictions)
                  (if (eq? outcome 'contradiction) left (+ left (unknowns grid)))
                  check
                  (or first (grid-strings grid rows columns))))))))
