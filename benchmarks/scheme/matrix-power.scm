;; matrix-power: terms of linear recurrences by powers of their companion
;; matrices, in exact integers that grow into bignums, checked against the
;; recurrences stepped one term at a time.
;;
;; A matrix is a vector of row vectors.  The product is three do loops,
;; the innermost a do of two variables (the index and the running sum)
;; with no body; a product of any number of matrices is a procedure of a
;; rest argument folding them by apply.  The power is by repeated
;; squaring in a named let over the result, the square and the exponent,
;; a case-lambda: without a modulus, or with one that every product is
;; reduced by.  A recurrence a(t) = c1 a(t-1) + ... + ck a(t-k) is given
;; by its coefficients and first k terms; its companion matrix has the
;; coefficients on the top row and ones below the diagonal, and its
;; (t - k + 1)th power times the first terms, newest first, has a(t) on
;; top.  Stepping is a do loop over a list of the last k terms.
;;
;; Four recurrences: Fibonacci (1 1; 0 1), tribonacci (1 1 1; 0 0 1),
;; Pell (2 1; 0 1) and Perrin (0 1 1; 3 0 2).  For every t from 1 to n
;; each term is found both ways and compared; Fibonacci's also modulo
;; 1000003 by the case-lambda's second case, and the product of three
;; powers against the power of the sum of their exponents.  At t = n:
;; each term's decimal digits (number->string), their sum by
;; string-for-each and char->integer, and the ratio of a(n) to a(n-1)
;; made inexact by exact->inexact, times a million, rounded: the growth
;; rate to six places (the golden ratio, the tribonacci constant, the
;; silver ratio, the plastic number).
;;
;; (run n) => (the terms that disagreed, the modular ones that disagreed,
;;             the products that disagreed, each recurrence's (digits,
;;             digit sum, rounded growth rate) at n, a(n) of Perrin)

(define (make-matrix rows columns fill)
  (let ((m (make-vector rows)))
    (do ((i 0 (+ i 1)))
        ((= i rows) m)
      (vector-set! m i (make-vector columns fill)))))

(define (matrix-ref m i j)
  (vector-ref (vector-ref m i) j))

(define (identity-matrix k)
  (let ((m (make-matrix k k 0)))
    (do ((i 0 (+ i 1)))
        ((= i k) m)
      (vector-set! (vector-ref m i) i 1))))

(define (matrix-multiply a b)
  (let* ((rows (vector-length a))
         (inner (vector-length b))
         (columns (vector-length (vector-ref b 0)))
         (c (make-matrix rows columns 0)))
    (do ((i 0 (+ i 1)))
        ((= i rows) c)
      (do ((j 0 (+ j 1)))
          ((= j columns))
        (do ((k 0 (+ k 1))
             (sum 0 (+ sum (* (matrix-ref a i k) (matrix-ref b k j)))))
            ((= k inner) (vector-set! (vector-ref c i) j sum)))))))

(define (matrix-modulo m modulus)
  (vector-map (lambda (row) (vector-map (lambda (x) (modulo x modulus)) row)) m))

(define (matrix-product first . rest)
  (if (null? rest)
      first
      (apply matrix-product (matrix-multiply first (car rest)) (cdr rest))))

(define matrix-power
  (case-lambda
    ((m e) (matrix-power m e #f))
    ((m e modulus)
     (let loop ((result (identity-matrix (vector-length m))) (square m) (e e))
       (cond ((= e 0) result)
             ((odd? e)
              (let ((product (matrix-multiply result square)))
                (loop (if modulus (matrix-modulo product modulus) product)
                      square
                      (- e 1))))
             (else
              (let ((squared (matrix-multiply square square)))
                (loop result
                      (if modulus (matrix-modulo squared modulus) squared)
                      (quotient e 2)))))))))

(define (companion coefficients)
  (let* ((k (length coefficients))
         (m (make-matrix k k 0)))
    (do ((j 0 (+ j 1))
         (cs coefficients (cdr cs)))
        ((= j k))
      (vector-set! (vector-ref m 0) j (car cs)))
    (do ((i 1 (+ i 1)))
        ((= i k) m)
      (vector-set! (vector-ref m i) (- i 1) 1))))

;; The first terms as a column, the newest on top.
(define (start-column firsts)
  (list->vector (map vector (reverse firsts))))

(define (term-by-power coefficients firsts t . modulus)
  (let ((k (length coefficients)))
    (if (< t k)
        (list-ref firsts t)
        (let ((power (apply matrix-power (companion coefficients) (+ (- t k) 1) modulus)))
          (matrix-ref (matrix-multiply power (start-column firsts)) 0 0)))))

;; a(t) and a(t-1) by stepping, as two values (t >= 1).
(define (terms-by-steps coefficients firsts t)
  (let ((k (length coefficients)))
    (do ((s (- k 1) (+ s 1))
         (window (reverse firsts)
                 (cons (apply + (map * coefficients window))
                       (reverse (cdr (reverse window))))))
        ((>= s t)
         (values (list-ref window (- s t)) (list-ref window (+ (- s t) 1)))))))

(define (digit-sum n)
  (let ((sum 0))
    (string-for-each (lambda (c) (set! sum (+ sum (- (char->integer c) (char->integer #\0)))))
                     (number->string n))
    sum))

(define recurrences
  '(((1 1) (0 1))
    ((1 1 1) (0 0 1))
    ((2 1) (0 1))
    ((0 1 1) (3 0 2))))

(define (run n)
  (let ((wrong 0) (wrong-modular 0) (wrong-products 0))
    (do ((t 1 (+ t 1)))
        ((> t n))
      (for-each
       (lambda (recurrence)
         (let ((coefficients (car recurrence)) (firsts (cadr recurrence)))
           (let-values (((term previous) (terms-by-steps coefficients firsts t)))
             (unless (= term (term-by-power coefficients firsts t))
               (set! wrong (+ wrong 1))))))
       recurrences)
      (let ((fibonacci (term-by-power '(1 1) '(0 1) t)))
        (unless (= (modulo fibonacci 1000003) (term-by-power '(1 1) '(0 1) t 1000003))
          (set! wrong-modular (+ wrong-modular 1))))
      (let ((q (companion '(1 1 1))) (a (quotient t 3)) (b (quotient t 2)))
        (unless (equal? (matrix-product (matrix-power q a) (matrix-power q b) (matrix-power q t))
                        (matrix-power q (+ a b t)))
          (set! wrong-products (+ wrong-products 1)))))
    (list wrong
          wrong-modular
          wrong-products
          (map (lambda (recurrence)
                 (let-values (((term previous) (terms-by-steps (car recurrence) (cadr recurrence) n)))
                   (list (string-length (number->string term))
                         (digit-sum term)
                         (inexact->exact (round (* 1000000 (exact->inexact (/ term previous))))))))
               recurrences)
          (term-by-power '(0 1 1) '(3 0 2) n))))
