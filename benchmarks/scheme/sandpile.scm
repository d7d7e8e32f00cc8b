;; sandpile: the abelian sandpile model.  n grains are dropped on the centre
;; of a square grid, a vector of vectors, whose side is the odd number
;; 2 (s div 2) + 3 for s the integer square root of n (exact-integer-sqrt,
;; taken by call-with-values).  A cell holding four or more grains topples:
;; it keeps v mod 4 and gives v div 4 to each of its four neighbours, the
;; grains given past the edge lost.  Sweeps over the grid, row by row in do
;; loops, topple every such cell they meet, until a sweep finds none.  The
;; counts are kept in variables changed by set!.
;;
;; (run n) => (the side, the sweeps, the topplings, the grains lost, how
;;             many cells hold 0, 1, 2 and 3 grains, whether the pile has
;;             the square's symmetries, the centre row as a string)

(define (make-grid side)
  (let ((grid (make-vector side)))
    (do ((i 0 (+ i 1)))
        ((= i side) grid)
      (vector-set! grid i (make-vector side 0)))))

(define (cell grid i j)
  (vector-ref (vector-ref grid i) j))

(define (cell-set! grid i j v)
  (vector-set! (vector-ref grid i) j v))

(define (run n)
  (let* ((s (call-with-values (lambda () (exact-integer-sqrt n)) (lambda (root rest) root)))
         (side (+ (* 2 (quotient s 2)) 3))
         (centre (quotient side 2))
         (grid (make-grid side))
         (sweeps 0)
         (topplings 0)
         (lost 0)
         (unstable #t))
    (define (give! i j grains)
      (if (and (>= i 0) (< i side) (>= j 0) (< j side))
          (cell-set! grid i j (+ (cell grid i j) grains))
          (set! lost (+ lost grains))))
    (cell-set! grid centre centre n)
    (do () ((not unstable))
      (set! unstable #f)
      (set! sweeps (+ sweeps 1))
      (do ((i 0 (+ i 1)))
          ((= i side))
        (do ((j 0 (+ j 1)))
            ((= j side))
          (let ((v (cell grid i j)))
            (if (>= v 4)
                (let ((t (quotient v 4)))
                  (set! unstable #t)
                  (set! topplings (+ topplings t))
                  (cell-set! grid i j (remainder v 4))
                  (give! (- i 1) j t)
                  (give! (+ i 1) j t)
                  (give! i (- j 1) t)
                  (give! i (+ j 1) t)))))))
    (let ((counts (make-vector 4 0))
          (symmetric #t)
          (row ""))
      (do ((i 0 (+ i 1)))
          ((= i side))
        (do ((j 0 (+ j 1)))
            ((= j side))
          (let ((v (cell grid i j)))
            (vector-set! counts v (+ (vector-ref counts v) 1))
            (if (not (and (= v (cell grid j i))
                          (= v (cell grid (- side 1 i) j))))
                (set! symmetric #f)))))
      (do ((j 0 (+ j 1)))
          ((= j side))
        (set! row (string-append row (number->string (cell grid centre j)))))
      (list side sweeps topplings lost
            (vector-ref counts 0) (vector-ref counts 1) (vector-ref counts 2) (vector-ref counts 3)
            symmetric row))))
