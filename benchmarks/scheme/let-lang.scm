;; let-lang: a small expression language with variables, let and a few
;; functions, scanned, parsed by recursive descent and evaluated, as a
;; course on programming languages writes its first interpreter.
;;
;;   expr   = "let" name "=" expr "in" expr | sum
;;   sum    = term { ("+" | "-") term }
;;   term   = factor { ("*" | "/") factor }
;;   factor = number | name | name "(" [ expr { "," expr } ] ")"
;;          | "-" factor | "(" expr ")"
;;
;; The scanner reads the text through a string port by peek-char and
;; read-char (char-numeric?, char-alphabetic?, char-whitespace?) into a
;; list of tagged pairs: (num . 42), (id . "rate"), (kw . "let"),
;; (op . #\+), (eof . #f).  The parser keeps the tokens left in a
;; top-level variable changed by set!, and counts how deep it is in
;; parentheses inside dynamic-wind, so that the count comes back down
;; when an error is raised out of the middle.  Trees are tagged lists
;; read by case and cadr .. cadddr.  Evaluation is in exact rationals
;; with an environment an association list of strings read by assoc
;; (x, y and n bound at the start); max, min and sum are applied to their arguments by apply.  Errors are
;; raised as lists, (syntax ...), (unbound name), (divide-by-zero),
;; (arity name), and caught by guard.  Every tree parsed is written back
;; in full parentheses to a string port and parsed again, which must
;; give an equal? tree.
;;
;; n programs are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 277, each draw x div 65536, and written out through a string
;; port: an expression 4 deep, each node a kind (mod 2 at depth 0, else
;; mod 8: a digit, a name, three kinds of binary operation with or
;; without parentheses, a let, a negation or a call), a name mostly
;; one in scope (x, y, n and those of the lets around it); then one text in ten loses a character.
;;
;; (run n) => (n, values, syntax errors, unbound names, divisions by
;;             zero, arity errors, trees that read back, tokens scanned,
;;             the deepest parentheses, runs whose depth came back to 0,
;;             a checksum of the values, the first program and its value)

(define seed 277)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define names '("x" "y" "n" "rate" "total" "k2"))

(define functions '("max" "min" "sum"))

(define globals (list (cons "x" 3) (cons "y" -2) (cons "n" 10)))

;; -- scanning

(define (read-number in)
  (let loop ((n 0))
    (let ((c (peek-char in)))
      (if (and (char? c) (char-numeric? c))
          (begin
            (read-char in)
            (loop (+ (* n 10) (- (char->integer c) (char->integer #\0)))))
          n))))

(define (read-word in)
  (let ((out (open-output-string)))
    (let loop ()
      (let ((c (peek-char in)))
        (if (and (char? c) (or (char-alphabetic? c) (char-numeric? c)))
            (begin
              (write-char (read-char in) out)
              (loop))
            (get-output-string out))))))

(define token-count 0)
(define read-back 0)

(define (scan text)
  (let ((in (open-input-string text)))
    (let loop ((tokens '()))
      (let ((c (peek-char in)))
        (cond ((eof-object? c)
               (reverse (cons (cons 'eof #f) tokens)))
              ((char-whitespace? c)
               (read-char in)
               (loop tokens))
              (else
               (set! token-count (+ token-count 1))
               (cond ((char-numeric? c)
                      (loop (cons (cons 'num (read-number in)) tokens)))
                     ((char-alphabetic? c)
                      (let ((word (read-word in)))
                        (loop (cons (if (member word '("let" "in"))
                                        (cons 'kw word)
                                        (cons 'id word))
                                    tokens))))
                     ((memv c '(#\+ #\- #\* #\/ #\( #\) #\= #\,))
                      (loop (cons (cons 'op (read-char in)) tokens)))
                     (else (raise (list 'syntax "unexpected character" c))))))))))

;; -- parsing

(define tokens '())
(define depth 0)
(define deepest 0)

(define (peek) (car tokens))

(define (advance!)
  (let ((t (car tokens)))
    (set! tokens (cdr tokens))
    t))

(define (op? c)
  (and (eq? (car (peek)) 'op) (char=? (cdr (peek)) c)))

(define (kw? word)
  (and (eq? (car (peek)) 'kw) (string=? (cdr (peek)) word)))

(define (expect-op! c)
  (if (op? c)
      (advance!)
      (raise (list 'syntax "expected" c))))

(define (nested thunk)
  (dynamic-wind
   (lambda ()
     (set! depth (+ depth 1))
     (if (> depth deepest) (set! deepest depth)))
   thunk
   (lambda () (set! depth (- depth 1)))))

(define (parse-expr)
  (if (kw? "let")
      (begin
        (advance!)
        (let ((name (advance!)))
          (if (not (eq? (car name) 'id))
              (raise (list 'syntax "expected a name after let")))
          (expect-op! #\=)
          (let ((value (parse-expr)))
            (if (not (kw? "in"))
                (raise (list 'syntax "expected in")))
            (advance!)
            (let ((body (parse-expr)))
              (list 'let (cdr name) value body)))))
      (parse-sum)))

(define (parse-sum)
  (let loop ((left (parse-term)))
    (cond ((op? #\+) (advance!) (loop (list 'add left (parse-term))))
          ((op? #\-) (advance!) (loop (list 'sub left (parse-term))))
          (else left))))

(define (parse-term)
  (let loop ((left (parse-factor)))
    (cond ((op? #\*) (advance!) (loop (list 'mul left (parse-factor))))
          ((op? #\/) (advance!) (loop (list 'div left (parse-factor))))
          (else left))))

(define (parse-args)
  (if (op? #\))
      (begin (advance!) '())
      (let loop ((args (list (parse-expr))))
        (cond ((op? #\,) (advance!) (loop (cons (parse-expr) args)))
              ((op? #\)) (advance!) (reverse args))
              (else (raise (list 'syntax "expected , or )")))))))

(define (parse-factor)
  (let ((t (peek)))
    (case (car t)
      ((num) (advance!) (list 'num (cdr t)))
      ((id)
       (advance!)
       (if (op? #\()
           (begin
             (advance!)
             (list 'call (cdr t) (nested parse-args)))
           (list 'var (cdr t))))
      ((op)
       (cond ((char=? (cdr t) #\-)
              (advance!)
              (list 'neg (parse-factor)))
             ((char=? (cdr t) #\()
              (advance!)
              (nested (lambda ()
                        (let ((e (parse-expr)))
                          (expect-op! #\))
                          e))))
             (else (raise (list 'syntax "unexpected" (cdr t))))))
      (else (raise (list 'syntax "unexpected" (cdr t)))))))

(define (parse text)
  (set! tokens (scan text))
  (let ((e (parse-expr)))
    (if (not (eq? (car (peek)) 'eof))
        (raise (list 'syntax "text after the end")))
    e))

;; -- evaluating

(define (lookup name env)
  (let ((binding (assoc name env)))
    (if binding
        (cdr binding)
        (raise (list 'unbound name)))))

(define (call-function name args)
  (cond ((null? args) (raise (list 'arity name)))
        ((string=? name "max") (apply max args))
        ((string=? name "min") (apply min args))
        ((string=? name "sum") (apply + args))
        (else (raise (list 'unbound name)))))

(define (evaluate e env)
  (case (car e)
    ((num) (cadr e))
    ((var) (lookup (cadr e) env))
    ((neg) (- (evaluate (cadr e) env)))
    ((add sub mul div)
     (let* ((a (evaluate (cadr e) env))
            (b (evaluate (caddr e) env)))
       (case (car e)
         ((add) (+ a b))
         ((sub) (- a b))
         ((mul) (* a b))
         (else (if (= b 0)
                   (raise (list 'divide-by-zero))
                   (/ a b))))))
    ((let)
     (let ((value (evaluate (caddr e) env)))
       (evaluate (cadddr e) (cons (cons (cadr e) value) env))))
    ((call)
     (let loop ((args (caddr e)) (done '()))
       (if (null? args)
           (call-function (cadr e) (reverse done))
           (loop (cdr args) (cons (evaluate (car args) env) done)))))
    (else (error "let-lang: no such tree" e))))

;; -- writing back

(define (unparse e out)
  (case (car e)
    ((num) (display (cadr e) out))
    ((var) (display (cadr e) out))
    ((neg) (display "-(" out) (unparse (cadr e) out) (display ")" out))
    ((add sub mul div)
     (display "(" out)
     (unparse (cadr e) out)
     (display (case (car e) ((add) " + ") ((sub) " - ") ((mul) " * ") (else " / ")) out)
     (unparse (caddr e) out)
     (display ")" out))
    ((let)
     (display "(let " out)
     (display (cadr e) out)
     (display " = " out)
     (unparse (caddr e) out)
     (display " in " out)
     (unparse (cadddr e) out)
     (display ")" out))
    ((call)
     (display (cadr e) out)
     (display "(" out)
     (let loop ((args (caddr e)) (first? #t))
       (if (pair? args)
           (begin
             (if (not first?) (display ", " out))
             (unparse (car args) out)
             (loop (cdr args) #f))))
     (display ")" out))))

(define (tree->string e)
  (let ((out (open-output-string)))
    (unparse e out)
    (get-output-string out)))

;; -- programs

(define (pick-name scope)
  (let ((r (modulo (next-random!) 8)))
    (if (or (= r 0) (null? scope))
        (list-ref names (modulo (next-random!) 6))
        (list-ref scope (modulo (next-random!) (length scope))))))

(define (generate depth scope out)
  (let ((kind (if (= depth 0)
                  (modulo (next-random!) 2)
                  (modulo (next-random!) 8))))
    (case kind
      ((0) (display (modulo (next-random!) 10) out))
      ((1) (display (pick-name scope) out))
      ((2 3 4)
       (let* ((paren? (= (modulo (next-random!) 3) 0))
              (op (string-ref "+-*/" (modulo (next-random!) 4))))
         (if paren? (write-char #\( out))
         (generate (- depth 1) scope out)
         (write-char #\space out)
         (write-char op out)
         (write-char #\space out)
         (generate (- depth 1) scope out)
         (if paren? (write-char #\) out))))
      ((5)
       (let ((name (list-ref names (modulo (next-random!) 6))))
         (display "(let " out)
         (display name out)
         (display " = " out)
         (generate (- depth 1) scope out)
         (display " in " out)
         (generate (- depth 1) (cons name scope) out)
         (display ")" out)))
      ((6)
       (write-char #\- out)
       (generate (- depth 1) scope out))
      (else
       (let* ((name (list-ref functions (modulo (next-random!) 3)))
              (count (+ 1 (modulo (next-random!) 3))))
         (display name out)
         (write-char #\( out)
         (do ((i 0 (+ i 1)))
             ((= i count))
           (if (> i 0) (display ", " out))
           (generate (- depth 1) scope out))
         (write-char #\) out))))))

(define (program-text)
  (let ((out (open-output-string)))
    (generate 4 '("x" "y" "n") out)
    (let ((text (get-output-string out)))
      (if (= (modulo (next-random!) 10) 0)
          (let ((i (modulo (next-random!) (string-length text))))
            (string-append (substring text 0 i)
                           (substring text (+ i 1) (string-length text))))
          text))))

(define (checksum-string s sum)
  (let loop ((i 0) (sum sum))
    (if (= i (string-length s))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (set! seed 277)
  (set! token-count 0)
  (set! deepest 0)
  (set! read-back 0)
  (let loop ((k 0) (valued 0) (syntax 0) (unbound 0) (divide 0) (arity 0)
                   (level 0) (sum 0) (first '()))
    (if (= k n)
        (list n valued syntax unbound divide arity read-back token-count deepest level sum first)
        (let* ((text (program-text))
               (outcome
                (begin
                  (set! depth 0)
                  (guard (e ((and (pair? e) (memq (car e) '(syntax unbound divide-by-zero arity)))
                             (car e)))
                    (let ((tree (parse text)))
                      (if (equal? (parse (tree->string tree)) tree)
                          (set! read-back (+ read-back 1)))
                      (evaluate tree globals)))))
               (shown (if (number? outcome) (number->string outcome) (symbol->string outcome))))
          (loop (+ k 1)
                (if (number? outcome) (+ valued 1) valued)
                (if (eq? outcome 'syntax) (+ syntax 1) syntax)
                (if (eq? outcome 'unbound) (+ unbound 1) unbound)
                (if (eq? outcome 'divide-by-zero) (+ divide 1) divide)
                (if (eq? outcome 'arity) (+ arity 1) arity)
                (if (= depth 0) (+ level 1) level)
                (checksum-string shown sum)
                (if (= k 0) (list text shown) first))))))
