;; peephole: a compiler from arithmetic to stack code and a peephole
;; optimizer of rewrite rules, the way a compilers course writes one in
;; Scheme, with quasiquote doing the building.
;;
;; A program is n assignments (set v e) of expressions over the
;; variables x, y, z and those set before: numbers, variables, (+ e e),
;; (- e e), (* e e) and (neg e), drawn at random with small constants.
;; It is compiled by quasiquote and unquote-splicing into instructions
;; (push k) (load v) (store v) (add) (sub) (mul) (neg) (dup) (pop).
;;
;; The optimizer's rules are data: a name, a pattern of instructions
;; whose ?symbols are pattern variables, and a procedure from the
;; bindings to the instructions that replace them, built by quasiquote.
;; Patterns are matched by a structural matcher over car and cdr with
;; its bindings in an association list (assq); a pass walks the code,
;; tries the rules in order at each place and goes on from the
;; replacement; passes repeat until one changes nothing.  Each rule's
;; firings are counted in an association list changed by set-cdr!.
;; Both versions of each program are run by a stack machine (case on
;; the opcode, the stack a list, the variables an association list,
;; arithmetic modulo the prime 1000003) and must leave the same values.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 7, each draw
;; x div 65536.
;;
;; (run n) => (instructions before and after, passes, each rule's
;;             firings, whether every program computed the same values,
;;             the opcodes left and their counts, the last program's
;;             values)

(define seed 7)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

;; -- programs and their compilation ------------------------------------------

