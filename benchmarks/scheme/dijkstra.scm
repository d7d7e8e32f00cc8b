;; dijkstra: shortest paths from node 0 in a weighted directed graph kept
;; as an association list from each node to its list of (neighbour . weight)
;; pairs, read with assv.  The textbook O(V^2) algorithm: distances in a
;; vector with #f for "not reached yet", a vector of finished flags, the
;; nearest unfinished node found by a scan, its edges relaxed with for-each.
;;
;; Node u has edges to u + 1 (weight 10 + u mod 7), to 2u (weight
;; 1 + u^2 mod 13) and to 3u + 5 (weight 2 + u mod 11), all mod n.
;;
;; (run n) => (how many nodes are reachable, the sum of their distances,
;;             the largest distance, the distance of node n - 1, and how many
;;             nodes are nearer than node n - 1)

(define (make-graph n)
  (let loop ((u (- n 1)) (graph '()))
    (if (< u 0)
        graph
        (loop (- u 1)
              (cons (cons u (list (cons (modulo (+ u 1) n) (+ 10 (modulo u 7)))
                                  (cons (modulo (* 2 u) n) (+ 1 (modulo (* u u) 13)))
                                  (cons (modulo (+ (* 3 u) 5) n) (+ 2 (modulo u 11)))))
                    graph)))))

(define (neighbours graph u)
  (cdr (assv u graph)))

;; The unfinished node with the smallest known distance, or #f.
(define (nearest-unfinished dist done n)
  (let loop ((v 0) (best #f))
    (cond ((= v n) best)
          ((or (vector-ref done v) (not (vector-ref dist v)))
           (loop (+ v 1) best))
          ((or (not best) (< (vector-ref dist v) (vector-ref dist best)))
           (loop (+ v 1) v))
          (else (loop (+ v 1) best)))))

(define (shortest-paths graph n source)
  (let ((dist (make-vector n #f))
        (done (make-vector n #f)))
    (vector-set! dist source 0)
    (let loop ()
      (let ((u (nearest-unfinished dist done n)))
        (if (not u)
            dist
            (begin
              (vector-set! done u #t)
              (for-each (lambda (edge)
                          (let ((v (car edge))
                                (d (+ (vector-ref dist u) (cdr edge))))
                            (if (or (not (vector-ref dist v))
                                    (< d (vector-ref dist v)))
                                (vector-set! dist v d))))
                        (neighbours graph u))
              (loop)))))))

(define (run n)
  (let* ((graph (make-graph n))
         (dist (vector->list (shortest-paths graph n 0)))
         (reached (filter-reached dist))
         (last-distance (list-ref dist (- n 1))))
    (list (length reached)
          (apply + reached)
          (apply max reached)
          last-distance
          (length (filter-below last-distance reached)))))

(define (filter-reached lst)
  (cond ((null? lst) '())
        ((car lst) (cons (car lst) (filter-reached (cdr lst))))
        (else (filter-reached (cdr lst)))))

(define (filter-below limit lst)
  (cond ((null? lst) '())
        ((< (car lst) limit) (cons (car lst) (filter-below limit (cdr lst))))
        (else (filter-below limit (cdr lst)))))
