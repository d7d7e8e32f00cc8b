;; list-ops: list procedures written by hand the textbook way, tail
;; recursive with an accumulator and a reverse at the end: map, filter,
;; reduce, take, drop, zip, and last-pair and list-copy from R7RS.
;;
;; (run n) => (sum of squares of the evens, length of the zip, the last element, a checksum)

(define (my-map f lst)
  (let loop ((l lst) (acc '()))
    (if (null? l) (reverse acc) (loop (cdr l) (cons (f (car l)) acc)))))

(define (my-filter keep? lst)
  (let loop ((l lst) (acc '()))
    (cond ((null? l) (reverse acc))
          ((keep? (car l)) (loop (cdr l) (cons (car l) acc)))
          (else (loop (cdr l) acc)))))

(define (my-reduce f init lst)
  (if (null? lst) init (my-reduce f (f init (car lst)) (cdr lst))))

(define (take lst k)
  (let loop ((l lst) (k k) (acc '()))
    (if (or (= k 0) (null? l)) (reverse acc) (loop (cdr l) (- k 1) (cons (car l) acc)))))

(define (drop lst k)
  (if (or (= k 0) (null? lst)) lst (drop (cdr lst) (- k 1))))

(define (zip a b)
  (if (or (null? a) (null? b)) '() (cons (list (car a) (car b)) (zip (cdr a) (cdr b)))))

(define (iota-from k n)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons (+ k i) acc)))))

(define (run n)
  (let* ((xs (iota-from 1 n))
         (evens (my-filter even? xs))
         (squares (my-map (lambda (x) (* x x)) evens))
         (total (my-reduce + 0 squares))
         (pairs (zip (take xs (quotient n 2)) (drop (list-copy xs) (quotient n 2)))))
    (list total
          (length pairs)
          (car (last-pair xs))
          (my-reduce (lambda (acc p) (modulo (+ (* acc 31) (car p) (cadr p)) 1000003)) 0 pairs))))
