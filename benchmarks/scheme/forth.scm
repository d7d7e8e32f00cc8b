;; forth: a small Forth-like stack language, read from a string.  The text
;; is cut into tokens at whitespace (char-whitespace?), each token made a
;; number by string->number or else a symbol by string->symbol.  The
;; tokens are parsed into a program: `: name ... ;` defines a word, whose
;; body is kept in an association list read by assq; `if ... else ...
;; then` and `begin ... until` become nested lists.  The interpreter keeps
;; the data stack in a list changed by set!, dispatches on primitives with
;; case, and counts every item it executes.  Flags are Forth's: -1 true,
;; 0 false.
;;
;; (run n) => (the stack after running the program on n, bottom first:
;;             fib n, n!, the Collatz steps of n, the sum of the squares
;;             of 1..n, gcd(3n + 2, 2n); the words defined; the items
;;             executed)

(define source
  ": sq dup * ;
   : fib dup 2 < if else dup 1 - fib swap 2 - fib + then ;
   : fact dup 1 > if dup 1 - fact * else drop 1 then ;
   : collatz 0 swap begin dup 1 = if -1 else dup 2 mod 0 = if 2 / else 3 * 1 + then
             swap 1 + swap 0 then until drop ;
   : sumsq 0 swap begin dup sq rot + swap 1 - dup 0 = until drop ;
   : gcd dup 0 = if drop else swap over mod gcd then ;")

(define (tokenize text)
  (let loop ((i 0) (start #f) (tokens '()))
    (cond ((= i (string-length text))
           (reverse (if start (cons (substring text start i) tokens) tokens)))
          ((char-whitespace? (string-ref text i))
           (loop (+ i 1) #f (if start (cons (substring text start i) tokens) tokens)))
          (else (loop (+ i 1) (or start i) tokens)))))

(define (token->item token)
  (or (string->number token) (string->symbol token)))

;; Items up to one of the stop symbols: the items, the stop met ('end at
;; the end of the tokens) and the tokens after it, as three values.
(define (parse tokens stops)
  (let loop ((tokens tokens) (items '()))
    (cond ((null? tokens) (values (reverse items) 'end '()))
          ((memq (car tokens) stops) (values (reverse items) (car tokens) (cdr tokens)))
          ((eq? (car tokens) 'if)
           (let-values (((yes stop rest) (parse (cdr tokens) '(else then))))
             (if (eq? stop 'else)
                 (let-values (((no stop rest) (parse rest '(then))))
                   (loop rest (cons (list 'if yes no) items)))
                 (loop rest (cons (list 'if yes '()) items)))))
          ((eq? (car tokens) 'begin)
           (let-values (((body stop rest) (parse (cdr tokens) '(until))))
             (loop rest (cons (list 'begin body) items))))
          (else (loop (cdr tokens) (cons (car tokens) items))))))

;; The two marks of a definition, made from strings: neither is written
;; as a symbol in the program text.
(define colon (string->symbol ":"))
(define semicolon (string->symbol ";"))

(define stack '())
(define words '())
(define executed 0)

(define (push! x) (set! stack (cons x stack)))

(define (pop!)
  (let ((x (car stack)))
    (set! stack (cdr stack))
    x))

(define (flag b) (if b -1 0))

(define (execute-all items)
  (for-each execute items))

(define (execute item)
  (set! executed (+ executed 1))
  (cond ((number? item) (push! item))
        ((pair? item)
         (if (eq? (car item) 'if)
             (if (= (pop!) 0)
                 (execute-all (caddr item))
                 (execute-all (cadr item)))
             (let loop ()
               (execute-all (cadr item))
               (if (= (pop!) 0) (loop)))))
        (else
         (case item
           ((+) (let* ((b (pop!)) (a (pop!))) (push! (+ a b))))
           ((-) (let* ((b (pop!)) (a (pop!))) (push! (- a b))))
           ((*) (let* ((b (pop!)) (a (pop!))) (push! (* a b))))
           ((/) (let* ((b (pop!)) (a (pop!))) (push! (quotient a b))))
           ((mod) (let* ((b (pop!)) (a (pop!))) (push! (modulo a b))))
           ((<) (let* ((b (pop!)) (a (pop!))) (push! (flag (< a b)))))
           ((>) (let* ((b (pop!)) (a (pop!))) (push! (flag (> a b)))))
           ((=) (let* ((b (pop!)) (a (pop!))) (push! (flag (= a b)))))
           ((dup) (push! (car stack)))
           ((drop) (pop!))
           ((swap) (let* ((b (pop!)) (a (pop!))) (push! b) (push! a)))
           ((over) (push! (cadr stack)))
           ((rot) (let* ((c (pop!)) (b (pop!)) (a (pop!))) (push! b) (push! c) (push! a)))
           (else
            (let ((entry (assq item words)))
              (if entry
                  (execute-all (cdr entry))
                  (error "unknown word" item))))))))

;; Run the tokens: definitions go into words, everything else is executed.
(define (interpret tokens)
  (cond ((null? tokens) 'done)
        ((eq? (car tokens) colon)
         (let-values (((body stop rest) (parse (cddr tokens) (list semicolon))))
           (set! words (cons (cons (cadr tokens) body) words))
           (interpret rest)))
        (else
         (let-values (((items stop rest) (parse tokens (list colon))))
           (execute-all items)
           (if (eq? stop colon)
               (interpret (cons colon rest))
               'done)))))

(define (run n)
  (let ((m (number->string n)))
    (set! stack '())
    (set! words '())
    (set! executed 0)
    (interpret (map token->item
                    (tokenize (string-append source " " m " fib " m " fact " m " collatz " m " sumsq "
                                             m " 3 * 2 + " m " 2 * gcd"))))
    (list (reverse stack) (length words) executed)))
