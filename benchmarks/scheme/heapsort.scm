;; heapsort: a vector sorted in place through a binary max-heap: sift-down
;; with index arithmetic and quotient, swaps through a temporary, two do
;; loops, then a check that the vector is in order.
;;
;; (run n) => (sorted? smallest median largest) for n pseudo-random numbers.

(define (swap! v i j)
  (let ((tmp (vector-ref v i)))
    (vector-set! v i (vector-ref v j))
    (vector-set! v j tmp)))

(define (sift-down! v start end)
  (let loop ((root start))
    (let ((child (+ (* 2 root) 1)))
      (if (<= child end)
          (let ((child (if (and (< child end)
                                (< (vector-ref v child) (vector-ref v (+ child 1))))
                           (+ child 1)
                           child)))
            (if (< (vector-ref v root) (vector-ref v child))
                (begin
                  (swap! v root child)
                  (loop child))))))))

(define (heapsort! v)
  (let ((n (vector-length v)))
    (do ((start (quotient (- n 2) 2) (- start 1)))
        ((< start 0))
      (sift-down! v start (- n 1)))
    (do ((end (- n 1) (- end 1)))
        ((<= end 0) v)
      (swap! v 0 end)
      (sift-down! v 0 (- end 1)))))

(define (random-vector n)
  (let ((v (make-vector n 0)))
    (let fill ((i 0) (x 42))
      (if (< i n)
          (begin
            (vector-set! v i (modulo x 1000))
            (fill (+ i 1) (modulo (+ (* x 69069) 1) 4294967296)))
          v))))

(define (sorted? v)
  (let loop ((i 1))
    (or (>= i (vector-length v))
        (and (<= (vector-ref v (- i 1)) (vector-ref v i))
             (loop (+ i 1))))))

(define (run n)
  (let ((v (heapsort! (random-vector n))))
    (list (sorted? v)
          (vector-ref v 0)
          (vector-ref v (quotient n 2))
          (vector-ref v (- n 1)))))
