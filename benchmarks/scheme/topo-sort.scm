;; topo-sort: a topological sort by depth-first search.  The graph is an
;; association list from each node to the list of its successors, read with
;; assv; the nodes seen so far are a list searched with memv, the path from
;; the root of the search another (a node met again on its own path closes
;; a cycle), and each node is consed onto the order when all its successors
;; are done.  The order is then checked edge by edge: no successor of a
;; node may come before it.
;;
;; Node i has the successors 2i + 1, 2i + 2 and i + 5, those below n; the
;; cyclic graph adds the edge from n - 1 back to 0.
;;
;; (run n) => (the length of the order, its first and last nodes, whether
;;             it passed the check, the sum of position times node counted
;;             from 1, and what sorting the cyclic graph gives: #f)

(define (make-graph n cyclic?)
  (let loop ((i (- n 1)) (graph '()))
    (if (< i 0)
        graph
        (loop (- i 1)
              (cons (cons i (append (below n (list (+ (* 2 i) 1) (+ (* 2 i) 2) (+ i 5)))
                                    (if (and cyclic? (= i (- n 1))) (list 0) '())))
                    graph)))))

(define (below n nodes)
  (cond ((null? nodes) '())
        ((< (car nodes) n) (cons (car nodes) (below n (cdr nodes))))
        (else (below n (cdr nodes)))))

(define (successors graph node)
  (cdr (assv node graph)))

;; The nodes in an order where every edge points forward, or #f when the
;; graph has a cycle.
(define (topological-sort graph)
  (let ((visited '())
        (order '())
        (cyclic #f))
    (define (visit node path)
      (cond ((memv node path) (set! cyclic #t))
            ((memv node visited) 'done)
            (else
             (set! visited (cons node visited))
             (for-each (lambda (next) (visit next (cons node path)))
                       (successors graph node))
             (set! order (cons node order)))))
    (for-each (lambda (entry) (visit (car entry) '())) graph)
    (if cyclic #f order)))

(define (forward-only? graph order)
  (let loop ((order order) (seen '()))
    (cond ((null? order) #t)
          ((any-seen? (successors graph (car order)) seen) #f)
          (else (loop (cdr order) (cons (car order) seen))))))

(define (any-seen? nodes seen)
  (cond ((null? nodes) #f)
        ((memv (car nodes) seen) #t)
        (else (any-seen? (cdr nodes) seen))))

(define (weighted-sum nodes)
  (let loop ((nodes nodes) (position 1) (sum 0))
    (if (null? nodes)
        sum
        (loop (cdr nodes) (+ position 1) (+ sum (* position (car nodes)))))))

(define (run n)
  (let* ((graph (make-graph n #f))
         (order (topological-sort graph)))
    (list (length order)
          (car order)
          (list-ref order (- (length order) 1))
          (forward-only? graph order)
          (weighted-sum order)
          (topological-sort (make-graph n #t)))))
