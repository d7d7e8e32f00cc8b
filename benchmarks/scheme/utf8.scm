;; utf8: UTF-8 and UTF-16 written by hand over bytevectors and vectors,
;; with quotient and modulo where C would shift and mask, checked against
;; the built-in string->utf8 and utf8->string.
;;
;; n strings of 5 to 40 characters are drawn from ASCII, Latin-1, Greek,
;; Cyrillic, CJK, emoji and the edges of each encoded length, made by
;; integer->char and list->string.  Each is encoded into a bytevector of
;; the size counted first (make-bytevector, bytevector-u8-set!), which
;; must equal string->utf8's; decoded back by a loop over
;; bytevector-u8-ref that checks every lead and continuation byte
;; (overlong forms, surrogates and code points past #x10FFFF refused),
;; which must give the string again, as utf8->string does; written as
;; UTF-16 code units in a vector, surrogate pairs for the code points
;; past #xFFFF, and read back.  Then a copy of each encoding
;; (bytevector-copy) has one byte replaced and is decoded again, each
;; bad byte becoming U+FFFD and the decoder going on at the next byte;
;; Adler-32 is taken over every encoding.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 61, each
;; draw x div 65536.
;;
;; (run n) => (characters, bytes, sequences of 1 to 4 bytes, whether the
;;             built-ins agree, whether every string came back from
;;             UTF-8 and from UTF-16, UTF-16 units, damaged copies still
;;             valid, replacement characters, Adler-32 of the encodings)

(define seed 61)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (draw-below k) (modulo (next-random!) k))

