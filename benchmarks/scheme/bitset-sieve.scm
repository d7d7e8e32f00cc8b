;; bitset-sieve: sets of small numbers kept as one exact integer each, bit
;; i standing for the number i.  R7RS has no bitwise operations, so bits
;; are read and written by arithmetic, as a first course would: bit i of s
;; is (quotient s 2^i) odd or even, a bit is set by adding 2^i and cleared
;; by taking it away, and two sets are combined by walking both a bit at a
;; time with quotient and remainder, the result built back up by powers
;; of two.
;;
;; Each round draws m (100 .. 499) by x -> (1103515245x + 12345) mod 2^31
;; from x = 139, each draw x div 65536; sieves the primes up to m by
;; Eratosthenes in one integer; finds the twin primes as the primes p with
;; p + 2 prime (the set and itself shifted down two places, by quotient by
;; 4); draws a set of m/4 numbers below m; and counts the intersection,
;; the union and the difference of the drawn set and the primes.
;;
;; (run n) => (n, primes found, twin pairs, the intersections' sizes, the
;;             unions' sizes, the differences' sizes, a checksum of the
;;             primes' sets mod 1000003, the first round's m and primes
;;             below 60)

(define seed 139)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (bit-set? s i)
  (odd? (quotient s (expt 2 i))))

(define (set-bit s i)
  (if (bit-set? s i) s (+ s (expt 2 i))))

(define (clear-bit s i)
  (if (bit-set? s i) (- s (expt 2 i)) s))

(define (count-bits s)
  (let loop ((s s) (count 0))
    (if (= s 0)
        count
        (loop (quotient s 2) (if (odd? s) (+ count 1) count)))))

;; combine two sets bit by bit; keep? says from the two bits whether the
;; result has the bit
(define (combine a b keep?)
  (let loop ((a a) (b b) (place 1) (result 0))
    (if (and (= a 0) (= b 0))
        result
        (loop (quotient a 2)
              (quotient b 2)
              (* place 2)
              (if (keep? (odd? a) (odd? b)) (+ result place) result)))))

(define (intersection a b) (combine a b (lambda (x y) (and x y))))
(define (union a b) (combine a b (lambda (x y) (or x y))))
(define (difference a b) (combine a b (lambda (x y) (and x (not y)))))

(define (members s limit)
  (let loop ((i (- limit 1)) (acc '()))
    (cond ((< i 0) acc)
          ((bit-set? s i) (loop (- i 1) (cons i acc)))
          (else (loop (- i 1) acc)))))

(define (sieve m)
  (let ((s (- (expt 2 (+ m 1)) 4)))
    (do ((p 2 (+ p 1)))
        ((> (* p p) m) s)
      (if (bit-set? s p)
          (do ((j (* p p) (+ j p)))
              ((> j m))
            (set! s (clear-bit s j)))))))

(define (random-set m count)
  (let loop ((k 0) (s 0))
    (if (= k count)
        s
        (loop (+ k 1) (set-bit s (modulo (next-random!) m))))))

(define (run n)
  (set! seed 139)
  (let loop ((i 0) (primes 0) (twins 0) (inter 0) (uni 0) (diff 0) (checksum 0) (first '()))
    (if (= i n)
        (list n primes twins inter uni diff checksum first)
        (let* ((m (+ 100 (modulo (next-random!) 400)))
               (p (sieve m))
               (t (intersection p (quotient p 4)))
               (r (random-set m (quotient m 4))))
          (loop (+ i 1)
                (+ primes (count-bits p))
                (+ twins (count-bits t))
                (+ inter (count-bits (intersection r p)))
                (+ uni (count-bits (union r p)))
                (+ diff (count-bits (difference r p)))
                (modulo (+ (* checksum 31) (modulo p 1000003)) 1000003)
                (if (= i 0) (list m (members p 60)) first))))))
