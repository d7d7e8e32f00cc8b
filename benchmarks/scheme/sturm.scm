;; sturm: the real roots of polynomials with integer coefficients,
;; counted by Sturm sequences and isolated by bisection, in exact
;; rationals, the way a course in computer algebra writes it.
;;
;; A polynomial is a list of its coefficients, the highest degree first:
;; (2 -3 1) is 2x^2 - 3x + 1, the zero polynomial the empty list.  Sums
;; pad the shorter list with zeros and add by map; products scale and
;; shift; long division gives quotient and remainder as two values,
;; taken by let-values; the greatest common divisor by Euclid's
;; algorithm, made monic; values by Horner's rule.
;;
;; n polynomials are made as products of linear factors (bx - a), some
;; squared, sometimes times x^2 + c (no real roots), times a leading
;; coefficient, their roots a/b known.  For each: its square-free part p
;; / gcd(p, p'); the Sturm sequence of that part (p, p', then the
;; negated remainders); the distinct real roots counted as the sign
;; changes at -B less those at B, B Cauchy's bound; each root isolated
;; by bisecting (-B, B] until an interval holds one, then narrowed by 16
;; more bisections, each half's roots counted by the sequence again.
;; Every known root must lie in one interval; each root is reported as
;; its interval's midpoint times 1000, rounded (half to even).
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 19, each
;; draw x div 65536.
;;
;; (run n) => (total degree, distinct roots, repeated factors, whether
;;             every known root was found alone in its interval, sign
;;             counts taken, the first polynomial's roots, the
;;             approximations' checksum, the longest Sturm sequence)

(define seed 19)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (trim p)
  (if (and (pair? p) (= 0 (car p))) (trim (cdr p)) p))

(define (degree p) (- (length p) 1))

