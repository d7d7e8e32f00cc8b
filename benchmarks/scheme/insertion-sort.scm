;; insertion-sort: a vector of pseudo-random numbers (a linear congruential
;; generator in a named let) sorted in place by insertion sort, with a do
;; loop outside and a named let shifting the larger elements.
;;
;; (run n) => (first last checksum) of the sorted vector of n numbers.

(define (random-vector n seed)
  (let ((v (make-vector n 0)))
    (let loop ((i 0) (x seed))
      (when (< i n)
        (vector-set! v i (modulo x 1000))
        (loop (+ i 1) (modulo (+ (* x 1103515245) 12345) 2147483648))))
    v))

(define (insertion-sort! v)
  (do ((i 1 (+ i 1)))
      ((>= i (vector-length v)) v)
    (let ((x (vector-ref v i)))
      (let shift ((j (- i 1)))
        (if (and (>= j 0) (> (vector-ref v j) x))
            (begin
              (vector-set! v (+ j 1) (vector-ref v j))
              (shift (- j 1)))
            (vector-set! v (+ j 1) x))))))

(define (checksum v)
  (do ((i 0 (+ i 1))
       (sum 0 (modulo (+ (* sum 31) (vector-ref v i)) 1000003)))
      ((= i (vector-length v)) sum)))

(define (run n)
  (let ((v (insertion-sort! (random-vector n 42))))
    (list (vector-ref v 0) (vector-ref v (- n 1)) (checksum v))))
