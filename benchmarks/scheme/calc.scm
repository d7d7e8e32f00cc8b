;; calc: arithmetic read from strings: a scanner over string-ref with
;; char-whitespace?, char-numeric? and case on characters; a recursive
;; descent parser into nested lists, each parser returning (tree . rest);
;; an evaluator of the trees.
;;
;; (run n) => the sum of the values of n expressions.

(define (tokenize str)
  (let loop ((i 0) (tokens '()))
    (if (>= i (string-length str))
        (reverse tokens)
        (let ((c (string-ref str i)))
          (cond ((char-whitespace? c) (loop (+ i 1) tokens))
                ((char-numeric? c)
                 (let scan ((j i) (value 0))
                   (if (and (< j (string-length str))
                            (char-numeric? (string-ref str j)))
                       (scan (+ j 1)
                             (+ (* value 10)
                                (- (char->integer (string-ref str j)) (char->integer #\0))))
                       (loop j (cons value tokens)))))
                (else
                 (case c
                   ((#\+) (loop (+ i 1) (cons 'plus tokens)))
                   ((#\-) (loop (+ i 1) (cons 'minus tokens)))
                   ((#\*) (loop (+ i 1) (cons 'times tokens)))
                   ((#\() (loop (+ i 1) (cons 'open tokens)))
                   ((#\)) (loop (+ i 1) (cons 'close tokens)))
                   (else (error "calc: bad character" c)))))))))

;; expr   := term { (+ | -) term }
;; term   := factor { * factor }
;; factor := number | ( expr )
(define (parse-expr tokens)
  (let loop ((result (parse-term tokens)))
    (let ((tree (car result)) (rest (cdr result)))
      (if (and (pair? rest) (memq (car rest) '(plus minus)))
          (let ((next (parse-term (cdr rest))))
            (loop (cons (list (if (eq? (car rest) 'plus) '+ '-) tree (car next))
                        (cdr next))))
          result))))

(define (parse-term tokens)
  (let loop ((result (parse-factor tokens)))
    (let ((tree (car result)) (rest (cdr result)))
      (if (and (pair? rest) (eq? (car rest) 'times))
          (let ((next (parse-factor (cdr rest))))
            (loop (cons (list '* tree (car next)) (cdr next))))
          result))))

(define (parse-factor tokens)
  (cond ((number? (car tokens)) (cons (car tokens) (cdr tokens)))
        ((eq? (car tokens) 'open)
         (let ((inner (parse-expr (cdr tokens))))
           (cons (car inner) (cddr inner))))
        (else (error "calc: unexpected token" (car tokens)))))

(define (evaluate tree)
  (if (number? tree)
      tree
      (let ((a (evaluate (cadr tree)))
            (b (evaluate (caddr tree))))
        (case (car tree)
          ((+) (+ a b))
          ((-) (- a b))
          ((*) (* a b))))))

(define (expression k)
  (let ((s (number->string k)))
    (string-append "(" s " + 3) * (" s " - 1) + 2 * " s " - (7 * (" s " + 11)) * 4 - 5")))

(define (run n)
  (let loop ((k 0) (total 0))
    (if (= k n)
        total
        (loop (+ k 1)
              (+ total (evaluate (car (parse-expr (tokenize (expression k))))))))))