(define (zeros k) (if (= k 0) '() (cons 0 (zeros (- k 1)))))

(define (poly-add p q)
  (let ((lp (length p)) (lq (length q)))
    (trim (if (< lp lq)
              (map + (append (zeros (- lq lp)) p) q)
              (map + p (append (zeros (- lp lq)) q))))))

(define (poly-scale k p)
  (if (= k 0) '() (map (lambda (c) (* k c)) p)))

(define (poly-sub p q) (poly-add p (poly-scale -1 q)))

(define (poly-mul p q)
  (if (null? p)
      '()
      (poly-add (append (poly-scale (car p) q) (zeros (degree p)))
                (poly-mul (cdr p) q))))

(define (derivative p)
  (let loop ((p p) (k (degree p)) (result '()))
    (if (<= k 0)
        (trim (reverse result))
        (loop (cdr p) (- k 1) (cons (* k (car p)) result)))))

;; Quotient and remainder of p by q (q not zero).
(define (poly-divide p q)
  (let loop ((quotient '()) (remainder p))
    (if (< (degree remainder) (degree q))
        (values quotient remainder)
        (let* ((factor (/ (car remainder) (car q)))
               (term (cons factor (zeros (- (degree remainder) (degree q))))))
          (loop (poly-add quotient term)
                (poly-sub remainder (poly-mul term q)))))))

(define (monic p) (poly-scale (/ 1 (car p)) p))

(define (poly-gcd p q)
  (if (null? q)
      (monic p)
      (let-values (((quotient remainder) (poly-divide p q)))
        (poly-gcd q remainder))))

(define (value-at p x)
  (let loop ((p p) (sum 0))
    (if (null? p) sum (loop (cdr p) (+ (* sum x) (car p))))))

(define (sturm-sequence p)
  (let loop ((sequence (list (derivative p) p)))
    (let-values (((quotient remainder) (poly-divide (cadr sequence) (car sequence))))
      (if (null? remainder)
          (reverse sequence)
          (loop (cons (poly-scale -1 remainder) sequence))))))

(define sign-counts 0)

(define (sign-changes sequence x)
  (set! sign-counts (+ sign-counts 1))
  (let loop ((sequence sequence) (last 0) (changes 0))
    (if (null? sequence)
        changes
        (let ((v (value-at (car sequence) x)))
          (cond ((= v 0) (loop (cdr sequence) last changes))
                ((< (* v last) 0) (loop (cdr sequence) v (+ changes 1)))
                (else (loop (cdr sequence) v changes)))))))

(define (roots-in sequence low high)
  ;; roots in (low, high]
  (- (sign-changes sequence low) (sign-changes sequence high)))

(define (cauchy-bound p)
  (+ 1 (apply max (map (lambda (c) (abs (/ c (car p)))) (cdr p)))))

;; Intervals (low . high) holding one root each, from the left.
(define (isolate sequence low high)
  (let ((count (roots-in sequence low high)))
    (cond ((= count 0) '())
          ((= count 1) (list (cons low high)))
          (else (let ((middle (/ (+ low high) 2)))
                  (append (isolate sequence low middle) (isolate sequence middle high)))))))

(define (narrow sequence interval times)
  (if (= times 0)
      interval
      (let ((middle (/ (+ (car interval) (cdr interval)) 2)))
        (if (= 1 (roots-in sequence (car interval) middle))
            (narrow sequence (cons (car interval) middle) (- times 1))
            (narrow sequence (cons middle (cdr interval)) (- times 1))))))

;; A polynomial and its known roots, as two values.
(define (random-polynomial)
  (let loop ((factors (+ 2 (modulo (next-random!) 4))) (p '(1)) (roots '()) (repeated 0))
    (if (> factors 0)
        (let* ((a (- (modulo (next-random!) 41) 20))
               (b (+ 1 (modulo (next-random!) 4)))
               (twice (= 0 (modulo (next-random!) 5)))
               (factor (list b (- a))))
          (loop (- factors 1)
                (if twice (poly-mul factor (poly-mul factor p)) (poly-mul factor p))
                (if (member (/ a b) roots) roots (cons (/ a b) roots))
                (if twice (+ repeated 1) repeated)))
        (let* ((with-square (if (= 0 (modulo (next-random!) 3))
                                (poly-mul (list 1 0 (+ 1 (modulo (next-random!) 9))) p)
                                p))
               (lead (+ 1 (modulo (next-random!) 3))))
          (values (poly-scale lead with-square) roots repeated)))))

(define (inside? root interval)
  (and (< (car interval) root) (<= root (cdr interval))))

(define (run n)
  (set! seed 19)
  (set! sign-counts 0)
  (let loop ((k 0) (total-degree 0) (distinct 0) (repeated 0) (all-found #t)
             (first-roots #f) (checksum 0) (longest 0))
    (if (= k n)
        (list total-degree distinct repeated all-found sign-counts first-roots checksum longest)
        (let-values (((p known twice) (random-polynomial)))
          (let* ((square-free (let-values (((quotient remainder) (poly-divide p (poly-gcd p (derivative p)))))
                                quotient))
                 (sequence (sturm-sequence square-free))
                 (bound (cauchy-bound square-free))
                 (intervals (map (lambda (interval) (narrow sequence interval 16))
                                 (isolate sequence (- bound) bound)))
                 (found (and (= (length intervals) (length known))
                             (let every ((known known))
                               (or (null? known)
                                   (and (= 1 (length (filter (lambda (i) (inside? (car known) i)) intervals)))
                                        (every (cdr known)))))))
                 (approximations (map (lambda (i) (round (* 1000 (/ (+ (car i) (cdr i)) 2)))) intervals)))
            (loop (+ k 1)
                  (+ total-degree (degree p))
                  (+ distinct (length intervals))
                  (+ repeated twice)
                  (and all-found found)
                  (or first-roots approximations)
                  (let fold ((xs approximations) (sum checksum))
                    (if (null? xs) sum (fold (cdr xs) (modulo (+ (* sum 31) (+ (car xs) 100000)) 1000003))))
                  (max longest (length sequence))))))))
