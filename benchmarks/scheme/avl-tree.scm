;; avl-tree: a bank whose accounts are kept in four persistent AVL trees,
;; an account's branch its number modulo 4.
;;
;; A tree is '() or a define-record-type node of a key (the account
;; number), an amount, its height and two subtrees; nothing is changed in
;; place: insert and delete build new nodes down the path they take and
;; rebalance each on the way back up, by single or double rotations
;; (counted by set!).  delete replaces a node with two children by the
;; least node of its right subtree, which remove-min hands back with the
;; rest of that subtree as two values.  The trees are checked at the end:
;; keys in order between bounds passed down, heights as stored, no node
;; leaning by more than one; walked in order by a fold from the right;
;; summed over key ranges by a search that skips the subtrees outside.
;;
;; The day: n steps, each three draws (an operation, an account, an
;; amount): a deposit opens or adds to an account, a withdrawal is
;; refused when the account is missing or short, a closing deletes the
;; account (refused when there is none), a look-up counts what it finds.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 29, each
;; draw x div 65536; the operation draw mod 10 (0-3 deposit, 4-5
;; withdraw, 6 close, 7-9 look up), the account draw mod (8 + n div 3),
;; the amount 1 + draw mod 500.
;;
;; (run n) => (the accounts in each branch, each branch's height, whether
;;             every tree checks, the total held, the total held by the
;;             accounts numbered from a quarter to half of the range,
;;             the refusals, the closings, the look-ups that found an
;;             account and what those held, the rotations, a checksum
;;             of every branch's keys and amounts in order)

(define seed 29)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type avl-node
  (make-avl-node key amount height left right)
  avl-node?
  (key node-key)
  (amount node-amount)
  (height node-height)
  (left node-left)
  (right node-right))

(define (height tree)
  (if (null? tree) 0 (node-height tree)))

(define (node key amount left right)
  (make-avl-node key amount (+ 1 (max (height left) (height right))) left right))

(define rotations 0)

(define (rotate-right tree)
  (set! rotations (+ rotations 1))
  (let ((pivot (node-left tree)))
    (node (node-key pivot) (node-amount pivot)
          (node-left pivot)
          (node (node-key tree) (node-amount tree) (node-right pivot) (node-right tree)))))

(define (rotate-left tree)
  (set! rotations (+ rotations 1))
  (let ((pivot (node-right tree)))
    (node (node-key pivot) (node-amount pivot)
          (node (node-key tree) (node-amount tree) (node-left tree) (node-left pivot))
          (node-right pivot))))

(define (lean tree)
  (- (height (node-left tree)) (height (node-right tree))))

(define (rebalance tree)
  (let ((leaning (lean tree)))
    (cond ((> leaning 1)
           (if (< (lean (node-left tree)) 0)
               (rotate-right (node (node-key tree) (node-amount tree)
                                   (rotate-left (node-left tree))
                                   (node-right tree)))
               (rotate-right tree)))
          ((< leaning -1)
           (if (> (lean (node-right tree)) 0)
               (rotate-left (node (node-key tree) (node-amount tree)
                                  (node-left tree)
                                  (rotate-right (node-right tree))))
               (rotate-left tree)))
          (else tree))))

(define (insert tree key amount)
  (cond ((null? tree) (node key amount '() '()))
        ((< key (node-key tree))
         (rebalance (node (node-key tree) (node-amount tree)
                          (insert (node-left tree) key amount)
                          (node-right tree))))
        ((> key (node-key tree))
         (rebalance (node (node-key tree) (node-amount tree)
                          (node-left tree)
                          (insert (node-right tree) key amount))))
        (else (node key amount (node-left tree) (node-right tree)))))

;; The least node of a non-empty tree and the tree without it.
(define (remove-min tree)
  (if (null? (node-left tree))
      (values tree (node-right tree))
      (let-values (((least rest) (remove-min (node-left tree))))
        (values least
                (rebalance (node (node-key tree) (node-amount tree) rest (node-right tree)))))))

