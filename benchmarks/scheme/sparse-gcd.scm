;; sparse-gcd: greatest common divisors of polynomials with integer
;; coefficients by the primitive remainder sequence, the way a computer
;; algebra course does it before modular methods.
;;
;; A polynomial is sparse: an association list of (exponent .
;; coefficient) pairs, highest exponent first, no zero coefficient,
;; the zero polynomial the empty list.  Sums merge two such lists;
;; products add one term times the other polynomial at a time.  The
;; content is (apply gcd coefficients), the primitive part the
;; polynomial divided by it, its leading coefficient made positive.
;; Pseudo-division stays in the integers: while the remainder's degree
;; is at least the divisor's, it becomes lc(b) times itself less its
;; leading term over x^deg(b) times b.  The gcd of a and b: the gcd of
;; their contents times the last nonzero primitive remainder of the
;; sequence a, b, pp(prem(a, b)), ...  Exact division by a polynomial
;; returns #f when a coefficient does not divide.
;;
;; Each of n trials draws three polynomials f, g and h (a positive
;; leading term of degree 1 to 12, up to four lower terms with
;; coefficients -9 .. 9), makes a = 6fg and b = 4fh, and takes their
;; gcd, which must be divisible by pp(f), and is 2pp(f) itself when
;; f's content is 1 and g and h share no factor.  a is checked against
;; 6fg at five points modulo 1000003 by Horner's rule over the gaps,
;; each gap's power by squaring with floor/.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 41, each
;; draw x div 65536.
;;
;; (run n) => (trials, the gcds' total degree, gcds divisible by pp(f),
;;             gcds equal to 2pp(f), remainders taken, pseudo-division
;;             steps, the most digits of a coefficient in a remainder,
;;             whether the values agreed, the gcds' coefficients
;;             checksummed, the first gcd as (exponent coefficient) lists)

(define seed 41)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define (degree p) (car (car p)))
(define (leading p) (cdr (car p)))

(define (poly-add p q)
  (cond ((null? p) q)
        ((null? q) p)
        ((> (car (car p)) (car (car q))) (cons (car p) (poly-add (cdr p) q)))
        ((< (car (car p)) (car (car q))) (cons (car q) (poly-add p (cdr q))))
        (else (let ((c (+ (cdr (car p)) (cdr (car q)))))
                (if (= c 0)
                    (poly-add (cdr p) (cdr q))
                    (cons (cons (car (car p)) c) (poly-add (cdr p) (cdr q))))))))

;; c x^e times p.
(define (term-times e c p)
  (if (= c 0)
      '()
      (map (lambda (term) (cons (+ e (car term)) (* c (cdr term)))) p)))

(define (poly-scale c p) (term-times 0 c p))

(define (poly-mul p q)
  (if (null? p)
      '()
      (poly-add (term-times (car (car p)) (cdr (car p)) q)
                (poly-mul (cdr p) q))))

(define (content p) (apply gcd (map cdr p)))

(define (primitive-part p)
  (let ((c (content p)))
    (map (lambda (term) (cons (car term) (quotient (cdr term) (if (< (leading p) 0) (- c) c))))
         p)))

(define steps 0)
(define remainders 0)
(define most-digits 0)

(define (digits k) (string-length (number->string (abs k))))

(define (pseudo-remainder a b)
  (set! remainders (+ remainders 1))
  (let loop ((r a))
    (if (or (null? r) (< (degree r) (degree b)))
        (begin
          (for-each (lambda (term) (set! most-digits (max most-digits (digits (cdr term))))) r)
          r)
        (begin
          (set! steps (+ steps 1))
          (loop (poly-add (poly-scale (leading b) r)
                          (term-times (- (degree r) (degree b)) (- (leading r)) b)))))))

(define (poly-gcd a b)
  (let ((c (gcd (content a) (content b))))
    (let loop ((a (primitive-part a)) (b (primitive-part b)))
      (cond ((null? b) (poly-scale c a))
            ((< (degree a) (degree b)) (loop b a))
            (else (let ((r (pseudo-remainder a b)))
                    (loop b (if (null? r) r (primitive-part r)))))))))

;; a / b when every coefficient divides, else #f.
(define (exact-divide a b)
  (let loop ((a a) (quotient '()))
    (cond ((null? a) (reverse quotient))
          ((or (< (degree a) (degree b)) (not (= 0 (remainder (leading a) (leading b))))) #f)
          (else (let ((e (- (degree a) (degree b)))
                      (c (/ (leading a) (leading b))))
                  (loop (poly-add a (term-times e (- c) b)) (cons (cons e c) quotient)))))))

(define (random-poly)
  (let* ((top (+ 1 (random-below 12)))
         (lead (+ 1 (random-below 5)))
         (k (random-below 5)))
    (let loop ((k k) (p (list (cons top lead))))
      (if (= k 0)
          p
          (let* ((e (random-below top))
                 (c (- (random-below 19) 9)))
            (loop (- k 1) (poly-add p (if (= c 0) '() (list (cons e c))))))))))

(define modulus 1000003)

(define (power-mod x e)
  (if (= e 0)
      1
      (let-values (((half odd) (floor/ e 2)))
        (let* ((root (power-mod x half))
               (square (modulo (* root root) modulus)))
          (if (= odd 1) (modulo (* square x) modulus) square)))))

;; Horner's rule over the gaps between exponents.
(define (value-mod p x)
  (let loop ((p p) (sum 0))
    (cond ((null? p) sum)
          ((null? (cdr p)) (modulo (* (+ sum (cdr (car p))) (power-mod x (car (car p)))) modulus))
          (else (loop (cdr p)
                      (modulo (* (+ sum (cdr (car p))) (power-mod x (- (car (car p)) (car (cadr p)))))
                              modulus))))))

(define (run n)
  (set! seed 41)
  (set! steps 0)
  (set! remainders 0)
  (set! most-digits 0)
  (let loop ((k 0) (total-degree 0) (divisible 0) (equal 0) (values-agree #t) (checksum 0) (first #f))
    (if (= k n)
        (list n total-degree divisible equal remainders steps most-digits values-agree checksum
              (map (lambda (term) (list (car term) (cdr term))) first))
        (let* ((f (random-poly))
               (g (random-poly))
               (h (random-poly))
               (a (poly-mul (poly-scale 6 f) g))
               (b (poly-mul (poly-scale 4 f) h))
               (d (poly-gcd a b))
               (pf (primitive-part f))
               (agree (let points ((x 2))
                        (or (> x 6)
                            (and (= (value-mod a x)
                                    (modulo (* 6 (value-mod f x) (value-mod g x)) modulus))
                                 (points (+ x 1)))))))
          (loop (+ k 1)
                (+ total-degree (degree d))
                (if (exact-divide d pf) (+ divisible 1) divisible)
                (if (equal? d (poly-scale 2 pf)) (+ equal 1) equal)
                (and values-agree agree)
                (let fold ((d d) (sum checksum))
                  (if (null? d)
                      sum
                      (fold (cdr d) (modulo (+ (* sum 31) (modulo (cdr (car d)) modulus)) modulus))))
                (or first d))))))
