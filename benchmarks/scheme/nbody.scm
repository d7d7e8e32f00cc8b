;; nbody: a planar n-body simulation in flonums.  A body is a vector
;; #(x y vx vy mass) behind accessors and setters; each step every pair
;; pulls on each other (inverse square, through sqrt), then every body moves
;; by dt times its velocity.  A sun and four planets, at distances 5, 10,
;; 15 and 20 from it, start on near-circular orbits.
;;
;; (run n) => (the energy before and after n steps, in millionths, then each
;;             body's x and y after, in thousandths, all rounded to exact
;;             integers)

(define (make-body x y vx vy mass) (vector x y vx vy mass))
(define (body-x b) (vector-ref b 0))
(define (body-y b) (vector-ref b 1))
(define (body-vx b) (vector-ref b 2))
(define (body-vy b) (vector-ref b 3))
(define (body-mass b) (vector-ref b 4))
(define (set-body-x! b v) (vector-set! b 0 v))
(define (set-body-y! b v) (vector-set! b 1 v))
(define (set-body-vx! b v) (vector-set! b 2 v))
(define (set-body-vy! b v) (vector-set! b 3 v))

(define (make-system)
  (list (make-body 0.0 0.0 0.0 0.0 50.0)
        (make-body 3.0 4.0 -2.4 1.8 0.5)
        (make-body -6.0 8.0 -1.8 -1.3 0.3)
        (make-body -9.0 -12.0 1.4 -1.1 0.2)
        (make-body 12.0 -16.0 1.3 1.0 0.1)))

(define dt 0.01)

(define (distance a b)
  (let ((dx (- (body-x a) (body-x b)))
        (dy (- (body-y a) (body-y b))))
    (sqrt (+ (* dx dx) (* dy dy)))))

(define (energy bodies)
  (let loop ((bodies bodies) (e 0.0))
    (if (null? bodies)
        e
        (let* ((b (car bodies))
               (speed2 (+ (* (body-vx b) (body-vx b)) (* (body-vy b) (body-vy b))))
               (e (+ e (* 0.5 (body-mass b) speed2))))
          (let pairs ((others (cdr bodies)) (potential 0.0))
            (if (null? others)
                (loop (cdr bodies) (- e potential))
                (pairs (cdr others)
                       (+ potential (/ (* (body-mass b) (body-mass (car others)))
                                       (distance b (car others)))))))))))

(define (advance! bodies)
  (let outer ((bodies bodies))
    (if (pair? bodies)
        (let ((a (car bodies)))
          (for-each
           (lambda (b)
             (let* ((dx (- (body-x a) (body-x b)))
                    (dy (- (body-y a) (body-y b)))
                    (d2 (+ (* dx dx) (* dy dy)))
                    (mag (/ dt (* d2 (sqrt d2)))))
               (set-body-vx! a (- (body-vx a) (* dx (body-mass b) mag)))
               (set-body-vy! a (- (body-vy a) (* dy (body-mass b) mag)))
               (set-body-vx! b (+ (body-vx b) (* dx (body-mass a) mag)))
               (set-body-vy! b (+ (body-vy b) (* dy (body-mass a) mag)))))
           (cdr bodies))
          (outer (cdr bodies)))))
  (for-each (lambda (b)
              (set-body-x! b (+ (body-x b) (* dt (body-vx b))))
              (set-body-y! b (+ (body-y b) (* dt (body-vy b)))))
            bodies))

(define (scaled x factor)
  (inexact->exact (round (* x factor))))

(define (run n)
  (let* ((bodies (make-system))
         (before (energy bodies)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (advance! bodies))
    (cons (scaled before 1000000.0)
          (cons (scaled (energy bodies) 1000000.0)
                (map (lambda (b)
                       (list (scaled (body-x b) 1000.0) (scaled (body-y b) 1000.0)))
                     bodies)))))
