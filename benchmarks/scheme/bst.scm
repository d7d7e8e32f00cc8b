;; bst: a binary search tree of lists (key left right), never changed in
;; place: insert copies the path to the new leaf; then lookups, an in-order
;; walk with an accumulator, and the height.
;;
;; (run n) => (size height found sum-of-first-ten) for n keys.

(define (make-node key left right) (list key left right))
(define (node-key t) (car t))
(define (node-left t) (cadr t))
(define (node-right t) (caddr t))

(define (insert t key)
  (cond ((null? t) (make-node key '() '()))
        ((< key (node-key t))
         (make-node (node-key t) (insert (node-left t) key) (node-right t)))
        ((> key (node-key t))
         (make-node (node-key t) (node-left t) (insert (node-right t) key)))
        (else t)))

(define (member? t key)
  (cond ((null? t) #f)
        ((= key (node-key t)) #t)
        ((< key (node-key t)) (member? (node-left t) key))
        (else (member? (node-right t) key))))

(define (in-order t acc)
  (if (null? t)
      acc
      (in-order (node-left t)
                (cons (node-key t) (in-order (node-right t) acc)))))

(define (height t)
  (if (null? t)
      0
      (+ 1 (max (height (node-left t)) (height (node-right t))))))

(define (take-sum lst k)
  (if (or (= k 0) (null? lst))
      0
      (+ (car lst) (take-sum (cdr lst) (- k 1)))))

(define (run n)
  (let loop ((i 0) (x 7) (t '()))
    (if (< i n)
        (loop (+ i 1) (modulo (+ (* x 75) 74) 65537) (insert t (modulo x 10007)))
        (let count ((k 0) (found 0))
          (if (< k n)
              (count (+ k 1) (if (member? t k) (+ found 1) found))
              (let ((keys (in-order t '())))
                (list (length keys) (height t) found (take-sum keys 10))))))))