;; (low . size) ranges of code points, and the edges of the encodings
(define ranges '((32 . 95) (192 . 64) (913 . 57) (1040 . 64) (19968 . 20992) (128512 . 80)))
(define edges (vector 127 128 2047 2048 55295 57344 65533 65535 65536 1114111))

(define (random-code-point)
  (let ((choice (draw-below 10)))
    (cond ((< choice 6)
           (let ((range (list-ref ranges choice)))
             (+ (car range) (draw-below (cdr range)))))
          ((< choice 9) (+ 97 (draw-below 26)))
          (else (vector-ref edges (draw-below (vector-length edges)))))))

(define (random-string)
  (let loop ((k (+ 5 (draw-below 36))) (chars '()))
    (if (= k 0)
        (list->string chars)
        (loop (- k 1) (cons (integer->char (random-code-point)) chars)))))

;; -- UTF-8 -------------------------------------------------------------------------

(define (encoded-size c)
  (cond ((< c #x80) 1) ((< c #x800) 2) ((< c #x10000) 3) (else 4)))

(define (encode text)
  (let* ((points (map char->integer (string->list text)))
         (bytes (make-bytevector (apply + (map encoded-size points)) 0)))
    (let loop ((points points) (i 0))
      (if (null? points)
          bytes
          (let ((c (car points)))
            (case (encoded-size c)
              ((1) (bytevector-u8-set! bytes i c))
              ((2) (bytevector-u8-set! bytes i (+ #xC0 (quotient c 64)))
                   (bytevector-u8-set! bytes (+ i 1) (+ #x80 (modulo c 64))))
              ((3) (bytevector-u8-set! bytes i (+ #xE0 (quotient c 4096)))
                   (bytevector-u8-set! bytes (+ i 1) (+ #x80 (modulo (quotient c 64) 64)))
                   (bytevector-u8-set! bytes (+ i 2) (+ #x80 (modulo c 64))))
              (else (bytevector-u8-set! bytes i (+ #xF0 (quotient c 262144)))
                    (bytevector-u8-set! bytes (+ i 1) (+ #x80 (modulo (quotient c 4096) 64)))
                    (bytevector-u8-set! bytes (+ i 2) (+ #x80 (modulo (quotient c 64) 64)))
                    (bytevector-u8-set! bytes (+ i 3) (+ #x80 (modulo c 64)))))
            (loop (cdr points) (+ i (encoded-size c))))))))

(define (continuation? bytes i)
  (and (< i (bytevector-length bytes))
       (<= #x80 (bytevector-u8-ref bytes i) #xBF)))

;; The code point at i and the length of its sequence, as two values;
;; #f and 1 where the bytes at i are not a valid sequence.
(define (decode-at bytes i)
  (let ((lead (bytevector-u8-ref bytes i)))
    (define (sequence length low high)
      ;; low and high bound the second byte; the rest are any continuation
      (if (and (< (+ i 1) (bytevector-length bytes))
               (<= low (bytevector-u8-ref bytes (+ i 1)) high)
               (let check ((k 2))
                 (or (= k length) (and (continuation? bytes (+ i k)) (check (+ k 1))))))
          (let collect ((k 1) (value (modulo lead (vector-ref #(0 0 32 16 8) length))))
            (if (= k length)
                (values value length)
                (collect (+ k 1) (+ (* value 64) (- (bytevector-u8-ref bytes (+ i k)) #x80)))))
          (values #f 1)))
    (cond ((< lead #x80) (values lead 1))
          ((< lead #xC2) (values #f 1))
          ((< lead #xE0) (sequence 2 #x80 #xBF))
          ((= lead #xE0) (sequence 3 #xA0 #xBF))
          ((= lead #xED) (sequence 3 #x80 #x9F))
          ((< lead #xF0) (sequence 3 #x80 #xBF))
          ((= lead #xF0) (sequence 4 #x90 #xBF))
          ((< lead #xF4) (sequence 4 #x80 #xBF))
          ((= lead #xF4) (sequence 4 #x80 #x8F))
          (else (values #f 1)))))

;; The code points of bytes, U+FFFD for each bad byte, and how many.
(define (decode bytes)
  (let loop ((i 0) (points '()) (bad 0))
    (if (= i (bytevector-length bytes))
        (values (reverse points) bad)
        (call-with-values (lambda () (decode-at bytes i))
          (lambda (point length)
            (if point
                (loop (+ i length) (cons point points) bad)
                (loop (+ i 1) (cons #xFFFD points) (+ bad 1))))))))

;; -- UTF-16 ------------------------------------------------------------------------

(define (to-utf16 points)
  (let* ((units (apply + (map (lambda (c) (if (>= c #x10000) 2 1)) points)))
         (out (make-vector units 0)))
    (let loop ((points points) (i 0))
      (cond ((null? points) out)
            ((< (car points) #x10000)
             (vector-set! out i (car points))
             (loop (cdr points) (+ i 1)))
            (else
             (let ((c (- (car points) #x10000)))
               (vector-set! out i (+ #xD800 (quotient c 1024)))
               (vector-set! out (+ i 1) (+ #xDC00 (modulo c 1024)))
               (loop (cdr points) (+ i 2))))))))

(define (from-utf16 units)
  (let loop ((i 0) (points '()))
    (if (= i (vector-length units))
        (reverse points)
        (let ((u (vector-ref units i)))
          (if (<= #xD800 u #xDBFF)
              (loop (+ i 2) (cons (+ #x10000 (* (- u #xD800) 1024) (- (vector-ref units (+ i 1)) #xDC00)) points))
              (loop (+ i 1) (cons u points)))))))

;; -- the run -----------------------------------------------------------------------

(define (adler bytes a b)
  ;; Adler-32's two sums carried on over bytes, as a pair
  (let loop ((i 0) (a a) (b b))
    (if (= i (bytevector-length bytes))
        (cons a b)
        (let ((a (modulo (+ a (bytevector-u8-ref bytes i)) 65521)))
          (loop (+ i 1) a (modulo (+ b a) 65521))))))

(define (run n)
  (set! seed 61)
  (let ((lengths (make-vector 5 0)))
    (let loop ((k 0) (chars 0) (bytes 0) (agree #t) (back #t) (units 0) (still-valid 0) (bad 0) (sums (cons 1 0)))
      (if (= k n)
          (list chars bytes (cdr (vector->list lengths)) agree back units still-valid bad
                (+ (* (cdr sums) 65536) (car sums)))
          (let* ((text (random-string))
                 (points (map char->integer (string->list text)))
                 (encoded (encode text))
                 (utf16 (to-utf16 points))
                 (damaged (bytevector-copy encoded))
                 (where (draw-below (bytevector-length encoded))))
            (bytevector-u8-set! damaged where (draw-below 256))
            (for-each (lambda (c) (let ((size (encoded-size c)))
                                    (vector-set! lengths size (+ 1 (vector-ref lengths size)))))
                      points)
            (let-values (((decoded errors) (decode encoded))
                         ((redecoded damage) (decode damaged)))
              (loop (+ k 1)
                    (+ chars (string-length text))
                    (+ bytes (bytevector-length encoded))
                    (and agree (equal? encoded (string->utf8 text)) (string=? (utf8->string encoded) text))
                    (and back (= errors 0) (equal? decoded points) (equal? (from-utf16 utf16) points))
                    (+ units (vector-length utf16))
                    (if (= damage 0) (+ still-valid 1) still-valid)
                    (+ bad damage)
                    (adler encoded (car sums) (cdr sums)))))))))
