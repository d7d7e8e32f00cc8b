;; rationals: exact fractions. The harmonic number H(n) summed term by
;; term, the n-th convergent of the continued fraction of the square root
;; of 2, and greedy Egyptian fractions (ceiling of a ratio, numerator,
;; denominator).
;;
;; (run n) => (digits of H(n)'s numerator, of its denominator, of the
;; convergent's denominator, the number of Egyptian terms over 5/7 .. 5/(n/10+6))

(define (harmonic n)
  (let loop ((k 1) (sum 0))
    (if (> k n)
        sum
        (loop (+ k 1) (+ sum (/ 1 k))))))

;; 1 + 1/(2 + 1/(2 + ...)), n twos deep
(define (sqrt2-convergent n)
  (let loop ((k n) (x 2))
    (if (= k 0)
        (+ 1 (/ 1 x))
        (loop (- k 1) (+ 2 (/ 1 x))))))

;; the greedy expansion: take the largest unit fraction not above q, repeat
(define (egyptian q)
  (if (= (numerator q) 0)
      '()
      (let ((d (ceiling (/ (denominator q) (numerator q)))))
        (cons d (egyptian (- q (/ 1 d)))))))

(define (digits n) (string-length (number->string n)))

(define (run n)
  (let ((h (harmonic n))
        (c (sqrt2-convergent n)))
    (list (digits (numerator h))
          (digits (denominator h))
          (digits (denominator c))
          (let loop ((k 1) (terms 0))
            (if (> k (quotient n 10))
                terms
                (loop (+ k 1) (+ terms (length (egyptian (/ 5 (+ k 6)))))))))))
