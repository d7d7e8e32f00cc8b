;; cnf: propositional formulas put in conjunctive normal form, as a
;; logic course does it by hand, and checked by truth tables.
;;
;; Formulas are lists: a variable (one of p q r s t), (not f), (and f g),
;; (or f g), (implies f g), (iff f g), built at random to depth 4 by
;; quasiquote (each choice drawn by x -> (1103515245x + 12345) mod 2^31
;; from x = 107, each draw x div 65536, the two sides drawn in turn).
;;
;; Three passes, each a recursion dispatched by case on the operator:
;; implies and iff written with and, or and not; negations pushed down to
;; the variables (negation normal form); or distributed over and, giving
;; a list of clauses.  A clause is a list of literals (p or (not p)),
;; kept in order of the variable, p before (not p), two clauses joined by
;; a merge; a clause with p and (not p) is dropped, and so is a clause the
;; list already has (member).  The clauses are checked against the
;; formula on all 32 rows of the truth table, values found by assq.
;;
;; (run n) => (n, literals after the second pass, clauses, literals in
;;             clauses, clauses dropped as tautologies, as repeats, rows
;;             where the clauses and the formula differ, formulas true on
;;             some row, on every row, on none, the first one's clauses)

(define seed 107)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define variables '(p q r s t))

(define (random-formula depth)
  (let ((choice (if (= depth 0) 0 (modulo (next-random!) 6))))
    (if (= choice 0)
        (list-ref variables (modulo (next-random!) 5))
        (if (= choice 1)
            `(not ,(random-formula (- depth 1)))
            (let* ((a (random-formula (- depth 1)))
                   (b (random-formula (- depth 1))))
              (case choice
                ((2) `(and ,a ,b))
                ((3) `(or ,a ,b))
                ((4) `(implies ,a ,b))
                (else `(iff ,a ,b))))))))

(define (eliminate f)
  (if (symbol? f)
      f
      (case (car f)
        ((not) `(not ,(eliminate (cadr f))))
        ((and or) (list (car f) (eliminate (cadr f)) (eliminate (caddr f))))
        ((implies) `(or (not ,(eliminate (cadr f))) ,(eliminate (caddr f))))
        ((iff) (let ((a (eliminate (cadr f)))
                     (b (eliminate (caddr f))))
                 `(and (or (not ,a) ,b) (or ,a (not ,b)))))
        (else (error "eliminate: unknown operator" f)))))

