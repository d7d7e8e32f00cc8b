;; bloom-filter: a spelling list kept in Bloom filters, the way a course
;; on hashing sets them, checked against an exact table.
;;
;; Words are made of two to four syllables drawn from sixteen.  A
;; string's hash is a fold over its characters, h -> h * base + code
;; modulo a prime, in a named let over string-ref; a word's k places in
;; a filter of m are h1 + i * h2 modulo m for i below k (double
;; hashing, h1 by base 31 modulo 2^31 - 1, h2 one more than the hash by
;; base 131 modulo 10^9 + 7).  A filter is a vector of booleans; a
;; counting filter is a vector of counts, so that words can be taken out
;; again.  The exact table is a vector of buckets (n/2 of them, one more
;; if n/4 is whole), each an association list from words to how often
;; they were put in, found by assoc (string keys, so equal?).
;;
;; n words are put in a filter of 8n places with k = 5, one of 4n
;; places with k = 3, the counting filter (8n places, k = 5) and the
;; table; n fresh words are asked of each filter and of the table
;; (found, and false positives, where the filter says yes and the table
;; no); then every word put in at an odd turn is taken out once of the
;; counting filter and of the table, and all n words are asked again of
;; the counting filter.  A filter must never miss a word the table has.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 67, each
;; draw x div 65536.
;;
;; (run n) => (n, distinct words, places set in each filter, words of
;;             the fresh ones the table has, false positives of each
;;             filter, words missed, the table's words after the
;;             removals, the counting filter's false positives then, its
;;             largest count, the longest bucket, the places checksummed)

(define seed 67)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define syllables
  (vector "ka" "lo" "mi" "ne" "ru" "sa" "ti" "vo" "ze" "bu" "da" "fe" "gi" "ho" "ju" "pe"))

(define (random-word)
  (let ((count (+ 2 (random-below 3))))
    (let loop ((k 0) (word ""))
      (if (= k count)
          word
          (loop (+ k 1) (string-append word (vector-ref syllables (random-below 16))))))))

(define (string-hash s base modulus)
  (let loop ((i 0) (h 0))
    (if (= i (string-length s))
        h
        (loop (+ i 1) (modulo (+ (* h base) (char->integer (string-ref s i))) modulus)))))

