;; lz77: Lempel-Ziv 77 compression of a text of n words.  The text is a
;; list of tokens (offset length char): copy `length` characters from
;; `offset` back (an offset of 0 copies nothing), then put `char`.  At
;; each position the encoder looks through the window of the last
;; `window` characters for the longest match, comparing by string-ref,
;; the farthest of equal length first (only a longer one replaces it); a
;; match may run on past the position it started from, and stops one
;; character short of the end so that a character is always left to put.
;; The search returns two values, taken by let-values.
;;
;; The tokens are written by `write` to an output string port, as the
;; list they are, and read back by `read` from an input string port.
;; The decoder fills a string made by make-string to the right length:
;; a copy that does not overlap what it copies is one string-copy!, one
;; that does (a run) goes character by character.  A token that points
;; back before the start of the text is raised as (bad-offset offset
;; position); a stream corrupted that way (a list-copy of the tokens, one
;; token replaced by set-car!) is decoded under guard.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 3, each draw
;; x div 65536, a word the draw mod 10.
;;
;; (run n) => (the text's length, the tokens for windows of 16, 64 and
;;             256 characters, the written length of the tokens for 64,
;;             whether they read back equal, whether each decodes to the
;;             text, a checksum of the offsets and lengths for 256, what
;;             the corrupted stream raised: its offset and position)

(define seed 3)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define words '#("the" "cat" "sat" "on" "mat" "a" "hat" "that" "cats" "as"))

(define (random-text n)
  (let ((out (open-output-string)))
    (do ((i 0 (+ i 1)))
        ((= i n) (get-output-string out))
      (if (> i 0) (write-char #\space out))
      (write-string (vector-ref words (modulo (next-random!) (vector-length words))) out))))

;; The longest match for position i among the `window` positions before
;; it, at most `limit` long, as two values: its offset and its length.
(define (longest-match text i window limit)
  (let loop ((j (max 0 (- i window))) (best-offset 0) (best-length 0))
    (if (= j i)
        (values best-offset best-length)
        (let ((length (let count ((k 0))
                        (if (and (< k limit)
                                 (char=? (string-ref text (+ j k)) (string-ref text (+ i k))))
                            (count (+ k 1))
                            k))))
          (if (> length best-length)
              (loop (+ j 1) (- i j) length)
              (loop (+ j 1) best-offset best-length))))))

(define (encode text window longest)
  (let ((n (string-length text)))
    (let loop ((i 0) (tokens '()))
      (if (= i n)
          (reverse tokens)
          (let-values (((offset length) (longest-match text i window (min longest (- n i 1)))))
            (loop (+ i length 1)
                  (cons (list offset length (string-ref text (+ i length))) tokens)))))))

(define (decode tokens)
  (let ((out (make-string (apply + (map (lambda (token) (+ (cadr token) 1)) tokens)))))
    (let loop ((tokens tokens) (position 0))
      (if (null? tokens)
          out
          (let ((offset (car (car tokens)))
                (length (cadr (car tokens)))
                (char (caddr (car tokens))))
            (if (> offset position)
                (raise (list 'bad-offset offset position)))
            (if (>= offset length)
                (string-copy! out position out (- position offset) (+ (- position offset) length))
                (do ((k 0 (+ k 1)))
                    ((= k length))
                  (string-set! out (+ position k) (string-ref out (+ position k (- offset))))))
            (string-set! out (+ position length) char)
            (loop (cdr tokens) (+ position length 1)))))))

(define (written tokens)
  (let ((out (open-output-string)))
    (write tokens out)
    (get-output-string out)))

(define (checksum tokens)
  (let loop ((tokens tokens) (sum 0))
    (if (null? tokens)
        sum
        (loop (cdr tokens)
              (modulo (+ (* 31 (modulo (+ (* 31 sum) (car (car tokens))) 1000003))
                         (cadr (car tokens)))
                      1000003)))))

;; The tokens with the first one that copies anything pointed 1000 further back.
(define (corrupted tokens)
  (let ((copy (list-copy tokens)))
    (let loop ((cell copy))
      (cond ((null? cell) copy)
            ((> (cadr (car cell)) 0)
             (set-car! cell (cons (+ 1000 (car (car cell))) (cdr (car cell))))
             copy)
            (else (loop (cdr cell)))))))

(define (run n)
  (set! seed 3)
  (let* ((text (random-text n))
         (small (encode text 16 32))
         (middle (encode text 64 32))
         (large (encode text 256 32))
         (text-of-middle (written middle))
         (read-back (read (open-input-string text-of-middle))))
    (list (string-length text)
          (list (length small) (length middle) (length large))
          (string-length text-of-middle)
          (equal? read-back middle)
          (map (lambda (tokens) (string=? (decode tokens) text)) (list small read-back large))
          (checksum large)
          (guard (e ((and (pair? e) (eq? (car e) 'bad-offset)) (cdr e)))
            (decode (corrupted large))
            #f))))
