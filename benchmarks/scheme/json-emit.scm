;; json-emit: writing nested data out as JSON text through an output
;; string port, a character at a time where it has to be, the way one
;; would write a printer before reaching for a library.
;;
;; The data: exact integers; strings; #t and #f; the symbol null; vectors
;; for JSON arrays; association lists of (key . value) pairs, keys being
;; strings, for JSON objects (the empty list is the empty object).  Two
;; printers: one compact (no spaces at all) and one indented by two spaces
;; a level, each element on a line of its own, as Python's
;; json.dumps(indent=2) prints.  In strings a quote, a backslash, a
;; newline and a tab are escaped; numbers are written by display.
;;
;; n documents, objects of depth up to 4, are drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 149, each draw x div 65536.
;;
;; (run n) => (n, the compact texts' length, the indented texts' length,
;;             characters escaped, a checksum of the compact texts, the
;;             first document's compact text)

(define seed 149)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define alphabet (list->string (list #\a #\b #\space #\" #\\ #\newline #\tab #\z #\e #\o)))

(define keys '#("id" "name" "tags" "size" "ok" "note" "items" "parent"))

(define (random-string)
  (let ((len (modulo (next-random!) 7)))
    (let loop ((k 0) (chars '()))
      (if (= k len)
          (list->string (reverse chars))
          (loop (+ k 1)
                (cons (string-ref alphabet (modulo (next-random!) (string-length alphabet)))
                      chars))))))

(define (random-scalar)
  (let ((kind (modulo (next-random!) 5)))
    (case kind
      ((0 1) (- (modulo (next-random!) 1000) 500))
      ((2) (random-string))
      ((3) (if (even? (next-random!)) #t #f))
      (else 'null))))

(define (random-array depth)
  (let* ((len (modulo (next-random!) 5))
         (v (make-vector len #f)))
    (do ((i 0 (+ i 1)))
        ((= i len) v)
      (vector-set! v i (random-value (- depth 1))))))

(define (random-object depth)
  (let ((len (modulo (next-random!) 4))
        (start (modulo (next-random!) (vector-length keys))))
    (let loop ((j 0) (entries '()))
      (if (= j len)
          (reverse entries)
          (let* ((key (vector-ref keys (modulo (+ start j) (vector-length keys))))
                 (value (random-value (- depth 1))))
            (loop (+ j 1) (cons (cons key value) entries)))))))

(define (random-value depth)
  (if (= depth 0)
      (random-scalar)
      (let ((kind (modulo (next-random!) 6)))
        (cond ((< kind 3) (random-scalar))
              ((< kind 5) (random-array depth))
              (else (random-object depth))))))

(define escaped 0)

(define (emit-string s out)
  (write-char #\" out)
  (string-for-each
   (lambda (c)
     (case c
       ((#\") (set! escaped (+ escaped 1)) (write-string "\\\"" out))
       ((#\\) (set! escaped (+ escaped 1)) (write-string "\\\\" out))
       ((#\newline) (set! escaped (+ escaped 1)) (write-string "\\n" out))
       ((#\tab) (set! escaped (+ escaped 1)) (write-string "\\t" out))
       (else (write-char c out))))
   s)
  (write-char #\" out))

(define (newline-and-indent level out)
  (newline out)
  (do ((i 0 (+ i 1)))
      ((= i level))
    (write-string "  " out)))

;; indent is #f for the compact printer, else the current level
(define (emit v indent out)
  (cond ((number? v) (display v out))
        ((string? v) (emit-string v out))
        ((eq? v #t) (write-string "true" out))
        ((eq? v #f) (write-string "false" out))
        ((eq? v 'null) (write-string "null" out))
        ((vector? v)
         (if (= (vector-length v) 0)
             (write-string "[]" out)
             (begin
               (write-char #\[ out)
               (do ((i 0 (+ i 1)))
                   ((= i (vector-length v)))
                 (if (> i 0) (write-char #\, out))
                 (if indent (newline-and-indent (+ indent 1) out))
                 (emit (vector-ref v i) (and indent (+ indent 1)) out))
               (if indent (newline-and-indent indent out))
               (write-char #\] out))))
        ((null? v) (write-string "{}" out))
        (else
         (write-char #\{ out)
         (let loop ((entries v) (first? #t))
           (if (not (null? entries))
               (begin
                 (if (not first?) (write-char #\, out))
                 (if indent (newline-and-indent (+ indent 1) out))
                 (emit-string (car (car entries)) out)
                 (write-char #\: out)
                 (if indent (write-char #\space out))
                 (emit (cdr (car entries)) (and indent (+ indent 1)) out)
                 (loop (cdr entries) #f))))
         (if indent (newline-and-indent indent out))
         (write-char #\} out))))

(define (to-json v indent)
  (let ((out (open-output-string)))
    (emit v indent out)
    (get-output-string out)))

(define (string-checksum s acc)
  (let loop ((i 0) (acc acc))
    (if (= i (string-length s))
        acc
        (loop (+ i 1) (modulo (+ (* acc 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (set! seed 149)
  (set! escaped 0)
  (let loop ((i 0) (compact 0) (indented 0) (checksum 0) (first ""))
    (if (= i n)
        (list n compact indented escaped checksum first)
        (let* ((doc (random-object 4))
               (text (to-json doc #f))
               (pretty (to-json doc 0)))
          (loop (+ i 1)
                (+ compact (string-length text))
                (+ indented (string-length pretty))
                (string-checksum text checksum)
                (if (= i 0) text first))))))
