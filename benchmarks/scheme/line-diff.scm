;; line-diff: what diff prints for two texts, line by line, and the patch
;; that takes the first to the second.  Each text is split into a vector
;; of lines by read-char from an input string port, a line gathered in an
;; output string port until its newline.  The lengths of the longest
;; common subsequences of every pair of suffixes go in a table (a vector
;; of rows, each a vector, filled from the last row up by two do loops);
;; the edit script is read off the table from the top left, keeping a
;; line both have, else deleting from the first text when that keeps as
;; long a common subsequence, else inserting from the second.
;;
;; Runs of edits make hunks, printed in diff's normal format to an output
;; string port: "3,4d2", "7a8,9" or "5c6", the ranges 1-based and a
;; single line without a comma, then "< " before each line taken away,
;; "---" between them in a change, and "> " before each line put in.  The
;; hunks are then applied to the first text's lines, with
;; call-with-values and let*-values taking a hunk apart, and the result
;; compared with the second's by equal?.
;;
;; The texts: the first has n lines of one to four words; the second is
;; made from it line by line, a draw mod 10 saying: 0 drop the line, 1
;; put a new line in its place, 2 put a new line before it, else keep it.
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 23, each draw
;; x div 65536; a word is the draw mod the number of words.
;;
;; (run n) => (the lines of each text, the longest common subsequence,
;;             the hunks, those that delete, add and change, the length of
;;             the diff's text, its first three lines, a checksum of it,
;;             whether the patched first text is the second)

(define seed 23)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define words
  #("the" "diff" "of" "two" "files" "line" "by" "line" "hunk" "patch"
    "common" "longest" "table" "edit" "script" "keep" "add" "change"))