(define (nnf f)
  (cond ((symbol? f) f)
        ((eq? (car f) 'not)
         (let ((g (cadr f)))
           (cond ((symbol? g) f)
                 ((eq? (car g) 'not) (nnf (cadr g)))
                 ((eq? (car g) 'and)
                  `(or ,(nnf `(not ,(cadr g))) ,(nnf `(not ,(caddr g)))))
                 (else
                  `(and ,(nnf `(not ,(cadr g))) ,(nnf `(not ,(caddr g))))))))
        (else (list (car f) (nnf (cadr f)) (nnf (caddr f))))))

(define (literal? f)
  (or (symbol? f) (eq? (car f) 'not)))

(define (leaves f)
  (if (literal? f)
      1
      (+ (leaves (cadr f)) (leaves (caddr f)))))

;; p -> 0, (not p) -> 1, q -> 2, ...
(define (literal-key lit)
  (let ((name (if (symbol? lit) lit (cadr lit))))
    (let find ((vs variables) (i 0))
      (if (eq? (car vs) name)
          (if (symbol? lit) (* 2 i) (+ (* 2 i) 1))
          (find (cdr vs) (+ i 1))))))

(define (merge-clauses a b)
  (cond ((null? a) b)
        ((null? b) a)
        (else
         (let ((ka (literal-key (car a)))
               (kb (literal-key (car b))))
           (cond ((= ka kb) (cons (car a) (merge-clauses (cdr a) (cdr b))))
                 ((< ka kb) (cons (car a) (merge-clauses (cdr a) b)))
                 (else (cons (car b) (merge-clauses a (cdr b)))))))))

(define (tautology? clause)
  (cond ((or (null? clause) (null? (cdr clause))) #f)
        ((and (even? (literal-key (car clause)))
              (= (+ (literal-key (car clause)) 1) (literal-key (cadr clause))))
         #t)
        (else (tautology? (cdr clause)))))

(define tautologies 0)
(define repeats 0)

;; the clauses of acc (reversed), with clause added unless dropped
(define (adjoin clause acc)
  (cond ((tautology? clause) (set! tautologies (+ tautologies 1)) acc)
        ((member clause acc) (set! repeats (+ repeats 1)) acc)
        (else (cons clause acc))))

(define (cnf f)
  (cond ((literal? f) (list (list f)))
        ((eq? (car f) 'and)
         (let ((left (cnf (cadr f)))
               (right (cnf (caddr f))))
           (let loop ((cs right) (acc (reverse left)))
             (if (null? cs)
                 (reverse acc)
                 (loop (cdr cs) (adjoin (car cs) acc))))))
        (else
         (let ((left (cnf (cadr f)))
               (right (cnf (caddr f)))
               (acc '()))
           (for-each (lambda (c1)
                       (for-each (lambda (c2)
                                   (set! acc (adjoin (merge-clauses c1 c2) acc)))
                                 right))
                     left)
           (reverse acc)))))

(define (value f env)
  (if (symbol? f)
      (cdr (assq f env))
      (case (car f)
        ((not) (not (value (cadr f) env)))
        ((and) (and (value (cadr f) env) (value (caddr f) env)))
        ((or) (or (value (cadr f) env) (value (caddr f) env)))
        ((implies) (or (not (value (cadr f) env)) (value (caddr f) env)))
        (else (eq? (value (cadr f) env) (value (caddr f) env))))))

(define (clauses-value clauses env)
  (let every ((cs clauses))
    (cond ((null? cs) #t)
          ((let some ((lits (car cs)))
             (cond ((null? lits) #f)
                   ((value (car lits) env) #t)
                   (else (some (cdr lits)))))
           (every (cdr cs)))
          (else #f))))

;; row k: the variables' values are k's binary digits, p the highest
(define (row-env k)
  (let loop ((vs (reverse variables)) (k k) (env '()))
    (if (null? vs)
        env
        (loop (cdr vs) (quotient k 2) (cons (cons (car vs) (odd? k)) env)))))

(define (clause->string clause)
  (let ((out (open-output-string)))
    (let loop ((lits clause) (first #t))
      (if (null? lits)
          (get-output-string out)
          (let ((lit (car lits)))
            (if (not first) (display " | " out))
            (if (symbol? lit)
                (display (symbol->string lit) out)
                (begin (display "~" out) (display (symbol->string (cadr lit)) out)))
            (loop (cdr lits) #f))))))

(define (run n)
  (set! seed 107)
  (set! tautologies 0)
  (set! repeats 0)
  (let ((nnf-leaves 0) (clause-count 0) (literal-count 0) (differ 0)
        (satisfiable 0) (valid 0) (unsatisfiable 0) (first #f))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let* ((f (random-formula 4))
             (g (nnf (eliminate f)))
             (clauses (cnf g))
             (true-rows 0))
        (set! nnf-leaves (+ nnf-leaves (leaves g)))
        (set! clause-count (+ clause-count (length clauses)))
        (set! literal-count (+ literal-count (apply + (map length clauses))))
        (do ((k 0 (+ k 1)))
            ((= k 32))
          (let* ((env (row-env k))
                 (expected (value f env)))
            (if (not (eq? expected (clauses-value clauses env)))
                (set! differ (+ differ 1)))
            (if expected (set! true-rows (+ true-rows 1)))))
        (cond ((= true-rows 32) (set! valid (+ valid 1)) (set! satisfiable (+ satisfiable 1)))
              ((= true-rows 0) (set! unsatisfiable (+ unsatisfiable 1)))
              (else (set! satisfiable (+ satisfiable 1))))
        (if (not first)
            (set! first (map clause->string clauses)))))
    (list n nnf-leaves clause-count literal-count tautologies repeats differ
          satisfiable valid unsatisfiable first)))
