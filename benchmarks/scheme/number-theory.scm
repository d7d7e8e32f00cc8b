;; number-theory: elementary number theory the SICP 1.2.5-1.2.6 way.  gcd
;; by Euclid written by hand, lcm from it, expt-mod by repeated squaring
;; (even?, quotient, remainder), primality by trial division up to the
;; square root, and a Fermat test with the fixed bases 2, 3, 5 and 7.
;;
;; (run n) => (primes below n by trial division, numbers below n passing
;;             the Fermat test, the list of those that pass it but are not
;;             prime, how many k in 1..n are coprime to n,
;;             the sum of (lcm k (+ k 4)) for k in 1..n mod 1000003,
;;             the sum of k^k mod 1009 for k in 1..n)

(define (my-gcd a b)
  (if (= b 0)
      a
      (my-gcd b (remainder a b))))

(define (my-lcm a b)
  (quotient (* a b) (my-gcd a b)))

(define (square x) (* x x))

(define (expt-mod base e m)
  (cond ((= e 0) 1)
        ((even? e)
         (remainder (square (expt-mod base (quotient e 2) m)) m))
        (else
         (remainder (* base (expt-mod base (- e 1) m)) m))))

(define (divides? a b)
  (= (remainder b a) 0))

(define (find-divisor n test)
  (cond ((> (square test) n) n)
        ((divides? test n) test)
        (else (find-divisor n (+ test 1)))))

(define (smallest-divisor n)
  (find-divisor n 2))

(define (prime? n)
  (and (> n 1) (= n (smallest-divisor n))))

(define fermat-bases '(2 3 5 7))

;; n passes if a^n = a (mod n) for every base a below n.
(define (fermat-prime? n)
  (define (try bases)
    (cond ((null? bases) #t)
          ((>= (car bases) n) #t)
          ((= (expt-mod (car bases) n n) (car bases)) (try (cdr bases)))
          (else #f)))
  (and (> n 1) (try fermat-bases)))

(define (count-below n test?)
  (let loop ((k 2) (count 0))
    (cond ((>= k n) count)
          ((test? k) (loop (+ k 1) (+ count 1)))
          (else (loop (+ k 1) count)))))

(define (fooled-below n)
  (let loop ((k (- n 1)) (found '()))
    (cond ((< k 2) found)
          ((and (fermat-prime? k) (not (prime? k))) (loop (- k 1) (cons k found)))
          (else (loop (- k 1) found)))))

(define (coprime-count n)
  (do ((k 1 (+ k 1))
       (count 0 (if (= (my-gcd k n) 1) (+ count 1) count)))
      ((> k n) count)))

(define (lcm-sum n)
  (do ((k 1 (+ k 1))
       (sum 0 (remainder (+ sum (my-lcm k (+ k 4))) 1000003)))
      ((> k n) sum)))

(define (power-sum n)
  (do ((k 1 (+ k 1))
       (sum 0 (+ sum (expt-mod k k 1009))))
      ((> k n) sum)))

(define (run n)
  (list (count-below n prime?)
        (count-below n fermat-prime?)
        (fooled-below n)
        (coprime-count n)
        (lcm-sum n)
        (power-sum n)))
