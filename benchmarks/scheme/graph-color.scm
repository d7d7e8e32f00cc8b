;; graph-color: colouring random graphs, greedily and exactly, as in a
;; course on algorithms.
;;
;; A graph of 9 to 14 vertices is a vector of neighbour lists, each
;; edge drawn with probability 3/10 by x -> (1103515245x + 12345) mod 2^31 from
;; x = 103, each draw x div 65536.
;;
;; Welsh and Powell: the vertices in order of degree, largest first (an
;; insertion sort of our own, ties by number), each given the least
;; colour none of its neighbours has.
;;
;; The chromatic number: k = 1, 2, ... until a colouring with k colours
;; is found by backtracking, vertex by vertex, the colours kept in a
;; vector (a vertex takes a new colour only if it is the next unused
;; one); the search leaves through a call/cc escape as soon as the
;; last vertex is coloured.  A counter kept in a closure counts the
;; colours tried.  A colouring found is checked edge by edge.
;;
;; (run n) => (n, the chromatic numbers added up, Welsh and Powell's
;;             colours added up, how often Welsh and Powell was best,
;;             colours tried, whether every colouring was proper, the
;;             first graph's edges and colouring)

(define seed 103)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-graph v)
  (let ((adj (make-vector v '())))
    (do ((i 0 (+ i 1)))
        ((= i v) adj)
      (do ((j (+ i 1) (+ j 1)))
          ((= j v))
        (if (< (modulo (next-random!) 10) 3)
            (begin
              (vector-set! adj i (cons j (vector-ref adj i)))
              (vector-set! adj j (cons i (vector-ref adj j)))))))))

(define (edge-count adj)
  (let loop ((i 0) (total 0))
    (if (= i (vector-length adj))
        (quotient total 2)
        (loop (+ i 1) (+ total (length (vector-ref adj i)))))))

(define (insert x sorted before?)
  (cond ((null? sorted) (list x))
        ((before? x (car sorted)) (cons x sorted))
        (else (cons (car sorted) (insert x (cdr sorted) before?)))))

(define (insertion-sort lst before?)
  (let loop ((lst lst) (sorted '()))
    (if (null? lst)
        sorted
        (loop (cdr lst) (insert (car lst) sorted before?)))))

(define (iota-list k)
  (let loop ((i (- k 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons i acc)))))

(define (colour-free? colours neighbours c)
  (cond ((null? neighbours) #t)
        ((= (vector-ref colours (car neighbours)) c) #f)
        (else (colour-free? colours (cdr neighbours) c))))

;; the colouring as a list, vertex 0 first
(define (welsh-powell adj)
  (let* ((v (vector-length adj))
         (colours (make-vector v 0))
         (order (insertion-sort (iota-list v)
                                (lambda (a b)
                                  (let ((da (length (vector-ref adj a)))
                                        (db (length (vector-ref adj b))))
                                    (or (> da db) (and (= da db) (< a b))))))))
    (for-each (lambda (u)
                (let try ((c 1))
                  (if (colour-free? colours (vector-ref adj u) c)
                      (vector-set! colours u c)
                      (try (+ c 1)))))
              order)
    (vector->list colours)))

(define (make-counter)
  (let ((count 0))
    (lambda (message)
      (case message
        ((tick) (set! count (+ count 1)) count)
        ((value) count)
        (else (error "counter: unknown message" message))))))

;; a colouring with at most k colours as a list, or #f; a vertex may take
;; a colour no earlier vertex has only if it is the next unused one
(define (colour-with adj k counter)
  (let* ((v (vector-length adj))
         (colours (make-vector v 0)))
    (call-with-current-continuation
     (lambda (found)
       (let place ((u 0) (used 0))
         (if (= u v)
             (found (vector->list colours))
             (do ((c 1 (+ c 1)))
                 ((or (> c k) (> c (+ used 1))))
               (counter 'tick)
               (if (colour-free? colours (vector-ref adj u) c)
                   (begin
                     (vector-set! colours u c)
                     (place (+ u 1) (max used c))
                     (vector-set! colours u 0))))))
       #f))))

(define (chromatic adj counter)
  (let loop ((k 1))
    (let ((found (colour-with adj k counter)))
      (if found
          (cons k found)
          (loop (+ k 1))))))

(define (proper? adj colouring)
  (let ((colours (list->vector colouring)))
    (let check ((u 0))
      (cond ((= u (vector-length adj)) #t)
            ((colour-free? colours (vector-ref adj u) (vector-ref colours u)) (check (+ u 1)))
            (else #f)))))

(define (run n)
  (set! seed 103)
  (let ((counter (make-counter))
        (chromatic-sum 0)
        (greedy-sum 0)
        (greedy-best 0)
        (all-proper #t)
        (first-graph #f))
    (do ((g 0 (+ g 1)))
        ((= g n))
      (let* ((v (+ 9 (modulo (next-random!) 6)))
             (adj (random-graph v))
             (greedy (welsh-powell adj))
             (greedy-colours (apply max greedy))
             (best (chromatic adj counter)))
        (set! chromatic-sum (+ chromatic-sum (car best)))
        (set! greedy-sum (+ greedy-sum greedy-colours))
        (if (= greedy-colours (car best))
            (set! greedy-best (+ greedy-best 1)))
        (if (not (and (proper? adj greedy) (proper? adj (cdr best))))
            (set! all-proper #f))
        (if (not first-graph)
            (set! first-graph (list v (edge-count adj) greedy (cdr best))))))
    (list n chromatic-sum greedy-sum greedy-best (counter 'value) all-proper first-graph)))
