;; rbtree: Okasaki's red-black trees, nodes as define-record-type records
;; (colour, left, key, right), the empty tree '().  Insertion rebuilds the
;; path down and balances it by four cond cases on the colours of a
;; black node's child and grandchild, then blackens the root.  The tree is
;; checked: no red node has a red child, every path has as many black
;; nodes, and the keys come out of an in-order walk in increasing order.
;; Keys and queries come from Park and Miller's x -> 16807x mod (2^31 - 1)
;; from x = 1, each taken mod 4n.
;;
;; (run n) => (keys held after n insertions, height, black height, whether
;;             no red node has a red child, whether the keys are sorted,
;;             how many of n more values are found, the sum of the keys,
;;             the five smallest keys)

(define-record-type node
  (make-node colour left key right)
  node?
  (colour node-colour)
  (left node-left)
  (key node-key)
  (right node-right))

(define (red? tree)
  (and (node? tree) (eq? (node-colour tree) 'red)))

(define (balance colour left key right)
  (cond ((and (eq? colour 'black) (red? left) (red? (node-left left)))
         (let ((outer (node-left left)))
           (make-node 'red
                      (make-node 'black (node-left outer) (node-key outer) (node-right outer))
                      (node-key left)
                      (make-node 'black (node-right left) key right))))
        ((and (eq? colour 'black) (red? left) (red? (node-right left)))
         (let ((inner (node-right left)))
           (make-node 'red
                      (make-node 'black (node-left left) (node-key left) (node-left inner))
                      (node-key inner)
                      (make-node 'black (node-right inner) key right))))
        ((and (eq? colour 'black) (red? right) (red? (node-left right)))
         (let ((inner (node-left right)))
           (make-node 'red
                      (make-node 'black left key (node-left inner))
                      (node-key inner)
                      (make-node 'black (node-right inner) (node-key right) (node-right right)))))
        ((and (eq? colour 'black) (red? right) (red? (node-right right)))
         (let ((outer (node-right right)))
           (make-node 'red
                      (make-node 'black left key (node-left right))
                      (node-key right)
                      (make-node 'black (node-left outer) (node-key outer) (node-right outer)))))
        (else (make-node colour left key right))))

(define (insert tree key)
  (define (ins tree)
    (cond ((null? tree) (make-node 'red '() key '()))
          ((< key (node-key tree))
           (balance (node-colour tree) (ins (node-left tree)) (node-key tree) (node-right tree)))
          ((> key (node-key tree))
           (balance (node-colour tree) (node-left tree) (node-key tree) (ins (node-right tree))))
          (else tree)))
  (let ((grown (ins tree)))
    (make-node 'black (node-left grown) (node-key grown) (node-right grown))))

(define (member? tree key)
  (cond ((null? tree) #f)
        ((< key (node-key tree)) (member? (node-left tree) key))
        ((> key (node-key tree)) (member? (node-right tree) key))
        (else #t)))

(define (height tree)
  (if (null? tree)
      0
      (+ 1 (max (height (node-left tree)) (height (node-right tree))))))

;; The number of black nodes on every path down, or #f if two paths differ.
(define (black-height tree)
  (if (null? tree)
      1
      (let ((left (black-height (node-left tree)))
            (right (black-height (node-right tree))))
        (and left right (= left right)
             (+ left (if (eq? (node-colour tree) 'black) 1 0))))))

(define (no-red-red? tree)
  (or (null? tree)
      (and (not (and (red? tree)
                     (or (red? (node-left tree)) (red? (node-right tree)))))
           (no-red-red? (node-left tree))
           (no-red-red? (node-right tree)))))

(define (keys-in-order tree)
  (let walk ((tree tree) (keys '()))
    (if (null? tree)
        keys
        (walk (node-left tree)
              (cons (node-key tree) (walk (node-right tree) keys))))))

(define (increasing? keys)
  (or (null? keys)
      (null? (cdr keys))
      (and (< (car keys) (cadr keys))
           (increasing? (cdr keys)))))

(define (first-keys keys k)
  (if (or (= k 0) (null? keys))
      '()
      (cons (car keys) (first-keys (cdr keys) (- k 1)))))

(define (next-random x) (modulo (* 16807 x) 2147483647))

(define (run n)
  (let build ((k 0) (x 1) (tree '()))
    (if (< k n)
        (let ((x (next-random x)))
          (build (+ k 1) x (insert tree (modulo x (* 4 n)))))
        (let ((keys (keys-in-order tree)))
          (let query ((k 0) (x x) (found 0))
            (if (< k n)
                (let ((x (next-random x)))
                  (query (+ k 1) x (if (member? tree (modulo x (* 4 n))) (+ found 1) found)))
                (list (length keys)
                      (height tree)
                      (black-height tree)
                      (no-red-red? tree)
                      (increasing? keys)
                      found
                      (apply + keys)
                      (first-keys keys 5))))))))