(define (random-expression depth variables)
  (let ((choice (modulo (next-random!) (if (= depth 0) 2 7))))
    (case choice
      ((0) (vector-ref #(0 1 1 2 3 0 4 1) (modulo (next-random!) 8)))
      ((1) (list-ref variables (modulo (next-random!) (length variables))))
      ((2) (list 'neg (random-expression (- depth 1) variables)))
      (else
       (let* ((operator (vector-ref #(+ - *) (modulo (next-random!) 3)))
              (left (random-expression (- depth 1) variables))
              (right (random-expression (- depth 1) variables)))
         (list operator left right))))))

(define (random-program statements)
  (let loop ((k 0) (variables '(x y z)) (program '()))
    (if (= k statements)
        (reverse program)
        (let* ((target (vector-ref #(a b c d x y) (modulo (next-random!) 6)))
               (e (random-expression 3 variables)))
          (loop (+ k 1)
                (if (memq target variables) variables (cons target variables))
                (cons `(set ,target ,e) program))))))

(define (compile-expression e)
  (cond ((number? e) `((push ,e)))
        ((symbol? e) `((load ,e)))
        ((eq? (car e) 'neg) `(,@(compile-expression (cadr e)) (neg)))
        (else `(,@(compile-expression (cadr e))
                ,@(compile-expression (caddr e))
                (,(case (car e) ((+) 'add) ((-) 'sub) ((*) 'mul)))))))

(define (compile-program program)
  (if (null? program)
      '()
      (let ((statement (car program)))
        `(,@(compile-expression (caddr statement))
          (store ,(cadr statement))
          ,@(compile-program (cdr program))))))

;; -- the stack machine -----------------------------------------------------------

(define (execute code)
  (let loop ((code code) (stack '()) (env (list (cons 'x 3) (cons 'y -2) (cons 'z 7))))
    (if (null? code)
        (map (lambda (name) (let ((binding (assq name env))) (if binding (modulo (cdr binding) 1000003) 0)))
             '(a b c d x y z))
        (let ((instruction (car code)))
          (case (car instruction)
            ((push) (loop (cdr code) (cons (cadr instruction) stack) env))
            ((load) (loop (cdr code) (cons (cdr (assq (cadr instruction) env)) stack) env))
            ((store) (loop (cdr code) (cdr stack) (cons (cons (cadr instruction) (car stack)) env)))
            ((add) (loop (cdr code) (cons (modulo (+ (cadr stack) (car stack)) 1000003) (cddr stack)) env))
            ((sub) (loop (cdr code) (cons (modulo (- (cadr stack) (car stack)) 1000003) (cddr stack)) env))
            ((mul) (loop (cdr code) (cons (modulo (* (cadr stack) (car stack)) 1000003) (cddr stack)) env))
            ((neg) (loop (cdr code) (cons (modulo (- (car stack)) 1000003) (cdr stack)) env))
            ((dup) (loop (cdr code) (cons (car stack) stack) env))
            ((pop) (loop (cdr code) (cdr stack) env))
            (else (error "unknown instruction" instruction)))))))

;; -- matching and rewriting ------------------------------------------------------

(define (pattern-variable? x)
  (and (symbol? x) (char=? (string-ref (symbol->string x) 0) #\?)))

(define (match pattern datum bindings)
  (cond ((not bindings) #f)
        ((pattern-variable? pattern)
         (let ((bound (assq pattern bindings)))
           (cond ((not bound) (cons (cons pattern datum) bindings))
                 ((equal? (cdr bound) datum) bindings)
                 (else #f))))
        ((and (pair? pattern) (pair? datum))
         (match (cdr pattern) (cdr datum) (match (car pattern) (car datum) bindings)))
        ((equal? pattern datum) bindings)
        (else #f)))

;; Match the instruction patterns against the front of code: the
;; bindings and the code after the match as a pair, or #f.
(define (match-front patterns code bindings)
  (cond ((not bindings) #f)
        ((null? patterns) (cons bindings code))
        ((null? code) #f)
        (else (match-front (cdr patterns) (cdr code) (match (car patterns) (car code) bindings)))))

(define (value-of name bindings) (cdr (assq name bindings)))

(define rules
  (list
   (list 'fold-add '((push ?a) (push ?b) (add)) (lambda (b) `((push ,(+ (value-of '?a b) (value-of '?b b))))))
   (list 'fold-sub '((push ?a) (push ?b) (sub)) (lambda (b) `((push ,(- (value-of '?a b) (value-of '?b b))))))
   (list 'fold-mul '((push ?a) (push ?b) (mul)) (lambda (b) `((push ,(* (value-of '?a b) (value-of '?b b))))))
   (list 'fold-neg '((push ?a) (neg)) (lambda (b) `((push ,(- (value-of '?a b))))))
   (list 'add-zero '((push 0) (add)) (lambda (b) '()))
   (list 'sub-zero '((push 0) (sub)) (lambda (b) '()))
   (list 'mul-one '((push 1) (mul)) (lambda (b) '()))
   (list 'mul-zero '((push 0) (mul)) (lambda (b) '((pop) (push 0))))
   (list 'neg-neg '((neg) (neg)) (lambda (b) '()))
   (list 'neg-add '((neg) (add)) (lambda (b) '((sub))))
   (list 'neg-sub '((neg) (sub)) (lambda (b) '((add))))
   (list 'double '((dup) (add)) (lambda (b) '((push 2) (mul))))
   (list 'store-load '((store ?x) (load ?x)) (lambda (b) `((dup) (store ,(value-of '?x b)))))
   (list 'load-load '((load ?x) (load ?x)) (lambda (b) `((load ,(value-of '?x b)) (dup))))
   (list 'load-pop '((load ?x) (pop)) (lambda (b) '()))
   (list 'push-pop '((push ?a) (pop)) (lambda (b) '()))
   (list 'dup-pop '((dup) (pop)) (lambda (b) '()))
   (list 'add-add '((push ?a) (add) (push ?b) (add)) (lambda (b) `((push ,(+ (value-of '?a b) (value-of '?b b))) (add))))
   (list 'mul-mul '((push ?a) (mul) (push ?b) (mul)) (lambda (b) `((push ,(* (value-of '?a b) (value-of '?b b))) (mul))))))

(define (try-rules code)
  ;; (name replacement . rest) for the first rule matching the front of code, or #f
  (let loop ((rules rules))
    (if (null? rules)
        #f
        (let ((found (match-front (cadr (car rules)) code '())))
          (if found
              (cons (car (car rules)) (cons ((caddr (car rules)) (car found)) (cdr found)))
              (loop (cdr rules)))))))

(define (one-pass code counts)
  ;; The code after one pass, and whether it changed, as two values.
  (let loop ((code code) (done '()) (changed #f))
    (if (null? code)
        (values (reverse done) changed)
        (let ((hit (try-rules code)))
          (if hit
              (let ((count (assq (car hit) counts)))
                (set-cdr! count (+ (cdr count) 1))
                (loop (append (cadr hit) (cddr hit)) done #t))
              (loop (cdr code) (cons (car code) done) changed))))))

(define (optimize code counts)
  ;; The optimized code and the passes it took, as two values.
  (let loop ((code code) (passes 1))
    (call-with-values (lambda () (one-pass code counts))
      (lambda (better changed)
        (if changed (loop better (+ passes 1)) (values better passes))))))

(define (tally! code table)
  ;; table with each opcode of code counted in, new opcodes at its end
  (let loop ((code code) (table table))
    (if (null? code)
        table
        (let ((entry (assq (car (car code)) table)))
          (if entry
              (begin (set-cdr! entry (+ (cdr entry) 1)) (loop (cdr code) table))
              (loop (cdr code) (append table (list (cons (car (car code)) 1)))))))))

(define (run n)
  (set! seed 7)
  (let ((counts (map (lambda (rule) (cons (car rule) 0)) rules)))
    (let loop ((k 0) (before 0) (after 0) (passes 0) (same #t) (opcodes '()) (last-values #f))
      (if (= k n)
          (list before after passes
                (map (lambda (entry) (list (symbol->string (car entry)) (cdr entry))) counts)
                same
                (map (lambda (entry) (list (symbol->string (car entry)) (cdr entry))) opcodes)
                last-values)
          (let* ((code (compile-program (random-program 12)))
                 (expected (execute code)))
            (call-with-values (lambda () (optimize code counts))
              (lambda (better taken)
                (let ((got (execute better)))
                  (loop (+ k 1) (+ before (length code)) (+ after (length better)) (+ passes taken)
                        (and same (equal? got expected)) (tally! better opcodes) got)))))))))