(define (random-line)
  (let ((out (open-output-string)))
    (do ((k (+ 1 (modulo (next-random!) 4)) (- k 1))
         (first #t #f))
        ((= k 0) (get-output-string out))
      (unless first (write-char #\space out))
      (write-string (vector-ref words (modulo (next-random!) (vector-length words))) out))))

(define (make-texts n)
  (let ((old (open-output-string))
        (new (open-output-string)))
    (define (put line port)
      (write-string line port)
      (newline port))
    (do ((i 0 (+ i 1)))
        ((= i n) (values (get-output-string old) (get-output-string new)))
      (let ((line (random-line)))
        (put line old)
        (case (modulo (next-random!) 10)
          ((0) #f)
          ((1) (put (random-line) new))
          ((2) (put (random-line) new) (put line new))
          (else (put line new)))))))

(define (split-lines text)
  (let ((in (open-input-string text)))
    (let loop ((line (open-output-string)) (lines '()))
      (let ((c (read-char in)))
        (cond ((eof-object? c) (list->vector (reverse lines)))
              ((char=? c #\newline)
               (loop (open-output-string) (cons (get-output-string line) lines)))
              (else (write-char c line) (loop line lines)))))))

(define (common-table a b)
  (let* ((m (vector-length a))
         (n (vector-length b))
         (table (make-vector (+ m 1))))
    (do ((i 0 (+ i 1)))
        ((> i m))
      (vector-set! table i (make-vector (+ n 1) 0)))
    (do ((i (- m 1) (- i 1)))
        ((< i 0) table)
      (let ((row (vector-ref table i))
            (below (vector-ref table (+ i 1))))
        (do ((j (- n 1) (- j 1)))
            ((< j 0))
          (vector-set! row j
                       (if (string=? (vector-ref a i) (vector-ref b j))
                           (+ 1 (vector-ref below (+ j 1)))
                           (max (vector-ref below j) (vector-ref row (+ j 1))))))))))

(define (cell table i j)
  (vector-ref (vector-ref table i) j))

;; The hunks, first to last: (start-a end-a start-b end-b), 0-based, ends
;; excluded.
(define (hunks a b table)
  (let ((m (vector-length a))
        (n (vector-length b)))
    (let walk ((i 0) (j 0) (open #f) (found '()))
      (define (close)
        (if open (cons (list (car open) i (cdr open) j) found) found))
      (cond ((and (= i m) (= j n)) (reverse (close)))
            ((and (< i m) (< j n) (string=? (vector-ref a i) (vector-ref b j)))
             (walk (+ i 1) (+ j 1) #f (close)))
            ((and (< i m) (or (= j n) (>= (cell table (+ i 1) j) (cell table i (+ j 1)))))
             (walk (+ i 1) j (or open (cons i j)) found))
            (else
             (walk i (+ j 1) (or open (cons i j)) found))))))

(define (range start end)
  (if (= (- end start) 1)
      (number->string end)
      (string-append (number->string (+ start 1)) "," (number->string end))))

(define (hunk-parts hunk)
  (apply values hunk))

(define (write-hunk hunk a b out)
  (let*-values (((start-a end-a start-b end-b) (hunk-parts hunk))
                ((gone added) (values (- end-a start-a) (- end-b start-b))))
    (cond ((= added 0)
           (write-string (range start-a end-a) out)
           (write-char #\d out)
           (display start-b out))
          ((= gone 0)
           (display start-a out)
           (write-char #\a out)
           (write-string (range start-b end-b) out))
          (else
           (write-string (range start-a end-a) out)
           (write-char #\c out)
           (write-string (range start-b end-b) out)))
    (newline out)
    (do ((i start-a (+ i 1))) ((= i end-a))
      (write-string "< " out) (write-string (vector-ref a i) out) (newline out))
    (when (and (> gone 0) (> added 0))
      (write-string "---" out) (newline out))
    (do ((j start-b (+ j 1))) ((= j end-b))
      (write-string "> " out) (write-string (vector-ref b j) out) (newline out))))

(define (patch a b hs)
  (let loop ((i 0) (hs hs) (acc '()))
    (cond ((and (null? hs) (= i (vector-length a))) (reverse acc))
          ((or (null? hs) (< i (car (car hs))))
           (loop (+ i 1) hs (cons (vector-ref a i) acc)))
          (else
           (call-with-values (lambda () (hunk-parts (car hs)))
             (lambda (start-a end-a start-b end-b)
               (do ((j start-b (+ j 1))
                    (acc acc (cons (vector-ref b j) acc)))
                   ((= j end-b) (loop end-a (cdr hs) acc)))))))))

(define (kind hunk)
  (cond ((= (cadr hunk) (car hunk)) 'add)
        ((= (cadddr hunk) (caddr hunk)) 'delete)
        (else 'change)))

(define (count-kind k hs)
  (let loop ((hs hs) (count 0))
    (cond ((null? hs) count)
          ((eq? (kind (car hs)) k) (loop (cdr hs) (+ count 1)))
          (else (loop (cdr hs) count)))))

(define (first-lines text k)
  (let ((in (open-input-string text))
        (line (open-output-string)))
    (let loop ((k k) (lines '()))
      (let ((c (read-char in)))
        (cond ((or (= k 0) (eof-object? c)) (reverse lines))
              ((char=? c #\newline)
               (let ((done (get-output-string line)))
                 (set! line (open-output-string))
                 (loop (- k 1) (cons done lines))))
              (else (write-char c line) (loop k lines)))))))

(define (checksum text)
  (let loop ((i 0) (sum 0))
    (if (= i (string-length text))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref text i))) 1000003)))))

(define (run n)
  (set! seed 23)
  (let*-values (((old new) (make-texts n))
                ((a) (split-lines old))
                ((b) (split-lines new)))
    (let* ((table (common-table a b))
           (hs (hunks a b table))
           (out (open-output-string)))
      (for-each (lambda (h) (write-hunk h a b out)) hs)
      (let ((diff (get-output-string out)))
        (list (vector-length a) (vector-length b) (cell table 0 0)
              (length hs) (count-kind 'delete hs) (count-kind 'add hs) (count-kind 'change hs)
              (string-length diff) (first-lines diff 3) (checksum diff)
              (equal? (patch a b hs) (vector->list b)))))))
