;; pairing-heap: persistent pairing heaps, ordered by a procedure given
;; to each operation.  A heap is '() or a node record (define-record-type)
;; of an item and the list of its children, each a heap; meld puts the
;; root that comes later first among the other's children, insert melds
;; a single node, and delete-min melds the children in pairs from the
;; left, then those from the right (the two passes, by plain recursion);
;; it returns the smallest item and the rest as two values.
;;
;; Four uses: heapsort of n draws (the sorted list built from the back,
;; by a heap ordered by >); a merge of 16 sorted runs of n / 16 numbers,
;; the heap holding (number . rest of its run) pairs ordered by their
;; cars; the running median of the draws kept in two heaps, the lower
;; half by > and the upper by <, moved between to keep their sizes
;; within one; and one machine serving n / 4 job records, arriving at
;; increasing times, shortest first (the ready jobs in a heap ordered by
;; length, then number), the waits summed.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 7, each draw
;; x div 65536, a number the draw mod 100000.
;;
;; (run n) => (whether the heapsort's list is in order, its first three
;;             numbers, a checksum of it, the merged run's length and
;;             checksum, the medians summed, the jobs' waits summed, the
;;             last job's end, the first five jobs served)

(define seed 7)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type node
  (make-node item children)
  node?
  (item node-item)
  (children node-children))

(define (meld before? a b)
  (cond ((null? a) b)
        ((null? b) a)
        ((before? (node-item b) (node-item a))
         (make-node (node-item b) (cons a (node-children b))))
        (else
         (make-node (node-item a) (cons b (node-children a))))))

(define (insert before? x heap)
  (meld before? (make-node x '()) heap))

(define (merge-pairs before? heaps)
  (cond ((null? heaps) '())
        ((null? (cdr heaps)) (car heaps))
        (else (meld before?
                    (meld before? (car heaps) (cadr heaps))
                    (merge-pairs before? (cddr heaps))))))

(define (delete-min before? heap)
  (values (node-item heap) (merge-pairs before? (node-children heap))))

(define (draws n)
  (let loop ((k 0) (acc '()))
    (if (= k n) acc (loop (+ k 1) (cons (modulo (next-random!) 100000) acc)))))

(define (checksum numbers)
  (let loop ((ns numbers) (sum 0))
    (if (null? ns) sum (loop (cdr ns) (modulo (+ (* sum 31) (car ns)) 1000003)))))

(define (heapsort numbers)
  (let loop ((heap (fold-in > numbers)) (sorted '()))
    (if (null? heap)
        sorted
        (call-with-values (lambda () (delete-min > heap))
          (lambda (largest rest) (loop rest (cons largest sorted)))))))

(define (fold-in before? items)
  (let loop ((items items) (heap '()))
    (if (null? items) heap (loop (cdr items) (insert before? (car items) heap)))))

(define (in-order? numbers)
  (or (null? numbers) (null? (cdr numbers))
      (and (<= (car numbers) (cadr numbers)) (in-order? (cdr numbers)))))

(define (merge-runs runs)
  (define (before? a b) (< (car a) (car b)))
  (let loop ((heap (fold-in before? (filter pair? runs))) (merged '()))
    (if (null? heap)
        (reverse merged)
        (call-with-values (lambda () (delete-min before? heap))
          (lambda (run heap)
            (loop (if (null? (cdr run)) heap (insert before? (cdr run) heap))
                  (cons (car run) merged)))))))

(define (sorted-run length)
  (let loop ((k 0) (x 0) (acc '()))
    (if (= k length)
        (reverse acc)
        (let ((x (+ x (modulo (next-random!) 1000))))
          (loop (+ k 1) x (cons x acc))))))

(define (medians numbers)
  (let loop ((ns numbers) (low '()) (low-size 0) (high '()) (high-size 0) (sum 0))
    (if (null? ns)
        sum
        (let ((x (car ns)))
          (let-values (((low low-size high high-size)
                        (if (or (null? low) (<= x (node-item low)))
                            (values (insert > x low) (+ low-size 1) high high-size)
                            (values low low-size (insert < x high) (+ high-size 1)))))
            (let-values (((low low-size high high-size)
                          (cond ((> low-size (+ high-size 1))
                                 (let-values (((top rest) (delete-min > low)))
                                   (values rest (- low-size 1) (insert < top high) (+ high-size 1))))
                                ((> high-size low-size)
                                 (let-values (((top rest) (delete-min < high)))
                                   (values (insert > top low) (+ low-size 1) rest (- high-size 1))))
                                (else (values low low-size high high-size)))))
              (loop (cdr ns) low low-size high high-size (+ sum (node-item low)))))))))

(define-record-type job
  (make-job number arrival length)
  job?
  (number job-number)
  (arrival job-arrival)
  (length job-length))

(define (shorter? a b)
  (or (< (job-length a) (job-length b))
      (and (= (job-length a) (job-length b)) (< (job-number a) (job-number b)))))

(define (make-jobs count)
  (let loop ((k 0) (time 0) (acc '()))
    (if (= k count)
        (reverse acc)
        (let* ((time (+ time (modulo (next-random!) 20)))
               (length (+ 1 (modulo (next-random!) 30))))
          (loop (+ k 1) time (cons (make-job k time length) acc))))))

;; Returns the waits summed, the time the last job ends, the order served.
(define (serve jobs)
  (let loop ((time 0) (waiting jobs) (ready '()) (waits 0) (served '()))
    (cond ((and (pair? waiting) (<= (job-arrival (car waiting)) time))
           (loop time (cdr waiting) (insert shorter? (car waiting) ready) waits served))
          ((not (null? ready))
           (let-values (((next ready) (delete-min shorter? ready)))
             (loop (+ time (job-length next)) waiting ready
                   (+ waits (- time (job-arrival next)))
                   (cons (job-number next) served))))
          ((pair? waiting)
           (loop (job-arrival (car waiting)) waiting ready waits served))
          (else (values waits time (reverse served))))))

(define (first-few xs k)
  (if (or (= k 0) (null? xs)) '() (cons (car xs) (first-few (cdr xs) (- k 1)))))

(define (run n)
  (set! seed 7)
  (let* ((numbers (draws n))
         (sorted (heapsort numbers))
         (runs (let loop ((k 0) (acc '()))
                 (if (= k 16) acc (loop (+ k 1) (cons (sorted-run (quotient n 16)) acc)))))
         (merged (merge-runs runs))
         (jobs (make-jobs (quotient n 4))))
    (let-values (((waits end order) (serve jobs)))
      (list (in-order? sorted)
            (first-few sorted 3)
            (checksum sorted)
            (length merged)
            (checksum merged)
            (medians numbers)
            waits
            end
            (first-few order 5)))))
