;; interpolate: polynomial interpolation in exact rationals, three ways,
;; as a numerical analysis course writes them before it turns to floats.
;;
;; Points are two lists, xs and ys, handed back together by values and
;; taken by let-values.  Newton's divided differences are worked column
;; by column over the lists (list-tail for the far ends), and the Newton
;; form is evaluated by nesting from its first coefficient.  Lagrange's
;; form is a sum of products by two named lets; Neville's scheme rewrites
;; a vector in place in nested do loops.  The Newton form is also
;; multiplied out into coefficients, lowest first, by multiplying a list
;; by (x - a) and adding a constant, and evaluated by Horner's rule.  At
;; the 13 halves -3, -5/2, .., 3 the four values must agree.  Every other
;; problem hides a polynomial with integer coefficients, whose values at
;; the points are given: multiplied out, the interpolant must be it.
;;
;; n problems are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 239, each draw x div 65536: for a hidden polynomial its degree
;; (2 .. 6) and coefficients (-9 .. 9, a leading 0 made 1), then the
;; x's (-10 .. 10, drawn again when repeated); otherwise the number of
;; points (3 .. 7), the x's and the y's (-20 .. 20).
;;
;; (run n) => (n, halves where the four agreed, hidden polynomials found,
;;             the values at 1/2 of the others summed, a checksum of the
;;             Newton coefficients, the first problem's Newton
;;             coefficients and multiplied-out coefficients, written)

(define seed 239)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (draw-between lo hi)
  (+ lo (modulo (next-random!) (+ (- hi lo) 1))))

(define (distinct-xs k)
  (let loop ((xs '()))
    (if (= (length xs) k)
        (reverse xs)
        (let ((x (draw-between -10 10)))
          (if (memv x xs)
              (loop xs)
              (loop (cons x xs)))))))

(define (horner poly x)
  ;; poly's coefficients lowest first
  (let loop ((p (reverse poly)) (acc 0))
    (if (null? p)
        acc
        (loop (cdr p) (+ (* acc x) (car p))))))

(define (hidden-problem)
  ;; the hidden polynomial, its xs and its ys
  (let* ((degree (draw-between 2 6))
         (coeffs (let loop ((i 0) (acc '()))
                   (if (> i degree)
                       (reverse (if (= (car acc) 0) (cons 1 (cdr acc)) acc))
                       (loop (+ i 1) (cons (draw-between -9 9) acc)))))
         (xs (distinct-xs (+ degree 1))))
    (values coeffs xs (map (lambda (x) (horner coeffs x)) xs))))

(define (data-problem)
  (let* ((k (draw-between 3 7))
         (xs (distinct-xs k))
         (ys (let loop ((i 0) (acc '()))
               (if (= i k) (reverse acc) (loop (+ i 1) (cons (draw-between -20 20) acc))))))
    (values #f xs ys)))

(define (next-column xs column gap)
  (let loop ((col column) (lo xs) (hi (list-tail xs gap)) (acc '()))
    (if (null? (cdr col))
        (reverse acc)
        (loop (cdr col) (cdr lo) (cdr hi)
              (cons (/ (- (cadr col) (car col)) (- (car hi) (car lo))) acc)))))

(define (divided-differences xs ys)
  ;; the Newton coefficients f[x0], f[x0 x1], f[x0 x1 x2], ...
  (let loop ((column ys) (gap 1) (coeffs '()))
    (if (null? (cdr column))
        (reverse (cons (car column) coeffs))
        (loop (next-column xs column gap) (+ gap 1) (cons (car column) coeffs)))))

(define (newton-value coeffs xs x)
  (if (null? (cdr coeffs))
      (car coeffs)
      (+ (car coeffs) (* (- x (car xs)) (newton-value (cdr coeffs) (cdr xs) x)))))

(define (lagrange-value xs ys x)
  (let outer ((xi xs) (yi ys) (sum 0))
    (if (null? xi)
        sum
        (outer (cdr xi) (cdr yi)
               (+ sum
                  (* (car yi)
                     (let inner ((xj xs) (product 1))
                       (cond ((null? xj) product)
                             ((= (car xj) (car xi)) (inner (cdr xj) product))
                             (else (inner (cdr xj)
                                          (* product (/ (- x (car xj)) (- (car xi) (car xj))))))))))))))

(define (neville-value xs ys x)
  (let* ((xv (list->vector xs))
         (p (list->vector ys))
         (k (vector-length p)))
    (do ((j 1 (+ j 1)))
        ((= j k) (vector-ref p 0))
      (do ((i 0 (+ i 1)))
          ((= i (- k j)))
        (vector-set! p i
                     (/ (+ (* (- x (vector-ref xv (+ i j))) (vector-ref p i))
                           (* (- (vector-ref xv i) x) (vector-ref p (+ i 1))))
                        (- (vector-ref xv i) (vector-ref xv (+ i j)))))))))

(define (times-linear poly a)
  ;; poly times (x - a)
  (let loop ((p poly) (prev 0) (acc '()))
    (if (null? p)
        (reverse (cons prev acc))
        (loop (cdr p) (car p) (cons (- prev (* a (car p))) acc)))))

(define (multiply-out coeffs xs)
  (if (null? (cdr coeffs))
      (list (car coeffs))
      (let ((rest (times-linear (multiply-out (cdr coeffs) (cdr xs)) (car xs))))
        (cons (+ (car rest) (car coeffs)) (cdr rest)))))

(define (agreeing-halves xs ys coeffs poly)
  (let loop ((q -6) (agree 0))
    (if (> q 6)
        agree
        (let* ((x (/ q 2))
               (v (newton-value coeffs xs x)))
          (loop (+ q 1)
                (if (and (= v (lagrange-value xs ys x))
                         (= v (neville-value xs ys x))
                         (= v (horner poly x)))
                    (+ agree 1)
                    agree))))))

(define (run n)
  (set! seed 239)
  (let loop ((k 0) (agree 0) (found 0) (halves 0) (sum 0) (first '()))
    (if (= k n)
        (list n agree found (number->string halves) sum first)
        (let-values (((hidden xs ys) (if (even? k) (hidden-problem) (data-problem))))
          (let* ((coeffs (divided-differences xs ys))
                 (poly (multiply-out coeffs xs)))
            (loop (+ k 1)
                  (+ agree (agreeing-halves xs ys coeffs poly))
                  (if (and hidden (equal? hidden poly)) (+ found 1) found)
                  (if hidden halves (+ halves (horner poly 1/2)))
                  (let add ((cs coeffs) (sum sum))
                    (if (null? cs)
                        sum
                        (add (cdr cs)
                             (modulo (+ (* sum 31) (numerator (car cs)) (* 7 (denominator (car cs))))
                                     1000003))))
                  (if (= k 0)
                      (list (map number->string coeffs) (map number->string poly))
                      first)))))))
