;; pollard-rho: integers factored by trial division, Miller and Rabin's
;; test and Pollard's rho, then their divisor functions, as a number
;; theory or cryptography course writes them.
;;
;; Powers modulo m are taken by repeated squaring written by hand (expt-mod
;; of the recursion on the exponent's halves).  Miller-Rabin writes n - 1
;; as d 2^s and tries the bases 2 .. 17, enough below 3.4 * 10^14.  Small
;; primes are divided out first; what remains is split by Pollard's rho,
;; x -> x^2 + c mod n with Floyd's tortoise and hare and gcd, c raised by
;; one when the walk closes on n itself; the split returns the factor and
;; the steps it took as two values, received by let-values.  The prime
;; factors are sorted by insertion and gathered into an association list
;; of (prime . exponent) by assv, from which come the number of divisors,
;; their sum and Euler's phi, and n itself again.
;;
;; n numbers are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 193, each draw x div 65536: the even-numbered ones are three draws
;; read as a number in base 32768, plus 2; the odd-numbered ones the
;; product of the next primes after 1000 + a draw and after 1000 + 16
;; times a draw.
;;
;; (run n) => (n, prime factors counted with repeats, distinct primes,
;;             numbers that were prime, rho steps summed, divisor counts
;;             summed, divisor sums summed and phi summed (both mod
;;             10^9 + 7), numbers rebuilt from their factors, the first
;;             number and its (prime exponent) lists)

(define seed 193)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define small-primes '(2 3 5 7 11 13 17 19 23 29 31 37 41 43 47))

(define (expt-mod base e m)
  (cond ((= e 0) 1)
        ((even? e)
         (let ((half (expt-mod base (quotient e 2) m)))
           (modulo (* half half) m)))
        (else (modulo (* base (expt-mod base (- e 1) m)) m))))

(define (witness? a n d s)
  ;; #t when a shows n composite
  (let ((x (expt-mod a d n)))
    (if (or (= x 1) (= x (- n 1)))
        #f
        (let loop ((x x) (r 1))
          (cond ((= r s) #t)
                (else
                 (let ((y (modulo (* x x) n)))
                   (if (= y (- n 1))
                       #f
                       (loop y (+ r 1))))))))))

(define (prime? n)
  (cond ((< n 2) #f)
        ((memv n small-primes) #t)
        ((let loop ((ps small-primes))
           (cond ((null? ps) #f)
                 ((= (remainder n (car ps)) 0) #t)
                 (else (loop (cdr ps)))))
         #f)
        (else
         (let split ((d (- n 1)) (s 0))
           (if (even? d)
               (split (quotient d 2) (+ s 1))
               (let try ((bases '(2 3 5 7 11 13 17)))
                 (cond ((null? bases) #t)
                       ((witness? (car bases) n d s) #f)
                       (else (try (cdr bases))))))))))

(define (next-prime n)
  (if (prime? n) n (next-prime (+ n 1))))

(define (rho n)
  (let walk ((c 1) (x 2) (y 2) (steps 0))
    (let* ((x (modulo (+ (* x x) c) n))
           (y1 (modulo (+ (* y y) c) n))
           (y (modulo (+ (* y1 y1) c) n))
           (d (gcd (abs (- x y)) n)))
      (cond ((= d 1) (walk c x y (+ steps 1)))
            ((= d n) (walk (+ c 1) 2 2 (+ steps 1)))
            (else (values d (+ steps 1)))))))

;; the prime factors, unsorted; the rho steps added into a box
(define (factor n steps)
  (cond ((= n 1) '())
        ((prime? n) (list n))
        (else
         (let ((p (let loop ((ps small-primes))
                    (cond ((null? ps) #f)
                          ((= (remainder n (car ps)) 0) (car ps))
                          (else (loop (cdr ps)))))))
           (if p
               (cons p (factor (quotient n p) steps))
               (let-values (((d taken) (rho n)))
                 (set-car! steps (+ (car steps) taken))
                 (append (factor d steps) (factor (quotient n d) steps))))))))

(define (insert x sorted)
  (if (or (null? sorted) (<= x (car sorted)))
      (cons x sorted)
      (cons (car sorted) (insert x (cdr sorted)))))

(define (gather factors)
  (let loop ((fs factors) (groups '()))
    (if (null? fs)
        (reverse groups)
        (let ((entry (assv (car fs) groups)))
          (if entry
              (begin (set-cdr! entry (+ (cdr entry) 1))
                     (loop (cdr fs) groups))
              (loop (cdr fs) (cons (cons (car fs) 1) groups)))))))

(define (divisor-count groups)
  (apply * (map (lambda (g) (+ (cdr g) 1)) groups)))

(define (divisor-sum groups)
  (apply * (map (lambda (g)
                  (quotient (- (expt (car g) (+ (cdr g) 1)) 1) (- (car g) 1)))
                groups)))

(define (phi groups)
  (apply * (map (lambda (g)
                  (* (expt (car g) (- (cdr g) 1)) (- (car g) 1)))
                groups)))

(define (rebuild groups)
  (apply * (map (lambda (g) (expt (car g) (cdr g))) groups)))

(define (random-number k)
  (if (even? k)
      (let* ((a (next-random!)) (b (next-random!)) (c (next-random!)))
        (+ (* (+ (* a 32768) b) 32768) c 2))
      (let* ((p (next-prime (+ 1000 (next-random!))))
             (q (next-prime (+ 1000 (* 16 (next-random!))))))
        (* p q))))

(define big 1000000007)

(define (run n)
  (set! seed 193)
  (let loop ((k 0) (count 0) (distinct 0) (primes 0) (divisors 0) (sigmas 0) (phis 0)
                   (rebuilt 0) (first '()) (steps (list 0)))
    (if (= k n)
        (list n count distinct primes (car steps) divisors sigmas phis rebuilt first)
        (let* ((m (random-number k))
               (groups (gather (let sort ((fs (factor m steps)) (out '()))
                                 (if (null? fs) out (sort (cdr fs) (insert (car fs) out))))))
               (total (apply + (map cdr groups))))
          (loop (+ k 1)
                (+ count total)
                (+ distinct (length groups))
                (if (= total 1) (+ primes 1) primes)
                (+ divisors (divisor-count groups))
                (modulo (+ sigmas (divisor-sum groups)) big)
                (modulo (+ phis (phi groups)) big)
                (if (= (rebuild groups) m) (+ rebuilt 1) rebuilt)
                (if (= k 0)
                    (list m (map (lambda (g) (list (car g) (cdr g))) groups))
                    first)
                steps)))))
