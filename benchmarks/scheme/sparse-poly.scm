;; sparse-poly: polynomials in one variable as association lists of
;; (exponent . coefficient) pairs, highest exponent first, no zero
;; coefficients kept, the coefficients exact rationals -- the sparse
;; representation of SICP's section 2.5.3, done by hand.
;;
;; Sums merge two term lists; products add up one scaled copy of the
;; second polynomial per term of the first; long division gives the
;; quotient and the remainder as a list of two; the greatest common divisor
;; is Euclid's, made monic at the end.
;;
;; Each round draws three polynomials a, b and c of degree 1 to 3, with
;; integer coefficients -4 .. 4 (a zero leading one made 1), by
;; x -> (1103515245x + 12345) mod 2^31 from x = 157, each draw x div 65536;
;; forms p = ab and q = ac; finds g = gcd(p, q), which a divides; checks g
;; divides p and q; and finds gcd(p, p') as well.
;;
;; (run n) => (n, the gcds' degrees summed, how many gcds were a made
;;             monic, how many divided p and q, the degrees of gcd(p, p')
;;             summed, p(2) + q(-1) summed, the first round's gcd as
;;             (exponent "coefficient") lists)

(define seed 157)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (degree p) (if (null? p) -1 (car (car p))))
(define (leading p) (cdr (car p)))

(define (poly-add p q)
  (cond ((null? p) q)
        ((null? q) p)
        ((> (car (car p)) (car (car q))) (cons (car p) (poly-add (cdr p) q)))
        ((< (car (car p)) (car (car q))) (cons (car q) (poly-add p (cdr q))))
        (else
         (let ((c (+ (cdr (car p)) (cdr (car q)))))
           (if (= c 0)
               (poly-add (cdr p) (cdr q))
               (cons (cons (car (car p)) c) (poly-add (cdr p) (cdr q))))))))

;; p times c x^e
(define (poly-scale p c e)
  (if (= c 0)
      '()
      (map (lambda (term) (cons (+ (car term) e) (* (cdr term) c))) p)))

(define (poly-negate p) (poly-scale p -1 0))

(define (poly-mul p q)
  (let loop ((p p) (acc '()))
    (if (null? p)
        acc
        (loop (cdr p) (poly-add acc (poly-scale q (cdr (car p)) (car (car p))))))))

(define (poly-deriv p)
  (let loop ((p p) (acc '()))
    (cond ((null? p) (reverse acc))
          ((= (car (car p)) 0) (loop (cdr p) acc))
          (else (loop (cdr p)
                      (cons (cons (- (car (car p)) 1) (* (car (car p)) (cdr (car p)))) acc))))))

;; (quotient remainder)
(define (poly-divide p d)
  (let loop ((r p) (quot '()))
    (if (< (degree r) (degree d))
        (list (reverse quot) r)
        (let* ((c (/ (leading r) (leading d)))
               (e (- (degree r) (degree d))))
          (loop (poly-add r (poly-negate (poly-scale d c e)))
                (cons (cons e c) quot))))))

(define (make-monic p)
  (if (null? p) p (poly-scale p (/ 1 (leading p)) 0)))

(define (poly-gcd p q)
  (if (null? q)
      (make-monic p)
      (poly-gcd q (cadr (poly-divide p q)))))

(define (poly-eval p x)
  (let loop ((p p) (sum 0))
    (if (null? p)
        sum
        (loop (cdr p) (+ sum (* (cdr (car p)) (expt x (car (car p)))))))))

(define (random-poly)
  (let ((d (+ 1 (modulo (next-random!) 3))))
    (let loop ((e d) (terms '()))
      (if (< e 0)
          (reverse terms)
          (let* ((c (- (modulo (next-random!) 9) 4))
                 (c (if (and (= e d) (= c 0)) 1 c)))
            (loop (- e 1) (if (= c 0) terms (cons (cons e c) terms))))))))

(define (divides? d p)
  (null? (cadr (poly-divide p d))))

(define (run n)
  (set! seed 157)
  (let loop ((i 0) (degrees 0) (monic-a 0) (dividing 0) (square 0) (values-sum 0) (first '()))
    (if (= i n)
        (list n degrees monic-a dividing square values-sum first)
        (let* ((a (random-poly))
               (b (random-poly))
               (c (random-poly))
               (p (poly-mul a b))
               (q (poly-mul a c))
               (g (poly-gcd p q))
               (h (poly-gcd p (poly-deriv p))))
          (loop (+ i 1)
                (+ degrees (degree g))
                (if (equal? g (make-monic a)) (+ monic-a 1) monic-a)
                (if (and (divides? g p) (divides? g q)) (+ dividing 1) dividing)
                (+ square (degree h))
                (+ values-sum (poly-eval p 2) (poly-eval q -1))
                (if (= i 0)
                    (map (lambda (term) (list (car term) (number->string (cdr term)))) g)
                    first))))))
