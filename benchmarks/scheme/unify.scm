;; unify: type inference for the simply typed lambda calculus by
;; unification.  A term is a symbol, (lambda (x) body) or an application
;; (f a); a type is a type variable (an integer) or (-> from to).  The
;; inferrer is one procedure with internal defines closing over a counter
;; of fresh variables changed by set!; a substitution is an association
;; list from variables to types, read by assv and grown by consing, with
;; the occurs check; failure is #f, threaded through and.  Types are
;; written back as strings, variables renamed a, b, c ... in order of
;; appearance, arrows to the right.  The terms are six combinators and n
;; random terms: term i has depth 1 + (i mod 8), its choices the values of
;; Park and Miller's x -> 16807x mod (2^31 - 1) from x = 1 taken mod 4 (a
;; variable on 0, or at depth 0; a lambda on 1, or with nothing in scope;
;; an application otherwise; the variable the value div 4 mod the number
;; in scope, counted from the innermost).
;;
;; (run n) => (the combinators' types, #f for one without; how many of
;;             the n terms have a type, their arrows summed, the most
;;             arrows in one, the type of the last term that has one)

(define (infer term)
  (define counter 0)
  (define (fresh!)
    (set! counter (+ counter 1))
    counter)
  (define (walk type subst)
    (if (integer? type)
        (let ((binding (assv type subst)))
          (if binding (walk (cdr binding) subst) type))
        type))
  (define (occurs? var type subst)
    (let ((type (walk type subst)))
      (if (integer? type)
          (= var type)
          (or (occurs? var (cadr type) subst)
              (occurs? var (caddr type) subst)))))
  (define (unify a b subst)
    (let ((a (walk a subst))
          (b (walk b subst)))
      (cond ((and (integer? a) (integer? b) (= a b)) subst)
            ((integer? a) (if (occurs? a b subst) #f (cons (cons a b) subst)))
            ((integer? b) (if (occurs? b a subst) #f (cons (cons b a) subst)))
            (else (let ((subst (unify (cadr a) (cadr b) subst)))
                    (and subst (unify (caddr a) (caddr b) subst)))))))
  (define (resolve type subst)
    (let ((type (walk type subst)))
      (if (integer? type)
          type
          (list '-> (resolve (cadr type) subst) (resolve (caddr type) subst)))))
  ;; (type . subst), or #f
  (define (go term env subst)
    (cond ((symbol? term) (cons (cdr (assq term env)) subst))
          ((eq? (car term) 'lambda)
           (let* ((var (fresh!))
                  (body (go (caddr term) (cons (cons (car (cadr term)) var) env) subst)))
             (and body (cons (list '-> var (car body)) (cdr body)))))
          (else
           (let ((fun (go (car term) env subst)))
             (and fun
                  (let ((arg (go (cadr term) env (cdr fun))))
                    (and arg
                         (let* ((result (fresh!))
                                (subst (unify (car fun) (list '-> (car arg) result) (cdr arg))))
                           (and subst (cons result subst))))))))))
  (let ((found (go term '() '())))
    (and found (resolve (car found) (cdr found)))))

(define (arrows type)
  (if (integer? type)
      0
      (+ 1 (arrows (cadr type)) (arrows (caddr type)))))

(define (type->string type)
  (let ((names '()))
    (define (name-of var)
      (let ((named (assv var names)))
        (if named
            (cdr named)
            (let* ((k (length names))
                   (name (if (< k 26)
                             (string (integer->char (+ (char->integer #\a) k)))
                             (string-append "t" (number->string k)))))
              (set! names (cons (cons var name) names))
              name))))
    (define (show type)
      (if (integer? type)
          (name-of type)
          (let* ((from (show (cadr type)))
                 (to (show (caddr type))))
            (string-append (if (integer? (cadr type)) from (string-append "(" from ")"))
                           " -> " to))))
    (show type)))

(define combinators
  '((lambda (x) x)
    (lambda (x) (lambda (y) x))
    (lambda (x) (lambda (y) (lambda (z) ((x z) (y z)))))
    (lambda (f) (lambda (g) (lambda (x) (f (g x)))))
    (lambda (f) (lambda (x) (f (f x))))
    (lambda (x) (x x))))

(define seed 1)

(define (next-choice!)
  (set! seed (modulo (* 16807 seed) 2147483647))
  seed)

(define names '#(x0 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11))

(define (random-term depth scope)
  (let ((r (next-choice!)))
    (cond ((and (pair? scope) (or (<= depth 0) (= (modulo r 4) 0)))
           (list-ref scope (modulo (quotient r 4) (length scope))))
          ((or (null? scope) (<= depth 0) (= (modulo r 4) 1))
           (let ((var (vector-ref names (length scope))))
             (list 'lambda (list var) (random-term (- depth 1) (cons var scope)))))
          (else
           (list (random-term (- depth 1) scope)
                 (random-term (- depth 1) scope))))))

(define (run n)
  (set! seed 1)
  (let loop ((i 0) (typed 0) (total 0) (most 0) (last #f))
    (if (= i n)
        (list (map (lambda (term)
                     (let ((type (infer term)))
                       (and type (type->string type))))
                   combinators)
              typed
              total
              most
              (and last (type->string last)))
        (let* ((term (random-term (+ 1 (modulo i 8)) '()))
               (type (infer term)))
          (if type
              (loop (+ i 1) (+ typed 1) (+ total (arrows type)) (max most (arrows type)) type)
              (loop (+ i 1) typed total most last))))))
