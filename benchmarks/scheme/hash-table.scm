;; hash-table: a hash table with string keys, written by hand.  A table is
;; a pair (count . buckets), the buckets a vector of association lists of
;; (key . value) pairs.  A key's bucket is its hash: a named let over
;; string-ref taking h to 31h plus the next character's code, modulo the
;; number of buckets.  A bucket is searched by a loop comparing keys with
;; string=?; a new entry is consed on its front, and when the entries would
;; outnumber the buckets twice over the table first grows to 2 size + 1
;; buckets, every entry rehashed into the new vector.  Deleting builds the
;; key's bucket again without it.  Words are counted with table-update!,
;; then the words seen once are deleted.
;;
;; Word i of n is x mod (n div 2 + 1), for x the i-th value of
;; x -> (25173x + 13849) mod 65536 from x = 1 (1 itself first), written in
;; base 26 with the letters a to z, lowest digit first ("a" for 0).
;;
;; (run n) => (distinct words, buckets, the longest bucket, the sum of the
;;             counts, words seen twice or more, words left after those seen
;;             once are deleted, the count of "a" then, the count of "zzz"
;;             or #f)

(define (hash-string s size)
  (let loop ((i 0) (h 0))
    (if (= i (string-length s))
        h
        (loop (+ i 1)
              (modulo (+ (* h 31) (char->integer (string-ref s i))) size)))))

(define (make-table size) (cons 0 (make-vector size '())))
(define (table-count table) (car table))
(define (table-buckets table) (cdr table))

(define (bucket-entry bucket key)
  (cond ((null? bucket) #f)
        ((string=? (car (car bucket)) key) (car bucket))
        (else (bucket-entry (cdr bucket) key))))

(define (table-entry table key)
  (let ((buckets (table-buckets table)))
    (bucket-entry (vector-ref buckets (hash-string key (vector-length buckets))) key)))

(define (table-ref table key default)
  (let ((entry (table-entry table key)))
    (if entry
        (cdr entry)
        default)))

(define (grow! table)
  (let* ((old (table-buckets table))
         (size (+ (* 2 (vector-length old)) 1))
         (new (make-vector size '())))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length old)))
      (for-each (lambda (entry)
                  (let ((h (hash-string (car entry) size)))
                    (vector-set! new h (cons entry (vector-ref new h)))))
                (vector-ref old i)))
    (set-cdr! table new)))

(define (table-set! table key value)
  (let ((entry (table-entry table key)))
    (if entry
        (set-cdr! entry value)
        (begin
          (if (> (+ (table-count table) 1) (* 2 (vector-length (table-buckets table))))
              (grow! table))
          (let* ((buckets (table-buckets table))
                 (h (hash-string key (vector-length buckets))))
            (vector-set! buckets h (cons (cons key value) (vector-ref buckets h)))
            (set-car! table (+ (table-count table) 1)))))))

(define (table-update! table key proc default)
  (table-set! table key (proc (table-ref table key default))))

(define (remove-key bucket key)
  (cond ((null? bucket) '())
        ((string=? (car (car bucket)) key) (cdr bucket))
        (else (cons (car bucket) (remove-key (cdr bucket) key)))))

(define (table-delete! table key)
  (let* ((buckets (table-buckets table))
         (h (hash-string key (vector-length buckets))))
    (if (bucket-entry (vector-ref buckets h) key)
        (begin
          (vector-set! buckets h (remove-key (vector-ref buckets h) key))
          (set-car! table (- (table-count table) 1))))))

(define (table-walk table proc)
  (let ((buckets (table-buckets table)))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length buckets)))
      (for-each (lambda (entry) (proc (car entry) (cdr entry)))
                (vector-ref buckets i)))))

(define (longest-bucket table)
  (let ((buckets (table-buckets table)))
    (let loop ((i 0) (longest 0))
      (if (= i (vector-length buckets))
          longest
          (loop (+ i 1) (max longest (length (vector-ref buckets i))))))))

(define (word-of j)
  (let loop ((j j) (chars '()))
    (let ((chars (cons (integer->char (+ (char->integer #\a) (remainder j 26))) chars)))
      (if (< j 26)
          (list->string (reverse chars))
          (loop (quotient j 26) chars)))))

(define (run n)
  (let ((table (make-table 4))
        (m (+ (quotient n 2) 1)))
    (let loop ((i 0) (x 1))
      (if (< i n)
          (begin
            (table-update! table (word-of (modulo x m)) (lambda (count) (+ count 1)) 0)
            (loop (+ i 1) (modulo (+ (* 25173 x) 13849) 65536)))))
    (let ((distinct (table-count table))
          (size (vector-length (table-buckets table)))
          (longest (longest-bucket table))
          (total 0)
          (repeated 0)
          (once '()))
      (table-walk table
                  (lambda (key count)
                    (set! total (+ total count))
                    (if (>= count 2)
                        (set! repeated (+ repeated 1))
                        (set! once (cons key once)))))
      (for-each (lambda (key) (table-delete! table key)) once)
      (list distinct size longest total repeated (table-count table)
            (table-ref table "a" 0) (table-ref table "zzz" #f)))))
