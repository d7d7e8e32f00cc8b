;; knapsack: the 0/1 knapsack problem over n items, each a
;; define-record-type record of a weight and a value, the capacity 5n.
;;
;; The best value is found the textbook way, top down: (best i room) is
;; the most that items i, i+1, ... can be worth in `room`, either without
;; item i or with it, remembered in a vector of vectors filled with #f
;; (a remembered 0 is true, as every number is); the recursion goes one
;; item deeper each call, n + 1 calls deep.  The items taken are read back
;; from the same procedure, and the answer is returned with them as two
;; values, taken apart by let-values.  The same best value again bottom
;; up, in one vector of rooms swept from the top down for each item; the
;; number of ways to fill the knapsack exactly (a bignum for large n);
;; and the fractional knapsack, the items merge-sorted by their value per
;; unit of weight (exact ratios) and taken greedily, the last one in
;; part, a bound the 0/1 answer cannot pass.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 11, each draw
;; x div 65536; an item's weight 1 + draw mod 20, then its value
;; 1 + draw mod 30.
;;
;; (run n) => (the best value, the calls of best, the number of items
;;             taken, their weight, whether the bottom-up sweep agrees,
;;             the exact fillings, the fractional bound as a string,
;;             whether the best value is within it)

(define seed 11)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type item
  (make-item weight value)
  item?
  (weight item-weight)
  (value item-value))

(define (random-items n)
  (let loop ((i 0) (items '()))
    (if (= i n)
        (list->vector (reverse items))
        (let* ((weight (+ 1 (modulo (next-random!) 20)))
               (value (+ 1 (modulo (next-random!) 30))))
          (loop (+ i 1) (cons (make-item weight value) items))))))

(define calls 0)

;; A vector of `rows` vectors of `columns` #f each.
(define (make-table rows columns)
  (let ((table (make-vector rows #f)))
    (do ((i 0 (+ i 1)))
        ((= i rows) table)
      (vector-set! table i (make-vector columns #f)))))

;; The best value and the indices of the items taken, as two values.
(define (solve items capacity)
  (let ((n (vector-length items))
        (memo (make-table (vector-length items) (+ capacity 1))))
    (define (best i room)
      (set! calls (+ calls 1))
      (cond ((= i n) 0)
            ((vector-ref (vector-ref memo i) room))
            (else
             (let* ((item (vector-ref items i))
                    (without (best (+ i 1) room))
                    (answer (if (> (item-weight item) room)
                                without
                                (max without
                                     (+ (item-value item)
                                        (best (+ i 1) (- room (item-weight item))))))))
               (vector-set! (vector-ref memo i) room answer)
               answer))))
    (let ((answer (best 0 capacity)))
      (let walk ((i 0) (room capacity) (taken '()))
        (cond ((= i n) (values answer (reverse taken)))
              ((= (best i room) (best (+ i 1) room))
               (walk (+ i 1) room taken))
              (else
               (walk (+ i 1) (- room (item-weight (vector-ref items i))) (cons i taken))))))))

(define (best-by-sweeps items capacity)
  (let ((table (make-vector (+ capacity 1) 0)))
    (vector-for-each
     (lambda (item)
       (do ((room capacity (- room 1)))
           ((< room (item-weight item)))
         (vector-set! table room
                      (max (vector-ref table room)
                           (+ (item-value item)
                              (vector-ref table (- room (item-weight item))))))))
     items)
    (vector-ref table capacity)))

(define (exact-fillings items capacity)
  (let ((ways (make-vector (+ capacity 1) 0)))
    (vector-set! ways 0 1)
    (vector-for-each
     (lambda (item)
       (do ((room capacity (- room 1)))
           ((< room (item-weight item)))
         (vector-set! ways room (+ (vector-ref ways room)
                                   (vector-ref ways (- room (item-weight item)))))))
     items)
    (vector-ref ways capacity)))

(define (merge-sort lst before?)
  (define (merge a b)
    (cond ((null? a) b)
          ((null? b) a)
          ((before? (car b) (car a)) (cons (car b) (merge a (cdr b))))
          (else (cons (car a) (merge (cdr a) b)))))
  (let sort ((lst lst) (len (length lst)))
    (if (< len 2)
        lst
        (let ((half (quotient len 2)))
          (merge (sort (take-first lst half) half)
                 (sort (list-tail lst half) (- len half)))))))

(define (take-first lst k)
  (if (= k 0)
      '()
      (cons (car lst) (take-first (cdr lst) (- k 1)))))

(define (ratio item)
  (/ (item-value item) (item-weight item)))

(define (fractional-bound items capacity)
  (let loop ((items (merge-sort (vector->list items)
                                (lambda (a b) (> (ratio a) (ratio b)))))
             (room capacity)
             (total 0))
    (cond ((null? items) total)
          ((<= (item-weight (car items)) room)
           (loop (cdr items) (- room (item-weight (car items))) (+ total (item-value (car items)))))
          (else (+ total (* (ratio (car items)) room))))))

(define (run n)
  (set! seed 11)
  (set! calls 0)
  (let* ((items (random-items n))
         (capacity (* 5 n))
         (bound (fractional-bound items capacity)))
    (let-values (((answer taken) (solve items capacity)))
      (list answer
            calls
            (length taken)
            (apply + (map (lambda (i) (item-weight (vector-ref items i))) taken))
            (= answer (best-by-sweeps items capacity))
            (exact-fillings items capacity)
            (number->string bound)
            (<= answer bound)))))
