;; sqrt-iter: square roots by Newton's method as SICP 1.1.7-1.1.8 writes
;; them, with the helpers defined inside the procedure (block structure)
;; and inexact arithmetic; cube roots the same way.
;;
;; (run n) => the sum of the square and cube roots of 1..n, times 1000,
;; rounded to an exact integer.

(define (square x) (* x x))

(define (average a b) (/ (+ a b) 2))

(define (sqrt-newton x)
  (define (good-enough? guess)
    (< (abs (- (square guess) x)) (* x 1e-10)))
  (define (improve guess)
    (average guess (/ x guess)))
  (define (sqrt-iter guess)
    (if (good-enough? guess)
        guess
        (sqrt-iter (improve guess))))
  (sqrt-iter 1.0))

(define (cube-root x)
  (define (good-enough? guess)
    (< (abs (- (* guess guess guess) x)) (* x 1e-10)))
  (define (improve guess)
    (/ (+ (/ x (square guess)) (* 2 guess)) 3))
  (define (iter guess)
    (if (good-enough? guess)
        guess
        (iter (improve guess))))
  (iter 1.0))

(define (run n)
  (let loop ((i 1) (total 0.0))
    (if (> i n)
        (exact (round (* total 1000)))
        (loop (+ i 1) (+ total (sqrt-newton i) (cube-root i))))))
