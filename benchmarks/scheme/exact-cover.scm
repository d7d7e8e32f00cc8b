;; exact-cover: Knuth's Algorithm X written over plain lists, as an
;; algorithms course sets it before dancing links.
;;
;; A problem is a list of items 1 .. m and a list of rows, each a pair
;; (number . items), its items in increasing order.  Algorithm X takes the
;; item in the fewest rows still possible (the first such in the items'
;; order), and for each row holding it, in order, keeps the items that row
;; does not cover and the rows that share no item with it (memv, a filter
;; of our own taking a lambda), and goes on; it counts every cover, the
;; calls it made, and keeps the first cover found (sorted by insertion).
;;
;; n problems are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 233, each draw x div 65536: m (12 .. 19), a shuffle of 1 .. m
;; (Fisher and Yates over a vector) cut into blocks of 1 .. 4 items, the
;; number of other rows (m .. 2m - 1) and for each its size (2 .. 4) and
;; items (drawn again when repeated).  The other rows come first, then the
;; blocks, so that every problem has at least one cover.
;;
;; (run n) => (n, problems with one cover, covers counted, calls made,
;;             the most covers of one problem, a checksum of the first
;;             covers, the first problem's rows and first cover)

(define seed 233)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (filter keep? lst)
  (cond ((null? lst) '())
        ((keep? (car lst)) (cons (car lst) (filter keep? (cdr lst))))
        (else (filter keep? (cdr lst)))))

(define (insert x sorted)
  (cond ((null? sorted) (list x))
        ((< x (car sorted)) (cons x sorted))
        (else (cons (car sorted) (insert x (cdr sorted))))))

(define (insertion-sort lst)
  (let loop ((lst lst) (sorted '()))
    (if (null? lst)
        sorted
        (loop (cdr lst) (insert (car lst) sorted)))))

(define (iota-from-1 m)
  (let loop ((i m) (acc '()))
    (if (= i 0) acc (loop (- i 1) (cons i acc)))))

(define (shuffled m)
  (let ((v (list->vector (iota-from-1 m))))
    (do ((i (- m 1) (- i 1))) ((= i 0) (vector->list v))
      (let* ((j (modulo (next-random!) (+ i 1)))
             (t (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j t)))))

(define (blocks lst)
  (if (null? lst)
      '()
      (let loop ((size (+ 1 (modulo (next-random!) 4))) (lst lst) (block '()))
        (if (or (= size 0) (null? lst))
            (cons (insertion-sort block) (blocks lst))
            (loop (- size 1) (cdr lst) (cons (car lst) block))))))

(define (random-row m)
  (let loop ((size (+ 2 (modulo (next-random!) 3))) (row '()))
    (if (= size 0)
        (insertion-sort row)
        (let ((item (+ 1 (modulo (next-random!) m))))
          (if (memv item row)
              (loop size row)
              (loop (- size 1) (cons item row)))))))

(define (random-problem)
  (let* ((m (+ 12 (modulo (next-random!) 8)))
         (planted (blocks (shuffled m)))
         (others (let loop ((k (+ m (modulo (next-random!) m))) (rows '()))
                   (if (= k 0) (reverse rows) (loop (- k 1) (cons (random-row m) rows))))))
    (cons (iota-from-1 m)
          (let number ((rows (append others planted)) (i 0))
            (if (null? rows)
                '()
                (cons (cons i (car rows)) (number (cdr rows) (+ i 1))))))))

(define (shares? a b)
  (cond ((null? a) #f)
        ((memv (car a) b) #t)
        (else (shares? (cdr a) b))))

(define (rows-holding item rows)
  (filter (lambda (row) (memv item (cdr row))) rows))

(define (fewest items rows)
  (let loop ((items items) (best #f) (best-count #f))
    (if (null? items)
        best
        (let ((count (length (rows-holding (car items) rows))))
          (if (or (not best-count) (< count best-count))
              (loop (cdr items) (car items) count)
              (loop (cdr items) best best-count))))))

(define calls 0)
(define first-cover #f)

(define (covers items rows chosen)
  (set! calls (+ calls 1))
  (if (null? items)
      (begin
        (if (not first-cover)
            (set! first-cover (insertion-sort chosen)))
        1)
      (let loop ((candidates (rows-holding (fewest items rows) rows)) (count 0))
        (if (null? candidates)
            count
            (let ((row (car candidates)))
              (loop (cdr candidates)
                    (+ count
                       (covers (filter (lambda (item) (not (memv item (cdr row)))) items)
                               (filter (lambda (other) (not (shares? (cdr other) (cdr row)))) rows)
                               (cons (car row) chosen)))))))))

(define (run n)
  (set! seed 233)
  (set! calls 0)
  (let loop ((k 0) (unique 0) (total 0) (most 0) (sum 0) (first '()))
    (if (= k n)
        (list n unique total calls most sum first)
        (let* ((problem (random-problem))
               (items (car problem))
               (rows (cdr problem)))
          (set! first-cover #f)
          (let ((count (covers items rows '())))
            (loop (+ k 1)
                  (if (= count 1) (+ unique 1) unique)
                  (+ total count)
                  (max most count)
                  (let add ((cover first-cover) (sum sum))
                    (if (null? cover) sum (add (cdr cover) (modulo (+ (* sum 37) (car cover)) 1000003))))
                  (if (= k 0) (list (length rows) first-cover) first)))))))
