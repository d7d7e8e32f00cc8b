;; matrix: do loops over vectors of vectors: build two n x n matrices,
;; multiply them, and take the trace and the sum of the product.
;;
;; (run n) => (trace total).

(define (make-matrix n f)
  (let ((m (make-vector n)))
    (do ((i 0 (+ i 1)))
        ((= i n) m)
      (let ((row (make-vector n)))
        (do ((j 0 (+ j 1)))
            ((= j n))
          (vector-set! row j (f i j)))
        (vector-set! m i row)))))

(define (matrix-multiply a b n)
  (let ((c (make-matrix n (lambda (i j) 0))))
    (do ((i 0 (+ i 1)))
        ((= i n) c)
      (do ((j 0 (+ j 1)))
          ((= j n))
        (do ((k 0 (+ k 1))
             (sum 0 (+ sum (* (vector-ref (vector-ref a i) k)
                              (vector-ref (vector-ref b k) j)))))
            ((= k n) (vector-set! (vector-ref c i) j sum)))))))

(define (run n)
  (let* ((a (make-matrix n (lambda (i j) (+ i j))))
         (b (make-matrix n (lambda (i j) (- i j))))
         (c (matrix-multiply a b n)))
    (do ((i 0 (+ i 1))
         (trace 0 (+ trace (vector-ref (vector-ref c i) i)))
         (total 0 (+ total (apply + (vector->list (vector-ref c i))))))
        ((= i n) (list trace total)))))
