;; tokenizer: a hand-written scanner over a string.  An index walks the
;; text with string-ref; char-whitespace?, char-alphabetic? and
;; char-numeric? choose the kind of token, substring cuts it out, and
;; string->number and string->symbol turn it into a value.  Tokens are
;; collected in reverse and put right with reverse at the end.
;;
;; Identifiers become symbols, numbers numbers, "quoted text" strings and
;; any other character a one-character symbol.
;;
;; (run n) => (identifiers numbers strings punctuation, the sum of the
;;             numbers, the sum of position * weight over the tokens mod
;;             1000003) for the line below repeated n times, where a
;;             number weighs its value and any other token its length

(define line "x1 = 42 + count(7, y) * 3; say \"hi there\" 100\n")

(define (repeat-string s n)
  (let loop ((k 0) (result ""))
    (if (= k n)
        result
        (loop (+ k 1) (string-append result s)))))

(define (identifier-char? c)
  (or (char-alphabetic? c) (char-numeric? c)))

;; The index of the first character at or after i that fails keep?.
(define (skip-while keep? text i)
  (if (and (< i (string-length text)) (keep? (string-ref text i)))
      (skip-while keep? text (+ i 1))
      i))

(define (tokenize text)
  (let ((len (string-length text)))
    (let loop ((i 0) (tokens '()))
      (if (>= i len)
          (reverse tokens)
          (let ((c (string-ref text i)))
            (cond ((char-whitespace? c)
                   (loop (+ i 1) tokens))
                  ((char-alphabetic? c)
                   (let ((end (skip-while identifier-char? text i)))
                     (loop end (cons (string->symbol (substring text i end)) tokens))))
                  ((char-numeric? c)
                   (let ((end (skip-while char-numeric? text i)))
                     (loop end (cons (string->number (substring text i end)) tokens))))
                  ((char=? c #\")
                   (let ((end (skip-while (lambda (d) (not (char=? d #\"))) text (+ i 1))))
                     (loop (+ end 1) (cons (substring text (+ i 1) end) tokens))))
                  (else
                   (loop (+ i 1) (cons (string->symbol (string c)) tokens)))))))))

(define (identifier? token)
  (and (symbol? token)
       (char-alphabetic? (string-ref (symbol->string token) 0))))

(define (weight token)
  (cond ((number? token) token)
        ((string? token) (string-length token))
        (else (string-length (symbol->string token)))))

(define (run n)
  (let loop ((tokens (tokenize (repeat-string line n)))
             (position 1)
             (identifiers 0) (numbers 0) (strings 0) (punctuation 0)
             (total 0) (checksum 0))
    (if (null? tokens)
        (list identifiers numbers strings punctuation total checksum)
        (let* ((token (car tokens))
               (checksum (modulo (+ checksum (* position (weight token))) 1000003)))
          (cond ((number? token)
                 (loop (cdr tokens) (+ position 1) identifiers (+ numbers 1) strings punctuation
                       (+ total token) checksum))
                ((string? token)
                 (loop (cdr tokens) (+ position 1) identifiers numbers (+ strings 1) punctuation
                       total checksum))
                ((identifier? token)
                 (loop (cdr tokens) (+ position 1) (+ identifiers 1) numbers strings punctuation
                       total checksum))
                (else
                 (loop (cdr tokens) (+ position 1) identifiers numbers strings (+ punctuation 1)
                       total checksum)))))))
