;; spell-check: suggestions for misspelled words from a BK-tree of a
;; dictionary, by edit distance, the way a data structures course
;; builds a spelling checker.
;;
;; The dictionary is n words made of two to four syllables.  Edit
;; distance (Levenshtein) is the textbook table kept as rows of vectors
;; in do loops over string-ref; the optimal string alignment distance,
;; which counts a swap of neighbours as one edit, is the same loops with
;; one more test, looking two rows back.
;; The BK-tree is pairs: a node (word . children), its children an
;; association list from distances to nodes, found by assv and grown by
;; set-cdr!; a word at distance 0 from a node is already there.  A
;; query within distance t visits a child only when its distance lies
;; within t of the query's distance to the node (the triangle
;; inequality); every distance taken is counted by set!.
;;
;; Each dictionary word is looked up exactly (t = 0); then words of the
;; dictionary are misspelled by one or two random edits (a letter put in,
;; taken out, changed, or two neighbours swapped) and looked up within 2,
;; the suggestions kept in order by an insertion of our own: fewest swaps
;; and edits first, then fewest edits, then string<?.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 23, each
;; draw x div 65536.
;;
;; (run n) => (words, repeats refused, the tree's depth, exact hits,
;;             queries, queries with no suggestion, suggestions, first
;;             suggestions that were the word misspelled, distances
;;             taken, the first three queries and their suggestions)

(define seed 23)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define syllables
  (vector "ka" "to" "ri" "men" "sa" "lo" "pe" "dun" "vi" "ar" "el" "os"
          "tri" "ba" "nor" "que" "ix" "mo" "ste" "gal"))

(define (random-word)
  (let loop ((k (+ 2 (modulo (next-random!) 3))) (word ""))
    (if (= k 0)
        word
        (loop (- k 1) (string-append word (vector-ref syllables (modulo (next-random!) 20)))))))

(define distances 0)

;; Edit distance (Levenshtein) by the table's rows; with swaps? a swap of
;; two neighbouring letters costs one edit too (optimal string alignment),
;; which needs the row before the previous one.
(define (distance a b swaps?)
  (let* ((n (string-length a))
         (m (string-length b))
         (before (make-vector (+ m 1) 0))
         (previous (make-vector (+ m 1) 0))
         (current (make-vector (+ m 1) 0)))
    (do ((j 0 (+ j 1))) ((> j m)) (vector-set! previous j j))
    (do ((i 1 (+ i 1))) ((> i n))
      (vector-set! current 0 i)
      (do ((j 1 (+ j 1))) ((> j m))
        (let ((best (min (+ 1 (vector-ref previous j))
                         (+ 1 (vector-ref current (- j 1)))
                         (+ (vector-ref previous (- j 1))
                            (if (char=? (string-ref a (- i 1)) (string-ref b (- j 1))) 0 1)))))
          (vector-set! current j
                       (if (and swaps? (> i 1) (> j 1)
                                (char=? (string-ref a (- i 1)) (string-ref b (- j 2)))
                                (char=? (string-ref a (- i 2)) (string-ref b (- j 1))))
                           (min best (+ 1 (vector-ref before (- j 2))))
                           best))))
      (do ((j 0 (+ j 1))) ((> j m))
        (vector-set! before j (vector-ref previous j))
        (vector-set! previous j (vector-ref current j))))
    (vector-ref previous m)))

(define (edit-distance a b)
  (set! distances (+ distances 1))
  (distance a b #f))

(define (alignment-distance a b) (distance a b #t))

;; -- the BK-tree ---------------------------------------------------------------------

(define (make-node word) (cons word '()))

(define (tree-insert! node word)
  ;; #t if word was added, #f if it was there
  (let ((d (edit-distance word (car node))))
    (if (= d 0)
        #f
        (let ((child (assv d (cdr node))))
          (if child
              (tree-insert! (cdr child) word)
              (begin (set-cdr! node (cons (cons d (make-node word)) (cdr node)))
                     #t))))))

(define (tree-depth node)
  (let loop ((children (cdr node)) (deepest 0))
    (if (null? children)
        (+ 1 deepest)
        (loop (cdr children) (max deepest (tree-depth (cdar children)))))))

;; The words within limit of word, each as (word distance).
(define (tree-search node word limit)
  (let ((d (edit-distance word (car node))))
    (let loop ((children (cdr node))
               (found (if (<= d limit) (list (list (car node) d)) '())))
      (cond ((null? children) found)
            ((<= (- d limit) (caar children) (+ d limit))
             (loop (cdr children) (append (tree-search (cdar children) word limit) found)))
            (else (loop (cdr children) found))))))

;; -- misspelling and ranking ---------------------------------------------------------

(define (random-letter) (integer->char (+ 97 (modulo (next-random!) 26))))

(define (misspell word)
  (let* ((n (string-length word))
         (i (modulo (next-random!) n)))
    (case (modulo (next-random!) 4)
      ((0) (string-append (substring word 0 i) (string (random-letter)) (substring word i n)))
      ((1) (string-append (substring word 0 i) (substring word (+ i 1) n)))
      ((2) (let ((copy (string-copy word)))
             (string-set! copy i (random-letter))
             copy))
      (else (if (< (+ i 1) n)
                (string-append (substring word 0 i) (string (string-ref word (+ i 1)) (string-ref word i))
                               (substring word (+ i 2) n))
                word)))))

(define (ranked-before? a b)
  ;; a and b are (word edits alignment)
  (or (< (caddr a) (caddr b))
      (and (= (caddr a) (caddr b))
           (or (< (cadr a) (cadr b))
               (and (= (cadr a) (cadr b)) (string<? (car a) (car b)))))))

(define (insert-ranked item ranked)
  (cond ((null? ranked) (list item))
        ((ranked-before? item (car ranked)) (cons item ranked))
        (else (cons (car ranked) (insert-ranked item (cdr ranked))))))

(define (suggest tree word)
  (let loop ((found (tree-search tree word 2)) (ranked '()))
    (if (null? found)
        ranked
        (loop (cdr found)
              (insert-ranked (list (car (car found)) (cadr (car found)) (alignment-distance word (car (car found))))
                             ranked)))))

(define (run n)
  (set! seed 23)
  (set! distances 0)
  (let* ((first (random-word))
         (tree (make-node first))
         (words (make-vector n first)))
    (let fill ((k 1) (repeats 0))
      (if (< k n)
          (let ((word (random-word)))
            (if (tree-insert! tree word)
                (begin (vector-set! words k word) (fill (+ k 1) repeats))
                (fill k (+ repeats 1))))
          (let ((exact (let count ((k 0) (hits 0))
                         (if (= k n)
                             hits
                             (count (+ k 1) (+ hits (length (tree-search tree (vector-ref words k) 0))))))))
            (let query ((q 0) (empty 0) (suggestions 0) (right 0) (shown '()))
              (if (= q (quotient n 2))
                  (list n repeats (tree-depth tree) exact q empty suggestions right distances (reverse shown))
                  (let* ((original (vector-ref words (modulo (next-random!) n)))
                         (typo (if (= 0 (modulo (next-random!) 3)) (misspell (misspell original)) (misspell original)))
                         (ranked (suggest tree typo)))
                    (query (+ q 1)
                           (if (null? ranked) (+ empty 1) empty)
                           (+ suggestions (length ranked))
                           (if (and (pair? ranked) (string=? (car (car ranked)) original)) (+ right 1) right)
                           (if (< q 3) (cons (cons typo (map car ranked)) shown) shown))))))))))
