;; macros: user syntax-rules macros in the inner loops: while, for
;; (for (i from to) body ...) counting from up to below to, swap!, inc! and
;; my-unless; a bubble sort of a vector, a sum of squares and Euclid's gcd
;; written with them.
;;
;; (run n) => (swaps the bubble sort of n numbers made, the smallest, the
;;             largest, the sum of i * v[i] over the sorted vector, the sum of
;;             i * i for 0 <= i < n, the sum of gcd(i, n) for 1 <= i <= n)

(define-syntax while
  (syntax-rules ()
    ((_ test body ...)
     (let loop ()
       (when test
         body ...
         (loop))))))

(define-syntax for
  (syntax-rules ()
    ((_ (i from to) body ...)
     (let ((limit to))
       (let loop ((i from))
         (when (< i limit)
           body ...
           (loop (+ i 1))))))))

(define-syntax swap!
  (syntax-rules ()
    ((_ a b)
     (let ((tmp a))
       (set! a b)
       (set! b tmp)))))

(define-syntax inc!
  (syntax-rules ()
    ((_ var) (set! var (+ var 1)))
    ((_ var amount) (set! var (+ var amount)))))

(define-syntax my-unless
  (syntax-rules ()
    ((_ test body ...)
     (if test #f (begin body ...)))))

(define (bubble-sort! v)
  (let ((n (vector-length v))
        (swaps 0)
        (swapped #t))
    (while swapped
      (set! swapped #f)
      (for (j 0 (- n 1))
        (let ((x (vector-ref v j))
              (y (vector-ref v (+ j 1))))
          (my-unless (<= x y)
            (swap! x y)
            (vector-set! v j x)
            (vector-set! v (+ j 1) y)
            (inc! swaps)
            (set! swapped #t)))))
    swaps))

(define (sum-of-squares n)
  (let ((total 0))
    (for (i 0 n)
      (inc! total (* i i)))
    total))

(define (gcd-loop a b)
  (while (> b 0)
    (set! a (modulo a b))
    (swap! a b))
  a)

(define (run n)
  (let ((v (make-vector n 0))
        (weighted 0)
        (gcds 0))
    (for (i 0 n)
      (vector-set! v i (modulo (* (+ i 1) 7919) 1009)))
    (let ((swaps (bubble-sort! v)))
      (for (i 0 n)
        (inc! weighted (* i (vector-ref v i))))
      (for (i 1 (+ n 1))
        (inc! gcds (gcd-loop i n)))
      (list swaps
            (vector-ref v 0)
            (vector-ref v (- n 1))
            weighted
            (sum-of-squares n)
            gcds))))
