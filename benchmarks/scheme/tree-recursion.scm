;; tree-recursion: deep non-tail recursion over lists and trees: build a
;; balanced tree, flatten it with append, count its leaves, and a list copy
;; written recursively.
;;
;; (run n) => (leaves sum depth copied-length) for a tree of n leaves.

(define (build lo hi)
  (if (= lo hi)
      lo
      (let ((mid (quotient (+ lo hi) 2)))
        (list (build lo mid) (build (+ mid 1) hi)))))

(define (flatten tree)
  (cond ((null? tree) '())
        ((pair? tree) (append (flatten (car tree)) (flatten (cdr tree))))
        (else (list tree))))

(define (count-leaves tree)
  (cond ((null? tree) 0)
        ((pair? tree) (+ (count-leaves (car tree)) (count-leaves (cdr tree))))
        (else 1)))

(define (depth tree)
  (if (pair? tree)
      (+ 1 (max (depth (car tree)) (depth (cadr tree))))
      0))

(define (copy lst)
  (if (null? lst) '() (cons (car lst) (copy (cdr lst)))))

(define (sum lst)
  (if (null? lst) 0 (+ (car lst) (sum (cdr lst)))))

(define (run n)
  (let* ((tree (build 1 n))
         (flat (flatten tree)))
    (list (count-leaves tree) (sum flat) (depth tree) (length (copy flat)))))
