;; mergesort: sort n pseudo-random numbers held in a list.  List-heavy: every
;; merge conses a fresh list and reverses it.
;;
;; (run n) => the sorted list of the n numbers that (random-numbers n) makes
;; with a linear congruential generator (the same one as the Python side).

(define (random-numbers n)
  ;; x' = (1103515245 x + 12345) mod 2^31, from x = 42; each number is x' div 2^16.
  (let loop ((i 0) (x 42) (numbers '()))
    (if (= i n)
        numbers
        (let ((next (modulo (+ (* x 1103515245) 12345) 2147483648)))
          (loop (+ i 1) next (cons (quotient next 65536) numbers))))))

(define (reverse-onto done tail)
  ;; (reverse-onto '(3 2 1) '(4 5)) => (1 2 3 4 5)
  (if (null? done)
      tail
      (reverse-onto (cdr done) (cons (car done) tail))))

(define (merge-lists a b)
  ;; Merge two ascending lists; on a tie the element of a comes first.
  (let loop ((a a) (b b) (done '()))
    (cond ((null? a) (reverse-onto done b))
          ((null? b) (reverse-onto done a))
          ((< (car b) (car a)) (loop a (cdr b) (cons (car b) done)))
          (else (loop (cdr a) b (cons (car a) done))))))

(define (merge-sort items n)
  ;; Sort the first n elements of items (a list at least n long).
  (if (< n 2)
      (if (= n 0) '() (list (car items)))
      (let ((half (quotient n 2)))
        (merge-lists (merge-sort items half)
                     (merge-sort (list-tail items half) (- n half))))))

(define (run n)
  (merge-sort (random-numbers n) n))
