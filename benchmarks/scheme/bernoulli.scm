;; bernoulli: the Bernoulli numbers in exact rationals, by the
;; Akiyama-Tanigawa algorithm over a vector: for each m, a[m] = 1/(m+1),
;; then for j from m down to 1, a[j-1] = j (a[j-1] - a[j]), and B(m) is
;; a[0] (so B(1) = +1/2).  Two nested do loops, / and * and - on
;; fractions whose numerators and denominators soon pass a machine word.
;; Then two checks: von Staudt and Clausen's theorem, the denominator of
;; B(k) for even k the product of the primes p with p - 1 dividing k
;; (primes by trial division, denominator by the R7RS procedure), and
;; Faulhaber's formula, 1^p + ... + m^p = (sum over j of C(p+1, j) B(j)
;; m^(p+1-j)) / (p + 1), against the sum made by expt, the binomials the
;; rows of Pascal's triangle as lists made by map over two lists.
;;
;; (run n) => (the digits of the numerator of B(n), the denominator of
;;             B(n), B(12) written by number->string, how many even k
;;             from 2 to n keep von Staudt and Clausen's theorem, how
;;             many odd k from 3 to n have B(k) = 0, how many p from 0
;;             to n keep Faulhaber's formula at m = n, those sums for
;;             every p added mod 1000003, B(0) + ... + B(12) written by
;;             number->string)

(define (bernoulli-numbers n)
  ;; => a vector of B(0) .. B(n)
  (let ((a (make-vector (+ n 1) 0))
        (b (make-vector (+ n 1) 0)))
    (do ((m 0 (+ m 1)))
        ((> m n) b)
      (vector-set! a m (/ 1 (+ m 1)))
      (do ((j m (- j 1)))
          ((< j 1))
        (vector-set! a (- j 1) (* j (- (vector-ref a (- j 1)) (vector-ref a j)))))
      (vector-set! b m (vector-ref a 0)))))

(define (prime? k)
  (and (> k 1)
       (let loop ((d 2))
         (cond ((> (* d d) k) #t)
               ((= 0 (remainder k d)) #f)
               (else (loop (+ d 1)))))))

(define (staudt-denominator k)
  ;; the product of the primes p with p - 1 dividing k
  (do ((p 2 (+ p 1))
       (product 1 (if (and (prime? p) (= 0 (remainder k (- p 1)))) (* product p) product)))
      ((> p (+ k 1)) product)))

(define (pascal-row p)
  ;; the binomials C(p, 0) .. C(p, p)
  (let loop ((row '(1)) (i 0))
    (if (= i p)
        row
        (loop (map + (cons 0 row) (append row '(0))) (+ i 1)))))

(define (power-sum p m)
  (do ((k 1 (+ k 1))
       (sum 0 (+ sum (expt k p))))
      ((> k m) sum)))

(define (faulhaber p m bs)
  ;; the sum over j of C(p+1, j) B(j) m^(p+1-j), over p + 1
  (let loop ((j 0) (binomials (pascal-row (+ p 1))) (sum 0))
    (if (> j p)
        (/ sum (+ p 1))
        (loop (+ j 1)
              (cdr binomials)
              (+ sum (* (car binomials) (vector-ref bs j) (expt m (- (+ p 1) j))))))))

(define (run n)
  (let ((bs (bernoulli-numbers n)))
    (let loop ((k 2) (staudt 0) (zeros 0))
      (if (<= k n)
          (loop (+ k 1)
                (if (and (even? k) (= (denominator (vector-ref bs k)) (staudt-denominator k)))
                    (+ staudt 1)
                    staudt)
                (if (and (odd? k) (= (vector-ref bs k) 0)) (+ zeros 1) zeros))
          (let sums ((p 0) (kept 0) (total 0))
            (if (<= p n)
                (let ((s (power-sum p n)))
                  (sums (+ p 1)
                        (if (= s (faulhaber p n bs)) (+ kept 1) kept)
                        (modulo (+ total s) 1000003)))
                (list (string-length (number->string (abs (numerator (vector-ref bs n)))))
                      (denominator (vector-ref bs n))
                      (number->string (vector-ref bs 12))
                      staudt
                      zeros
                      kept
                      total
                      (number->string
                       (let add ((k 0) (sum 0))
                         (if (> k 12) sum (add (+ k 1) (+ sum (vector-ref bs k)))))))))))))
