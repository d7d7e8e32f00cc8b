;; lzw: Lempel-Ziv-Welch compression of a text and its decompression.  The
;; coder's dictionary is an association list from strings to codes, looked
;; up by assoc (equal? on strings) and grown by consing a new pair on the
;; front; the current match is extended by string-append of one-character
;; strings.  The coder hands back the codes and the next free code as two
;; values, received by call-with-values.  The decoder keeps its table in a
;; vector of strings indexed by code, and handles the code not yet in the
;; table (the match plus its own first character).  The text is n words
;; from a vector of eight, the k-th chosen by x mod 8 for the k-th value of
;; x -> (25173x + 13849) mod 65536 from x = 1, with a space between words.
;;
;; (run n) => (characters in the text, codes written, the next free code,
;;             whether decoding gives the text back, the first eight codes,
;;             the sum of the codes)

(define words '#("to" "be" "or" "not" "that" "is" "the" "question"))

(define alphabet " abehinoqrstu")

(define (make-text n)
  (let loop ((k 0) (x 1) (chosen '()))
    (if (= k n)
        (let ((chosen (reverse chosen)))
          (apply string-append
                 (car chosen)
                 (map (lambda (word) (string-append " " word)) (cdr chosen))))
        (let ((x (modulo (+ (* 25173 x) 13849) 65536)))
          (loop (+ k 1) x (cons (vector-ref words (modulo x 8)) chosen))))))

(define (initial-dictionary)
  (let loop ((i 0) (dictionary '()))
    (if (= i (string-length alphabet))
        dictionary
        (loop (+ i 1) (cons (cons (string (string-ref alphabet i)) i) dictionary)))))

(define (code-of word dictionary)
  (cdr (assoc word dictionary)))

(define (encode text)
  (let loop ((i 0)
             (word "")
             (dictionary (initial-dictionary))
             (next (string-length alphabet))
             (codes '()))
    (if (= i (string-length text))
        (values (reverse (if (string=? word "") codes (cons (code-of word dictionary) codes)))
                next)
        (let* ((c (string (string-ref text i)))
               (longer (string-append word c)))
          (if (assoc longer dictionary)
              (loop (+ i 1) longer dictionary next codes)
              (loop (+ i 1)
                    c
                    (cons (cons longer next) dictionary)
                    (+ next 1)
                    (cons (code-of word dictionary) codes)))))))

(define (decode codes size)
  (let ((table (make-vector size "")))
    (do ((i 0 (+ i 1)))
        ((= i (string-length alphabet)))
      (vector-set! table i (string (string-ref alphabet i))))
    (let loop ((codes (cdr codes))
               (previous (vector-ref table (car codes)))
               (next (string-length alphabet))
               (pieces (list (vector-ref table (car codes)))))
      (if (null? codes)
          (apply string-append (reverse pieces))
          (let* ((code (car codes))
                 (entry (if (< code next)
                            (vector-ref table code)
                            (string-append previous (substring previous 0 1)))))
            (vector-set! table next (string-append previous (substring entry 0 1)))
            (loop (cdr codes) entry (+ next 1) (cons entry pieces)))))))

(define (first-few items k)
  (if (or (= k 0) (null? items))
      '()
      (cons (car items) (first-few (cdr items) (- k 1)))))

(define (run n)
  (let ((text (make-text n)))
    (call-with-values
        (lambda () (encode text))
      (lambda (codes next)
        (list (string-length text)
              (length codes)
              next
              (string=? (decode codes next) text)
              (first-few codes 8)
              (apply + codes))))))