(define (delete tree key)
  (cond ((null? tree) tree)
        ((< key (node-key tree))
         (rebalance (node (node-key tree) (node-amount tree)
                          (delete (node-left tree) key)
                          (node-right tree))))
        ((> key (node-key tree))
         (rebalance (node (node-key tree) (node-amount tree)
                          (node-left tree)
                          (delete (node-right tree) key))))
        ((null? (node-left tree)) (node-right tree))
        ((null? (node-right tree)) (node-left tree))
        (else
         (let-values (((least rest) (remove-min (node-right tree))))
           (rebalance (node (node-key least) (node-amount least) (node-left tree) rest))))))

(define (lookup tree key)
  (cond ((null? tree) #f)
        ((< key (node-key tree)) (lookup (node-left tree) key))
        ((> key (node-key tree)) (lookup (node-right tree) key))
        (else tree)))

;; The tree's height if it is a good AVL tree with every key strictly
;; between low and high (#f for no bound), else #f.
(define (checked-height tree low high)
  (if (null? tree)
      0
      (let ((key (node-key tree)))
        (and (or (not low) (< low key))
             (or (not high) (< key high))
             (let ((left (checked-height (node-left tree) low key))
                   (right (checked-height (node-right tree) key high)))
               (and left
                    right
                    (<= (abs (- left right)) 1)
                    (= (node-height tree) (+ 1 (max left right)))
                    (node-height tree)))))))

;; proc called on each node from the largest key down, so that consing
;; builds a list in increasing order.
(define (fold-in-order proc init tree)
  (if (null? tree)
      init
      (fold-in-order proc
                     (proc tree (fold-in-order proc init (node-right tree)))
                     (node-left tree))))

;; What the accounts with low <= key < high hold.
(define (range-sum tree low high)
  (cond ((null? tree) 0)
        ((< (node-key tree) low) (range-sum (node-right tree) low high))
        ((>= (node-key tree) high) (range-sum (node-left tree) low high))
        (else (+ (node-amount tree)
                 (range-sum (node-left tree) low high)
                 (range-sum (node-right tree) low high)))))

(define (checksum numbers)
  (let loop ((numbers numbers) (sum 0))
    (if (null? numbers)
        sum
        (loop (cdr numbers) (modulo (+ (* sum 31) (car numbers)) 1000003)))))

(define (run n)
  (set! seed 29)
  (set! rotations 0)
  (let ((bank (make-vector 4 '()))
        (accounts (+ 8 (quotient n 3)))
        (refused 0)
        (closed 0)
        (hits 0)
        (seen 0))
    (do ((step 0 (+ step 1)))
        ((= step n))
      (let* ((operation (modulo (next-random!) 10))
             (key (modulo (next-random!) accounts))
             (amount (+ 1 (modulo (next-random!) 500)))
             (branch (modulo key 4))
             (tree (vector-ref bank branch))
             (found (lookup tree key)))
        (case operation
          ((0 1 2 3)
           (vector-set! bank branch
                        (insert tree key (if found (+ (node-amount found) amount) amount))))
          ((4 5)
           (if (and found (<= amount (node-amount found)))
               (vector-set! bank branch (insert tree key (- (node-amount found) amount)))
               (set! refused (+ refused 1))))
          ((6)
           (if found
               (begin (vector-set! bank branch (delete tree key))
                      (set! closed (+ closed 1)))
               (set! refused (+ refused 1))))
          (else
           (when found
             (set! hits (+ hits 1))
             (set! seen (+ seen (node-amount found))))))))
    (let* ((trees (vector->list bank))
           (sizes (map (lambda (tree) (fold-in-order (lambda (node count) (+ count 1)) 0 tree)) trees))
           (heights (map height trees))
           (checked (map (lambda (tree) (checked-height tree #f #f)) trees))
           (pairs (apply append
                         (map (lambda (tree)
                                (fold-in-order (lambda (node rest)
                                                 (cons (node-key node) (cons (node-amount node) rest)))
                                               '()
                                               tree))
                              trees))))
      (list sizes
            heights
            (equal? checked heights)
            (apply + (map (lambda (tree) (range-sum tree 0 accounts)) trees))
            (apply + (map (lambda (tree)
                            (range-sum tree (quotient accounts 4) (quotient accounts 2)))
                          trees))
            refused
            closed
            hits
            seen
            rotations
            (checksum pairs)))))
