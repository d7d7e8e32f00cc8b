;; huffman: SICP 2.3.4's Huffman trees.  Leaves are tagged lists
;; (leaf symbol weight), trees (left right symbols weight); the leaf set is
;; an ordered set built with adjoin-set, merged by successive-merge;
;; encode searches the symbol lists with memq, decode walks the tree.
;;
;; (run n) => (number of bits for an n-symbol message, whether decoding
;;             gives the message back, a checksum of the bits)

(define (make-leaf symbol weight)
  (list 'leaf symbol weight))

(define (leaf? object)
  (eq? (car object) 'leaf))

(define (symbol-leaf x) (cadr x))

(define (weight-leaf x) (caddr x))

(define (make-code-tree left right)
  (list left
        right
        (append (symbols left) (symbols right))
        (+ (weight left) (weight right))))

(define (left-branch tree) (car tree))

(define (right-branch tree) (cadr tree))

(define (symbols tree)
  (if (leaf? tree)
      (list (symbol-leaf tree))
      (caddr tree)))

(define (weight tree)
  (if (leaf? tree)
      (weight-leaf tree)
      (cadddr tree)))

(define (decode bits tree)
  (define (decode-1 bits current-branch)
    (if (null? bits)
        '()
        (let ((next-branch (choose-branch (car bits) current-branch)))
          (if (leaf? next-branch)
              (cons (symbol-leaf next-branch)
                    (decode-1 (cdr bits) tree))
              (decode-1 (cdr bits) next-branch)))))
  (decode-1 bits tree))

(define (choose-branch bit branch)
  (cond ((= bit 0) (left-branch branch))
        ((= bit 1) (right-branch branch))
        (else (error "bad bit -- CHOOSE-BRANCH" bit))))

(define (adjoin-set x set)
  (cond ((null? set) (list x))
        ((< (weight x) (weight (car set))) (cons x set))
        (else (cons (car set)
                    (adjoin-set x (cdr set))))))

(define (make-leaf-set pairs)
  (if (null? pairs)
      '()
      (let ((pair (car pairs)))
        (adjoin-set (make-leaf (car pair) (cadr pair))
                    (make-leaf-set (cdr pairs))))))

(define (encode message tree)
  (if (null? message)
      '()
      (append (encode-symbol (car message) tree)
              (encode (cdr message) tree))))

(define (encode-symbol symbol tree)
  (cond ((leaf? tree) '())
        ((memq symbol (symbols (left-branch tree)))
         (cons 0 (encode-symbol symbol (left-branch tree))))
        ((memq symbol (symbols (right-branch tree)))
         (cons 1 (encode-symbol symbol (right-branch tree))))
        (else (error "symbol not in tree -- ENCODE-SYMBOL" symbol))))

(define (generate-huffman-tree pairs)
  (successive-merge (make-leaf-set pairs)))

(define (successive-merge set)
  (if (null? (cdr set))
      (car set)
      (successive-merge
       (adjoin-set (make-code-tree (car set) (cadr set))
                   (cddr set)))))

(define frequencies
  '((A 8) (B 3) (C 1) (D 1) (E 1) (F 1) (G 1) (H 1)))

(define pattern '(A B A C A D A B E A F A G B H A))

(define (make-message n)
  (let loop ((k (- n 1)) (message '()))
    (if (< k 0)
        message
        (loop (- k 1)
              (cons (list-ref pattern (modulo (* k 7) 16)) message)))))

(define (checksum bits)
  (let loop ((bits bits) (sum 0))
    (if (null? bits)
        sum
        (loop (cdr bits) (modulo (+ (* sum 2) (car bits)) 1000003)))))

(define (run n)
  (let* ((tree (generate-huffman-tree frequencies))
         (message (make-message n))
         (bits (encode message tree))
         (decoded (decode bits tree)))
    (list (length bits)
          (equal? decoded message)
          (checksum bits))))
