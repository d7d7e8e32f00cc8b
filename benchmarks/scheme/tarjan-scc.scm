;; tarjan-scc: the strongly connected components of a random directed
;; graph of n vertices, found twice, by Tarjan's algorithm and by
;; Kosaraju's, and compared.
;;
;; A vertex is a define-record-type record of its number, its edges (a
;; list of vertex numbers) and Tarjan's marks, changed by setters: its
;; index in the order of the search (#f before it is reached), the
;; lowest index it reaches, and whether it is on the stack.  Tarjan's
;; search is an internal define over a counter, a stack (a list) and the
;; components found, all kept by set!, and recurses by plain recursion
;; from inside the lambda given to for-each over the edges: as deep as
;; the longest path the search walks.  A component is popped off the
;; stack when a vertex's lowest index is its own index.
;;
;; Kosaraju's: a depth-first search that conses each vertex onto a list
;; when it is finished, the last finished first; the graph's edges
;; reversed into a vector of lists; and a second search over the reversed
;; edges, in that order, that numbers the components.  The two agree if
;; there are as many components and every one of Tarjan's has one
;; number; Kosaraju's numbers are a topological order of the components
;; when every edge between two components goes from a smaller number to
;; a larger.  The edges of the graph of components are counted once
;; each, kept per component in lists searched by memv.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 19, each draw
;; x div 65536; vertex v has 1 + draw mod 2 edges, each to the vertex
;; draw mod n.
;;
;; (run n) => (the components, the largest's size, the components of
;;             one vertex, the edges between components, whether the two
;;             algorithms agree, whether Kosaraju's order is topological,
;;             a checksum of the sizes in Tarjan's order)

(define seed 19)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type vertex
  (make-vertex number edges index low on-stack?)
  vertex?
  (number vertex-number)
  (edges vertex-edges)
  (index vertex-index set-vertex-index!)
  (low vertex-low set-vertex-low!)
  (on-stack? vertex-on-stack? set-vertex-on-stack!))

(define (random-graph n)
  (let ((graph (make-vector n #f)))
    (do ((v 0 (+ v 1)))
        ((= v n) graph)
      (let loop ((k (+ 1 (modulo (next-random!) 2))) (edges '()))
        (if (= k 0)
            (vector-set! graph v (make-vertex v (reverse edges) #f #f #f))
            (loop (- k 1) (cons (modulo (next-random!) n) edges)))))))

;; Tarjan's components, each a list of vertex numbers, the last found first.
(define (tarjan graph)
  (let ((counter 0)
        (stack '())
        (components '()))
    (define (strong-connect v)
      (set-vertex-index! v counter)
      (set-vertex-low! v counter)
      (set! counter (+ counter 1))
      (set! stack (cons v stack))
      (set-vertex-on-stack! v #t)
      (for-each (lambda (number)
                  (let ((w (vector-ref graph number)))
                    (cond ((not (vertex-index w))
                           (strong-connect w)
                           (set-vertex-low! v (min (vertex-low v) (vertex-low w))))
                          ((vertex-on-stack? w)
                           (set-vertex-low! v (min (vertex-low v) (vertex-index w)))))))
                (vertex-edges v))
      (when (= (vertex-low v) (vertex-index v))
        (let pop ((component '()))
          (let ((w (car stack)))
            (set! stack (cdr stack))
            (set-vertex-on-stack! w #f)
            (if (eq? w v)
                (set! components (cons (cons (vertex-number w) component) components))
                (pop (cons (vertex-number w) component)))))))
    (vector-for-each (lambda (v) (unless (vertex-index v) (strong-connect v))) graph)
    components))

(define (reversed-edges graph)
  (let ((into (make-vector (vector-length graph) '())))
    (vector-for-each (lambda (v)
                       (for-each (lambda (w)
                                   (vector-set! into w (cons (vertex-number v) (vector-ref into w))))
                                 (vertex-edges v)))
                     graph)
    into))

;; Kosaraju's component number of every vertex, in a vector, and how many.
(define (kosaraju graph)
  (let* ((n (vector-length graph))
         (seen (make-vector n #f))
         (finished '())
         (into (reversed-edges graph))
         (number (make-vector n #f)))
    (define (visit v)
      (vector-set! seen v #t)
      (for-each (lambda (w) (unless (vector-ref seen w) (visit w)))
                (vertex-edges (vector-ref graph v)))
      (set! finished (cons v finished)))
    (define (mark v c)
      (vector-set! number v c)
      (for-each (lambda (w) (unless (vector-ref number w) (mark w c)))
                (vector-ref into v)))
    (do ((v 0 (+ v 1)))
        ((= v n))
      (unless (vector-ref seen v) (visit v)))
    (let loop ((order finished) (c 0))
      (cond ((null? order) (values number c))
            ((vector-ref number (car order)) (loop (cdr order) c))
            (else (mark (car order) c) (loop (cdr order) (+ c 1)))))))

(define (all-same? numbers component)
  (let ((c (vector-ref numbers (car component))))
    (let loop ((rest (cdr component)))
      (or (null? rest)
          (and (= (vector-ref numbers (car rest)) c)
               (loop (cdr rest)))))))

(define (run n)
  (set! seed 19)
  (let* ((graph (random-graph n))
         (components (tarjan graph))
         (sizes (map length components)))
    (let-values (((numbers count) (kosaraju graph)))
      (let ((targets (make-vector count '()))
            (forward #t)
            (between 0))
        (vector-for-each
         (lambda (v)
           (let ((from (vector-ref numbers (vertex-number v))))
             (for-each (lambda (w)
                         (let ((to (vector-ref numbers w)))
                           (unless (= from to)
                             (if (> from to) (set! forward #f))
                             (unless (memv to (vector-ref targets from))
                               (vector-set! targets from (cons to (vector-ref targets from)))
                               (set! between (+ between 1))))))
                       (vertex-edges v))))
         graph)
        (list (length components)
              (apply max sizes)
              (let ones ((sizes sizes)) (cond ((null? sizes) 0) ((= (car sizes) 1) (+ 1 (ones (cdr sizes)))) (else (ones (cdr sizes)))))
              between
              (and (= count (length components))
                   (let check ((cs components))
                     (or (null? cs) (and (all-same? numbers (car cs)) (check (cdr cs))))))
              forward
              (let loop ((sizes sizes) (sum 0))
                (if (null? sizes)
                    sum
                    (loop (cdr sizes) (modulo (+ (* 31 sum) (car sizes)) 1000003)))))))))
