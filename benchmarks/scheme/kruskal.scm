;; kruskal: a minimum spanning tree by Kruskal's algorithm with union-find.
;; The edges are lists (weight u v), dropped into a vector of buckets (one
;; list per weight, so that taking the buckets in turn takes the edges
;; lightest first); the forest is a vector of parents and a vector of
;; ranks, find compressing the path it walks and union hanging the lower
;; tree under the higher.  An edge joining two trees is taken, any other
;; turned away.
;;
;; The graph on the nodes 0 to n - 1 has, for each node i, an edge to
;; i + 1 mod n and one to 3i + 2 mod n (some of these are loops), the edge
;; from i to j weighing (7i + 13j + ij) mod 50 + 1.
;;
;; (run n) => (edges taken, their total weight, the heaviest taken, edges
;;             turned away, and how many trees the edges of weight 12 or
;;             less make on their own)

(define max-weight 50)

(define (edge-weight i j)
  (+ (modulo (+ (* 7 i) (* 13 j) (* i j)) max-weight) 1))

(define (make-edges n)
  (let loop ((i (- n 1)) (edges '()))
    (if (< i 0)
        edges
        (let ((j (modulo (+ i 1) n))
              (k (modulo (+ (* 3 i) 2) n)))
          (loop (- i 1)
                (cons (list (edge-weight i j) i j)
                      (cons (list (edge-weight i k) i k) edges)))))))

;; The edges lightest first, those of one weight in the order given.
(define (sort-by-weight edges)
  (let ((buckets (make-vector (+ max-weight 1) '())))
    (for-each (lambda (edge)
                (let ((w (car edge)))
                  (vector-set! buckets w (cons edge (vector-ref buckets w)))))
              edges)
    (let loop ((w max-weight) (sorted '()))
      (if (< w 0)
          sorted
          (loop (- w 1) (append (reverse (vector-ref buckets w)) sorted))))))

(define (make-forest n)
  (let ((parent (make-vector n 0)))
    (do ((i 0 (+ i 1)))
        ((= i n) parent)
      (vector-set! parent i i))))

(define (find parent x)
  (if (= (vector-ref parent x) x)
      x
      (let ((root (find parent (vector-ref parent x))))
        (vector-set! parent x root)
        root)))

;; Join the trees of x and y; #f when they are one tree already.
(define (union! parent rank x y)
  (let ((rx (find parent x))
        (ry (find parent y)))
    (cond ((= rx ry) #f)
          ((< (vector-ref rank rx) (vector-ref rank ry))
           (vector-set! parent rx ry)
           #t)
          ((> (vector-ref rank rx) (vector-ref rank ry))
           (vector-set! parent ry rx)
           #t)
          (else
           (vector-set! parent ry rx)
           (vector-set! rank rx (+ (vector-ref rank rx) 1))
           #t))))

(define (spanning-tree n sorted)
  (let ((parent (make-forest n))
        (rank (make-vector n 0)))
    (let loop ((edges sorted) (taken 0) (total 0) (heaviest 0) (refused 0))
      (cond ((null? edges) (list taken total heaviest refused))
            ((union! parent rank (cadr (car edges)) (caddr (car edges)))
             (loop (cdr edges) (+ taken 1) (+ total (car (car edges)))
                   (max heaviest (car (car edges))) refused))
            (else (loop (cdr edges) taken total heaviest (+ refused 1)))))))

(define (count-trees n edges limit)
  (let ((parent (make-forest n))
        (rank (make-vector n 0))
        (trees n))
    (for-each (lambda (edge)
                (if (and (<= (car edge) limit)
                         (union! parent rank (cadr edge) (caddr edge)))
                    (set! trees (- trees 1))))
              edges)
    trees))

(define (run n)
  (let* ((edges (make-edges n))
         (sorted (sort-by-weight edges)))
    (append (spanning-tree n sorted)
            (list (count-trees n edges 12)))))
