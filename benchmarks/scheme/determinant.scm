;; determinant: determinants by cofactor expansion along the first row, a
;; matrix being a list of rows and a row a list of exact integers.  The
;; minor of column j drops the first row and the j-th element of every
;; other row (remove-nth by hand, over the rows by map with a lambda); the
;; signs alternate along the row.  n! products for an n by n matrix.
;;
;; Four n by n matrices: the Vandermonde matrix of 1..n (row i holds the
;; powers of i + 1), whose determinant is 1! 2! ... (n - 1)!; a scrambled
;; one, entry (i, j) = (7i^2 + 3j^3 + ij + 5) mod 11 - 5; the same with
;; its first two rows swapped; and a lower triangular one, entry (i, j) =
;; i + j + 1 on and below the diagonal.
;;
;; (run n) => the four determinants

(define (remove-nth lst k)
  (if (= k 0)
      (cdr lst)
      (cons (car lst) (remove-nth (cdr lst) (- k 1)))))

(define (minor matrix j)
  (map (lambda (row) (remove-nth row j)) (cdr matrix)))

(define (determinant matrix)
  (if (null? (cdr matrix))
      (car (car matrix))
      (let loop ((row (car matrix)) (j 0) (sign 1) (sum 0))
        (if (null? row)
            sum
            (loop (cdr row)
                  (+ j 1)
                  (- sign)
                  (+ sum (* sign (car row) (determinant (minor matrix j)))))))))

;; The n by n matrix whose entry (i, j) is (entry i j).
(define (make-matrix n entry)
  (let rows ((i (- n 1)) (matrix '()))
    (if (< i 0)
        matrix
        (rows (- i 1)
              (cons (let columns ((j (- n 1)) (row '()))
                      (if (< j 0)
                          row
                          (columns (- j 1) (cons (entry i j) row))))
                    matrix)))))

(define (swap-first-rows matrix)
  (cons (cadr matrix) (cons (car matrix) (cddr matrix))))

(define (run n)
  (let ((vandermonde (make-matrix n (lambda (i j) (expt (+ i 1) j))))
        (scrambled (make-matrix n (lambda (i j)
                                    (- (modulo (+ (* 7 i i) (* 3 j j j) (* i j) 5) 11) 5))))
        (triangular (make-matrix n (lambda (i j) (if (<= j i) (+ i j 1) 0)))))
    (list (determinant vandermonde)
          (determinant scrambled)
          (determinant (swap-first-rows scrambled))
          (determinant triangular))))
