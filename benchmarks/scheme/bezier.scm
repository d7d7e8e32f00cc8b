;; bezier: Bezier curves in exact rational arithmetic, as in a course on
;; computer graphics, where every answer can be checked exactly.
;;
;; A point is a list (x y).  point+ takes any number of points (a rest
;; argument, summed by apply +); a point is scaled by map.  A curve of
;; degree m is its m + 1 control points, drawn as whole numbers below 100
;; by x -> (1103515245x + 12345) mod 2^31 from x = 127, each draw
;; x div 65536 (m from 3 to 6).
;;
;; Each curve is evaluated at t = 0, 1/10, ..., 1 two ways: by de
;; Casteljau's repeated interpolation between neighbours, and by the
;; Bernstein form, the sum of C(m, i) t^i (1 - t)^(m - i) P_i with the
;; binomials from factorials; the two must be equal.  It is cut in two
;; at a drawn t0 (from the first and last points of de Casteljau's
;; levels), each half checked against the whole at s = 0, 1/4, ..., 1
;; (the left half at s is the whole at s t0); and raised one degree
;; (Q_i = i/(m+1) P_(i-1) + (1 - i/(m+1)) P_i), checked at the eleven t.
;;
;; (run n) => (n, checks passed, checks made, the x's at t = 1/2 added up,
;;             the y's at t = 3/10 added up, the largest denominator met,
;;             the first curve's control points and its point at 1/3)

(define seed 127)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (point+ . points)
  (list (apply + (map car points))
        (apply + (map cadr points))))

(define (scale k p)
  (map (lambda (c) (* k c)) p))

(define (lerp a b t)
  (point+ (scale (- 1 t) a) (scale t b)))

(define (next-level points t)
  (if (null? (cdr points))
      '()
      (cons (lerp (car points) (cadr points) t)
            (next-level (cdr points) t))))

(define (casteljau points t)
  (if (null? (cdr points))
      (car points)
      (casteljau (next-level points t) t)))

(define (factorial k)
  (if (= k 0) 1 (* k (factorial (- k 1)))))

(define (binomial m i)
  (/ (factorial m) (* (factorial i) (factorial (- m i)))))

(define (bernstein points t)
  (let ((m (- (length points) 1)))
    (let loop ((ps points) (i 0) (terms '()))
      (if (null? ps)
          (apply point+ terms)
          (loop (cdr ps) (+ i 1)
                (cons (scale (* (binomial m i) (expt t i) (expt (- 1 t) (- m i)))
                             (car ps))
                      terms))))))

(define (last-of lst)
  (if (null? (cdr lst)) (car lst) (last-of (cdr lst))))

;; the two halves' control points, cut at t0
(define (subdivide points t0)
  (let loop ((level points) (left '()) (right '()))
    (if (null? level)
        (list (reverse left) right)
        (loop (next-level level t0)
              (cons (car level) left)
              (cons (last-of level) right)))))

(define (elevate points)
  (let ((m+1 (length points)))
    (let loop ((i 1) (prev (car points)) (rest (cdr points)) (acc (list (car points))))
      (if (null? rest)
          (reverse (cons prev acc))
          (let ((a (/ i m+1)))
            (loop (+ i 1) (car rest) (cdr rest)
                  (cons (point+ (scale a prev) (scale (- 1 a) (car rest))) acc)))))))

(define (random-curve)
  (let ((m (+ 3 (modulo (next-random!) 4))))
    (let loop ((k 0) (acc '()))
      (if (> k m)
          (reverse acc)
          (let* ((x (modulo (next-random!) 100))
                 (y (modulo (next-random!) 100)))
            (loop (+ k 1) (cons (list x y) acc)))))))

(define (point->strings p)
  (map number->string p))

(define (run n)
  (set! seed 127)
  (let ((passed 0) (made 0) (x-sum 0) (y-sum 0) (widest 1) (first #f))
    (define (check! ok)
      (set! made (+ made 1))
      (if ok (set! passed (+ passed 1))))
    (define (note-denominators! p)
      (for-each (lambda (c) (set! widest (max widest (denominator c)))) p))
    (do ((c 0 (+ c 1)))
        ((= c n))
      (let* ((points (random-curve))
             (t0 (/ (+ 1 (modulo (next-random!) 9)) 10))
             (halves (subdivide points t0))
             (raised (elevate points)))
        (do ((k 0 (+ k 1)))
            ((> k 10))
          (let* ((t (/ k 10))
                 (p (casteljau points t)))
            (note-denominators! p)
            (check! (equal? p (bernstein points t)))
            (check! (equal? p (casteljau raised t)))
            (if (= k 5) (set! x-sum (+ x-sum (car p))))
            (if (= k 3) (set! y-sum (+ y-sum (cadr p))))))
        (do ((k 0 (+ k 1)))
            ((> k 4))
          (let ((s (/ k 4)))
            (check! (equal? (casteljau (car halves) s) (casteljau points (* s t0))))
            (check! (equal? (casteljau (cadr halves) s)
                            (casteljau points (+ t0 (* s (- 1 t0))))))))
        (if (not first)
            (set! first (list points (point->strings (casteljau points 1/3)))))))
    (list n passed made (number->string x-sum) (number->string y-sum) widest first)))
