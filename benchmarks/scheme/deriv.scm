;; deriv: symbolic differentiation as SICP 2.3.2 writes it: expressions are
;; lists of symbols and numbers, taken apart with cadr and caddr, tested
;; with symbol?, number?, pair? and eq?, built again with list.
;;
;; (run n) => the total size (atoms counted) of n derivatives.

(define (variable? x) (symbol? x))

(define (same-variable? v1 v2)
  (and (variable? v1) (variable? v2) (eq? v1 v2)))

(define (=number? exp num)
  (and (number? exp) (= exp num)))

(define (make-sum a1 a2)
  (cond ((=number? a1 0) a2)
        ((=number? a2 0) a1)
        ((and (number? a1) (number? a2)) (+ a1 a2))
        (else (list '+ a1 a2))))

(define (make-product m1 m2)
  (cond ((or (=number? m1 0) (=number? m2 0)) 0)
        ((=number? m1 1) m2)
        ((=number? m2 1) m1)
        ((and (number? m1) (number? m2)) (* m1 m2))
        (else (list '* m1 m2))))

(define (sum? x) (and (pair? x) (eq? (car x) '+)))
(define (addend s) (cadr s))
(define (augend s) (caddr s))

(define (product? x) (and (pair? x) (eq? (car x) '*)))
(define (multiplier p) (cadr p))
(define (multiplicand p) (caddr p))

(define (deriv exp var)
  (cond ((number? exp) 0)
        ((variable? exp) (if (same-variable? exp var) 1 0))
        ((sum? exp)
         (make-sum (deriv (addend exp) var)
                   (deriv (augend exp) var)))
        ((product? exp)
         (make-sum (make-product (multiplier exp)
                                 (deriv (multiplicand exp) var))
                   (make-product (deriv (multiplier exp) var)
                                 (multiplicand exp))))
        (else (error "unknown expression type" exp))))

(define (size exp)
  (if (pair? exp)
      (+ (size (car exp)) (size (cdr exp)))
      (if (null? exp) 0 1)))

(define expressions
  '((+ (* x (* x x)) (* 3 (* x y)))
    (* (+ x 3) (+ (* x y) (* 2 x)))
    (+ (* (* x x) (+ y 1)) (* x (* y (+ x 5))))
    (* (* x y) (+ (* x x) (* y (+ x 7))))))

(define (run n)
  (let loop ((i 0) (total 0))
    (if (= i n)
        total
        (let ((exp (list-ref expressions (modulo i 4)))
              (var (if (even? i) 'x 'y)))
          (loop (+ i 1) (+ total (size (deriv exp var))))))))
