;; secd: Landin's SECD machine, with a compiler to its code from a small
;; language of lambdas, the way a course on functional languages builds
;; one.
;;
;; The language: numbers, #t and #f, quoted data, variables, (lambda
;; (x ...) body), (if c a b), (let ((x e) ...) body), (letrec ((f e)
;; ...) body), the primitives + - * < = quotient remainder cons car cdr
;; null? and pair?, and calls.  A variable compiles to its place (i . j)
;; in the frames of names (frame i, place j, found by a walk counting
;; with memq); let is a call of a lambda; letrec makes a dummy frame
;; (DUM) that RAP fills in afterwards by set-car!, so the closures made
;; under it see each other.  The code is a list of instructions, each a
;; list whose head is a symbol.
;;
;; The machine: four registers, the stack, the environment (a list of
;; frames, each a list of values), the code and the dump, all lists,
;; stepped by a named let that dispatches on the instruction by case.
;; A closure is a record of code and environment.  A primitive's Scheme
;; procedure is found by assq and given its arguments by apply; car or
;; cdr of a non-pair leaves the machine at once through a continuation
;; taken by call/cc, and the run answers "error".
;;
;; For each of n runs a program is chosen in turn from eight (factorial
;; up to 29 in bignums, Fibonacci, a map and a sum over a range, a
;; walk off the end of a list, Euclid's gcd, a function composed with
;; itself k times, Ackermann's function at m = 2, an insertion sort),
;; its arguments drawn and put in by quasiquote, compiled and run.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 73, each
;; draw x div 65536.
;;
;; (run n) => (n, machine steps, instructions compiled, runs ending in
;;             "error", the answers checksummed, the first eight answers)

(define seed 73)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define-record-type closure
  (make-closure code env)
  closure?
  (code closure-code)
  (env closure-env))

