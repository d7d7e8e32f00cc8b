;; grundy: the Sprague-Grundy values of three impartial games, each kept
;; in a vector filled from 0 up, and positions of several rows played by
;; them.  The value of a position is the mex (the least natural number
;; not among them) of the values of the positions one move leads to; a
;; move that splits a row leaves two rows, worth the nim-sum (the xor,
;; here by halving both numbers, as there is no xor in R7RS) of theirs.
;; The options are gathered into a list, and the mex is a named let that
;; counts up while memv finds the count in it.
;;
;; Kayles: knock down one pin or two neighbouring pins from a row,
;; leaving the pins on either side; Dawson's Kayles: always two
;; neighbouring pins; the subtraction game: take 1, 3 or 4 from a heap.
;; nim-sum takes any number of values as a rest argument and is used by
;; apply over the rows of a position.  A winning move in a position of
;; Kayles rows is searched for by for-each over the rows and their moves,
;; left by call/cc at the first move to a position worth 0.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 5, each draw
;; x div 65536; a position is 3 rows of draw mod (n + 1) pins.
;;
;; (run n) => (the Kayles values up to n summed, the Dawson's Kayles
;;             values summed, the subtraction game's, the positions up
;;             to n worth 0 in each of the three games, the Kayles
;;             values of 0 to 11, the positions of n / 10 drawn that are
;;             won, the pins the winning moves knock down summed)

(define seed 5)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (xor2 a b)
  (let loop ((a a) (b b) (bit 1) (result 0))
    (if (and (= a 0) (= b 0))
        result
        (loop (quotient a 2) (quotient b 2) (* bit 2)
              (if (= (remainder a 2) (remainder b 2)) result (+ result bit))))))

(define (nim-sum . numbers)
  (let loop ((numbers numbers) (sum 0))
    (if (null? numbers)
        sum
        (loop (cdr numbers) (xor2 sum (car numbers))))))

(define (mex options)
  (let loop ((m 0))
    (if (memv m options) (loop (+ m 1)) m)))

;; The values of 0..n of a game whose moves take `taken` pins from a row
;; (any of the numbers in the list), leaving the rest split in two in
;; every way (split? #t) or only from one end (split? #f).
(define (game-values n taken split?)
  (let ((table (make-vector (+ n 1) 0)))
    (do ((pins 1 (+ pins 1)))
        ((> pins n) table)
      (let gather ((taken taken) (options '()))
        (cond ((null? taken)
               (vector-set! table pins (mex options)))
              ((> (car taken) pins)
               (gather (cdr taken) options))
              (else
               (let* ((rest (- pins (car taken)))
                      (last-left (if split? (quotient rest 2) 0)))
                 (do ((left 0 (+ left 1))
                      (options options
                               (cons (nim-sum (vector-ref table left)
                                              (vector-ref table (- rest left)))
                                     options)))
                     ((> left last-left) (gather (cdr taken) options))))))))))

(define (count-zeros table)
  (do ((i 0 (+ i 1))
       (zeros 0 (if (= (vector-ref table i) 0) (+ zeros 1) zeros)))
      ((= i (vector-length table)) zeros)))

(define (sum-values table)
  (do ((i 0 (+ i 1))
       (sum 0 (+ sum (vector-ref table i))))
      ((= i (vector-length table)) sum)))

;; A move to a position worth 0, as (row-index pins-taken left-part), or #f.
(define (winning-move rows table)
  (call-with-current-continuation
   (lambda (return)
     (let ((total (apply nim-sum (map (lambda (r) (vector-ref table r)) rows))))
       (when (= total 0) (return #f))
       (let each-row ((i 0) (rs rows))
         (unless (null? rs)
           (let ((others (xor2 total (vector-ref table (car rs)))))
             (for-each (lambda (taken)
                         (let ((rest (- (car rs) taken)))
                           (do ((left 0 (+ left 1)))
                               ((> left (quotient rest 2)))
                             (when (= (nim-sum others
                                               (vector-ref table left)
                                               (vector-ref table (- rest left)))
                                      0)
                               (return (list i taken left))))))
                       (filter (lambda (taken) (<= taken (car rs))) '(1 2))))
           (each-row (+ i 1) (cdr rs))))
       (error "no move to 0 from a position not worth 0" rows)))))

(define (run n)
  (set! seed 5)
  (let ((kayles (game-values n '(1 2) #t))
        (dawson (game-values n '(2) #t))
        (subtraction (game-values n '(1 3 4) #f)))
    (let loop ((k 0) (won 0) (knocked 0))
      (if (< k (quotient n 10))
          (let* ((a (modulo (next-random!) (+ n 1)))
                 (b (modulo (next-random!) (+ n 1)))
                 (c (modulo (next-random!) (+ n 1)))
                 (move (winning-move (list a b c) kayles)))
            (if move
                (loop (+ k 1) (+ won 1) (+ knocked (cadr move)))
                (loop (+ k 1) won knocked)))
          (list (sum-values kayles) (sum-values dawson) (sum-values subtraction)
                (list (count-zeros kayles) (count-zeros dawson) (count-zeros subtraction))
                (let take ((i 0))
                  (if (or (= i 12) (> i n)) '() (cons (vector-ref kayles i) (take (+ i 1)))))
                won knocked)))))
