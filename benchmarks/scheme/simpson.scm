;; simpson: numerical integration by Simpson's rule of functions passed as
;; procedures: exp, sin, a lambda with sqrt and expt, exact->inexact.
;;
;; (run n) => the three integrals times 10^6, rounded to exact integers.

(define (simpson f a b n)
  (let ((h (/ (- b a) n)))
    (define (y k) (f (+ a (* k h))))
    (let loop ((k 1) (sum (+ (y 0) (y n))))
      (if (= k n)
          (* (/ h 3) sum)
          (loop (+ k 1) (+ sum (* (if (odd? k) 4 2) (y k))))))))

(define (run n)
  (let ((n (* 2 n)))
    (map (lambda (x) (exact (round (* x 1000000))))
         (list (simpson exp 0.0 1.0 n)
               (simpson sin 0.0 3.141592653589793 n)
               (simpson (lambda (x) (/ (sqrt x) (+ 1.0 (expt x 2)))) 0.0 (exact->inexact 4) n)))))
