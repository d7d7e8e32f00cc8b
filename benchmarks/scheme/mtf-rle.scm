;; mtf-rle: move-to-front coding followed by run-length coding, the two
;; cheap stages of a block compressor, as an exercise on strings and
;; ports writes them, with the decoder that undoes them.
;;
;; A text is scanned character by character by string-ref.  Move to
;; front keeps a list of the 128 character codes, most recent first:
;; each character is coded as its place in the list (found by walking
;; it), then taken out of the list by hand and put back at its head.
;; The run-length stage writes every run of one number four times and
;; then how many more there were, as bzip2's first stage does; a run of
;; three or fewer is written as it stands.  Numbers go out through a
;; string port as printable characters: below 32 one character, @ to _,
;; else a letter a.. for the thirty-twos and then the rest.  The decoder
;; reads the string back through an input port by read-char and undoes
;; both stages; the text it gives must be string=? to the one coded.
;; The same run-length stage is also run on the raw character codes, to
;; see which coding is shorter.
;;
;; Texts are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 313,
;; each draw x div 65536: for each text the number of words (20 + mod
;; 60), then for each word the word (mod the vocabulary's length) and
;; the gap after it (mod 8: 0 a run of a rule character, its kind mod 4
;; and its length 2 + mod 12; 1 a newline; else a space).
;;
;; (run n) => (n, characters coded, zeros move to front made, characters
;;             of the codes, of the raw run-length codes, texts for which
;;             move to front then run-length was the shorter, texts that
;;             came back the same, a checksum of the codes, the code of
;;             the first text's first 40 characters)

(define seed 313)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define vocabulary
  (vector "the" "a" "bookkeeper" "mississippi" "sells" "seashells" "by" "shore"
          "aardvark" "committee" "balloon" "coffee" "and" "zzz" "little" "moon"
          "of" "to" "in" "tattoo" "success" "assessment" "llama" "eel"))

(define rules (vector #\- #\= #\* #\space))

(define (make-text)
  (let ((out (open-output-string))
        (words (+ 20 (modulo (next-random!) 60))))
    (do ((k 0 (+ k 1)))
        ((= k words))
      (display (vector-ref vocabulary (modulo (next-random!) (vector-length vocabulary))) out)
      (let ((gap (modulo (next-random!) 8)))
        (cond ((= gap 0)
               (let* ((ch (vector-ref rules (modulo (next-random!) 4)))
                      (len (+ 2 (modulo (next-random!) 12))))
                 (display (make-string len ch) out)))
              ((= gap 1) (newline out))
              (else (write-char #\space out)))))
    (get-output-string out)))

;; -- move to front ----------------------------------------------------------

(define (initial-table)
  (let loop ((k 127) (table '()))
    (if (< k 0) table (loop (- k 1) (cons k table)))))

(define (remove-first x lst)
  (cond ((null? lst) '())
        ((= (car lst) x) (cdr lst))
        (else (cons (car lst) (remove-first x (cdr lst))))))

(define (place-of x lst)
  (let loop ((lst lst) (k 0))
    (if (= (car lst) x) k (loop (cdr lst) (+ k 1)))))

;; => the list of places, in order
(define (mtf-encode text)
  (let loop ((i 0) (table (initial-table)) (out '()))
    (if (= i (string-length text))
        (reverse out)
        (let* ((code (char->integer (string-ref text i)))
               (k (place-of code table)))
          (loop (+ i 1) (cons code (remove-first code table)) (cons k out))))))

(define (remove-at lst k)
  (if (= k 0)
      (cdr lst)
      (cons (car lst) (remove-at (cdr lst) (- k 1)))))

(define (mtf-decode places)
  (let ((out (open-output-string)))
    (let loop ((places places) (table (initial-table)))
      (if (null? places)
          (get-output-string out)
          (let ((code (list-ref table (car places))))
            (write-char (integer->char code) out)
            (loop (cdr places) (cons code (remove-at table (car places)))))))))

;; -- numbers as characters ---------------------------------------------------

(define (write-number k out)
  (if (< k 32)
      (write-char (integer->char (+ 64 k)) out)
      (begin
        (write-char (integer->char (+ 96 (quotient k 32))) out)
        (write-char (integer->char (+ 64 (remainder k 32))) out))))

;; => the number, or #f at the end
(define (read-number in)
  (let ((ch (read-char in)))
    (cond ((eof-object? ch) #f)
          ((>= (char->integer ch) 96)
           (let ((low (read-char in)))
             (+ (* 32 (- (char->integer ch) 96)) (- (char->integer low) 64))))
          (else (- (char->integer ch) 64)))))

;; -- run lengths ---------------------------------------------------------------

(define longest-run 800)

(define (rle-encode numbers)
  (let ((out (open-output-string)))
    (let loop ((numbers numbers))
      (if (null? numbers)
          (get-output-string out)
          (let count ((rest (cdr numbers)) (len 1))
            (if (and (pair? rest) (= (car rest) (car numbers)) (< len longest-run))
                (count (cdr rest) (+ len 1))
                (begin
                  (do ((k 0 (+ k 1)))
                      ((= k (min len 4)))
                    (write-number (car numbers) out))
                  (if (>= len 4)
                      (write-number (- len 4) out))
                  (loop rest))))))))

(define (rle-decode code)
  (let ((in (open-input-string code)))
    (let loop ((previous #f) (seen 0) (out '()))
      (let ((k (read-number in)))
        (cond ((not k) (reverse out))
              ((= seen 4)
               (let more ((j 0) (out out))
                 (if (= j k)
                     (loop #f 0 out)
                     (more (+ j 1) (cons previous out)))))
              ((and previous (= k previous))
               (loop k (+ seen 1) (cons k out)))
              (else (loop k 1 (cons k out))))))))

;; -- the run -------------------------------------------------------------------

(define (count-zeros numbers)
  (let loop ((numbers numbers) (zeros 0))
    (cond ((null? numbers) zeros)
          ((= (car numbers) 0) (loop (cdr numbers) (+ zeros 1)))
          (else (loop (cdr numbers) zeros)))))

(define (char-codes text)
  (let loop ((i (- (string-length text) 1)) (codes '()))
    (if (< i 0)
        codes
        (loop (- i 1) (cons (char->integer (string-ref text i)) codes)))))

(define (run n)
  (set! seed 313)
  (let ((coded 0) (zeros 0) (code-chars 0) (raw-chars 0) (shorter 0) (same 0) (check 0) (first-code #f))
    (do ((k 0 (+ k 1)))
        ((= k n))
      (let* ((text (make-text))
             (places (mtf-encode text))
             (code (rle-encode places))
             (raw (rle-encode (char-codes text)))
             (back (mtf-decode (rle-decode code))))
        (set! coded (+ coded (string-length text)))
        (set! zeros (+ zeros (count-zeros places)))
        (set! code-chars (+ code-chars (string-length code)))
        (set! raw-chars (+ raw-chars (string-length raw)))
        (if (< (string-length code) (string-length raw))
            (set! shorter (+ shorter 1)))
        (if (and (string=? back text)
                 (equal? (rle-decode raw) (char-codes text)))
            (set! same (+ same 1)))
        (string-for-each
         (lambda (ch)
           (set! check (modulo (+ (* check 37) (char->integer ch)) 1000003)))
         code)
        (if (not first-code)
            (set! first-code
                  (rle-encode (mtf-encode (substring text 0 (min 40 (string-length text)))))))))
    (list n coded zeros code-chars raw-chars shorter same check first-code)))
