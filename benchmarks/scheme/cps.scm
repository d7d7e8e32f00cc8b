;; cps: continuation-passing style.  Every procedure takes a continuation
;; k, a lambda told the result, and calls it instead of returning:
;; factorial, doubly recursive Fibonacci, the sum of the leaves of a tree
;; of pairs, and a list reversal by an append written in CPS too.
;;
;; (run n) => ((n^2)! mod 1000003, fib(n), the sum of k^2 over the leaves
;;             1..50n of a balanced tree, the first element of 1..10n
;;             reversed, the sum of i * the i-th element of that reversal)

(define (identity x) x)

(define (fact-cps n k)
  (if (= n 0)
      (k 1)
      (fact-cps (- n 1) (lambda (v) (k (* n v))))))

(define (fib-cps n k)
  (if (< n 2)
      (k n)
      (fib-cps (- n 1)
               (lambda (a)
                 (fib-cps (- n 2)
                          (lambda (b) (k (+ a b))))))))

(define (tree-sum-cps tree k)
  (cond ((null? tree) (k 0))
        ((pair? tree)
         (tree-sum-cps (car tree)
                       (lambda (left)
                         (tree-sum-cps (cdr tree)
                                       (lambda (right) (k (+ left right)))))))
        (else (k tree))))

(define (append-cps a b k)
  (if (null? a)
      (k b)
      (append-cps (cdr a) b (lambda (rest) (k (cons (car a) rest))))))

(define (reverse-cps lst k)
  (if (null? lst)
      (k '())
      (reverse-cps (cdr lst)
                   (lambda (reversed)
                     (append-cps reversed (list (car lst)) k)))))

;; A balanced tree of pairs whose leaves are the squares of low..high.
(define (build-tree low high)
  (if (= low high)
      (* low low)
      (let ((mid (quotient (+ low high) 2)))
        (cons (build-tree low mid) (build-tree (+ mid 1) high)))))

(define (iota-from-1 n)
  (let loop ((k n) (acc '()))
    (if (= k 0) acc (loop (- k 1) (cons k acc)))))

(define (weighted-sum lst)
  (let loop ((lst lst) (i 1) (sum 0))
    (if (null? lst)
        sum
        (loop (cdr lst) (+ i 1) (+ sum (* i (car lst)))))))

(define (run n)
  (let ((reversed (reverse-cps (iota-from-1 (* 10 n)) identity)))
    (list (fact-cps (* n n) (lambda (v) (modulo v 1000003)))
          (fib-cps n identity)
          (tree-sum-cps (build-tree 1 (* 50 n)) identity)
          (car reversed)
          (weighted-sum reversed))))