(define (places word m k)
  (let ((h1 (string-hash word 31 2147483647))
        (h2 (+ 1 (string-hash word 131 1000000007))))
    (let loop ((i 0) (result '()))
      (if (= i k)
          result
          (loop (+ i 1) (cons (modulo (+ h1 (* i h2)) m) result))))))

;; A filter: its vector (of booleans, or of counts) and its k.
(define (make-filter m k empty) (cons (make-vector m empty) k))
(define (filter-bits f) (car f))
(define (filter-k f) (cdr f))

(define (filter-add! f word)
  (for-each (lambda (i) (vector-set! (filter-bits f) i #t))
            (places word (vector-length (filter-bits f)) (filter-k f))))

(define (filter-has? f word)
  (let loop ((is (places word (vector-length (filter-bits f)) (filter-k f))))
    (cond ((null? is) #t)
          ((vector-ref (filter-bits f) (car is)) (loop (cdr is)))
          (else #f))))

(define (places-set f)
  (let ((bits (filter-bits f)))
    (do ((i 0 (+ i 1))
         (count 0 (if (vector-ref bits i) (+ count 1) count)))
        ((= i (vector-length bits)) count))))

(define (counting-add! f word)
  (let ((counts (filter-bits f)))
    (for-each (lambda (i) (vector-set! counts i (+ 1 (vector-ref counts i))))
              (places word (vector-length counts) (filter-k f)))))

(define (counting-remove! f word)
  (let ((counts (filter-bits f)))
    (for-each (lambda (i) (vector-set! counts i (- (vector-ref counts i) 1)))
              (places word (vector-length counts) (filter-k f)))))

(define (counting-has? f word)
  (let ((counts (filter-bits f)))
    (let loop ((is (places word (vector-length counts) (filter-k f))))
      (cond ((null? is) #t)
            ((> (vector-ref counts (car is)) 0) (loop (cdr is)))
            (else #f)))))

(define (make-table n)
  (make-vector (+ 1 (* 2 (quotient n 4))) '()))

(define (bucket-of table word)
  (string-hash word 37 (vector-length table)))

(define (table-count table word)
  (let ((entry (assoc word (vector-ref table (bucket-of table word)))))
    (if entry (cdr entry) 0)))

(define (table-add! table word)
  (let* ((b (bucket-of table word))
         (entry (assoc word (vector-ref table b))))
    (if entry
        (set-cdr! entry (+ (cdr entry) 1))
        (vector-set! table b (cons (cons word 1) (vector-ref table b))))))

;; Takes one of the word out; the entry goes when its count reaches 0.
(define (table-remove! table word)
  (let* ((b (bucket-of table word))
         (entry (assoc word (vector-ref table b))))
    (cond ((not entry) #f)
          ((> (cdr entry) 1) (set-cdr! entry (- (cdr entry) 1)))
          (else (vector-set! table b (let drop ((entries (vector-ref table b)))
                                       (cond ((null? entries) '())
                                             ((eq? (car entries) entry) (cdr entries))
                                             (else (cons (car entries) (drop (cdr entries)))))))))))

(define (table-words table)
  (let loop ((b 0) (count 0))
    (if (= b (vector-length table))
        count
        (loop (+ b 1) (+ count (length (vector-ref table b)))))))

(define (longest-bucket table)
  (let loop ((b 0) (longest 0))
    (if (= b (vector-length table))
        longest
        (loop (+ b 1) (max longest (length (vector-ref table b)))))))

(define (run n)
  (set! seed 67)
  (let ((big (make-filter (* 8 n) 5 #f))
        (small (make-filter (* 4 n) 3 #f))
        (counting (make-filter (* 8 n) 5 0))
        (table (make-table n))
        (words (make-vector n)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let ((word (random-word)))
        (vector-set! words i word)
        (filter-add! big word)
        (filter-add! small word)
        (counting-add! counting word)
        (table-add! table word)))
    (let ((distinct (table-words table))
          (known 0) (false-big 0) (false-small 0) (missed 0))
      (do ((i 0 (+ i 1)))
          ((= i n))
        (let* ((word (random-word))
               (there (> (table-count table word) 0)))
          (when there
            (set! known (+ known 1)))
          (cond ((filter-has? big word) (unless there (set! false-big (+ false-big 1))))
                (there (set! missed (+ missed 1))))
          (cond ((filter-has? small word) (unless there (set! false-small (+ false-small 1))))
                (there (set! missed (+ missed 1))))
          (cond ((counting-has? counting word) #t)
                (there (set! missed (+ missed 1))))))
      (do ((i 1 (+ i 2)))
          ((>= i n))
        (counting-remove! counting (vector-ref words i))
        (table-remove! table (vector-ref words i)))
      (let ((false-after 0))
        (do ((i 0 (+ i 1)))
            ((= i n))
          (let ((word (vector-ref words i)))
            (if (counting-has? counting word)
                (when (= 0 (table-count table word))
                  (set! false-after (+ false-after 1)))
                (when (> (table-count table word) 0)
                  (set! missed (+ missed 1))))))
        (list n distinct (places-set big) (places-set small) known false-big false-small missed
              (table-words table) false-after
              (let loop ((i 0) (most 0))
                (if (= i (vector-length (filter-bits counting)))
                    most
                    (loop (+ i 1) (max most (vector-ref (filter-bits counting) i)))))
              (longest-bucket table)
              (let loop ((i 0) (sum 0))
                (if (= i (vector-length (filter-bits big)))
                    sum
                    (loop (+ i 1) (if (vector-ref (filter-bits big) i)
                                      (modulo (+ (* sum 7) i) 1000003)
                                      sum)))))))))
