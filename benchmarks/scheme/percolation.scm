;; percolation: when does a grid of closed sites, opened one at a time in a
;; random order, first connect its top row to its bottom row?  Sites are
;; joined by union-find over two vectors, parent and size: find follows
;; parents to the root and points every site it passed at the root (path
;; compression, by plain recursion), union hangs the smaller tree under
;; the larger (the first root keeps its place on a tie).  Two extra
;; nodes, the top and the bottom, are joined to every open site of the
;; first and the last row.
;;
;; For each side s from 2 to n, the s * s sites are shuffled into a vector
;; by Fisher-Yates (a do loop counting down), then opened in that order;
;; each opened site is joined to its open neighbours (a quoted list of
;; steps), and call/cc leaves the do loop as soon as top and bottom have
;; the same root.  Then the open sites are walked once to find the
;; largest cluster (sizes counted per root in a third vector).
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 31, each draw
;; x div 65536; the shuffle swaps place i (from the last down to 1) with
;; place (draw mod (i + 1)).
;;
;; (run n) => (the sites opened summed over the sides, those opened for
;;             sides 2, 3, 4 and 5 (as far as n goes), the largest clusters
;;             summed, the unions that joined two trees, the steps find
;;             took, summed)

(define seed 31)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (shuffled-sites count)
  (let ((order (make-vector count 0)))
    (do ((i 0 (+ i 1)))
        ((= i count))
      (vector-set! order i i))
    (do ((i (- count 1) (- i 1)))
        ((< i 1) order)
      (let* ((j (modulo (next-random!) (+ i 1)))
             (t (vector-ref order i)))
        (vector-set! order i (vector-ref order j))
        (vector-set! order j t)))))

(define unions 0)
(define find-steps 0)

(define (make-sets count)
  (let ((parent (make-vector count 0)))
    (do ((i 0 (+ i 1)))
        ((= i count) (cons parent (make-vector count 1)))
      (vector-set! parent i i))))

(define (find! sets i)
  (set! find-steps (+ find-steps 1))
  (let ((p (vector-ref (car sets) i)))
    (if (= p i)
        i
        (let ((root (find! sets p)))
          (vector-set! (car sets) i root)
          root))))

(define (union! sets a b)
  (let* ((ra (find! sets a))
         (rb (find! sets b))
         (parent (car sets))
         (size (cdr sets)))
    (unless (= ra rb)
      (set! unions (+ unions 1))
      (if (< (vector-ref size ra) (vector-ref size rb))
          (begin (vector-set! parent ra rb)
                 (vector-set! size rb (+ (vector-ref size rb) (vector-ref size ra))))
          (begin (vector-set! parent rb ra)
                 (vector-set! size ra (+ (vector-ref size ra) (vector-ref size rb))))))))

(define steps '((-1 . 0) (1 . 0) (0 . -1) (0 . 1)))

;; Returns the sites opened when top met bottom, and the largest cluster.
(define (percolate side)
  (let* ((count (* side side))
         (top count)
         (bottom (+ count 1))
         (sets (make-sets (+ count 2)))
         (open (make-vector count #f))
         (order (shuffled-sites count)))
    (define (open-site! site)
      (let ((row (quotient site side))
            (col (remainder site side)))
        (vector-set! open site #t)
        (when (= row 0) (union! sets site top))
        (when (= row (- side 1)) (union! sets site bottom))
        (for-each (lambda (step)
                    (let ((r (+ row (car step)))
                          (c (+ col (cdr step))))
                      (when (and (>= r 0) (< r side) (>= c 0) (< c side)
                                 (vector-ref open (+ (* r side) c)))
                        (union! sets site (+ (* r side) c)))))
                  steps)))
    (define (largest-cluster)
      (let ((tally (make-vector (+ count 2) 0)))
        (let loop ((site 0) (best 0))
          (if (= site count)
              best
              (if (vector-ref open site)
                  (let* ((root (find! sets site))
                         (k (+ (vector-ref tally root) 1)))
                    (vector-set! tally root k)
                    (loop (+ site 1) (max best k)))
                  (loop (+ site 1) best))))))
    (let ((opened
           (call-with-current-continuation
            (lambda (return)
              (do ((k 0 (+ k 1)))
                  ((= k count) count)
                (open-site! (vector-ref order k))
                (when (= (find! sets top) (find! sets bottom))
                  (return (+ k 1))))))))
      (cons opened (largest-cluster)))))

(define (run n)
  (set! seed 31)
  (set! unions 0)
  (set! find-steps 0)
  (let loop ((side 2) (total 0) (first-ones '()) (clusters 0))
    (if (> side n)
        (list total (reverse first-ones) clusters unions find-steps)
        (let ((result (percolate side)))
          (loop (+ side 1)
                (+ total (car result))
                (if (<= side 5) (cons (car result) first-ones) first-ones)
                (+ clusters (cdr result)))))))
