;; soundex: American Soundex codes for made-up surnames, the way a
;; records clerk (or a first course on strings) would compute them.
;;
;; A name's code is its first letter, upper-cased, then the digits of
;; the letters after it:  b f p v -> 1,  c g j k q s x z -> 2,  d t -> 3,
;; l -> 4,  m n -> 5,  r -> 6.  Vowels (a e i o u y) give no digit but
;; part two equal digits; h and w give nothing and part nothing; a digit
;; equal to the one before it (the first letter's own counts) is dropped.
;; The code is cut or padded with zeros to four characters.
;;
;; n names are made of two or three syllables drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 97, each draw x div 65536.
;; The names are grouped by code: a vector of 26 association lists, one
;; per first letter, from codes (strings, found by assoc) to the list of
;; names with that code.  The groups are then put in order, largest
;; first and by code among equals, by a merge sort of our own that takes
;; the comparison as a procedure.
;;
;; (run n) => (n, how many codes, the five largest groups as (code size),
;;             how many names share their code with another name,
;;             a checksum over every code, the first three names and codes)

(define seed 97)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (pick-char s)
  (string-ref s (modulo (next-random!) (string-length s))))

(define consonants "bcdfghjklmnprstvwz")
(define vowels "aeiouy")

(define (make-name)
  (let ((out (open-output-string))
        (syllables (+ 2 (modulo (next-random!) 2))))
    (do ((i 0 (+ i 1)))
        ((= i syllables))
      (let* ((c (pick-char consonants))
             (v (pick-char vowels))
             (extra (modulo (next-random!) 4)))
        (write-char (if (= i 0) (char-upcase c) c) out)
        (write-char v out)
        (if (= extra 0)
            (write-char (pick-char consonants) out))))
    (get-output-string out)))

(define (letter-code c)
  (case (char-downcase c)
    ((#\b #\f #\p #\v) 1)
    ((#\c #\g #\j #\k #\q #\s #\x #\z) 2)
    ((#\d #\t) 3)
    ((#\l) 4)
    ((#\m #\n) 5)
    ((#\r) 6)
    ((#\h #\w) 'nothing)
    (else 0)))

(define (soundex name)
  (let ((len (string-length name))
        (out (open-output-string)))
    (write-char (char-upcase (string-ref name 0)) out)
    (let loop ((i 1)
               (last (letter-code (string-ref name 0)))
               (written 1))
      (if (or (= i len) (= written 4))
          (begin
            (do ((k written (+ k 1)))
                ((= k 4))
              (write-char #\0 out))
            (get-output-string out))
          (let ((code (letter-code (string-ref name i))))
            (cond ((eq? code 'nothing) (loop (+ i 1) last written))
                  ((= code 0) (loop (+ i 1) 0 written))
                  ((eqv? code last) (loop (+ i 1) last written))
                  (else
                   (write-char (integer->char (+ (char->integer #\0) code)) out)
                   (loop (+ i 1) code (+ written 1)))))))))

;; the table: one association list per first letter
(define (make-table) (make-vector 26 '()))

(define (bucket-index code)
  (- (char->integer (string-ref code 0)) (char->integer #\A)))

(define (table-add! table code name)
  (let* ((i (bucket-index code))
         (entry (assoc code (vector-ref table i))))
    (if entry
        (if (not (member name (cdr entry)))
            (set-cdr! entry (cons name (cdr entry))))
        (vector-set! table i (cons (list code name) (vector-ref table i))))))

(define (table->list table)
  (let loop ((i 25) (acc '()))
    (if (< i 0)
        acc
        (loop (- i 1) (append (vector-ref table i) acc)))))

;; merge sort with the order given as a procedure
(define (merge-lists a b before?)
  (cond ((null? a) b)
        ((null? b) a)
        ((before? (car b) (car a)) (cons (car b) (merge-lists a (cdr b) before?)))
        (else (cons (car a) (merge-lists (cdr a) b before?)))))

(define (split-list lst)
  (if (or (null? lst) (null? (cdr lst)))
      (values lst '())
      (let-values (((a b) (split-list (cddr lst))))
        (values (cons (car lst) a) (cons (cadr lst) b)))))

(define (merge-sort lst before?)
  (if (or (null? lst) (null? (cdr lst)))
      lst
      (let-values (((a b) (split-list lst)))
        (merge-lists (merge-sort a before?) (merge-sort b before?) before?))))

(define (group-size g) (length (cdr g)))

(define (bigger-group? g h)
  (let ((sg (group-size g)) (sh (group-size h)))
    (or (> sg sh)
        (and (= sg sh) (string<? (car g) (car h))))))

(define (take lst k)
  (if (or (= k 0) (null? lst))
      '()
      (cons (car lst) (take (cdr lst) (- k 1)))))

(define (string-checksum s acc)
  (let loop ((i 0) (acc acc))
    (if (= i (string-length s))
        acc
        (loop (+ i 1) (modulo (+ (* acc 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (set! seed 97)
  (let ((table (make-table))
        (first-three '())
        (checksum 0))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let* ((name (make-name))
             (code (soundex name)))
        (table-add! table code name)
        (set! checksum (string-checksum code checksum))
        (if (< i 3)
            (set! first-three (cons (list name code) first-three)))))
    (let* ((groups (merge-sort (table->list table) bigger-group?))
           (shared (apply + (map (lambda (g) (if (> (group-size g) 1) (group-size g) 0)) groups))))
      (list n
            (length groups)
            (map (lambda (g) (list (car g) (group-size g))) (take groups 5))
            shared
            checksum
            (reverse first-three)))))
