;; max-flow: maximum flows by Edmonds and Karp, and bipartite matchings by
;; Kuhn's augmenting paths checked against a flow, as an algorithms course
;; writes them over arrays.
;;
;; A network of v vertices is a capacity matrix, a vector of row vectors;
;; the source is 0 and the sink v - 1.  Each augmenting path is found breadth
;; first over the residual matrix (neighbours in order of number) with a
;; vector as the queue, a head and a tail index, and a parent vector reset
;; by vector-fill!; the path's bottleneck is found by walking the parents
;; back from the sink, and the flow pushed along it.  The cut is the
;; vertices the source still reaches; its capacity must equal the flow.  A
;; bipartite graph has m left and m right vertices and a vector of
;; neighbour lists; Kuhn's matching tries each left vertex by a recursive
;; procedure over a fresh vector of visited marks, and its size is checked
;; against the maximum flow of the graph made a network of unit capacities.
;;
;; n networks are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 179, each draw x div 65536: v (6 .. 13), then for each ordered pair
;; of distinct vertices a draw, one time in three followed by the edge's
;; capacity (1 .. 20); then m (3 .. 8) and a draw for each left-right pair,
;; an edge one time in three.
;;
;; (run n) => (n, flows summed, augmenting paths summed, networks whose cut
;;             equalled their flow, matchings summed, matchings equal to
;;             their flow, a checksum, the first flow, the first cut's
;;             source side)

(define seed 179)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (make-matrix rows cols)
  (let ((m (make-vector rows #f)))
    (do ((i 0 (+ i 1))) ((= i rows) m)
      (vector-set! m i (make-vector cols 0)))))

(define (matrix-ref m i j) (vector-ref (vector-ref m i) j))

(define (matrix-set! m i j x) (vector-set! (vector-ref m i) j x))

(define (copy-matrix m)
  (let* ((rows (vector-length m))
         (copy (make-matrix rows rows)))
    (do ((i 0 (+ i 1))) ((= i rows) copy)
      (do ((j 0 (+ j 1))) ((= j rows))
        (matrix-set! copy i j (matrix-ref m i j))))))

(define (random-network)
  (let* ((v (+ 6 (modulo (next-random!) 8)))
         (cap (make-matrix v v)))
    (do ((i 0 (+ i 1))) ((= i v) cap)
      (do ((j 0 (+ j 1))) ((= j v))
        (unless (= i j)
          (when (= (modulo (next-random!) 3) 0)
            (matrix-set! cap i j (+ 1 (modulo (next-random!) 20)))))))))

;; fills parent (-1 where not reached) from source over the residual matrix
(define (breadth-first! residual parent source)
  (let* ((v (vector-length residual))
         (queue (make-vector v 0)))
    (vector-fill! parent -1)
    (vector-set! parent source source)
    (vector-set! queue 0 source)
    (let loop ((head 0) (tail 1))
      (when (< head tail)
        (let ((u (vector-ref queue head))
              (tail tail))
          (do ((w 0 (+ w 1))) ((= w v))
            (when (and (= (vector-ref parent w) -1)
                       (> (matrix-ref residual u w) 0))
              (vector-set! parent w u)
              (vector-set! queue tail w)
              (set! tail (+ tail 1))))
          (loop (+ head 1) tail))))))

;; (flow paths residual)
(define (edmonds-karp cap)
  (let* ((v (vector-length cap))
         (sink (- v 1))
         (residual (copy-matrix cap))
         (parent (make-vector v -1)))
    (let augment ((flow 0) (paths 0))
      (breadth-first! residual parent 0)
      (if (= (vector-ref parent sink) -1)
          (list flow paths residual)
          (let ((push (let walk ((w sink) (least #f))
                        (if (= w 0)
                            least
                            (let* ((u (vector-ref parent w))
                                   (c (matrix-ref residual u w)))
                              (walk u (if (or (not least) (< c least)) c least)))))))
            (let walk ((w sink))
              (unless (= w 0)
                (let ((u (vector-ref parent w)))
                  (matrix-set! residual u w (- (matrix-ref residual u w) push))
                  (matrix-set! residual w u (+ (matrix-ref residual w u) push))
                  (walk u))))
            (augment (+ flow push) (+ paths 1)))))))

(define (source-side residual)
  (let* ((v (vector-length residual))
         (parent (make-vector v -1)))
    (breadth-first! residual parent 0)
    (let loop ((i (- v 1)) (side '()))
      (cond ((< i 0) side)
            ((= (vector-ref parent i) -1) (loop (- i 1) side))
            (else (loop (- i 1) (cons i side)))))))

(define (cut-capacity cap side)
  (let ((v (vector-length cap))
        (total 0))
    (for-each (lambda (i)
                (do ((j 0 (+ j 1))) ((= j v))
                  (unless (memv j side)
                    (set! total (+ total (matrix-ref cap i j))))))
              side)
    total))

(define (random-bipartite)
  (let* ((m (+ 3 (modulo (next-random!) 6)))
         (adjacent (make-vector m '())))
    (do ((i 0 (+ i 1))) ((= i m) adjacent)
      (do ((j 0 (+ j 1))) ((= j m))
        (when (= (modulo (next-random!) 3) 0)
          (vector-set! adjacent i (append (vector-ref adjacent i) (list j))))))))

(define (kuhn adjacent)
  (let* ((m (vector-length adjacent))
         (match (make-vector m -1)))
    (define (try u visited)
      (let loop ((ws (vector-ref adjacent u)))
        (cond ((null? ws) #f)
              ((vector-ref visited (car ws)) (loop (cdr ws)))
              (else
               (vector-set! visited (car ws) #t)
               (if (or (= (vector-ref match (car ws)) -1)
                       (try (vector-ref match (car ws)) visited))
                   (begin (vector-set! match (car ws) u) #t)
                   (loop (cdr ws)))))))
    (let loop ((u 0) (size 0))
      (if (= u m)
          size
          (loop (+ u 1) (if (try u (make-vector m #f)) (+ size 1) size))))))

;; source 0, left 1 .. m, right m + 1 .. 2m, sink 2m + 1
(define (bipartite-network adjacent)
  (let* ((m (vector-length adjacent))
         (cap (make-matrix (+ m m 2) (+ m m 2))))
    (do ((i 0 (+ i 1))) ((= i m) cap)
      (matrix-set! cap 0 (+ i 1) 1)
      (matrix-set! cap (+ m i 1) (+ m m 1) 1)
      (for-each (lambda (j) (matrix-set! cap (+ i 1) (+ m j 1) 1))
                (vector-ref adjacent i)))))

(define (run n)
  (set! seed 179)
  (let loop ((k 0) (flows 0) (paths 0) (cuts-ok 0) (matched 0) (matches-ok 0) (sum 0)
                   (first-flow 0) (first-side '()))
    (if (= k n)
        (list n flows paths cuts-ok matched matches-ok sum first-flow first-side)
        (let* ((cap (random-network))
               (result (edmonds-karp cap))
               (flow (car result))
               (side (source-side (caddr result)))
               (adjacent (random-bipartite))
               (size (kuhn adjacent))
               (unit-flow (car (edmonds-karp (bipartite-network adjacent)))))
          (loop (+ k 1)
                (+ flows flow)
                (+ paths (cadr result))
                (if (= (cut-capacity cap side) flow) (+ cuts-ok 1) cuts-ok)
                (+ matched size)
                (if (= size unit-flow) (+ matches-ok 1) matches-ok)
                (modulo (+ (* sum 31) (* flow 16) size) 1000003)
                (if (= k 0) flow first-flow)
                (if (= k 0) side first-side))))))
