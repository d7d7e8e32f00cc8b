;; segment-tree: range sums and range minima under range additions, by
;; a segment tree with lazy additions and again by square-root blocks,
;; the way a competitive-programming course teaches both.
;;
;; The tree lives in three vectors of 4n places: node i covers a range,
;; its children are 2i and 2i + 1, and each node keeps the sum and the
;; minimum of its range and an addition not yet handed down to its
;; children.  Building, adding v to every element of [l, r], and asking
;; the sum or the minimum of [l, r] all recurse from the root, handing
;; the pending addition down on the way.
;;
;; The blocks: b = the integer square root of n (exact-integer-sqrt,
;; two values), element i in block i div b at place i mod b (floor/);
;; each block keeps its sum, its minimum and an addition for the whole
;; block; a range is its partial blocks element by element and its
;; whole blocks by their totals, a partial addition recomputing its
;; block's minimum by a do loop.
;;
;; 3n operations are drawn: a third additions of -50 .. 50, a third sum
;; queries, a third minimum queries, over ranges drawn as two places put
;; in order.  Every answer of the tree must equal the blocks'.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 43, each
;; draw x div 65536.
;;
;; (run n) => (operations, the block size, additions, whether every
;;             answer agreed, the sums checksummed, the minima
;;             checksummed, the final total, the final minimum, the
;;             deepest recursion of the tree)

(define seed 43)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

