;; tables: SICP 3.3.3's tables as objects, and memoization (exercise
;; 3.27) through them.  A table is a procedure made by make-table that
;; closes over a headed list and answers the messages lookup and insert!
;; with procedures: one-dimensional tables hold (key . value) pairs, two-
;; dimensional ones a subtable (key-1 (key-2 . value) ...) for each first
;; key; records are found by a search of our own over the list with the
;; table's own test of keys (= here), new records consed on after the
;; head, values changed by set-cdr!.  memoize and memoize-2 wrap a
;; procedure of one or two numbers: a value found in the table is
;; answered (or, as values are never #f), else worked out, inserted and
;; answered.  The procedures are defined inside run, each calling its own
;; memoized self, so every run starts from empty tables.
;;
;; Memoized: binomials by Pascal's rule, Stirling numbers of the second
;; kind (S(n, k) = k S(n-1, k) + S(n-1, k-1)) and the Bell numbers as
;; their sums, partitions of n into parts at most k (p(n, k) = p(n, k-1)
;; + p(n-k, k)), Delannoy numbers (D(m, n) = D(m-1, n) + D(m, n-1) +
;; D(m-1, n-1)) and the Catalan numbers (C(n) = the sum over i of C(i)
;; C(n-1-i), in a one-dimensional table); they grow into bignums.
;;
;; (run n) => (the digits of C(2n, n), C(2n, n) mod 1000003, the Bell
;;             number B(n) mod 1000003, p(2n, 2n), D(n, n) mod 1000003,
;;             the nth Catalan number mod 1000003, the entries in the
;;             binomial, Stirling, partition, Delannoy and Catalan tables)

(define (make-table same-key?)
  (let ((head (list '*table*)))
    (define (find key records)
      (cond ((null? records) #f)
            ((same-key? key (caar records)) (car records))
            (else (find key (cdr records)))))
    (define (lookup key)
      (let ((record (find key (cdr head))))
        (and record (cdr record))))
    (define (insert! key value)
      (let ((record (find key (cdr head))))
        (if record
            (set-cdr! record value)
            (set-cdr! head (cons (cons key value) (cdr head))))))
    (define (size)
      (length (cdr head)))
    (lambda (message)
      (cond ((eq? message 'lookup) lookup)
            ((eq? message 'insert!) insert!)
            ((eq? message 'size) size)
            (else (error "table: unknown message" message))))))

(define (make-table-2 same-key?)
  (let ((head (list '*table*)))
    (define (find key records)
      (cond ((null? records) #f)
            ((same-key? key (caar records)) (car records))
            (else (find key (cdr records)))))
    (define (lookup key-1 key-2)
      (let ((subtable (find key-1 (cdr head))))
        (and subtable
             (let ((record (find key-2 (cdr subtable))))
               (and record (cdr record))))))
    (define (insert! key-1 key-2 value)
      (let ((subtable (find key-1 (cdr head))))
        (if subtable
            (let ((record (find key-2 (cdr subtable))))
              (if record
                  (set-cdr! record value)
                  (set-cdr! subtable (cons (cons key-2 value) (cdr subtable)))))
            (set-cdr! head (cons (list key-1 (cons key-2 value)) (cdr head))))))
    (define (size)
      (let count ((subtables (cdr head)) (total 0))
        (if (null? subtables)
            total
            (count (cdr subtables) (+ total (length (cdar subtables)))))))
    (lambda (message)
      (cond ((eq? message 'lookup) lookup)
            ((eq? message 'insert!) insert!)
            ((eq? message 'size) size)
            (else (error "table: unknown message" message))))))

(define (memoize f table)
  (lambda (x)
    (or ((table 'lookup) x)
        (let ((result (f x)))
          ((table 'insert!) x result)
          result))))

(define (memoize-2 f table)
  (lambda (a b)
    (or ((table 'lookup) a b)
        (let ((result (f a b)))
          ((table 'insert!) a b result)
          result))))

(define (digits k)
  (string-length (number->string k)))

(define (run n)
  (define binomials (make-table-2 =))
  (define stirlings (make-table-2 =))
  (define partition-counts (make-table-2 =))
  (define delannoys (make-table-2 =))
  (define catalans (make-table =))
  (define binomial
    (memoize-2 (lambda (m k)
                 (if (or (= k 0) (= k m))
                     1
                     (+ (binomial (- m 1) (- k 1)) (binomial (- m 1) k))))
               binomials))
  (define stirling
    (memoize-2 (lambda (m k)
                 (cond ((and (= m 0) (= k 0)) 1)
                       ((or (= m 0) (= k 0) (> k m)) 0)
                       (else (+ (* k (stirling (- m 1) k)) (stirling (- m 1) (- k 1))))))
               stirlings))
  (define partitions
    (memoize-2 (lambda (m k)
                 (cond ((= m 0) 1)
                       ((= k 0) 0)
                       ((> k m) (partitions m m))
                       (else (+ (partitions m (- k 1)) (partitions (- m k) k)))))
               partition-counts))
  (define delannoy
    (memoize-2 (lambda (a b)
                 (if (or (= a 0) (= b 0))
                     1
                     (+ (delannoy (- a 1) b) (delannoy a (- b 1)) (delannoy (- a 1) (- b 1)))))
               delannoys))
  (define catalan
    (memoize (lambda (m)
               (if (= m 0)
                   1
                   (let loop ((i 0) (sum 0))
                     (if (= i m)
                         sum
                         (loop (+ i 1) (+ sum (* (catalan i) (catalan (- m 1 i)))))))))
             catalans))
  (let ((central (binomial (* 2 n) n))
        (bell (let loop ((k 0) (sum 0))
                (if (> k n) sum (loop (+ k 1) (+ sum (stirling n k)))))))
    (list (digits central)
          (modulo central 1000003)
          (modulo bell 1000003)
          (partitions (* 2 n) (* 2 n))
          (modulo (delannoy n n) 1000003)
          (modulo (catalan n) 1000003)
          (map (lambda (table) ((table 'size)))
               (list binomials stirlings partition-counts delannoys catalans)))))
