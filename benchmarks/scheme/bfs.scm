;; bfs: breadth-first search on a graph held as an association list of
;; adjacency lists (assv), the queue a list grown with append, distances
;; in an association list also used as the visited set; then apply and map
;; over the distances.
;;
;; (run n) => (sum of the distances from vertices 0..4, the farthest) on a
;; graph of n vertices.

;; vertex i has edges to 2i+1, 3i+2 and i+7, all modulo n
(define (make-graph n)
  (let loop ((i (- n 1)) (graph '()))
    (if (< i 0)
        graph
        (loop (- i 1)
              (cons (cons i (list (modulo (+ (* 2 i) 1) n)
                                  (modulo (+ (* 3 i) 2) n)
                                  (modulo (+ i 7) n)))
                    graph)))))

(define (neighbours graph v) (cdr (assv v graph)))

(define (bfs graph start)
  (let loop ((queue (list start)) (dist (list (cons start 0))))
    (if (null? queue)
        dist
        (let* ((v (car queue))
               (d (cdr (assv v dist))))
          (let visit ((ws (neighbours graph v)) (queue (cdr queue)) (dist dist))
            (cond ((null? ws) (loop queue dist))
                  ((assv (car ws) dist) (visit (cdr ws) queue dist))
                  (else (visit (cdr ws)
                               (append queue (list (car ws)))
                               (cons (cons (car ws) (+ d 1)) dist)))))))))

(define (run n)
  (let ((graph (make-graph n)))
    (let loop ((s 0) (total 0) (far 0))
      (if (= s 5)
          (list total far)
          (let ((ds (map cdr (bfs graph s))))
            (loop (+ s 1)
                  (+ total (apply + ds))
                  (max far (apply max ds))))))))
