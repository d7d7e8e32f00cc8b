;; mandelbrot: the escape-time picture of the Mandelbrot set on an n by n
;; grid over the square from -2-1.5i to 1+1.5i, in flonums.  A complex
;; number is kept as its two real parts, the grid coordinates are made with
;; exact->inexact, and a named let iterates z := z^2 + c from z = 0 until
;; |z|^2 passes 4 or the limit is reached.
;;
;; (run n) => (how many points stayed in, the iterations summed over all
;;             points, the row through the real axis drawn as a string:
;;             # for a point that stayed in, . for one that escaped)

(define limit 50)

;; How many steps before z escapes, or limit if it never does.
(define (escape-time cr ci)
  (let loop ((zr 0.0) (zi 0.0) (k 0))
    (cond ((= k limit) k)
          ((> (+ (* zr zr) (* zi zi)) 4.0) k)
          (else
           (loop (+ (- (* zr zr) (* zi zi)) cr)
                 (+ (* 2.0 zr zi) ci)
                 (+ k 1))))))

;; The i-th of n points from lo across a side of length 3.
(define (grid-coordinate lo i n)
  (+ lo (* 3.0 (/ (exact->inexact i) n))))

(define (draw-row j n)
  (let ((picture (make-string n #\.)))
    (do ((i 0 (+ i 1)))
        ((= i n) picture)
      (if (= (escape-time (grid-coordinate -2.0 i n)
                          (grid-coordinate -1.5 j n))
             limit)
          (string-set! picture i #\#)))))

(define (run n)
  (let ((inside 0)
        (total 0))
    (do ((j 0 (+ j 1)))
        ((= j n))
      (do ((i 0 (+ i 1)))
          ((= i n))
        (let ((k (escape-time (grid-coordinate -2.0 i n)
                              (grid-coordinate -1.5 j n))))
          (set! total (+ total k))
          (if (= k limit)
              (set! inside (+ inside 1))))))
    (list inside total (draw-row (quotient n 2) n))))
