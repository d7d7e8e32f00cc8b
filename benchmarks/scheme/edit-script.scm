;; edit-script: the edit distance of two strings with its backtrace, as
;; a course on dynamic programming (or a first bioinformatics course)
;; writes it.
;;
;; The distance table is a vector of vectors filled by nested do loops:
;; an insertion or a deletion costs 1, a substitution 1 and a match 0.
;; The backtrace walks back from the corner, taking the diagonal when it
;; gives the cell's value, else a deletion, else an insertion, and conses
;; the edits as tagged lists, (keep c) (change c) (insert c) (delete c),
;; so that they come out in order.  The edits are checked by applying
;; them to the source, written to a string port, which must give the
;; target; they are counted by case on their tags; and they are written
;; out twice through string ports: as an alignment of three lines (gaps
;; #\-, #\| under a match, #\. under a change) and as a compact script
;; (=3 for three kept, ~g a change to g, +a an insertion, -t a deletion,
;; separated by spaces).
;;
;; n pairs are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 271,
;; each draw x div 65536: the source's length (30 .. 59) and its letters
;; (mod 4 into "acgt"), then the number of mutations (1 .. 12), each a
;; kind (mod 3: change, insertion, deletion), a place (mod the length, or
;; the length + 1 for an insertion) and for a change or an insertion a
;; letter, made by substring, string-append and string-set! on a copy.
;;
;; (run n) => (n, distances summed, mutations summed, pairs closer than
;;             their mutations, scripts that rebuild the target, keeps,
;;             changes, insertions, deletions, a checksum of the
;;             alignments, the first pair: its two strings, its three
;;             alignment lines and its script)

(define seed 271)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define letters "acgt")

(define (random-letter)
  (string-ref letters (modulo (next-random!) 4)))

