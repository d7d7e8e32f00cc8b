;; quicksort: a list sorted the textbook way, the elements below and above
;; the pivot picked out by a filter written here that takes a lambda,
;; joined with append; duplicates then dropped by plain recursion.
;;
;; (run n) => (length, distinct values, smallest, median, largest) of n
;; pseudo-random numbers.

(define (my-filter keep? lst)
  (cond ((null? lst) '())
        ((keep? (car lst)) (cons (car lst) (my-filter keep? (cdr lst))))
        (else (my-filter keep? (cdr lst)))))

(define (quicksort lst)
  (if (null? lst)
      '()
      (let ((pivot (car lst))
            (rest (cdr lst)))
        (append (quicksort (my-filter (lambda (x) (< x pivot)) rest))
                (list pivot)
                (quicksort (my-filter (lambda (x) (>= x pivot)) rest))))))

(define (dedupe sorted)
  (cond ((null? sorted) '())
        ((and (pair? (cdr sorted)) (= (car sorted) (cadr sorted)))
         (dedupe (cdr sorted)))
        (else (cons (car sorted) (dedupe (cdr sorted))))))

(define (numbers n)
  (let loop ((i 0) (x 1) (acc '()))
    (if (= i n)
        acc
        (loop (+ i 1) (modulo (* x 48271) 2147483647) (cons (modulo x 100000) acc)))))

(define (run n)
  (let ((sorted (quicksort (numbers n))))
    (list (length sorted)
          (length (dedupe sorted))
          (car sorted)
          (list-ref sorted (quotient n 2))
          (apply max sorted))))
