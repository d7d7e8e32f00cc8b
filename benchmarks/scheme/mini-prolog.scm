;; mini-prolog: a small Prolog interpreter searching by success and
;; failure continuations.
;;
;; Terms are quoted data: numbers and symbols are atoms, a list is a
;; compound term (functor arguments ...), a symbol whose name starts
;; with ? is a variable; Prolog's lists are (cons head tail) and nil.  A
;; clause is (head goal ...).  Each time a clause is tried its variables
;; are renamed apart: every ?x in it becomes the vector #(?x stamp), the
;; stamp a counter bumped by set!.  A substitution is an association
;; list from variables to terms, searched by assoc with a predicate of
;; our own (same-variable?) as its third argument; unification walks
;; both terms and then pairs by car and cdr, with no occurs check.
;;
;; solve takes the goals, a substitution, a success continuation (of a
;; substitution and a failure continuation) and a failure continuation
;; (of no arguments): a conjunction passes a new success continuation
;; for the rest of the goals, a goal tries the clauses of its predicate
;; in order, a clause's failure continuation trying the next.  Built in:
;; is (arithmetic on + - *), < and differ (the two terms do not unify).
;; Every goal solved counts as an inference.  The clauses are kept by
;; predicate in an association list, each list of clauses grown at its
;; end by set-cdr! as they are added.
;;
;; The programs: a family tree of n people, person k the parent of
;; 2k + 1 and 2k + 2, asked for every grandparent, ancestor and sibling
;; pair; every way append splits a list of 8; naive reverse of a list
;; of n div 4; every permutation of 1 to n div 24 by select; Fibonacci
;; of n div 10 by doubly recursive clauses with is and <.
;;
;; (run n) => (the grandparent, ancestor and sibling pairs, the splits
;;             of the list and the third of them, the reversed list and
;;             the inferences it took, the permutations and the last of
;;             them, Fibonacci of n div 10, the inferences and the
;;             clauses tried in all)

