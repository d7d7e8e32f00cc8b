;; convex-hull: convex hulls of lattice points two ways, Andrew's
;; monotone chain and Jarvis's gift wrapping, with the hull's area, its
;; lattice points by Pick's theorem, and each point placed inside, on or
;; off the hull, as a computational-geometry course writes them.
;;
;; A point is a pair (x . y) of exact integers; every test is the sign of
;; a cross product.  The points are sorted by a merge sort of our own
;; taking a less-than procedure, repeats dropped.  The monotone chain
;; keeps its lower and upper halves as lists used as stacks (newest
;; first), popping while the last turn is not to the left; the gift wrap
;; starts from the same point and takes, at each step, the point no other
;; lies to the right of (the farthest on a tie).  Both give the hull
;; counter-clockwise.  The area is half the shoelace sum, an exact
;; rational; the boundary's lattice points are a sum of gcds over the
;; edges, and the interior's follow by Pick, A = I + B/2 - 1.
;;
;; n sets of 8 .. 40 points with coordinates in -50 .. 50 are drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 181, each draw x div
;; 65536: the number of points, then each point's x and y.
;;
;; (run n) => (n, distinct points, hull vertices summed, sets whose two
;;             hulls agreed, points strictly inside, points on an edge but
;;             not a vertex, the areas summed as a string, interior lattice
;;             points summed, the first hull as (x y) lists)

(define seed 181)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-points)
  (let ((m (+ 8 (modulo (next-random!) 33))))
    (let loop ((i 0) (points '()))
      (if (= i m)
          (reverse points)
          (let* ((x (- (modulo (next-random!) 101) 50))
                 (y (- (modulo (next-random!) 101) 50)))
            (loop (+ i 1) (cons (cons x y) points)))))))

(define (merge-lists a b less?)
  (cond ((null? a) b)
        ((null? b) a)
        ((less? (car b) (car a)) (cons (car b) (merge-lists a (cdr b) less?)))
        (else (cons (car a) (merge-lists (cdr a) b less?)))))

(define (split lst)
  (if (or (null? lst) (null? (cdr lst)))
      (list lst '())
      (let ((rest (split (cddr lst))))
        (list (cons (car lst) (car rest))
              (cons (cadr lst) (cadr rest))))))

(define (merge-sort lst less?)
  (if (or (null? lst) (null? (cdr lst)))
      lst
      (let ((halves (split lst)))
        (merge-lists (merge-sort (car halves) less?)
                     (merge-sort (cadr halves) less?)
                     less?))))

(define (point<? p q)
  (or (< (car p) (car q))
      (and (= (car p) (car q)) (< (cdr p) (cdr q)))))

(define (drop-repeats sorted)
  (cond ((null? sorted) '())
        ((null? (cdr sorted)) sorted)
        ((equal? (car sorted) (cadr sorted)) (drop-repeats (cdr sorted)))
        (else (cons (car sorted) (drop-repeats (cdr sorted))))))

;; > 0 when o -> a -> b turns left
(define (cross o a b)
  (- (* (- (car a) (car o)) (- (cdr b) (cdr o)))
     (* (- (cdr a) (cdr o)) (- (car b) (car o)))))

(define (half-chain points)
  (let loop ((points points) (stack '()))
    (cond ((null? points) stack)
          ((and (pair? stack) (pair? (cdr stack))
                (<= (cross (cadr stack) (car stack) (car points)) 0))
           (loop points (cdr stack)))
          (else (loop (cdr points) (cons (car points) stack))))))

(define (monotone-chain sorted)
  (if (null? (cdr sorted))
      sorted
      (let ((lower (half-chain sorted))
            (upper (half-chain (reverse sorted))))
        (append (reverse (cdr lower)) (reverse (cdr upper))))))

(define (distance2 p q)
  (let ((dx (- (car q) (car p))) (dy (- (cdr q) (cdr p))))
    (+ (* dx dx) (* dy dy))))

(define (gift-wrap sorted)
  (let ((start (car sorted)))
    (if (null? (cdr sorted))
        sorted
        (let wrap ((p start) (hull (list start)))
          (let ((q (let choose ((q (if (equal? (car sorted) p) (cadr sorted) (car sorted)))
                                (rs sorted))
                     (if (null? rs)
                         q
                         (let* ((r (car rs))
                                (turn (cross p q r)))
                           (choose (if (or (< turn 0)
                                           (and (= turn 0) (> (distance2 p r) (distance2 p q))))
                                       r
                                       q)
                                   (cdr rs)))))))
            (if (equal? q start)
                (reverse hull)
                (wrap q (cons q hull))))))))

(define (edges hull)
  (let loop ((ps hull) (out '()))
    (if (null? (cdr ps))
        (reverse (cons (cons (car ps) (car hull)) out))
        (loop (cdr ps) (cons (cons (car ps) (cadr ps)) out)))))

(define (area hull)
  (let loop ((es (edges hull)) (twice 0))
    (if (null? es)
        (/ twice 2)
        (let ((a (car (car es))) (b (cdr (car es))))
          (loop (cdr es) (+ twice (- (* (car a) (cdr b)) (* (car b) (cdr a)))))))))

(define (boundary-lattice hull)
  (apply + (map (lambda (e)
                  (gcd (- (car (cdr e)) (car (car e)))
                       (- (cdr (cdr e)) (cdr (car e)))))
                (edges hull))))

;; 'inside, 'edge, 'vertex or 'outside
(define (classify p hull es)
  (cond ((member p hull) 'vertex)
        (else
         (let loop ((es es) (on-edge #f))
           (if (null? es)
               (if on-edge 'edge 'inside)
               (let ((turn (cross (car (car es)) (cdr (car es)) p)))
                 (cond ((< turn 0) 'outside)
                       ((= turn 0) (loop (cdr es) #t))
                       (else (loop (cdr es) on-edge)))))))))

(define (run n)
  (set! seed 181)
  (let loop ((k 0) (distinct 0) (vertices 0) (agreed 0) (inside 0) (on-edge 0)
                   (areas 0) (interior 0) (first '()))
    (if (= k n)
        (list n distinct vertices agreed inside on-edge (number->string areas) interior first)
        (let* ((sorted (drop-repeats (merge-sort (random-points) point<?)))
               (hull (monotone-chain sorted))
               (wrapped (gift-wrap sorted))
               (es (edges hull))
               (kinds (map (lambda (p) (classify p hull es)) sorted))
               (a (area hull)))
          (loop (+ k 1)
                (+ distinct (length sorted))
                (+ vertices (length hull))
                (if (equal? hull wrapped) (+ agreed 1) agreed)
                (+ inside (length (filter-kind 'inside kinds)))
                (+ on-edge (length (filter-kind 'edge kinds)))
                (+ areas a)
                (+ interior (+ (- a (/ (boundary-lattice hull) 2)) 1))
                (if (= k 0) (map (lambda (p) (list (car p) (cdr p))) hull) first))))))

(define (filter-kind kind kinds)
  (cond ((null? kinds) '())
        ((eq? (car kinds) kind) (cons kind (filter-kind kind (cdr kinds))))
        (else (filter-kind kind (cdr kinds)))))
