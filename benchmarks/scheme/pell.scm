;; pell: the least solution of Pell's equation x^2 - D y^2 = 1 for each D
;; up to n that is not a square, by the continued fraction of sqrt(D).
;; The whole part a0 and whether D is a square come from
;; exact-integer-sqrt through let-values; the partial quotients from the
;; integer recurrence m <- d a - m, d <- (D - m^2) / d, a <- (a0 + m)
;; quotient d, one step of it a procedure returning three values.  The
;; period of the fraction is the first i > 0 with a = 2 a0; the least
;; solution is the first convergent h/k with h^2 - D k^2 = 1, the
;; convergents carried in a named let by h <- a h + h', k <- a k + k'
;; (exact integers that soon become bignums).
;;
;; (run n) => (the D up to n whose least x is largest, the digits of that
;;             x, the least x summed over D up to 100, the periods summed,
;;             how many periods are odd, how many least y have more
;;             digits than their D)

(define (next-term D a0 m d a)
  ;; one step of the recurrence => (values m d a)
  (let* ((m (- (* d a) m))
         (d (quotient (- D (* m m)) d)))
    (values m d (quotient (+ a0 m) d))))

(define (period D a0)
  (let loop ((m 0) (d 1) (a a0) (i 0))
    (if (and (> i 0) (= a (* 2 a0)))
        i
        (let-values (((m d a) (next-term D a0 m d a)))
          (loop m d a (+ i 1))))))

(define (least-solution D a0)
  ;; => (values x y)
  (let loop ((m 0) (d 1) (a a0) (h a0) (h-before 1) (k 1) (k-before 0))
    (if (= (- (* h h) (* D k k)) 1)
        (values h k)
        (let-values (((m d a) (next-term D a0 m d a)))
          (loop m d a (+ (* a h) h-before) h (+ (* a k) k-before) k)))))

(define (digits x)
  (string-length (number->string x)))

(define (run n)
  (let loop ((D 2) (best-D 0) (best-x 0) (small-sum 0) (periods 0) (odd 0) (long 0))
    (if (> D n)
        (list best-D (digits best-x) small-sum periods odd long)
        (let-values (((a0 rest) (exact-integer-sqrt D)))
          (if (= rest 0)
              (loop (+ D 1) best-D best-x small-sum periods odd long)
              (let ((p (period D a0)))
                (let-values (((x y) (least-solution D a0)))
                  (loop (+ D 1)
                        (if (> x best-x) D best-D)
                        (max x best-x)
                        (if (<= D 100) (+ small-sum x) small-sum)
                        (+ periods p)
                        (if (odd? p) (+ odd 1) odd)
                        (if (> (digits y) (digits D)) (+ long 1) long)))))))))
