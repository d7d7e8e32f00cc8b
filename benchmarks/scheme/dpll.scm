;; dpll: a satisfiability solver after Davis, Putnam, Logemann and Loveland.
;; A formula is a list of clauses, a clause a list of nonzero integers, k
;; for variable k and -k for its negation.  Setting a literal true drops
;; the clauses holding it (memv) and takes its negation out of the others
;; (a remove of our own); the solver fails on an empty clause, sets a
;; unit clause's literal (a propagation), and otherwise decides the first
;; literal of the first clause, trying it and then its negation by or.  It
;; returns the literals it set, or #f.  Decisions and propagations are
;; counted in top-level variables by set!.  Each model found is checked
;; against its formula.
;;
;; Instance i of n has v = 3 + (i mod 8) variables and 4v clauses of three
;; literals, each literal from the next value x of x -> (75x + 74) mod
;; 65537 (149, 11249, ... from x = 1, carried from one instance to the
;; next): r = x mod 2v is variable r div 2 + 1, negated when r is odd.
;;
;; (run n) => (instances satisfied, decisions, propagations, whether every
;;             model satisfies its formula, the last instance's model or #f)

(define decisions 0)
(define propagations 0)

(define (remove-literal lit clause)
  (cond ((null? clause) '())
        ((= (car clause) lit) (remove-literal lit (cdr clause)))
        (else (cons (car clause) (remove-literal lit (cdr clause))))))

(define (assign clauses lit)
  (cond ((null? clauses) '())
        ((memv lit (car clauses)) (assign (cdr clauses) lit))
        (else (cons (remove-literal (- lit) (car clauses))
                    (assign (cdr clauses) lit)))))

(define (has-empty? clauses)
  (cond ((null? clauses) #f)
        ((null? (car clauses)) #t)
        (else (has-empty? (cdr clauses)))))

(define (find-unit clauses)
  (cond ((null? clauses) #f)
        ((null? (cdr (car clauses))) (car (car clauses)))
        (else (find-unit (cdr clauses)))))

(define (dpll clauses model)
  (cond ((null? clauses) model)
        ((has-empty? clauses) #f)
        (else
         (let ((unit (find-unit clauses)))
           (if unit
               (begin
                 (set! propagations (+ propagations 1))
                 (dpll (assign clauses unit) (cons unit model)))
               (let ((lit (car (car clauses))))
                 (set! decisions (+ decisions 1))
                 (or (dpll (assign clauses lit) (cons lit model))
                     (dpll (assign clauses (- lit)) (cons (- lit) model)))))))))

(define (satisfies? model clauses)
  (or (null? clauses)
      (and (let loop ((clause (car clauses)))
             (and (not (null? clause))
                  (or (memv (car clause) model)
                      (loop (cdr clause)))))
           (satisfies? model (cdr clauses)))))

(define (next-random x) (modulo (+ (* 75 x) 74) 65537))

(define (literal x v)
  (let ((r (modulo x (* 2 v))))
    (if (odd? r)
        (- (+ (quotient r 2) 1))
        (+ (quotient r 2) 1))))

(define (run n)
  (set! decisions 0)
  (set! propagations 0)
  (let loop ((i 0) (x 1) (satisfied 0) (all-hold #t) (last-model #f))
    (if (= i n)
        (list satisfied decisions propagations all-hold last-model)
        (let ((v (+ 3 (modulo i 8))))
          (let make ((k (* 4 v)) (x x) (clauses '()))
            (if (> k 0)
                (let* ((x1 (next-random x))
                       (x2 (next-random x1))
                       (x3 (next-random x2)))
                  (make (- k 1) x3 (cons (list (literal x1 v) (literal x2 v) (literal x3 v)) clauses)))
                (let* ((clauses (reverse clauses))
                       (model (dpll clauses '())))
                  (loop (+ i 1)
                        x
                        (if model (+ satisfied 1) satisfied)
                        (and all-hold (or (not model) (satisfies? model clauses)))
                        model))))))))
