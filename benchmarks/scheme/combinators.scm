;; combinators: arithmetic parsed by parser combinators, after Hutton and
;; Meijer's "Monadic Parsing in Haskell", written with closures.  A parser
;; is a procedure from a list of characters to #f or a pair of a value
;; and the characters left.  succeed, item, bind, sat, either (any number
;; of parsers, as rest arguments: the first that succeeds), many, many1,
;; token (a parser followed by white space) and chainl1 (a left-leaning
;; chain of operands and operators) make every other parser, each call
;; of a grammar rule building its combinators anew.  The grammar:
;;
;;   expr   = term (("+" | "-") term)*
;;   term   = factor (("*" | "/") factor)*
;;   factor = number | "(" expr ")" | "-" factor | name "(" expr ("," expr)* ")"
;;
;; the values worked out while parsing: numbers by string->number of
;; list->string, names made symbols by string->symbol and looked up by
;; assq in a table of max, min and gcd taken by apply, / by quotient, a
;; division by zero raised as a symbol by raise.  A text parsed with
;; characters left over raises a list (parse-error left); guard tells
;; the two apart.
;;
;; The texts: x -> (1103515245x + 12345) mod 2^31 from x = 47, each draw
;; x div 65536; an expression of depth d is a number (draw mod 100) at
;; depth 0, else by the draw mod 10: a number (0), a sum (1, 2), a
;; difference (3), a product (4, 5), a quotient (6), a negation (7), or
;; max, min or gcd (8, 9, by a further draw mod 3) of two or three
;; (a draw mod 2) expressions of depth d - 1, products and quotients of
;; bracketed operands, each part drawn before the next; a space after an
;; operator or a comma when the draw is odd.  Then a draw mod 8 of 0 cuts
;; the last character off (what is left may still parse).
;;
;; (run n) => (how many of n texts of depth 4 gave a value, how many
;;             divided by zero, how many did not parse, their values
;;             summed mod 1000003, the characters of all the texts,
;;             the first text and its value)

;; the combinators

(define (succeed value)
  (lambda (input) (cons value input)))

(define (fail input) #f)

(define (item input)
  (if (null? input) #f (cons (car input) (cdr input))))

(define (bind p f)
  (lambda (input)
    (let ((result (p input)))
      (and result ((f (car result)) (cdr result))))))

(define (sat test)
  (bind item (lambda (c) (if (test c) (succeed c) fail))))

(define (either . parsers)
  (lambda (input)
    (let loop ((parsers parsers))
      (and (pair? parsers)
           (or ((car parsers) input)
               (loop (cdr parsers)))))))

(define (many p)
  (lambda (input) ((either (many1 p) (succeed '())) input)))

(define (many1 p)
  (bind p (lambda (x) (bind (many p) (lambda (xs) (succeed (cons x xs)))))))

(define (token p)
  (bind p (lambda (value) (bind (many (sat char-whitespace?)) (lambda (spaces) (succeed value))))))

(define (literal c)
  (token (sat (lambda (d) (char=? c d)))))

(define (chainl1 p op)
  (define (rest a)
    (either (bind op (lambda (f) (bind p (lambda (b) (rest (f a b))))))
            (succeed a)))
  (bind p rest))

;; the grammar

(define (divide a b)
  (if (= b 0)
      (raise 'division-by-zero)
      (quotient a b)))

(define functions (list (cons 'max max) (cons 'min min) (cons 'gcd gcd)))

(define number
  (token (bind (many1 (sat char-numeric?))
               (lambda (digits) (succeed (string->number (list->string digits)))))))

(define name
  (token (bind (many1 (sat char-alphabetic?))
               (lambda (letters) (succeed (string->symbol (list->string letters)))))))

(define add-op
  (either (bind (literal #\+) (lambda (c) (succeed +)))
          (bind (literal #\-) (lambda (c) (succeed -)))))

(define mul-op
  (either (bind (literal #\*) (lambda (c) (succeed *)))
          (bind (literal #\/) (lambda (c) (succeed divide)))))

(define (expr input)
  ((chainl1 term add-op) input))

(define (term input)
  ((chainl1 factor mul-op) input))

(define (arguments input)
  ((bind expr
         (lambda (first)
           (bind (many (bind (literal #\,) (lambda (comma) expr)))
                 (lambda (others) (succeed (cons first others))))))
   input))

(define (factor input)
  ((either number
           (bind (literal #\() (lambda (open) (bind expr (lambda (value) (bind (literal #\)) (lambda (close) (succeed value)))))))
           (bind (literal #\-) (lambda (minus) (bind factor (lambda (value) (succeed (- value))))))
           (bind name
                 (lambda (f)
                   (bind (literal #\()
                         (lambda (open)
                           (bind arguments
                                 (lambda (args)
                                   (bind (literal #\))
                                         (lambda (close)
                                           (succeed (apply (cdr (assq f functions)) args)))))))))))
   input))

(define (parse-text text)
  (let ((result (expr (string->list text))))
    (if (and result (null? (cdr result)))
        (car result)
        (raise (list 'parse-error (if result (length (cdr result)) (string-length text)))))))

;; the texts

(define seed 47)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (operator symbol)
  (if (odd? (next-draw!))
      (string-append symbol " ")
      symbol))

(define (bracketed text)
  (string-append "(" text ")"))

(define (random-text depth)
  (define (pair joiner wrap)
    (let* ((left (random-text (- depth 1)))
           (op (operator joiner))
           (right (random-text (- depth 1))))
      (string-append (wrap left) op (wrap right))))
  (define (same text) text)
  (if (= depth 0)
      (number->string (modulo (next-draw!) 100))
      (case (modulo (next-draw!) 10)
        ((0) (number->string (modulo (next-draw!) 100)))
        ((1 2) (pair "+" same))
        ((3) (pair "-" bracketed))
        ((4 5) (pair "*" bracketed))
        ((6) (pair "/" bracketed))
        ((7) (string-append "-" (bracketed (random-text (- depth 1)))))
        (else
         (let* ((f (list-ref '("max" "min" "gcd") (modulo (next-draw!) 3)))
                (count (+ 2 (modulo (next-draw!) 2)))
                (args (let loop ((k 0) (args '()))
                        (if (= k count)
                            (reverse args)
                            (loop (+ k 1) (cons (random-text (- depth 1)) args))))))
           (string-append f "("
                          (let join ((args args))
                            (if (null? (cdr args))
                                (car args)
                                (let* ((comma (operator ","))
                                       (rest (join (cdr args))))
                                  (string-append (car args) comma rest))))
                          ")"))))))

(define (run n)
  (set! seed 47)
  (let loop ((k 0) (valued 0) (by-zero 0) (cut 0) (total 0) (chars 0) (first '()))
    (if (= k n)
        (append (list valued by-zero cut total chars) first)
        (let* ((whole (random-text 4))
               (text (if (= 0 (modulo (next-draw!) 8))
                         (substring whole 0 (- (string-length whole) 1))
                         whole))
               (outcome (guard (e ((symbol? e) e)
                                  ((and (pair? e) (eq? (car e) 'parse-error)) 'cut))
                          (parse-text text))))
          (loop (+ k 1)
                (if (number? outcome) (+ valued 1) valued)
                (if (eq? outcome 'division-by-zero) (+ by-zero 1) by-zero)
                (if (eq? outcome 'cut) (+ cut 1) cut)
                (if (number? outcome) (modulo (+ total outcome) 1000003) total)
                (+ chars (string-length text))
                (if (= k 0)
                    (list text (if (number? outcome) outcome (symbol->string outcome)))
                    first))))))
