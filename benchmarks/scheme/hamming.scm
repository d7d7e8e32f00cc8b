;; hamming: SICP 3.5.2's implicitly defined streams.  cons-stream is a
;; syntax-rules macro over cons and delay; streams are defined in terms of
;; themselves by internal defines: ones, the integers by add-streams, the
;; Fibonacci numbers, the Hamming numbers (exercise 3.56: 1, then the merge
;; of the stream scaled by 2, 3 and 5, repeats dropped), the partial sums
;; (exercise 3.55), and the power series of exercise 3.59: exp as the
;; stream that is its own integral, sine and cosine each the integral of
;; the other, whose coefficients are exact fractions.  stream-map takes
;; any number of streams (exercise 3.50), by apply and map.  The streams
;; are built again inside each run.
;;
;; (run n) => (the n-th Hamming number (the first is 1); the sum of the
;;             first n of them modulo 1000003; the n-th Fibonacci number
;;             modulo 1000003 and its digits; the n-th partial sum of the
;;             integers; the coefficients of x^k in exp, sine and cosine
;;             for k = n div 100 + 5, as strings)

(define-syntax cons-stream
  (syntax-rules ()
    ((_ a b) (cons a (delay b)))))

(define the-empty-stream '())

(define (stream-null? s) (null? s))

(define (stream-car s) (car s))

(define (stream-cdr s) (force (cdr s)))

(define (stream-ref s n)
  (if (= n 0)
      (stream-car s)
      (stream-ref (stream-cdr s) (- n 1))))

(define (stream-map proc . argstreams)
  (if (stream-null? (car argstreams))
      the-empty-stream
      (cons-stream
       (apply proc (map stream-car argstreams))
       (apply stream-map (cons proc (map stream-cdr argstreams))))))

(define (add-streams s1 s2) (stream-map + s1 s2))

(define (scale-stream s factor)
  (stream-map (lambda (x) (* x factor)) s))

(define (merge s1 s2)
  (cond ((stream-null? s1) s2)
        ((stream-null? s2) s1)
        (else
         (let ((s1car (stream-car s1))
               (s2car (stream-car s2)))
           (cond ((< s1car s2car)
                  (cons-stream s1car (merge (stream-cdr s1) s2)))
                 ((> s1car s2car)
                  (cons-stream s2car (merge s1 (stream-cdr s2))))
                 (else
                  (cons-stream s1car
                               (merge (stream-cdr s1)
                                      (stream-cdr s2)))))))))

(define (partial-sums s)
  (define sums (cons-stream (stream-car s) (add-streams sums (stream-cdr s))))
  sums)

(define (integers-starting-from n)
  (cons-stream n (integers-starting-from (+ n 1))))

(define (integrate-series s)
  (stream-map / s (integers-starting-from 1)))

(define (sum-first s n)
  (let loop ((s s) (k 0) (total 0))
    (if (= k n)
        total
        (loop (stream-cdr s) (+ k 1) (+ total (stream-car s))))))

(define (run n)
  (define ones (cons-stream 1 ones))
  (define integers (cons-stream 1 (add-streams ones integers)))
  (define fibs (cons-stream 0 (cons-stream 1 (add-streams (stream-cdr fibs) fibs))))
  (define hamming
    (cons-stream 1 (merge (scale-stream hamming 2)
                          (merge (scale-stream hamming 3) (scale-stream hamming 5)))))
  (define exp-series (cons-stream 1 (integrate-series exp-series)))
  (define cosine-series (cons-stream 1 (scale-stream (integrate-series sine-series) -1)))
  (define sine-series (cons-stream 0 (integrate-series cosine-series)))
  (let ((fib (stream-ref fibs n))
        (k (+ (quotient n 100) 5)))
    (list (stream-ref hamming (- n 1))
          (modulo (sum-first hamming n) 1000003)
          (modulo fib 1000003)
          (string-length (number->string fib))
          (stream-ref (partial-sums integers) (- n 1))
          (number->string (stream-ref exp-series k))
          (number->string (stream-ref sine-series k))
          (number->string (stream-ref cosine-series k)))))
