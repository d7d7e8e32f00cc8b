;; vectors: the vector procedures of R7RS: make-vector, vector-map,
;; vector-for-each, vector-fill!, vector->list, list->vector, vector-copy;
;; prefix sums and a moving average over a vector of numbers.
;;
;; (run n) => (last prefix sum, sum of the moving averages, count above the mean)

(define (numbers n)
  (let ((v (make-vector n 0)))
    (do ((i 0 (+ i 1)) (x 11 (modulo (+ (* x 31) 7) 1009)))
        ((= i n) v)
      (vector-set! v i x))))

(define (prefix-sums v)
  (let ((out (vector-copy v)))
    (do ((i 1 (+ i 1)))
        ((= i (vector-length out)) out)
      (vector-set! out i (+ (vector-ref out i) (vector-ref out (- i 1)))))))

(define (moving-sums v width)
  (let ((out (make-vector (- (vector-length v) width -1) 0)))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length out)) out)
      (let loop ((k 0) (s 0))
        (if (= k width)
            (vector-set! out i s)
            (loop (+ k 1) (+ s (vector-ref v (+ i k)))))))))

(define (run n)
  (let* ((v (numbers n))
         (doubled (vector-map (lambda (x) (* 2 x)) v))
         (sums (prefix-sums doubled))
         (moving (moving-sums v 8))
         (total (vector-ref sums (- n 1)))
         (above 0))
    (vector-for-each (lambda (x) (if (> (* x n) (quotient total 2)) (set! above (+ above 1)))) v)
    (let ((back (list->vector (reverse (vector->list moving)))))
      (vector-fill! doubled 0)
      (list total (apply + (vector->list back)) above (vector-ref doubled 0)))))
