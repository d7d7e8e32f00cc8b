;; leftist-heap: a priority queue kept as a leftist heap made of lists.
;; A heap is '() or a list (rank value left right), rank being the length of
;; its rightmost path; merge walks down the right spines and swaps children
;; so that the left one always has the larger rank.  Insert merges a
;; one-node heap, delete-min merges the root's two children.
;;
;; The numbers come from the generator x -> (21x + 13) mod 10000.  Two heaps
;; are built by inserting n numbers each (seeds 1 and 2), merged into one
;; and emptied in order; the first n numbers are also joined like ropes, the
;; two cheapest first, each join costing the sum of the two lengths.
;;
;; (run n) => (how many came out, whether they came out in order, the
;;             smallest, the largest, the sum of position times number
;;             counted from 1, and the total cost of joining the ropes)

(define (rank heap)
  (if (null? heap) 0 (car heap)))

(define (heap-value heap) (cadr heap))
(define (heap-left heap) (caddr heap))
(define (heap-right heap) (cadddr heap))

(define (make-heap value a b)
  (if (>= (rank a) (rank b))
      (list (+ (rank b) 1) value a b)
      (list (+ (rank a) 1) value b a)))

(define (heap-merge a b)
  (cond ((null? a) b)
        ((null? b) a)
        ((<= (heap-value a) (heap-value b))
         (make-heap (heap-value a) (heap-left a) (heap-merge (heap-right a) b)))
        (else
         (make-heap (heap-value b) (heap-left b) (heap-merge a (heap-right b))))))

(define (heap-insert value heap)
  (heap-merge (list 1 value '() '()) heap))

(define (heap-min heap) (heap-value heap))

(define (heap-delete-min heap)
  (heap-merge (heap-left heap) (heap-right heap)))

(define (random-numbers n seed)
  (let loop ((i 0) (x seed) (numbers '()))
    (if (= i n)
        (reverse numbers)
        (let ((next (modulo (+ (* 21 x) 13) 10000)))
          (loop (+ i 1) next (cons next numbers))))))

(define (list->heap numbers)
  (let loop ((numbers numbers) (heap '()))
    (if (null? numbers)
        heap
        (loop (cdr numbers) (heap-insert (car numbers) heap)))))

(define (heap->list heap)
  (let loop ((heap heap) (taken '()))
    (if (null? heap)
        (reverse taken)
        (loop (heap-delete-min heap) (cons (heap-min heap) taken)))))

(define (in-order? numbers)
  (cond ((null? numbers) #t)
        ((null? (cdr numbers)) #t)
        ((> (car numbers) (cadr numbers)) #f)
        (else (in-order? (cdr numbers)))))

(define (weighted-sum numbers)
  (let loop ((numbers numbers) (position 1) (sum 0))
    (if (null? numbers)
        sum
        (loop (cdr numbers) (+ position 1) (+ sum (* position (car numbers)))))))

(define (last-of numbers)
  (if (null? (cdr numbers))
      (car numbers)
      (last-of (cdr numbers))))

;; Join the ropes two cheapest at a time until one is left.
(define (rope-cost lengths)
  (let loop ((heap (list->heap lengths)) (cost 0))
    (if (null? (heap-delete-min heap))
        cost
        (let* ((a (heap-min heap))
               (rest (heap-delete-min heap))
               (b (heap-min rest))
               (joined (+ a b)))
          (loop (heap-insert joined (heap-delete-min rest)) (+ cost joined))))))

(define (run n)
  (let* ((first (random-numbers n 1))
         (second (random-numbers n 2))
         (sorted (heap->list (heap-merge (list->heap first) (list->heap second)))))
    (list (length sorted)
          (in-order? sorted)
          (car sorted)
          (last-of sorted)
          (weighted-sum sorted)
          (rope-cost first))))