(define (variable? x)
  (or (vector? x)
      (and (symbol? x) (char=? (string-ref (symbol->string x) 0) #\?))))

(define (same-variable? a b)
  (if (vector? a)
      (and (vector? b)
           (eq? (vector-ref a 0) (vector-ref b 0))
           (= (vector-ref a 1) (vector-ref b 1)))
      (eq? a b)))

(define (walk term s)
  (if (variable? term)
      (let ((binding (assoc term s same-variable?)))
        (if binding (walk (cdr binding) s) term))
      term))

(define (unify a b s)
  (let ((a (walk a s)) (b (walk b s)))
    (cond ((and (variable? a) (variable? b) (same-variable? a b)) s)
          ((variable? a) (cons (cons a b) s))
          ((variable? b) (cons (cons b a) s))
          ((and (pair? a) (pair? b))
           (let ((s (unify (car a) (car b) s)))
             (and s (unify (cdr a) (cdr b) s))))
          ((equal? a b) s)
          (else #f))))

(define (resolve term s)
  (let ((term (walk term s)))
    (if (pair? term)
        (cons (resolve (car term) s) (resolve (cdr term) s))
        term)))

(define stamp 0)

(define (rename term stamp)
  (cond ((and (symbol? term) (variable? term)) (vector term stamp))
        ((pair? term) (cons (rename (car term) stamp) (rename (cdr term) stamp)))
        (else term)))

(define database '())

(define (add-clause! clause)
  (let ((entry (assq (caar clause) database)))
    (if entry
        (set-cdr! (list-tail entry (- (length entry) 1)) (list clause))
        (set! database (cons (list (caar clause) clause) database)))))

(define (clauses-for goal)
  (let ((entry (assq (car goal) database)))
    (if entry (cdr entry) '())))

(define (evaluate expression s)
  (let ((e (walk expression s)))
    (if (pair? e)
        (let ((x (evaluate (cadr e) s)) (y (evaluate (caddr e) s)))
          (case (car e)
            ((+) (+ x y))
            ((-) (- x y))
            (else (* x y))))
        e)))

(define inferences 0)

(define (solve goals s sk fk)
  (if (null? goals)
      (sk s fk)
      (solve-goal (car goals) s
                  (lambda (s fk) (solve (cdr goals) s sk fk))
                  fk)))

(define (solve-goal goal s sk fk)
  (set! inferences (+ inferences 1))
  (case (car goal)
    ((is)
     (let ((s (unify (cadr goal) (evaluate (caddr goal) s) s)))
       (if s (sk s fk) (fk))))
    ((<)
     (if (< (evaluate (cadr goal) s) (evaluate (caddr goal) s)) (sk s fk) (fk)))
    ((differ)
     (if (unify (cadr goal) (caddr goal) s) (fk) (sk s fk)))
    (else (try-clauses (clauses-for goal) goal s sk fk))))

(define (try-clauses clauses goal s sk fk)
  (if (null? clauses)
      (fk)
      (begin
        (set! stamp (+ stamp 1))
        (let* ((clause (rename (car clauses) stamp))
               (unified (unify goal (car clause) s)))
          (if unified
              (solve (cdr clause) unified sk
                     (lambda () (try-clauses (cdr clauses) goal s sk fk)))
              (try-clauses (cdr clauses) goal s sk fk))))))

(define (all-solutions goals template)
  (let ((found '()))
    (solve goals '()
           (lambda (s fk)
             (set! found (cons (resolve template s) found))
             (fk))
           (lambda () 'done))
    (reverse found)))

(define (first-solution goals template)
  (solve goals '() (lambda (s fk) (resolve template s)) (lambda () #f)))

(define (prolog-list items)
  (if (null? items) 'nil (list 'cons (car items) (prolog-list (cdr items)))))

(define (scheme-list term)
  (if (eq? term 'nil) '() (cons (cadr term) (scheme-list (caddr term)))))

(define (count-from a b)
  (if (> a b) '() (cons a (count-from (+ a 1) b))))

(define rules
  '(((grandparent ?x ?z) (parent ?x ?y) (parent ?y ?z))
    ((ancestor ?x ?y) (parent ?x ?y))
    ((ancestor ?x ?z) (parent ?x ?y) (ancestor ?y ?z))
    ((sibling ?a ?b) (parent ?p ?a) (parent ?p ?b) (differ ?a ?b))
    ((append nil ?l ?l))
    ((append (cons ?h ?t) ?l (cons ?h ?r)) (append ?t ?l ?r))
    ((nrev nil nil))
    ((nrev (cons ?h ?t) ?r) (nrev ?t ?rt) (append ?rt (cons ?h nil) ?r))
    ((select ?x (cons ?x ?t) ?t))
    ((select ?x (cons ?h ?t) (cons ?h ?r)) (select ?x ?t ?r))
    ((permutation nil nil))
    ((permutation ?l (cons ?h ?t)) (select ?h ?l ?r) (permutation ?r ?t))
    ((fib 0 0))
    ((fib 1 1))
    ((fib ?n ?f) (< 1 ?n) (is ?a (- ?n 1)) (is ?b (- ?n 2)) (fib ?a ?fa) (fib ?b ?fb) (is ?f (+ ?fa ?fb)))))

(define (run n)
  (set! stamp 0)
  (set! inferences 0)
  (set! database '())
  (do ((k 0 (+ k 1)))
      ((= k n))
    (when (< (+ (* 2 k) 1) n) (add-clause! (list (list 'parent k (+ (* 2 k) 1)))))
    (when (< (+ (* 2 k) 2) n) (add-clause! (list (list 'parent k (+ (* 2 k) 2))))))
  (for-each add-clause! rules)
  (let* ((grandparents (all-solutions '((grandparent ?x ?y)) '(?x ?y)))
         (ancestors (all-solutions '((ancestor ?x ?y)) '(?x ?y)))
         (siblings (all-solutions '((sibling ?x ?y)) '(?x ?y)))
         (splits (all-solutions (list (list 'append '?x '?y (prolog-list (count-from 1 8)))) '(?x ?y)))
         (before inferences)
         (reversed (first-solution (list (list 'nrev (prolog-list (count-from 1 (quotient n 4))) '?r)) '?r))
         (nrev-inferences (- inferences before))
         (permutations (all-solutions (list (list 'permutation (prolog-list (count-from 1 (quotient n 24))) '?p))
                                     '?p))
         (fibonacci (first-solution (list (list 'fib (quotient n 10) '?f)) '?f)))
    (list (length grandparents)
          (length ancestors)
          (length siblings)
          (length splits)
          (map scheme-list (list-ref splits 2))
          (scheme-list reversed)
          nrev-inferences
          (length permutations)
          (scheme-list (list-ref permutations (- (length permutations) 1)))
          fibonacci
          inferences
          stamp)))