(define (random-strand)
  (let* ((len (+ 30 (modulo (next-random!) 30)))
         (s (make-string len #\a)))
    (do ((i 0 (+ i 1)))
        ((= i len) s)
      (string-set! s i (random-letter)))))

(define (mutate s)
  (let ((len (string-length s)))
    (case (modulo (next-random!) 3)
      ((0)
       (let ((copy (string-copy s))
             (i (modulo (next-random!) len)))
         (string-set! copy i (random-letter))
         copy))
      ((1)
       (let ((i (modulo (next-random!) (+ len 1))))
         (string-append (substring s 0 i) (string (random-letter)) (substring s i len))))
      (else
       (let ((i (modulo (next-random!) len)))
         (string-append (substring s 0 i) (substring s (+ i 1) len)))))))

(define (distance-table a b)
  (let* ((m (string-length a))
         (n (string-length b))
         (table (make-vector (+ m 1))))
    (do ((i 0 (+ i 1)))
        ((> i m))
      (vector-set! table i (make-vector (+ n 1) 0))
      (vector-set! (vector-ref table i) 0 i))
    (do ((j 0 (+ j 1)))
        ((> j n))
      (vector-set! (vector-ref table 0) j j))
    (do ((i 1 (+ i 1)))
        ((> i m) table)
      (do ((j 1 (+ j 1)))
          ((> j n))
        (let ((cost (if (char=? (string-ref a (- i 1)) (string-ref b (- j 1))) 0 1))
              (row (vector-ref table i))
              (above (vector-ref table (- i 1))))
          (vector-set! row j (min (+ (vector-ref above (- j 1)) cost)
                                  (+ (vector-ref above j) 1)
                                  (+ (vector-ref row (- j 1)) 1))))))))

(define (cell table i j)
  (vector-ref (vector-ref table i) j))

(define (backtrace table a b)
  (let loop ((i (string-length a)) (j (string-length b)) (edits '()))
    (cond ((and (= i 0) (= j 0)) edits)
          ((and (> i 0) (> j 0)
                (let ((same (char=? (string-ref a (- i 1)) (string-ref b (- j 1)))))
                  (= (cell table i j)
                     (+ (cell table (- i 1) (- j 1)) (if same 0 1)))))
           (loop (- i 1) (- j 1)
                 (cons (if (char=? (string-ref a (- i 1)) (string-ref b (- j 1)))
                           (list 'keep (string-ref a (- i 1)))
                           (list 'change (string-ref b (- j 1))))
                       edits)))
          ((and (> i 0) (= (cell table i j) (+ (cell table (- i 1) j) 1)))
           (loop (- i 1) j (cons (list 'delete (string-ref a (- i 1))) edits)))
          (else
           (loop i (- j 1) (cons (list 'insert (string-ref b (- j 1))) edits))))))

(define (apply-edits edits a)
  (let ((out (open-output-string)))
    (let loop ((edits edits) (i 0))
      (if (null? edits)
          (get-output-string out)
          (let ((edit (car edits)))
            (case (car edit)
              ((keep) (write-char (string-ref a i) out) (loop (cdr edits) (+ i 1)))
              ((change) (write-char (cadr edit) out) (loop (cdr edits) (+ i 1)))
              ((insert) (write-char (cadr edit) out) (loop (cdr edits) i))
              ((delete) (loop (cdr edits) (+ i 1)))
              (else (error "edit-script: no such edit" edit))))))))

;; the three lines of an alignment
(define (alignment edits a)
  (let ((top (open-output-string))
        (middle (open-output-string))
        (bottom (open-output-string)))
    (let loop ((edits edits) (i 0))
      (if (null? edits)
          (list (get-output-string top) (get-output-string middle) (get-output-string bottom))
          (let* ((edit (car edits))
                 (c (cadr edit)))
            (case (car edit)
              ((keep)
               (write-char c top) (write-char #\| middle) (write-char c bottom)
               (loop (cdr edits) (+ i 1)))
              ((change)
               (write-char (string-ref a i) top) (write-char #\. middle) (write-char c bottom)
               (loop (cdr edits) (+ i 1)))
              ((insert)
               (write-char #\- top) (write-char #\space middle) (write-char c bottom)
               (loop (cdr edits) i))
              (else
               (write-char c top) (write-char #\space middle) (write-char #\- bottom)
               (loop (cdr edits) (+ i 1)))))))))

(define (compact-script edits)
  (let ((out (open-output-string)))
    (let loop ((edits edits) (kept 0) (first? #t))
      (define (separate!)
        (if (not first?) (write-char #\space out)))
      (cond ((and (pair? edits) (eq? (car (car edits)) 'keep))
             (loop (cdr edits) (+ kept 1) first?))
            ((> kept 0)
             (separate!)
             (write-char #\= out)
             (display kept out)
             (loop edits 0 #f))
            ((null? edits) (get-output-string out))
            (else
             (separate!)
             (write-char (case (car (car edits)) ((change) #\~) ((insert) #\+) (else #\-)) out)
             (write-char (cadr (car edits)) out)
             (loop (cdr edits) 0 #f))))))

(define (count-tag tag edits)
  (let loop ((edits edits) (count 0))
    (cond ((null? edits) count)
          ((eq? (car (car edits)) tag) (loop (cdr edits) (+ count 1)))
          (else (loop (cdr edits) count)))))

(define (checksum-strings strings sum)
  (if (null? strings)
      sum
      (checksum-strings
       (cdr strings)
       (let loop ((i 0) (sum sum))
         (if (= i (string-length (car strings)))
             sum
             (loop (+ i 1)
                   (modulo (+ (* sum 31) (char->integer (string-ref (car strings) i))) 1000003)))))))

(define (run n)
  (set! seed 271)
  (let loop ((k 0) (distances 0) (mutations 0) (closer 0) (rebuilt 0)
                   (keeps 0) (changes 0) (inserts 0) (deletes 0) (sum 0) (first '()))
    (if (= k n)
        (list n distances mutations closer rebuilt keeps changes inserts deletes sum first)
        (let* ((a (random-strand))
               (times (+ 1 (modulo (next-random!) 12)))
               (b (let mutating ((s a) (t 0))
                    (if (= t times) s (mutating (mutate s) (+ t 1)))))
               (table (distance-table a b))
               (d (cell table (string-length a) (string-length b)))
               (edits (backtrace table a b))
               (lines (alignment edits a)))
          (loop (+ k 1)
                (+ distances d)
                (+ mutations times)
                (if (< d times) (+ closer 1) closer)
                (if (string=? (apply-edits edits a) b) (+ rebuilt 1) rebuilt)
                (+ keeps (count-tag 'keep edits))
                (+ changes (count-tag 'change edits))
                (+ inserts (count-tag 'insert edits))
                (+ deletes (count-tag 'delete edits))
                (checksum-strings lines sum)
                (if (= k 0)
                    (append (list a b) lines (list (compact-script edits)))
                    first))))))
