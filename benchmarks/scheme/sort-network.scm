;; sort-network: sorting networks for 2^k wires, Batcher's odd-even
;; merge sort and the bitonic sorter, built as lists and checked, as in a
;; course on parallel algorithms.
;;
;; A network is a list of comparators (i . j): after it, wire i holds the
;; smaller of the two values and wire j the larger (in the bitonic
;; sorter i may be above j).  Batcher's network is built by his recursion
;; (merge the odd and the even wires, then compare neighbours) with
;; append; the bitonic one by three nested do loops, partners found by
;; the arithmetic of i xor j for j a power of two.  Each network's size
;; and depth (every comparator put in the first layer after both its
;; wires are free, kept in a vector) are worked out; each is checked by
;; the 0-1 principle on all 2^w inputs of zeros and ones for w = 4 and 8,
;; then n vectors of 16 drawn numbers are sorted by both networks and by
;; an insertion network (every pair, n(n-1)/2 comparators) in vectors,
;; and compared.  The draws: x -> (1103515245x + 12345) mod 2^31 from
;; x = 109, each draw x div 65536.
;;
;; (run n) => (n, for w = 4, 8 and 16 each network's size and depth, the
;;             insertion network's, the 0-1 inputs sorted, the vectors
;;             sorted alike, a checksum)

(define (batcher-merge lo hi r)
  (let ((step (* r 2)))
    (if (< step (- hi lo))
        (append (batcher-merge lo hi step)
                (batcher-merge (+ lo r) hi step)
                (let loop ((i (+ lo r)) (acc '()))
                  (if (< i (- hi r))
                      (loop (+ i step) (cons (cons i (+ i r)) acc))
                      (reverse acc))))
        (list (cons lo (+ lo r))))))

(define (batcher lo hi)
  (if (< lo hi)
      (let ((mid (+ lo (quotient (- hi lo) 2))))
        (append (batcher lo mid)
                (batcher (+ mid 1) hi)
                (batcher-merge lo hi 1)))
      '()))

(define (batcher-network w) (batcher 0 (- w 1)))

(define (partner i j)
  (if (even? (quotient i j)) (+ i j) (- i j)))

(define (bitonic-network w)
  (let ((net '()))
    (do ((k 2 (* k 2)))
        ((> k w) (reverse net))
      (do ((j (quotient k 2) (quotient j 2)))
          ((= j 0))
        (do ((i 0 (+ i 1)))
            ((= i w))
          (let ((l (partner i j)))
            (if (> l i)
                (set! net (cons (if (even? (quotient i k)) (cons i l) (cons l i))
                                net)))))))))

(define (insertion-network w)
  (let loop ((i 1) (net '()))
    (if (= i w)
        (reverse net)
        (loop (+ i 1)
              (let inner ((j i) (net net))
                (if (= j 0)
                    net
                    (inner (- j 1) (cons (cons (- j 1) j) net))))))))

(define (depth net w)
  (let ((free (make-vector w 0)))
    (let loop ((net net) (deepest 0))
      (if (null? net)
          deepest
          (let* ((i (caar net))
                 (j (cdar net))
                 (layer (+ 1 (max (vector-ref free i) (vector-ref free j)))))
            (vector-set! free i layer)
            (vector-set! free j layer)
            (loop (cdr net) (max deepest layer)))))))

(define (apply-network! net v)
  (for-each (lambda (c)
              (let ((a (vector-ref v (car c)))
                    (b (vector-ref v (cdr c))))
                (if (> a b)
                    (begin
                      (vector-set! v (car c) b)
                      (vector-set! v (cdr c) a)))))
            net)
  v)

(define (sorted? v)
  (let loop ((i 1))
    (cond ((>= i (vector-length v)) #t)
          ((> (vector-ref v (- i 1)) (vector-ref v i)) #f)
          (else (loop (+ i 1))))))

;; the input of zeros and ones whose bits make k
(define (bits->vector k w)
  (let ((v (make-vector w 0)))
    (do ((i 0 (+ i 1))
         (k k (quotient k 2)))
        ((= i w) v)
      (vector-set! v i (remainder k 2)))))

(define (zero-one-sorted net w)
  (let loop ((k 0) (good 0))
    (if (= k (expt 2 w))
        good
        (loop (+ k 1)
              (if (sorted? (apply-network! net (bits->vector k w))) (+ good 1) good)))))

(define (copy-vector v)
  (let ((c (make-vector (vector-length v))))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length v)) c)
      (vector-set! c i (vector-ref v i)))))

(define seed 109)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (describe w)
  (let ((b (batcher-network w))
        (t (bitonic-network w)))
    (list w (length b) (depth b w) (length t) (depth t w))))

(define (run n)
  (set! seed 109)
  (let ((b4 (batcher-network 4)) (t4 (bitonic-network 4))
        (b8 (batcher-network 8)) (t8 (bitonic-network 8))
        (b16 (batcher-network 16)) (t16 (bitonic-network 16))
        (i16 (insertion-network 16))
        (alike 0)
        (checksum 0))
    (do ((k 0 (+ k 1)))
        ((= k n))
      (let ((v (make-vector 16 0)))
        (do ((i 0 (+ i 1)))
            ((= i 16))
          (vector-set! v i (modulo (next-random!) 1000)))
        (let ((x (apply-network! b16 (copy-vector v)))
              (y (apply-network! t16 (copy-vector v)))
              (z (apply-network! i16 (copy-vector v))))
          (if (and (sorted? x) (equal? x y) (equal? y z))
              (set! alike (+ alike 1)))
          (set! checksum (modulo (+ (* checksum 7) (vector-ref x 0) (* 3 (vector-ref x 15)) (vector-ref x 8))
                                 1000003)))))
    (list n (describe 4) (describe 8) (describe 16)
          (list (length i16) (depth i16 16))
          (list (zero-one-sorted b4 4) (zero-one-sorted t4 4)
                (zero-one-sorted b8 8) (zero-one-sorted t8 8))
          alike checksum)))
