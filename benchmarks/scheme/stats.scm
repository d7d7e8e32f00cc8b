;; stats: descriptive statistics of two lists of n scores, the plain way:
;; the sum, largest and smallest by apply with +, max and min over the
;; whole long lists; the mean, variance, standard deviation, correlation
;; and least-squares line from exact integer sums (apply + over lists made
;; by map), made inexact with exact->inexact only at the end and rounded to
;; thousandths by round and inexact->exact; the scores sorted by counting
;; into a vector of 1000 buckets, the median and quartiles read by list-ref
;; and list-tail, the mode by a scan of the buckets; the scores further
;; than a standard deviation from the mean by a filter of our own
;; (recursive, over the whole list); the second scores counted by hundreds
;; in an association list found by assoc with a third argument and changed
;; by set-cdr!.
;;
;; The scores: x -> (1103515245x + 12345) mod 2^31 from x = 13, each draw
;; x div 65536; a first score is the mean of two draws mod 1000 (rounded
;; down), and its pair the first score plus a draw mod 201 minus 100,
;; kept within 0 .. 999.
;;
;; (run n) => (the sum, largest and smallest of the first scores; their
;;             mean and standard deviation in thousandths, their median,
;;             lower and upper quartiles and mode; how many lie further
;;             than a standard deviation from the mean; the correlation,
;;             slope and intercept of the second scores on the first, in
;;             thousandths; the second scores in each hundred)

(define seed 13)

(define (next!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (make-scores n)
  ;; => a pair of lists, built from the last score back
  (let loop ((k n) (xs '()) (ys '()))
    (if (= k 0)
        (cons xs ys)
        (let* ((a (modulo (next!) 1000))
               (b (modulo (next!) 1000))
               (x (quotient (+ a b) 2))
               (y (+ x (- (modulo (next!) 201) 100))))
          (loop (- k 1)
                (cons x xs)
                (cons (max 0 (min 999 y)) ys))))))

(define (square x) (* x x))

(define (thousandths x)
  (inexact->exact (round (* 1000 x))))

(define (counting-sort xs)
  (let ((buckets (make-vector 1000 0)))
    (for-each (lambda (x) (vector-set! buckets x (+ (vector-ref buckets x) 1))) xs)
    (let loop ((v 999) (sorted '()))
      (if (< v 0)
          (cons sorted buckets)
          (loop (- v 1)
                (let add ((k (vector-ref buckets v)) (sorted sorted))
                  (if (= k 0)
                      sorted
                      (add (- k 1) (cons v sorted)))))))))

(define (mode buckets)
  (let loop ((v 0) (best 0))
    (cond ((= v 1000) best)
          ((> (vector-ref buckets v) (vector-ref buckets best)) (loop (+ v 1) v))
          (else (loop (+ v 1) best)))))

(define (same-hundred? a b)
  (= (quotient a 100) (quotient b 100)))

(define (histogram xs)
  ;; the scores counted by hundreds: an association list from 0, 100, ...
  ;; 900 to counts, the entry found by assoc with same-hundred?
  (let ((counts (list (cons 0 0) (cons 100 0) (cons 200 0) (cons 300 0) (cons 400 0)
                      (cons 500 0) (cons 600 0) (cons 700 0) (cons 800 0) (cons 900 0))))
    (for-each (lambda (x)
                (let ((entry (assoc x counts same-hundred?)))
                  (set-cdr! entry (+ (cdr entry) 1))))
              xs)
    (map cdr counts)))

(define (filter keep? lst)
  (cond ((null? lst) '())
        ((keep? (car lst)) (cons (car lst) (filter keep? (cdr lst))))
        (else (filter keep? (cdr lst)))))

(define (run n)
  (set! seed 13)
  (let* ((scores (make-scores n))
         (xs (car scores))
         (ys (cdr scores))
         (sx (apply + xs))
         (sy (apply + ys))
         (sxx (apply + (map square xs)))
         (syy (apply + (map square ys)))
         (sxy (apply + (map * xs ys)))
         (mean (exact->inexact (/ sx n)))
         (vx (- (* n sxx) (square sx)))
         (vy (- (* n syy) (square sy)))
         (cov (- (* n sxy) (* sx sy)))
         (variance (exact->inexact (/ vx (* n (- n 1)))))
         (sd (sqrt variance))
         (r (/ cov (sqrt (exact->inexact (* vx vy)))))
         (slope (/ cov vx))
         (intercept (/ (- sy (* slope sx)) n))
         (sorted (counting-sort xs))
         (median (list-ref (car sorted) (quotient n 2)))
         (lower (car (list-tail (car sorted) (quotient n 4))))
         (upper (car (list-tail (car sorted) (quotient (* 3 n) 4))))
         (outliers (length (filter (lambda (x) (> (abs (- x mean)) sd)) xs))))
    (list sx (apply max xs) (apply min xs)
          (thousandths mean) (thousandths sd) median lower upper (mode (cdr sorted))
          outliers
          (thousandths r) (thousandths (exact->inexact slope)) (thousandths (exact->inexact intercept))
          (histogram ys))))
