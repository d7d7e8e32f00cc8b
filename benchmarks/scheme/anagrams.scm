;; anagrams: words grouped by their letter counts.  A word's counts are a
;; vector of 26 counters indexed by char->integer less that of #\a, filled
;; by a do loop over string-ref; the groups are an association list from
;; count vectors to the words that have them, searched with assoc (equal?
;; on vectors), the newest group first, a word added to its group with
;; set-cdr!.  The letters of all the words are counted in one more vector,
;; whose largest counter gives the most common letter.
;;
;; Word i is the (i mod 24)-th of a table of words and, after it, the
;; base-5 digits of i div 24, lowest first, written with u, v, w, x and y
;; (nothing for 0).
;;
;; (run n) => (groups, the size of the largest, the words in groups of two
;;             or more, the most common letter as a string, the words of the
;;             first group)

(define table
  '#("stone" "tea" "listen" "notes" "eat" "silent" "rat" "tones" "ate" "enlist" "art" "onset"
     "evil" "heart" "live" "earth" "vile" "below" "elbow" "night" "thing" "lemon" "melon" "apple"))

(define (suffix k)
  (let loop ((k k) (chars '()))
    (if (= k 0)
        (list->string (reverse chars))
        (loop (quotient k 5) (cons (string-ref "uvwxy" (remainder k 5)) chars)))))

(define (make-word i)
  (string-append (vector-ref table (modulo i 24)) (suffix (quotient i 24))))

(define (letter-index c)
  (- (char->integer c) (char->integer #\a)))

(define (letter-counts word)
  (let ((counts (make-vector 26 0)))
    (do ((i 0 (+ i 1)))
        ((= i (string-length word)) counts)
      (let ((k (letter-index (string-ref word i))))
        (vector-set! counts k (+ (vector-ref counts k) 1))))))

;; A list of groups, each a list (counts word ...), in the order of their
;; first words, each group's words newest first.
(define (group-anagrams words)
  (let loop ((words words) (groups '()))
    (if (null? words)
        (reverse groups)
        (let* ((counts (letter-counts (car words)))
               (group (assoc counts groups)))
          (if group
              (begin
                (set-cdr! group (cons (car words) (cdr group)))
                (loop (cdr words) groups))
              (loop (cdr words) (cons (list counts (car words)) groups)))))))

(define (add-counts! total counts)
  (do ((k 0 (+ k 1)))
      ((= k 26))
    (vector-set! total k (+ (vector-ref total k) (vector-ref counts k)))))

(define (most-common-letter words)
  (let ((total (make-vector 26 0)))
    (for-each (lambda (word) (add-counts! total (letter-counts word))) words)
    (let loop ((k 1) (best 0))
      (cond ((= k 26) (string (integer->char (+ best (char->integer #\a)))))
            ((> (vector-ref total k) (vector-ref total best)) (loop (+ k 1) k))
            (else (loop (+ k 1) best))))))

(define (run n)
  (let* ((words (let loop ((i (- n 1)) (words '()))
                  (if (< i 0)
                      words
                      (loop (- i 1) (cons (make-word i) words)))))
         (groups (group-anagrams words)))
    (let loop ((rest groups) (largest 0) (partnered 0))
      (if (null? rest)
          (list (length groups)
                largest
                partnered
                (most-common-letter words)
                (reverse (cdr (car groups))))
          (let ((size (length (cdr (car rest)))))
            (loop (cdr rest)
                  (max largest size)
                  (if (>= size 2) (+ partnered size) partnered)))))))
