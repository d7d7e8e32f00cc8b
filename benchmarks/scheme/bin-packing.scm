;; bin-packing: items packed into bins of 100 by the textbook heuristics
;; (next fit, first fit, best fit, worst fit, first fit decreasing), and a
;; prefix of each list packed exactly by a depth-first search, as an
;; operations-research or algorithms course sets it.
;;
;; A bin is a pair (room . items), the items newest first, changed in
;; place by set-car! and set-cdr!; the bins are a list in the order they
;; were opened, a new one put at the end by append.  First fit walks the
;; bins by a named let; best and worst fit walk them all keeping the
;; tightest or roomiest bin that fits (the first on a tie).  First fit
;; decreasing sorts the sizes by an insertion sort of our own.  The lower
;; bound is the total over 100, rounded up.  The exact search takes the
;; first nine items, largest first, puts each into every open bin it fits
;; (a vector of loads) and then into a new one while that could still
;; beat the best found, and escapes by call/cc as soon as the lower bound
;; is met.
;;
;; n lists of 10 .. 30 items of sizes 5 .. 70 are drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 197, each draw x div
;; 65536: the number of items, then each size.
;;
;; (run n) => (n, bins used by next fit, first fit, best fit, worst fit
;;             and first fit decreasing, each summed, lower bounds summed,
;;             the prefixes' optimal bins summed, search nodes summed,
;;             lists where first fit decreasing met the bound, the first
;;             list's first-fit-decreasing bins, each a list of its sizes)

(define seed 197)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define capacity 100)

(define (random-items)
  (let ((m (+ 10 (modulo (next-random!) 21))))
    (let loop ((i 0) (items '()))
      (if (= i m)
          (reverse items)
          (loop (+ i 1) (cons (+ 5 (modulo (next-random!) 66)) items))))))

(define (new-bin size)
  (cons (- capacity size) (list size)))

(define (put! bin size)
  (set-car! bin (- (car bin) size))
  (set-cdr! bin (cons size (cdr bin))))

(define (next-fit items)
  (let loop ((items items) (current #f) (bins '()))
    (cond ((null? items) (reverse bins))
          ((and current (>= (car current) (car items)))
           (put! current (car items))
           (loop (cdr items) current bins))
          (else
           (let ((bin (new-bin (car items))))
             (loop (cdr items) bin (cons bin bins)))))))

(define (first-fit items)
  (let loop ((items items) (bins '()))
    (if (null? items)
        bins
        (let ((size (car items)))
          (let find ((bs bins))
            (cond ((null? bs)
                   (loop (cdr items) (append bins (list (new-bin size)))))
                  ((>= (car (car bs)) size)
                   (put! (car bs) size)
                   (loop (cdr items) bins))
                  (else (find (cdr bs)))))))))

;; better? says whether a bin's room beats the best's
(define (chosen-fit items better?)
  (let loop ((items items) (bins '()))
    (if (null? items)
        bins
        (let* ((size (car items))
               (best (let find ((bs bins) (best #f))
                       (cond ((null? bs) best)
                             ((and (>= (car (car bs)) size)
                                   (or (not best) (better? (car (car bs)) (car best))))
                              (find (cdr bs) (car bs)))
                             (else (find (cdr bs) best))))))
          (if best
              (begin (put! best size) (loop (cdr items) bins))
              (loop (cdr items) (append bins (list (new-bin size)))))))))

(define (insert-decreasing x sorted)
  (cond ((null? sorted) (list x))
        ((>= x (car sorted)) (cons x sorted))
        (else (cons (car sorted) (insert-decreasing x (cdr sorted))))))

(define (sort-decreasing items)
  (let loop ((items items) (sorted '()))
    (if (null? items)
        sorted
        (loop (cdr items) (insert-decreasing (car items) sorted)))))

(define (lower-bound items)
  (quotient (+ (apply + items) (- capacity 1)) capacity))

(define (first-n items k)
  (if (or (= k 0) (null? items))
      '()
      (cons (car items) (first-n (cdr items) (- k 1)))))

;; (bins . nodes)
(define (exact-packing items)
  (let* ((sizes (list->vector (sort-decreasing items)))
         (count (vector-length sizes))
         (loads (make-vector count 0))
         (bound (lower-bound items))
         (best count)
         (nodes 0))
    (call-with-current-continuation
     (lambda (done)
       (let place ((i 0) (used 0))
         (set! nodes (+ nodes 1))
         (cond ((>= used best) #f)
               ((= i count)
                (set! best used)
                (when (= best bound) (done #t)))
               (else
                (let ((size (vector-ref sizes i)))
                  (do ((j 0 (+ j 1))) ((= j used))
                    (when (<= (+ (vector-ref loads j) size) capacity)
                      (vector-set! loads j (+ (vector-ref loads j) size))
                      (place (+ i 1) used)
                      (vector-set! loads j (- (vector-ref loads j) size))))
                  (when (< (+ used 1) best)
                    (vector-set! loads used size)
                    (place (+ i 1) (+ used 1))
                    (vector-set! loads used 0))))))))
    (cons best nodes)))

(define (run n)
  (set! seed 197)
  (let loop ((k 0) (next 0) (first 0) (best 0) (worst 0) (decreasing 0) (bounds 0)
                   (optimal 0) (nodes 0) (met 0) (shown '()))
    (if (= k n)
        (list n next first best worst decreasing bounds optimal nodes met shown)
        (let* ((items (random-items))
               (ffd (first-fit (sort-decreasing items)))
               (bound (lower-bound items))
               (exact (exact-packing (first-n items 9))))
          (loop (+ k 1)
                (+ next (length (next-fit items)))
                (+ first (length (first-fit items)))
                (+ best (length (chosen-fit items <)))
                (+ worst (length (chosen-fit items >)))
                (+ decreasing (length ffd))
                (+ bounds bound)
                (+ optimal (car exact))
                (+ nodes (cdr exact))
                (if (= (length ffd) bound) (+ met 1) met)
                (if (= k 0) (map (lambda (bin) (reverse (cdr bin))) ffd) shown))))))