;; The tree.
(define tree-sum #f)
(define tree-min #f)
(define tree-add #f)
(define deepest 0)

(define (build! items node low high)
  (if (= low high)
      (begin (vector-set! tree-sum node (vector-ref items low))
             (vector-set! tree-min node (vector-ref items low)))
      (let ((middle (quotient (+ low high) 2)))
        (build! items (* 2 node) low middle)
        (build! items (+ (* 2 node) 1) (+ middle 1) high)
        (pull! node))))

(define (pull! node)
  (vector-set! tree-sum node (+ (vector-ref tree-sum (* 2 node)) (vector-ref tree-sum (+ (* 2 node) 1))))
  (vector-set! tree-min node (min (vector-ref tree-min (* 2 node)) (vector-ref tree-min (+ (* 2 node) 1)))))

(define (apply-add! node count v)
  (vector-set! tree-sum node (+ (vector-ref tree-sum node) (* count v)))
  (vector-set! tree-min node (+ (vector-ref tree-min node) v))
  (vector-set! tree-add node (+ (vector-ref tree-add node) v)))

(define (push! node low middle high)
  (let ((v (vector-ref tree-add node)))
    (unless (= v 0)
      (apply-add! (* 2 node) (+ (- middle low) 1) v)
      (apply-add! (+ (* 2 node) 1) (- high middle) v)
      (vector-set! tree-add node 0))))

(define (tree-update! node low high l r v depth)
  (set! deepest (max deepest depth))
  (cond ((or (< r low) (> l high)) #f)
        ((and (<= l low) (<= high r)) (apply-add! node (+ (- high low) 1) v))
        (else
         (let ((middle (quotient (+ low high) 2)))
           (push! node low middle high)
           (tree-update! (* 2 node) low middle l r v (+ depth 1))
           (tree-update! (+ (* 2 node) 1) (+ middle 1) high l r v (+ depth 1))
           (pull! node)))))

;; [l, r] within [low, high]; combine: + or min; field: the vector.
(define (tree-query node low high l r combine field)
  (if (and (= l low) (= high r))
      (vector-ref field node)
      (let ((middle (quotient (+ low high) 2)))
        (push! node low middle high)
        (cond ((<= r middle) (tree-query (* 2 node) low middle l r combine field))
              ((> l middle) (tree-query (+ (* 2 node) 1) (+ middle 1) high l r combine field))
              (else (combine (tree-query (* 2 node) low middle l middle combine field)
                             (tree-query (+ (* 2 node) 1) (+ middle 1) high (+ middle 1) r combine field)))))))

;; The blocks.
(define (make-blocks items size)
  (let* ((n (vector-length items))
         (count (quotient (+ n size -1) size))
         (sums (make-vector count 0))
         (mins (make-vector count #f))
         (adds (make-vector count 0)))
    (do ((i 0 (+ i 1))) ((= i n))
      (let-values (((block place) (floor/ i size)))
        (vector-set! sums block (+ (vector-ref sums block) (vector-ref items i)))
        (vector-set! mins block (if (= place 0)
                                    (vector-ref items i)
                                    (min (vector-ref mins block) (vector-ref items i))))))
    (vector items size sums mins adds)))

(define (blocks-update! blocks l r v)
  (let ((items (vector-ref blocks 0)) (size (vector-ref blocks 1))
        (sums (vector-ref blocks 2)) (mins (vector-ref blocks 3)) (adds (vector-ref blocks 4)))
    (define (recompute-min! block)
      (let ((end (min (vector-length items) (* (+ block 1) size))))
        (do ((i (* block size) (+ i 1))
             (least #f (if (or (not least) (< (vector-ref items i) least)) (vector-ref items i) least)))
            ((= i end) (vector-set! mins block (+ least (vector-ref adds block)))))))
    (let loop ((i l))
      (when (<= i r)
        (let-values (((block place) (floor/ i size)))
          (if (and (= place 0) (<= (+ i size -1) r))
              (begin (vector-set! adds block (+ (vector-ref adds block) v))
                     (vector-set! sums block (+ (vector-ref sums block) (* size v)))
                     (vector-set! mins block (+ (vector-ref mins block) v))
                     (loop (+ i size)))
              (let ((end (min r (- (* (+ block 1) size) 1))))
                (do ((j i (+ j 1))) ((> j end))
                  (vector-set! items j (+ (vector-ref items j) v)))
                (vector-set! sums block (+ (vector-ref sums block) (* (+ (- end i) 1) v)))
                (recompute-min! block)
                (loop (+ end 1)))))))))

(define (blocks-query blocks l r want-sum?)
  (let ((items (vector-ref blocks 0)) (size (vector-ref blocks 1))
        (sums (vector-ref blocks 2)) (mins (vector-ref blocks 3)) (adds (vector-ref blocks 4)))
    (let loop ((i l) (sum 0) (least #f))
      (if (> i r)
          (if want-sum? sum least)
          (let-values (((block place) (floor/ i size)))
            (if (and (= place 0) (<= (+ i size -1) r))
                (loop (+ i size)
                      (+ sum (vector-ref sums block))
                      (if least (min least (vector-ref mins block)) (vector-ref mins block)))
                (let ((x (+ (vector-ref items i) (vector-ref adds block))))
                  (loop (+ i 1) (+ sum x) (if least (min least x) x)))))))))

(define (fold-checksum sum x) (modulo (+ (* sum 31) (modulo x 1000003)) 1000003))

(define (run n)
  (set! seed 43)
  (set! deepest 0)
  (set! tree-sum (make-vector (* 4 n) 0))
  (set! tree-min (make-vector (* 4 n) 0))
  (set! tree-add (make-vector (* 4 n) 0))
  (let ((items (make-vector n 0)))
    (do ((i 0 (+ i 1))) ((= i n))
      (vector-set! items i (- (random-below 1000) 500)))
    (build! items 1 0 (- n 1))
    (let-values (((size leftover) (exact-integer-sqrt n)))
      (let ((blocks (make-blocks (vector-copy items) size)))
        (let loop ((k 0) (additions 0) (agree #t) (sums 0) (mins 0))
          (if (= k (* 3 n))
              (list k size additions agree sums mins
                    (tree-query 1 0 (- n 1) 0 (- n 1) + tree-sum)
                    (tree-query 1 0 (- n 1) 0 (- n 1) min tree-min)
                    deepest)
              (let* ((kind (random-below 3))
                     (a (random-below n))
                     (b (random-below n))
                     (l (min a b))
                     (r (max a b)))
                (case kind
                  ((0) (let ((v (- (random-below 101) 50)))
                         (tree-update! 1 0 (- n 1) l r v 0)
                         (blocks-update! blocks l r v)
                         (loop (+ k 1) (+ additions 1) agree sums mins)))
                  ((1) (let ((s (tree-query 1 0 (- n 1) l r + tree-sum)))
                         (loop (+ k 1) additions (and agree (= s (blocks-query blocks l r #t)))
                               (fold-checksum sums s) mins)))
                  (else (let ((m (tree-query 1 0 (- n 1) l r min tree-min)))
                          (loop (+ k 1) additions (and agree (= m (blocks-query blocks l r #f)))
                                sums (fold-checksum mins m))))))))))))
