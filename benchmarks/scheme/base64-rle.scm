;; base64-rle: two encodings by hand over characters as integers.  Base64
;; packs each three bytes (char->integer) into a 24-bit number and writes
;; it as four letters of a 64-letter alphabet (quotient and remainder by
;; powers of 64, string-ref), padding with =; decoding looks each letter up
;; in a 128-entry vector and unpacks the bytes with integer->char.
;; Run-length encoding writes each run as its length and its character
;; ("aaab" -> "3a1b"), decoding reads the digits back with char-numeric?
;; and rebuilds the runs with make-string.
;;
;; The text: for i from 1 to n, a run of 1 + 7i mod 5 of letter i mod 4 of
;; "xyzw", a run of 1 + i mod 3 of "-", word i mod 5 of alpha, bravo,
;; charlie, delta, echo, and ";".
;;
;; (run n) => (the text's length, the base64 text's length, how many = it
;;             ends with, a checksum of it, its first 12 letters, whether it
;;             decodes back to the text, the run-length text's length, its
;;             first 12 characters, whether it decodes back)

(define alphabet "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

(define words (vector "alpha" "bravo" "charlie" "delta" "echo"))

(define (make-text n)
  (let loop ((i 1) (parts '()))
    (if (> i n)
        (apply string-append (reverse parts))
        (loop (+ i 1)
              (cons (string-append (make-string (+ 1 (modulo (* i 7) 5)) (string-ref "xyzw" (modulo i 4)))
                                   (make-string (+ 1 (modulo i 3)) #\-)
                                   (vector-ref words (modulo i 5))
                                   ";")
                    parts)))))

;; The letter for bits 6k to 6k + 5 of the 24-bit group.
(define (letter group k)
  (string-ref alphabet (remainder (quotient group (expt 64 k)) 64)))

(define (encode-base64 text)
  ;; out holds the letters last first, so each group goes on backwards.
  (let loop ((bytes (map char->integer (string->list text))) (out '()))
    (cond ((null? bytes)
           (list->string (reverse out)))
          ((null? (cdr bytes))
           (let ((group (* (car bytes) 65536)))
             (loop '() (append (list #\= #\= (letter group 2) (letter group 3)) out))))
          ((null? (cddr bytes))
           (let ((group (+ (* (car bytes) 65536) (* (cadr bytes) 256))))
             (loop '() (append (list #\= (letter group 1) (letter group 2) (letter group 3)) out))))
          (else
           (let ((group (+ (* (car bytes) 65536) (* (cadr bytes) 256) (caddr bytes))))
             (loop (cdddr bytes)
                   (append (list (letter group 0) (letter group 1) (letter group 2) (letter group 3))
                           out)))))))

(define decode-table
  (let ((table (make-vector 128 0)))
    (do ((i 0 (+ i 1)))
        ((= i 64) table)
      (vector-set! table (char->integer (string-ref alphabet i)) i))))

(define (letter-value c)
  (vector-ref decode-table (char->integer c)))

(define (decode-base64 code)
  (let loop ((i 0) (out '()))
    (if (= i (string-length code))
        (list->string (reverse out))
        (let* ((group (+ (* (letter-value (string-ref code i)) 262144)
                         (* (letter-value (string-ref code (+ i 1))) 4096)
                         (* (letter-value (string-ref code (+ i 2))) 64)
                         (letter-value (string-ref code (+ i 3)))))
               (b0 (integer->char (quotient group 65536)))
               (b1 (integer->char (remainder (quotient group 256) 256)))
               (b2 (integer->char (remainder group 256))))
          (loop (+ i 4)
                (cond ((char=? (string-ref code (+ i 2)) #\=) (cons b0 out))
                      ((char=? (string-ref code (+ i 3)) #\=) (cons b1 (cons b0 out)))
                      (else (cons b2 (cons b1 (cons b0 out))))))))))

(define (encode-runs text)
  (let loop ((chars (string->list text)) (parts '()))
    (if (null? chars)
        (apply string-append (reverse parts))
        (let count ((rest (cdr chars)) (k 1))
          (if (and (pair? rest) (char=? (car rest) (car chars)))
              (count (cdr rest) (+ k 1))
              (loop rest (cons (string-append (number->string k) (string (car chars)))
                               parts)))))))

(define (decode-runs code)
  (let loop ((chars (string->list code)) (k 0) (parts '()))
    (cond ((null? chars)
           (apply string-append (reverse parts)))
          ((char-numeric? (car chars))
           (loop (cdr chars)
                 (+ (* k 10) (- (char->integer (car chars)) (char->integer #\0)))
                 parts))
          (else
           (loop (cdr chars) 0 (cons (make-string k (car chars)) parts))))))

(define (checksum str)
  (let loop ((i 0) (sum 0))
    (if (= i (string-length str))
        sum
        (loop (+ i 1)
              (modulo (+ (* sum 31) (char->integer (string-ref str i))) 1000003)))))

(define (trailing-pads code)
  (let loop ((i (- (string-length code) 1)) (count 0))
    (if (and (>= i 0) (char=? (string-ref code i) #\=))
        (loop (- i 1) (+ count 1))
        count)))

(define (run n)
  (let* ((text (make-text n))
         (code (encode-base64 text))
         (runs (encode-runs text)))
    (list (string-length text)
          (string-length code)
          (trailing-pads code)
          (checksum code)
          (substring code 0 (min 12 (string-length code)))
          (string=? (decode-base64 code) text)
          (string-length runs)
          (substring runs 0 (min 12 (string-length runs)))
          (string=? (decode-runs runs) text))))
