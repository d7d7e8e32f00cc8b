;; egyptian: fractions written as sums of unit fractions, three ways, in
;; exact rationals, the way a number theory course sets them.
;;
;; For each of n fractions p/q (q from 2 to 301, p from 1 below q,
;; reduced by Scheme's own exact division):
;;
;;   greedy (Fibonacci and Sylvester): take the largest unit fraction
;;   not above what is left, 1/d with d the ceiling of q/p (floor/ and
;;   its remainder, under let-values), until nothing is left; the
;;   denominators grow fast, to hundreds of digits;
;;   Engel: x = 1/a1 + 1/(a1 a2) + 1/(a1 a2 a3) + ..., each a the
;;   ceiling of 1/x, then x becomes a x - 1;
;;   Pierce: x = 1/a1 - 1/(a1 a2) + 1/(a1 a2 a3) - ..., each a the floor
;;   of 1/x, then x becomes 1 - a x.
;;
;; Each expansion is summed back (the greedy one by apply + over its unit
;; fractions, the others by a fold of our own over running products) and
;; must give p/q again.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 89, each
;; draw x div 65536.
;;
;; (run n) => (n, the terms of each expansion added up, whether all sum
;;             back, the longest greedy expansion's fraction and length,
;;             the most digits in a greedy denominator, how often greedy
;;             is shorter than Engel, the greedy denominators
;;             checksummed, the first fraction's three expansions)

(define seed 89)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

;; The ceiling of a/b, for positive integers.
(define (ceiling-quotient a b)
  (let-values (((q r) (floor/ a b)))
    (if (= r 0) q (+ q 1))))

(define (greedy x)
  (let loop ((x x) (dens '()))
    (if (= x 0)
        (reverse dens)
        (let ((d (ceiling-quotient (denominator x) (numerator x))))
          (loop (- x (/ 1 d)) (cons d dens))))))

(define (engel x)
  (let loop ((x x) (terms '()))
    (if (= x 0)
        (reverse terms)
        (let ((a (ceiling-quotient (denominator x) (numerator x))))
          (loop (- (* a x) 1) (cons a terms))))))

(define (pierce x)
  (let loop ((x x) (terms '()))
    (if (= x 0)
        (reverse terms)
        (let ((a (quotient (denominator x) (numerator x))))
          (loop (- 1 (* a x)) (cons a terms))))))

(define (fold f init items)
  (if (null? items)
      init
      (fold f (f init (car items)) (cdr items))))

(define (greedy-sum dens)
  (apply + (map (lambda (d) (/ 1 d)) dens)))

;; sum 1/(a1 ... ak), the signs alternating when alternate is true.
(define (product-sum terms alternate)
  (car (fold (lambda (acc a)
               (let* ((product (* (cadr acc) a))
                      (sign (caddr acc)))
                 (list (+ (car acc) (* sign (/ 1 product)))
                       product
                       (if alternate (- sign) sign))))
             (list 0 1 1)
             terms)))

(define (digits k) (string-length (number->string k)))

(define (run n)
  (set! seed 89)
  (let loop ((i 0) (greedy-terms 0) (engel-terms 0) (pierce-terms 0) (all-back #t)
             (longest #f) (most-digits 0) (shorter 0) (checksum 0) (first #f))
    (if (= i n)
        (list n greedy-terms engel-terms pierce-terms all-back longest most-digits shorter checksum first)
        (let* ((q (+ 2 (random-below 300)))
               (p (+ 1 (random-below (- q 1))))
               (x (/ p q))
               (g (greedy x))
               (e (engel x))
               (r (pierce x)))
          (loop (+ i 1)
                (+ greedy-terms (length g))
                (+ engel-terms (length e))
                (+ pierce-terms (length r))
                (and all-back
                     (= (greedy-sum g) x)
                     (= (product-sum e #f) x)
                     (= (product-sum r #t) x))
                (if (or (not longest) (> (length g) (cadr longest)))
                    (list (number->string x) (length g))
                    longest)
                (fold (lambda (most d) (max most (digits d))) most-digits g)
                (if (< (length g) (length e)) (+ shorter 1) shorter)
                (fold (lambda (sum d) (modulo (+ (* sum 31) d) 1000003)) checksum g)
                (or first (list (number->string x) g e r)))))))
