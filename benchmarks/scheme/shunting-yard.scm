;; shunting-yard: arithmetic written out with the fewest parentheses, read
;; back by Dijkstra's shunting-yard algorithm into reverse Polish, and
;; evaluated on a stack, as a compilers course first shows operator
;; precedence.
;;
;; An expression is a number or a list (operator left right), the operator
;; a character: + and - bind loosest, * and / tighter, ^ tightest and to
;; the right (its exponent always a digit 0 .. 3); each operator's
;; precedence and side are found by assv.  A tree is evaluated directly in
;; exact rationals, #f standing for a division by zero and carried up.  It
;; is written into a string port with a child put in parentheses only when
;; it binds looser than its parent, or as tight on the side the parent
;; does not group from.  The text is read back from a string input port by
;; read-char and peek-char into numbers and characters; the shunting yard
;; moves them to an output list with an operator stack; the reverse Polish
;; is evaluated on a list stack, a division by zero escaping by call/cc,
;; and rebuilt into a tree that must be the one written.
;;
;; n trees are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 191,
;; each draw x div 65536: the depth (3 .. 5), then at each node a draw
;; that makes it a digit (0 .. 9, drawn next) at depth 0 or three times in
;; ten, else the operator, then its left side and its right.
;;
;; (run n) => (n, tokens read, divisions by zero, values that agreed,
;;             trees rebuilt, a checksum of the reverse Polish texts, the
;;             floors of the defined values summed, the last text, its
;;             reverse Polish, its value as a string)

(define seed 191)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define operators
  '((#\+ 1 left) (#\- 1 left) (#\* 2 left) (#\/ 2 left) (#\^ 3 right)))

(define (precedence op) (cadr (assv op operators)))

