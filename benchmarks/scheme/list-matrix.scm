;; list-matrix: matrices as lists of rows: transpose as (apply map list m),
;; dot products as (apply + (map * u v)), map with lambdas over rows,
;; powers by repeated squaring reduced modulo a prime.
;;
;; (run n) => the sum of the entries of M^k mod 1009 over k = 1..n.

(define (transpose m) (apply map list m))

(define (dot u v) (apply + (map * u v)))

(define (mat* a b)
  (let ((cols (transpose b)))
    (map (lambda (row) (map (lambda (col) (dot row col)) cols)) a)))

(define (mat-mod m p)
  (map (lambda (row) (map (lambda (x) (modulo x p)) row)) m))

(define (identity n)
  (let rows ((i 0))
    (if (= i n)
        '()
        (cons (let cols ((j 0))
                (if (= j n)
                    '()
                    (cons (if (= i j) 1 0) (cols (+ j 1)))))
              (rows (+ i 1))))))

(define (mat-expt m k p)
  (cond ((= k 0) (identity (length m)))
        ((even? k) (let ((h (mat-expt m (quotient k 2) p)))
                     (mat-mod (mat* h h) p)))
        (else (mat-mod (mat* m (mat-expt m (- k 1) p)) p))))

(define m
  '((1 2 0 1 3)
    (0 1 4 2 1)
    (3 0 1 1 0)
    (2 2 0 1 5)
    (1 0 3 0 1)))

(define (run n)
  (let loop ((k 1) (total 0))
    (if (> k n)
        total
        (loop (+ k 1)
              (+ total (apply + (map (lambda (row) (apply + row)) (mat-expt m k 1009))))))))