(define primitives
  (list (cons '+ +) (cons '- -) (cons '* *) (cons '< <) (cons '= =)
        (cons 'quotient quotient) (cons 'remainder remainder)
        (cons 'cons cons) (cons 'car car) (cons 'cdr cdr)
        (cons 'null? null?) (cons 'pair? pair?)))

;; -- the compiler -------------------------------------------------------------

(define (position name names)
  (let loop ((names names) (j 0))
    (cond ((null? names) #f)
          ((eq? (car names) name) j)
          (else (loop (cdr names) (+ j 1))))))

(define (locate name frames)
  (let loop ((frames frames) (i 0))
    (cond ((null? frames) (error "unbound variable" name))
          ((memq name (car frames)) (cons i (position name (car frames))))
          (else (loop (cdr frames) (+ i 1))))))

;; The code of expression x in the frames of names, followed by next.
(define (compile x frames next)
  (cond ((or (number? x) (boolean? x)) (cons (list 'LDC x) next))
        ((symbol? x) (cons (list 'LD (locate x frames)) next))
        (else
         (case (car x)
           ((quote) (cons (list 'LDC (cadr x)) next))
           ((if) (compile (cadr x) frames
                          (cons (list 'SEL
                                      (compile (caddr x) frames '((JOIN)))
                                      (compile (cadddr x) frames '((JOIN))))
                                next)))
           ((lambda) (cons (list 'LDF (compile (caddr x) (cons (cadr x) frames) '((RTN)))) next))
           ((let) (compile (cons (list 'lambda (map car (cadr x)) (caddr x)) (map cadr (cadr x)))
                           frames next))
           ((letrec)
            (let* ((names (map car (cadr x)))
                   (inner (cons names frames)))
              (cons '(DUM)
                    (compile-args (map cadr (cadr x)) inner
                                  (cons (list 'LDF (compile (caddr x) inner '((RTN))))
                                        (cons (list 'RAP (length names)) next))))))
           (else
            (if (assq (car x) primitives)
                (compile-args (cdr x) frames (cons (list 'PRIM (car x) (length (cdr x))) next))
                (compile-args (cdr x) frames
                              (compile (car x) frames (cons (list 'AP (length (cdr x))) next)))))))))

;; The arguments' code, first to last, followed by next.
(define (compile-args args frames next)
  (if (null? args)
      next
      (compile (car args) frames (compile-args (cdr args) frames next))))

(define (code-size code)
  (cond ((pair? code) (+ (code-size (car code)) (code-size (cdr code))))
        ((symbol? code) (if (memq code '(LDC LD LDF AP RTN SEL JOIN DUM RAP PRIM)) 1 0))
        (else 0)))

;; -- the machine ----------------------------------------------------------------

;; The top k values of the stack, the deepest first, and the stack below them.
(define (pop-args k stack)
  (let loop ((k k) (stack stack) (args '()))
    (if (= k 0)
        (values args stack)
        (loop (- k 1) (cdr stack) (cons (car stack) args)))))

;; The value the code leaves, or "error"; and the steps taken.
(define (execute code)
  (let ((steps 0))
    (let ((value
           (call-with-current-continuation
            (lambda (escape)
              (let step ((s '()) (e '()) (c code) (d '()))
                (set! steps (+ steps 1))
                (if (null? c)
                    (car s)
                    (let ((ins (car c)))
                      (case (car ins)
                        ((LDC) (step (cons (cadr ins) s) e (cdr c) d))
                        ((LD) (let ((place (cadr ins)))
                                (step (cons (list-ref (list-ref e (car place)) (cdr place)) s) e (cdr c) d)))
                        ((LDF) (step (cons (make-closure (cadr ins) e) s) e (cdr c) d))
                        ((AP) (let-values (((args rest) (pop-args (cadr ins) (cdr s))))
                                (let ((f (car s)))
                                  (step '() (cons args (closure-env f)) (closure-code f)
                                        (cons (list rest e (cdr c)) d)))))
                        ((RTN) (let ((saved (car d)))
                                 (step (cons (car s) (car saved)) (cadr saved) (caddr saved) (cdr d))))
                        ((SEL) (step (cdr s) e (if (car s) (cadr ins) (caddr ins)) (cons (cdr c) d)))
                        ((JOIN) (step s e (car d) (cdr d)))
                        ((DUM) (step s (cons '() e) (cdr c) d))
                        ((RAP) (let-values (((args rest) (pop-args (cadr ins) (cdr s))))
                                 (let ((f (car s)))
                                   (set-car! (closure-env f) args)
                                   (step '() (closure-env f) (closure-code f)
                                         (cons (list rest (cdr e) (cdr c)) d)))))
                        ((PRIM) (let-values (((args rest) (pop-args (caddr ins) s)))
                                  (let ((op (cadr ins)))
                                    (when (and (memq op '(car cdr)) (not (pair? (car args))))
                                      (escape "error"))
                                    (step (cons (apply (cdr (assq op primitives)) args) rest) e (cdr c) d))))
                        (else (error "unknown instruction" ins))))))))))
      (values value steps))))

;; -- the programs --------------------------------------------------------------

(define (random-list k)
  (let loop ((k k) (items '()))
    (if (= k 0)
        items
        (loop (- k 1) (cons (random-below 100) items)))))

(define (program i)
  (case (modulo i 8)
    ((0) `(letrec ((fact (lambda (n) (if (= n 0) 1 (* n (fact (- n 1)))))))
            (fact ,(+ 10 (random-below 20)))))
    ((1) `(letrec ((fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))))
            (fib ,(+ 6 (random-below 7)))))
    ((2) (let* ((k (+ 1 (random-below 9)))
                (top (+ 10 (random-below 40))))
           `(letrec ((range (lambda (a b) (if (= a b) '() (cons a (range (+ a 1) b)))))
                     (map (lambda (f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l))))))
                     (sum (lambda (l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))))
              (let ((k ,k))
                (sum (map (lambda (x) (* x k)) (range 0 ,top)))))))
    ((3) `(letrec ((nth (lambda (l i) (if (= i 0) (car l) (nth (cdr l) (- i 1))))))
            (nth '(10 20 30 40 50) ,(random-below 7))))
    ((4) (let* ((a (+ 1 (random-below 5000)))
                (b (+ 1 (random-below 5000))))
           `(letrec ((gcd (lambda (a b) (if (= b 0) a (gcd b (remainder a b))))))
              (gcd ,a ,b))))
    ((5) `(let ((compose (lambda (f g) (lambda (x) (f (g x)))))
                (add (lambda (x) (+ x 3))))
            (letrec ((repeat (lambda (f k) (if (= k 0) (lambda (x) x) (compose f (repeat f (- k 1)))))))
              ((repeat add ,(+ 5 (random-below 30))) 0))))
    ((6) `(letrec ((ack (lambda (m n)
                          (if (= m 0)
                              (+ n 1)
                              (if (= n 0)
                                  (ack (- m 1) 1)
                                  (ack (- m 1) (ack m (- n 1))))))))
            (ack 2 ,(random-below 6))))
    (else `(letrec ((insert (lambda (x l)
                              (if (null? l)
                                  (cons x '())
                                  (if (< x (car l)) (cons x l) (cons (car l) (insert x (cdr l)))))))
                    (sort (lambda (l) (if (null? l) '() (insert (car l) (sort (cdr l)))))))
             (sort ',(random-list (+ 5 (random-below 20))))))))

(define (fold-answer sum answer)
  (cond ((number? answer) (modulo (+ (* sum 31) answer) 1000003))
        ((pair? answer) (fold-answer (fold-answer sum (car answer)) (cdr answer)))
        ((null? answer) (modulo (+ (* sum 31) 7) 1000003))
        ((string? answer) (modulo (+ (* sum 31) 13) 1000003))
        (else sum)))

(define (run n)
  (set! seed 73)
  (let loop ((i 0) (steps 0) (size 0) (errors 0) (checksum 0) (first '()))
    (if (= i n)
        (list n steps size errors checksum (reverse first))
        (let ((code (compile (program i) '() '())))
          (let-values (((answer taken) (execute code)))
            (loop (+ i 1) (+ steps taken) (+ size (code-size code))
                  (if (string? answer) (+ errors 1) errors)
                  (fold-answer checksum answer)
                  (if (< i 8) (cons answer first) first)))))))