(define (groups-left? op) (eq? (caddr (assv op operators)) 'left))

(define (operator? c) (if (assv c operators) #t #f))

(define (random-tree depth)
  (if (or (= depth 0) (< (modulo (next-random!) 10) 3))
      (modulo (next-random!) 10)
      (let ((op (string-ref "+-*/^" (modulo (next-random!) 5))))
        (if (char=? op #\^)
            (let* ((base (random-tree (- depth 1)))
                   (power (modulo (next-random!) 4)))
              (list op base power))
            (let* ((left (random-tree (- depth 1)))
                   (right (random-tree (- depth 1))))
              (list op left right))))))

(define (apply-operator op a b)
  (case op
    ((#\+) (+ a b))
    ((#\-) (- a b))
    ((#\*) (* a b))
    ((#\/) (/ a b))
    ((#\^) (expt a b))))

(define (evaluate tree)
  (if (number? tree)
      tree
      (let ((a (evaluate (cadr tree)))
            (b (evaluate (caddr tree))))
        (cond ((or (not a) (not b)) #f)
              ((and (char=? (car tree) #\/) (= b 0)) #f)
              (else (apply-operator (car tree) a b))))))

(define (tree-precedence tree)
  (if (number? tree) 9 (precedence (car tree))))

(define (write-tree tree port)
  (define (side child parens?)
    (when parens? (write-char #\( port))
    (write-tree child port)
    (when parens? (write-char #\) port)))
  (if (number? tree)
      (display tree port)
      (let* ((op (car tree))
             (p (precedence op))
             (left (tree-precedence (cadr tree)))
             (right (tree-precedence (caddr tree))))
        (side (cadr tree) (or (< left p) (and (= left p) (not (groups-left? op)))))
        (if (char=? op #\^)
            (write-char op port)
            (begin (write-char #\space port) (write-char op port) (write-char #\space port)))
        (side (caddr tree) (or (< right p) (and (= right p) (groups-left? op)))))))

(define (tree->string tree)
  (let ((port (open-output-string)))
    (write-tree tree port)
    (get-output-string port)))

(define (tokens text)
  (let ((port (open-input-string text)))
    (let loop ((out '()))
      (let ((c (peek-char port)))
        (cond ((eof-object? c) (reverse out))
              ((char-whitespace? c) (read-char port) (loop out))
              ((char-numeric? c)
               (let digits ((value 0))
                 (let ((d (peek-char port)))
                   (if (and (not (eof-object? d)) (char-numeric? d))
                       (begin (read-char port)
                              (digits (+ (* value 10) (- (char->integer d) 48))))
                       (loop (cons value out))))))
              (else (loop (cons (read-char port) out))))))))

(define (shunting-yard toks)
  (let loop ((toks toks) (stack '()) (out '()))
    (cond ((null? toks)
           (append (reverse out) stack))
          ((number? (car toks))
           (loop (cdr toks) stack (cons (car toks) out)))
          ((char=? (car toks) #\()
           (loop (cdr toks) (cons #\( stack) out))
          ((char=? (car toks) #\))
           (let unwind ((stack stack) (out out))
             (if (char=? (car stack) #\()
                 (loop (cdr toks) (cdr stack) out)
                 (unwind (cdr stack) (cons (car stack) out)))))
          (else
           (let* ((o1 (car toks))
                  (p1 (precedence o1)))
             (let pop ((stack stack) (out out))
               (if (and (pair? stack)
                        (operator? (car stack))
                        (let ((p2 (precedence (car stack))))
                          (or (> p2 p1) (and (= p2 p1) (groups-left? o1)))))
                   (pop (cdr stack) (cons (car stack) out))
                   (loop (cdr toks) (cons o1 stack) out))))))))

(define (evaluate-rpn rpn)
  (call-with-current-continuation
   (lambda (undefined)
     (let loop ((rpn rpn) (stack '()))
       (cond ((null? rpn) (car stack))
             ((number? (car rpn)) (loop (cdr rpn) (cons (car rpn) stack)))
             (else
              (let ((b (car stack)) (a (cadr stack)))
                (when (and (char=? (car rpn) #\/) (= b 0))
                  (undefined #f))
                (loop (cdr rpn)
                      (cons (apply-operator (car rpn) a b) (cddr stack))))))))))

(define (rpn->tree rpn)
  (let loop ((rpn rpn) (stack '()))
    (cond ((null? rpn) (car stack))
          ((number? (car rpn)) (loop (cdr rpn) (cons (car rpn) stack)))
          (else (loop (cdr rpn)
                      (cons (list (car rpn) (cadr stack) (car stack)) (cddr stack)))))))

(define (rpn->string rpn)
  (let ((port (open-output-string)))
    (let loop ((rpn rpn) (first? #t))
      (unless (null? rpn)
        (unless first? (write-char #\space port))
        (display (car rpn) port)
        (loop (cdr rpn) #f)))
    (get-output-string port)))

(define (checksum-string sum text)
  (let ((sum sum))
    (string-for-each
     (lambda (c) (set! sum (modulo (+ (* sum 31) (char->integer c)) 1000003)))
     text)
    sum))

(define (value->string v)
  (if v (number->string v) "undefined"))

(define (run n)
  (set! seed 191)
  (let loop ((k 0) (count 0) (undefined 0) (agreed 0) (rebuilt 0) (sum 0) (total 0) (last '()))
    (if (= k n)
        (append (list n count undefined agreed rebuilt sum total) last)
        (let* ((tree (random-tree (+ 3 (modulo (next-random!) 3))))
               (text (tree->string tree))
               (toks (tokens text))
               (rpn (shunting-yard toks))
               (direct (evaluate tree))
               (stacked (evaluate-rpn rpn))
               (rpn-text (rpn->string rpn)))
          (loop (+ k 1)
                (+ count (length toks))
                (if direct undefined (+ undefined 1))
                (if (or (and (not direct) (not stacked))
                        (and direct stacked (= direct stacked)))
                    (+ agreed 1)
                    agreed)
                (if (equal? (rpn->tree rpn) tree) (+ rebuilt 1) rebuilt)
                (checksum-string sum rpn-text)
                (if direct (+ total (floor direct)) total)
                (list text rpn-text (value->string direct)))))))
