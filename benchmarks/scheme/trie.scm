;; trie: a prefix tree of words.  A node is a pair (count . children): how
;; many times the word ending there was inserted, and an association list
;; from characters to child nodes, read with assv and grown in place with
;; set-cdr! (the newest child first); inserting walks the word's character
;; list, making the missing nodes, and bumps the last node's count with
;; set-car!.  Counts of words below a node come from plain recursion over
;; the children.
;;
;; Word i: the first 3 + (i mod 5) base-3 digits of (7i^2 + 13i + 5) mod
;; 2187, lowest first, written with a, b and c.
;;
;; (run n) => (words inserted, distinct words, nodes, the sum over the n
;;             words of how many times each was inserted, the words
;;             beginning with cb, those beginning with c, the first word in
;;             alphabetical order)

(define (make-node) (cons 0 '()))

(define (child node c)
  (let ((entry (assv c (cdr node))))
    (if entry (cdr entry) #f)))

(define (add-child! node c)
  (let ((new (make-node)))
    (set-cdr! node (cons (cons c new) (cdr node)))
    new))

(define (trie-insert! trie word)
  (let loop ((node trie) (chars (string->list word)))
    (if (null? chars)
        (set-car! node (+ (car node) 1))
        (loop (or (child node (car chars)) (add-child! node (car chars)))
              (cdr chars)))))

;; The node the word's characters lead to, or #f.
(define (find-node trie word)
  (let loop ((node trie) (chars (string->list word)))
    (cond ((not node) #f)
          ((null? chars) node)
          (else (loop (child node (car chars)) (cdr chars))))))

(define (trie-count trie word)
  (let ((node (find-node trie word)))
    (if node (car node) 0)))

(define (count-words node)
  (let loop ((children (cdr node)) (sum (car node)))
    (if (null? children)
        sum
        (loop (cdr children) (+ sum (count-words (cdr (car children))))))))

(define (count-distinct node)
  (let loop ((children (cdr node)) (sum (if (> (car node) 0) 1 0)))
    (if (null? children)
        sum
        (loop (cdr children) (+ sum (count-distinct (cdr (car children))))))))

(define (count-nodes node)
  (let loop ((children (cdr node)) (sum 1))
    (if (null? children)
        sum
        (loop (cdr children) (+ sum (count-nodes (cdr (car children))))))))

(define (count-prefix trie prefix)
  (let ((node (find-node trie prefix)))
    (if node (count-words node) 0)))

;; The child entry with the smallest character.
(define (smallest-entry entries)
  (let loop ((entries (cdr entries)) (best (car entries)))
    (cond ((null? entries) best)
          ((char<? (car (car entries)) (car best)) (loop (cdr entries) (car entries)))
          (else (loop (cdr entries) best)))))

(define (smallest-word trie)
  (let loop ((node trie) (chars '()))
    (if (> (car node) 0)
        (list->string (reverse chars))
        (let ((entry (smallest-entry (cdr node))))
          (loop (cdr entry) (cons (car entry) chars))))))

(define (make-word i)
  (let loop ((k (modulo (+ (* 7 i i) (* 13 i) 5) 2187))
             (left (+ 3 (modulo i 5)))
             (chars '()))
    (if (= left 0)
        (list->string (reverse chars))
        (loop (quotient k 3) (- left 1) (cons (string-ref "abc" (remainder k 3)) chars)))))

(define (run n)
  (let ((trie (make-node)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (trie-insert! trie (make-word i)))
    (let loop ((i 0) (sum 0))
      (if (< i n)
          (loop (+ i 1) (+ sum (trie-count trie (make-word i))))
          (list (count-words trie)
                (count-distinct trie)
                (count-nodes trie)
                sum
                (count-prefix trie "cb")
                (count-prefix trie "c")
                (smallest-word trie))))))
