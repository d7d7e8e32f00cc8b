;; values-split: procedures returning two values.  A list split by a
;; predicate into the two lists (values yes no), taken apart by let-values
;; and used for a quicksort; a divide-and-conquer minimum and maximum of a
;; vector taken by call-with-values; exact-integer-sqrt; define-values.
;;
;; (run n) => (how many of n numbers are even and odd, the smallest, the
;;             largest, a weighted sum of them sorted and its thousands and
;;             remainder, then over k = 1 .. n the sum of the roots and of the
;;             remainders of exact-integer-sqrt of k^3 and how many were exact)

(define (split-by keep? lst)
  (if (null? lst)
      (values '() '())
      (let-values (((yes no) (split-by keep? (cdr lst))))
        (if (keep? (car lst))
            (values (cons (car lst) yes) no)
            (values yes (cons (car lst) no))))))

(define (quicksort lst)
  (if (null? lst)
      '()
      (let ((pivot (car lst)))
        (let-values (((smaller larger)
                      (split-by (lambda (x) (< x pivot)) (cdr lst))))
          (append (quicksort smaller)
                  (list pivot)
                  (quicksort larger))))))

(define (min-max v lo hi)
  (if (= (- hi lo) 1)
      (values (vector-ref v lo) (vector-ref v lo))
      (let ((mid (quotient (+ lo hi) 2)))
        (call-with-values
         (lambda () (min-max v lo mid))
         (lambda (min1 max1)
           (call-with-values
            (lambda () (min-max v mid hi))
            (lambda (min2 max2)
              (values (min min1 min2) (max max1 max2)))))))))

(define (weighted-sum lst)
  (let loop ((lst lst) (i 1) (sum 0))
    (if (null? lst)
        sum
        (loop (cdr lst) (+ i 1) (modulo (+ sum (* i (car lst))) 1000003)))))

(define (roots n)
  (let loop ((k 1) (root-sum 0) (rest-sum 0) (exact 0))
    (if (> k n)
        (list root-sum rest-sum exact)
        (let-values (((s r) (exact-integer-sqrt (* k k k))))
          (loop (+ k 1)
                (+ root-sum s)
                (+ rest-sum r)
                (if (= r 0) (+ exact 1) exact))))))

(define (numbers n)
  (let loop ((i n) (lst '()))
    (if (= i 0)
        lst
        (loop (- i 1) (cons (modulo (* i 7919) 10007) lst)))))

(define (run n)
  (define data (numbers n))
  (define-values (evens odds) (split-by even? data))
  (define-values (smallest largest) (min-max (list->vector data) 0 n))
  (define sum (weighted-sum (quicksort data)))
  (define-values (thousands remainder) (floor/ sum 1000))
  (append (list (length evens) (length odds) smallest largest sum thousands remainder)
          (roots n)))
