;; gauss: Gaussian elimination over exact rationals.  The augmented matrix
;; is a vector of row vectors; nested do loops eliminate below each pivot
;; (a row with a nonzero pivot is swapped up when needed), / makes
;; fractions, and back substitution solves from the last row up.
;;
;; The system of size n: a[i][i] = 5n + i, a[i][j] = (ij + i + 2j) mod 5
;; off the diagonal, b[i] = i^2 + 1 (i, j from 0).
;;
;; (run n) => (the determinant, then (numerator denominator) of each
;;             unknown in order)

(define (make-system n)
  (let ((rows (make-vector n)))
    (do ((i 0 (+ i 1)))
        ((= i n) rows)
      (let ((row (make-vector (+ n 1) 0)))
        (do ((j 0 (+ j 1)))
            ((= j n))
          (vector-set! row j
                       (if (= i j)
                           (+ (* 5 n) i)
                           (modulo (+ (* i j) i (* 2 j)) 5))))
        (vector-set! row n (+ (* i i) 1))
        (vector-set! rows i row)))))

(define (matrix-ref m i j) (vector-ref (vector-ref m i) j))

(define (matrix-set! m i j x) (vector-set! (vector-ref m i) j x))

;; The first row at or below k with a nonzero entry in column k.
(define (find-pivot m k n)
  (let loop ((i k))
    (cond ((= i n) (error "gauss: singular system"))
          ((not (= (matrix-ref m i k) 0)) i)
          (else (loop (+ i 1))))))

(define (swap-rows! m i j)
  (let ((temp (vector-ref m i)))
    (vector-set! m i (vector-ref m j))
    (vector-set! m j temp)))

;; Eliminate in place; return the determinant (the product of the pivots,
;; its sign changed at each swap).
(define (eliminate! m n)
  (let ((det 1))
    (do ((k 0 (+ k 1)))
        ((= k n) det)
      (let ((p (find-pivot m k n)))
        (if (not (= p k))
            (begin (swap-rows! m p k)
                   (set! det (- det)))))
      (set! det (* det (matrix-ref m k k)))
      (do ((i (+ k 1) (+ i 1)))
          ((= i n))
        (let ((factor (/ (matrix-ref m i k) (matrix-ref m k k))))
          (do ((j k (+ j 1)))
              ((> j n))
            (matrix-set! m i j (- (matrix-ref m i j)
                                  (* factor (matrix-ref m k j))))))))))

(define (back-substitute m n)
  (let ((x (make-vector n 0)))
    (do ((i (- n 1) (- i 1)))
        ((< i 0) x)
      (let ((sum (matrix-ref m i n)))
        (do ((j (+ i 1) (+ j 1)))
            ((= j n))
          (set! sum (- sum (* (matrix-ref m i j) (vector-ref x j)))))
        (vector-set! x i (/ sum (matrix-ref m i i)))))))

(define (run n)
  (let* ((m (make-system n))
         (det (eliminate! m n))
         (x (back-substitute m n)))
    (cons det
          (map (lambda (q) (list (numerator q) (denominator q)))
               (vector->list x)))))
