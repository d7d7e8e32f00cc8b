;; string-search: counting the occurrences of a pattern in a text, once by
;; the naive search (compare at every position with string-ref) and once
;; by Knuth-Morris-Pratt, its failure table kept in a vector.  The text is
;; a Fibonacci word (each word the previous two appended), cut to length n.
;;
;; (run n) => (the count of each pattern by KMP, overlapping ones
;;             included, and whether the naive search counted the same)

(define patterns '("a" "ab" "aba" "abaab" "aa" "bb" "babaa" "abaababaab"))

(define (fibonacci-word n)
  (let loop ((older "a") (old "ab"))
    (if (>= (string-length old) n)
        (substring old 0 n)
        (loop old (string-append old older)))))

;; Does pattern occur in text at position i?
(define (match-at? text pattern i)
  (let loop ((j 0))
    (cond ((= j (string-length pattern)) #t)
          ((char=? (string-ref text (+ i j)) (string-ref pattern j)) (loop (+ j 1)))
          (else #f))))

(define (naive-count text pattern)
  (let ((last (- (string-length text) (string-length pattern))))
    (let loop ((i 0) (count 0))
      (cond ((> i last) count)
            ((match-at? text pattern i) (loop (+ i 1) (+ count 1)))
            (else (loop (+ i 1) count))))))

;; failure[j]: the length of the longest proper prefix of the pattern's
;; first j + 1 characters that is also a suffix of them.
(define (failure-table pattern)
  (let* ((m (string-length pattern))
         (failure (make-vector m 0)))
    (let loop ((j 1) (k 0))
      (cond ((>= j m) failure)
            ((char=? (string-ref pattern j) (string-ref pattern k))
             (vector-set! failure j (+ k 1))
             (loop (+ j 1) (+ k 1)))
            ((> k 0)
             (loop j (vector-ref failure (- k 1))))
            (else
             (vector-set! failure j 0)
             (loop (+ j 1) 0))))))

(define (kmp-count text pattern)
  (let ((n (string-length text))
        (m (string-length pattern))
        (failure (failure-table pattern)))
    (let loop ((i 0) (k 0) (count 0))
      (cond ((= i n) count)
            ((char=? (string-ref text i) (string-ref pattern k))
             (if (= (+ k 1) m)
                 (loop (+ i 1) (vector-ref failure k) (+ count 1))
                 (loop (+ i 1) (+ k 1) count)))
            ((> k 0)
             (loop i (vector-ref failure (- k 1)) count))
            (else
             (loop (+ i 1) 0 count))))))

(define (run n)
  (let* ((text (fibonacci-word n))
         (by-kmp (map (lambda (p) (kmp-count text p)) patterns))
         (by-naive (map (lambda (p) (naive-count text p)) patterns)))
    (append by-kmp (list (equal? by-kmp by-naive)))))
