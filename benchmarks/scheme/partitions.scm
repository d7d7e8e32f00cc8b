;; partitions: the partitions of the set 1..n, its subsets and its
;; combinations, each built as a list of lists by append-map and map with
;; lambdas.  A partition of (x . rest) is a partition of rest with x put
;; in a block of its own or into each block in turn.  The partitions are
;; counted by their number of blocks (the Stirling numbers of the second
;; kind), and their number checked against Bell's triangle; those whose
;; blocks all hold one or two elements are counted and checked against
;; the recurrence T(m) = T(m - 1) + (m - 1) T(m - 2); those with no two
;; consecutive numbers in a block are counted and checked against the Bell
;; number of n - 1.  The subsets come from
;; the power set and the combinations of each size k from append-map over
;; the tails of the list, their numbers checked against Pascal's triangle.
;;
;; (run n) => (partitions of 1..n, how many there are with 1 .. n blocks,
;;             whether Bell's triangle agrees, partitions into blocks of at
;;             most two, whether the recurrence agrees, partitions with no
;;             neighbours in a block, whether they are the Bell number of
;;             n - 1, subsets, the sum
;;             of all subsets' sums, whether every size of combination
;;             agrees with Pascal, the second and the last partition)

(define (numbers-up-to n)
  (let loop ((k n) (items '()))
    (if (= k 0)
        items
        (loop (- k 1) (cons k items)))))

;; Every partition made by putting x into partition: first a block of its
;; own, then into each block in turn.
(define (insert-everywhere x partition)
  (cons (cons (list x) partition)
        (let loop ((before '()) (after partition))
          (if (null? after)
              '()
              (cons (append (reverse before) (cons (cons x (car after)) (cdr after)))
                    (loop (cons (car after) before) (cdr after)))))))

(define (set-partitions items)
  (if (null? items)
      '(())
      (append-map (lambda (partition) (insert-everywhere (car items) partition))
                  (set-partitions (cdr items)))))

(define (power-set items)
  (if (null? items)
      '(())
      (let ((rest (power-set (cdr items))))
        (append rest (map (lambda (subset) (cons (car items) subset)) rest)))))

(define (tails items)
  (if (null? items)
      '()
      (cons items (tails (cdr items)))))

(define (combinations items k)
  (if (= k 0)
      '(())
      (append-map (lambda (tail)
                    (map (lambda (combination) (cons (car tail) combination))
                         (combinations (cdr tail) (- k 1))))
                  (tails items))))

;; Bell's triangle: each row starts with the last number of the row before,
;; and each next number adds the one above it; the Bell numbers are the
;; rows' first numbers.
(define (bell-number n)
  (let loop ((row '(1)) (m 1))
    (if (>= m n)
        (car (last-pair row))
        (loop (let next ((above row) (acc (list (car (last-pair row)))))
                (if (null? above)
                    (reverse acc)
                    (next (cdr above) (cons (+ (car acc) (car above)) acc))))
              (+ m 1)))))

(define (small-blocks? partition)
  (or (null? partition)
      (and (<= (length (car partition)) 2)
           (small-blocks? (cdr partition)))))

;; A block is made by consing smaller numbers on, so it is in increasing
;; order, and neighbours in it are next to each other.
(define (no-neighbours? partition)
  (or (null? partition)
      (and (let loop ((block (car partition)))
             (or (null? (cdr block))
                 (and (> (cadr block) (+ (car block) 1))
                      (loop (cdr block)))))
           (no-neighbours? (cdr partition)))))

(define (involutions n)
  (let loop ((m 1) (previous 1) (current 1))
    (if (>= m n)
        current
        (loop (+ m 1) current (+ current (* m previous))))))

(define (choose n k)
  (let loop ((row '(1)) (m 0))
    (if (= m n)
        (list-ref row k)
        (loop (map + (cons 0 row) (append row '(0))) (+ m 1)))))

(define (count-by-blocks partitions n)
  (let ((counts (make-vector (+ n 1) 0)))
    (for-each (lambda (partition)
                (let ((k (length partition)))
                  (vector-set! counts k (+ (vector-ref counts k) 1))))
              partitions)
    (cdr (vector->list counts))))

(define (run n)
  (let* ((items (numbers-up-to n))
         (partitions (set-partitions items))
         (small (length (filter small-blocks? partitions)))
         (apart (length (filter no-neighbours? partitions)))
         (subsets (power-set items)))
    (list (length partitions)
          (count-by-blocks partitions n)
          (= (length partitions) (bell-number n))
          small
          (= small (involutions n))
          apart
          (= apart (bell-number (- n 1)))
          (length subsets)
          (apply + (map (lambda (subset) (apply + subset)) subsets))
          (let loop ((k 0))
            (or (> k n)
                (and (= (length (combinations items k)) (choose n k))
                     (loop (+ k 1)))))
          (list-ref partitions 1)
          (car (last-pair partitions)))))
