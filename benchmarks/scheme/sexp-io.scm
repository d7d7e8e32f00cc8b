;; sexp-io: S-expressions written out by a printer of our own and read
;; back twice, by the system's read and by a reader of our own, the way
;; a course on interpreters builds its front end.
;;
;; The data are drawn at random, to a depth of at most four: integers
;; (some of them negative), fractions such as -7/3, symbols made of
;; syllables joined by - with now and then a ? or ! at the end, strings
;; holding letters, spaces, quotes, backslashes, newlines and tabs,
;; #t and #f, characters (letters, parentheses, a semicolon, #\space,
;; #\newline), lists, the empty list, vectors and lists with a dotted
;; tail.
;;
;; The printer writes a datum into an output string port with
;; write-char and write-string, escaping what a string needs; a comment
;; line (;) comes before every tenth datum.  The whole text is read back
;; from an input string port by read until the end of the file, and
;; again by our reader: peek-char and read-char over the port, a
;; procedure for each kind of datum, the delimiters found by memv, a
;; token's characters gathered in a list and turned by list->string,
;; then string->number or string->symbol.  Both readings must be equal?
;; to the data.  Every datum is then walked to count its atoms by kind
;; and its depth.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 31, each
;; draw x div 65536.
;;
;; (run n) => (data, characters written, atoms by kind (integers,
;;             fractions, symbols, strings, booleans, characters, empty
;;             lists), pairs, vectors, the deepest nesting, whether read
;;             gives the data back, whether our reader does, the text
;;             checksummed, the first datum's text)

(define seed 31)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define syllables (vector "ka" "lum" "ber" "on" "tis" "ro" "vex" "ap" "ul" "zo"))
(define string-pieces (vector "a" "b" "Q" " " "\"" "\\" "\n" "\t" "xy" "ok"))
(define character-choices
  (vector #\a #\m #\z #\Q #\( #\) #\; #\space #\newline #\7))

(define (random-symbol)
  (let loop ((k (+ 1 (random-below 3))) (parts '()))
    (if (> k 0)
        (loop (- k 1) (cons (vector-ref syllables (random-below 10)) parts))
        (let ((name (let join ((parts parts))
                      (if (null? (cdr parts))
                          (car parts)
                          (string-append (car parts) "-" (join (cdr parts)))))))
          (string->symbol
           (case (random-below 6)
             ((0) (string-append name "?"))
             ((1) (string-append name "!"))
             (else name)))))))

(define (random-string)
  (let loop ((k (random-below 6)) (text ""))
    (if (= k 0)
        text
        (loop (- k 1) (string-append text (vector-ref string-pieces (random-below 10)))))))

(define (random-list depth k)
  (if (= k 0)
      '()
      (let ((first (random-datum depth)))
        (cons first (random-list depth (- k 1))))))

(define (random-datum depth)
  (let ((kind (if (>= depth 4) (random-below 7) (random-below 11))))
    (case kind
      ((0) (- (random-below 2000) 999))
      ((1) (let* ((top (- (random-below 200) 100))
                  (bottom (+ 2 (random-below 9))))
             (/ top bottom)))
      ((2) (random-symbol))
      ((3) (random-string))
      ((4) (= 0 (random-below 2)))
      ((5) (vector-ref character-choices (random-below 10)))
      ((6) '())
      ((7 8) (random-list (+ depth 1) (+ 1 (random-below 5))))
      ((9) (list->vector (random-list (+ depth 1) (random-below 4))))
      (else (let ((items (random-list (+ depth 1) (+ 1 (random-below 3)))))
              (append items (random-symbol)))))))

;; The printer.
(define (write-escaped-string s port)
  (write-char #\" port)
  (string-for-each
   (lambda (c)
     (cond ((char=? c #\") (write-string "\\\"" port))
           ((char=? c #\\) (write-string "\\\\" port))
           ((char=? c #\newline) (write-string "\\n" port))
           ((char=? c #\tab) (write-string "\\t" port))
           (else (write-char c port))))
   s)
  (write-char #\" port))

(define (print-datum x port)
  (cond ((null? x) (write-string "()" port))
        ((eq? x #t) (write-string "#t" port))
        ((eq? x #f) (write-string "#f" port))
        ((number? x) (write-string (number->string x) port))
        ((symbol? x) (write-string (symbol->string x) port))
        ((string? x) (write-escaped-string x port))
        ((char? x)
         (write-string "#\\" port)
         (cond ((char=? x #\space) (write-string "space" port))
               ((char=? x #\newline) (write-string "newline" port))
               (else (write-char x port))))
        ((vector? x)
         (write-string "#(" port)
         (print-items (vector->list x) port)
         (write-char #\) port))
        ((pair? x)
         (write-char #\( port)
         (print-items x port)
         (write-char #\) port))))

(define (print-items items port)
  (unless (null? items)
    (print-datum (car items) port)
    (cond ((pair? (cdr items))
           (write-char #\space port)
           (print-items (cdr items) port))
          ((not (null? (cdr items)))
           (write-string " . " port)
           (print-datum (cdr items) port)))))

;; Our reader.
(define delimiters (list #\( #\) #\" #\; #\space #\newline #\tab))

(define (skip-blanks port)
  (let ((c (peek-char port)))
    (cond ((eof-object? c) c)
          ((char-whitespace? c) (read-char port) (skip-blanks port))
          ((char=? c #\;)
           (let skip ()
             (let ((c (read-char port)))
               (unless (or (eof-object? c) (char=? c #\newline))
                 (skip))))
           (skip-blanks port))
          (else c))))

(define (read-token port)
  (let loop ((chars '()))
    (let ((c (peek-char port)))
      (if (or (eof-object? c) (memv c delimiters))
          (list->string (reverse chars))
          (loop (cons (read-char port) chars))))))

(define (read-string-literal port)
  (read-char port)
  (let loop ((chars '()))
    (let ((c (read-char port)))
      (cond ((char=? c #\") (list->string (reverse chars)))
            ((char=? c #\\)
             (let ((e (read-char port)))
               (loop (cons (case e ((#\n) #\newline) ((#\t) #\tab) (else e)) chars))))
            (else (loop (cons c chars)))))))

(define (read-hash port)
  (read-char port)
  (let ((c (read-char port)))
    (case c
      ((#\t) #t)
      ((#\f) #f)
      ((#\() (list->vector (read-list-tail port)))
      ((#\\)
       (let* ((first (read-char port))
              (rest (read-token port)))
         (cond ((string=? rest "") first)
               ((string=? rest "pace") #\space)
               ((string=? rest "ewline") #\newline)
               (else (error "unknown character name" first rest))))))))

;; After an opening parenthesis: the items up to the closing one.
(define (read-list-tail port)
  (let ((c (skip-blanks port)))
    (cond ((char=? c #\)) (read-char port) '())
          (else
           (let ((item (read-datum port)))
             (if (eq? item 'dot-marker)
                 (let ((tail (read-datum port)))
                   (skip-blanks port)
                   (read-char port)
                   tail)
                 (cons item (read-list-tail port))))))))

(define (read-datum port)
  (let ((c (skip-blanks port)))
    (cond ((eof-object? c) c)
          ((char=? c #\() (read-char port) (read-list-tail port))
          ((char=? c #\") (read-string-literal port))
          ((char=? c #\#) (read-hash port))
          (else
           (let ((token (read-token port)))
             (cond ((string=? token ".") 'dot-marker)
                   ((string->number token))
                   (else (string->symbol token))))))))

(define (read-all reader port)
  (let loop ((data '()))
    (let ((x (reader port)))
      (if (eof-object? x)
          (reverse data)
          (loop (cons x data))))))

;; Counting: #(integers fractions symbols strings booleans characters
;; empty-lists pairs vectors).
(define (count-datum x counts depth)
  (define (bump! i) (vector-set! counts i (+ 1 (vector-ref counts i))))
  (cond ((exact-integer? x) (bump! 0) depth)
        ((number? x) (bump! 1) depth)
        ((symbol? x) (bump! 2) depth)
        ((string? x) (bump! 3) depth)
        ((boolean? x) (bump! 4) depth)
        ((char? x) (bump! 5) depth)
        ((null? x) (bump! 6) depth)
        ((vector? x)
         (bump! 8)
         (let loop ((items (vector->list x)) (deepest (+ depth 1)))
           (if (null? items)
               deepest
               (loop (cdr items) (max deepest (count-datum (car items) counts (+ depth 1)))))))
        (else
         (bump! 7)
         (let ((deepest (count-datum (car x) counts (+ depth 1))))
           (cond ((pair? (cdr x)) (max deepest (count-datum (cdr x) counts depth)))
                 ((null? (cdr x)) deepest)
                 (else (max deepest (count-datum (cdr x) counts (+ depth 1)))))))))

(define (run n)
  (set! seed 31)
  (let ((data (let loop ((k 0) (data '()))
                (if (= k n) (reverse data) (loop (+ k 1) (cons (random-datum 0) data)))))
        (out (open-output-string)))
    (let loop ((data data) (k 0))
      (unless (null? data)
        (when (= 0 (modulo k 10))
          (write-string "; datum " out)
          (write-string (number->string k) out)
          (newline out))
        (print-datum (car data) out)
        (newline out)
        (loop (cdr data) (+ k 1))))
    (let* ((text (get-output-string out))
           (by-read (read-all read (open-input-string text)))
           (by-ours (read-all read-datum (open-input-string text)))
           (counts (make-vector 9 0))
           (deepest (let loop ((data data) (deepest 0))
                      (if (null? data)
                          deepest
                          (loop (cdr data) (max deepest (count-datum (car data) counts 0))))))
           (first (let ((port (open-output-string)))
                    (print-datum (car data) port)
                    (get-output-string port))))
      (list n
            (string-length text)
            (list (vector-ref counts 0) (vector-ref counts 1) (vector-ref counts 2) (vector-ref counts 3)
                  (vector-ref counts 4) (vector-ref counts 5) (vector-ref counts 6))
            (vector-ref counts 7)
            (vector-ref counts 8)
            deepest
            (equal? by-read data)
            (equal? by-ours data)
            (let sum ((i 0) (total 0))
              (if (= i (string-length text))
                  total
                  (sum (+ i 1) (modulo (+ (* total 31) (char->integer (string-ref text i))) 1000003))))
            first))))
