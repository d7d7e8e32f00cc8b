;; polynomials: polynomial arithmetic over sparse term lists, the way of
;; SICP 2.5.3.  A polynomial in x is a list of terms (order coefficient),
;; highest order first, with no zero coefficient; add-terms merges two such
;; lists by plain (non-tail) recursion, mul-terms multiplies each term of
;; the first by all of the second and adds the results, div-terms is long
;; division (SICP exercise 2.91) giving a list of the quotient and the
;; remainder.  Coefficients are exact integers and grow into bignums.
;; (x + 1)^n is made twice, by n multiplications and by squaring, and the
;; two compared with equal?; it is multiplied by its derivative, divided
;; by x^2 + 1, and evaluated by Horner's rule stepping over missing orders.
;;
;; (run n) => (the terms of (x + 1)^n, whether the two powers are equal?,
;;             whether its value at 1 is 2^n, its value at -1, the terms of
;;             its product with its derivative, that product's value at 1 mod
;;             1000003, the middle coefficient (term n div 2) mod 1000003,
;;             the remainder by x^2 + 1 as (order coefficient mod 1000003)
;;             lists, whether quotient times divisor plus remainder gives
;;             (x + 1)^n back)

(define (make-term order coeff) (list order coeff))
(define (order term) (car term))
(define (coeff term) (cadr term))

(define (the-empty-termlist) '())
(define (empty-termlist? terms) (null? terms))
(define (first-term terms) (car terms))
(define (rest-terms terms) (cdr terms))

(define (adjoin-term term terms)
  (if (= (coeff term) 0)
      terms
      (cons term terms)))

(define (add-terms l1 l2)
  (cond ((empty-termlist? l1) l2)
        ((empty-termlist? l2) l1)
        (else
         (let ((t1 (first-term l1))
               (t2 (first-term l2)))
           (cond ((> (order t1) (order t2))
                  (adjoin-term t1 (add-terms (rest-terms l1) l2)))
                 ((< (order t1) (order t2))
                  (adjoin-term t2 (add-terms l1 (rest-terms l2))))
                 (else
                  (adjoin-term (make-term (order t1) (+ (coeff t1) (coeff t2)))
                               (add-terms (rest-terms l1) (rest-terms l2)))))))))

(define (mul-term-by-all-terms t1 terms)
  (if (empty-termlist? terms)
      (the-empty-termlist)
      (let ((t2 (first-term terms)))
        (adjoin-term (make-term (+ (order t1) (order t2)) (* (coeff t1) (coeff t2)))
                     (mul-term-by-all-terms t1 (rest-terms terms))))))

(define (mul-terms l1 l2)
  (if (empty-termlist? l1)
      (the-empty-termlist)
      (add-terms (mul-term-by-all-terms (first-term l1) l2)
                 (mul-terms (rest-terms l1) l2))))

(define (negate-terms terms)
  (map (lambda (t) (make-term (order t) (- (coeff t)))) terms))

(define (sub-terms l1 l2)
  (add-terms l1 (negate-terms l2)))

;; Long division by a divisor whose leading coefficient is 1.
(define (div-terms l1 l2)
  (if (empty-termlist? l1)
      (list (the-empty-termlist) (the-empty-termlist))
      (let ((t1 (first-term l1))
            (t2 (first-term l2)))
        (if (> (order t2) (order t1))
            (list (the-empty-termlist) l1)
            (let* ((new-term (make-term (- (order t1) (order t2))
                                        (quotient (coeff t1) (coeff t2))))
                   (rest-of-result
                    (div-terms (sub-terms l1 (mul-term-by-all-terms new-term l2)) l2)))
              (list (adjoin-term new-term (car rest-of-result))
                    (cadr rest-of-result)))))))

(define (derivative terms)
  (cond ((empty-termlist? terms) (the-empty-termlist))
        ((= (order (first-term terms)) 0) (derivative (rest-terms terms)))
        (else
         (let ((t (first-term terms)))
           (cons (make-term (- (order t) 1) (* (order t) (coeff t)))
                 (derivative (rest-terms terms)))))))

;; Horner's rule: the sum so far is multiplied by x once for every order
;; stepped down, missing orders included.
(define (evaluate terms x)
  (if (empty-termlist? terms)
      0
      (let loop ((terms (rest-terms terms))
                 (sum (coeff (first-term terms)))
                 (current (order (first-term terms))))
        (if (empty-termlist? terms)
            (* sum (expt x current))
            (let ((t (first-term terms)))
              (loop (rest-terms terms)
                    (+ (* sum (expt x (- current (order t)))) (coeff t))
                    (order t)))))))

(define (power-by-steps terms k)
  (do ((i 0 (+ i 1))
       (result (list (make-term 0 1)) (mul-terms terms result)))
      ((= i k) result)))

(define (power-by-squares terms k)
  (cond ((= k 0) (list (make-term 0 1)))
        ((even? k)
         (let ((half (power-by-squares terms (quotient k 2))))
           (mul-terms half half)))
        (else (mul-terms terms (power-by-squares terms (- k 1))))))

(define (run n)
  (let* ((x+1 (list (make-term 1 1) (make-term 0 1)))
         (p (power-by-steps x+1 n))
         (same (equal? p (power-by-squares x+1 n)))
         (product (mul-terms p (derivative p)))
         (divisor (list (make-term 2 1) (make-term 0 1)))
         (division (div-terms p divisor))
         (q (car division))
         (r (cadr division)))
    (list (length p)
          same
          (= (evaluate p 1) (expt 2 n))
          (evaluate p -1)
          (length product)
          (modulo (evaluate product 1) 1000003)
          (modulo (coeff (list-ref p (quotient n 2))) 1000003)
          (map (lambda (t) (list (order t) (modulo (coeff t) 1000003))) r)
          (equal? (add-terms (mul-terms q divisor) r) p))))
