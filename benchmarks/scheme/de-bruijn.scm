;; de-bruijn: the untyped lambda calculus reduced to normal form, its
;; terms in de Bruijn's nameless form.  Terms are written with names as
;; quoted lists, (lambda (x y) body) and (f a b), built up by quasiquote,
;; and turned into tagged lists (var k), (lam body) and (app f a) by a
;; recursive walk that looks each name up in the list of the names bound
;; around it.  shift and subst are the textbook's (TAPL 6.2), by case on
;; the tag and plain recursion; a beta step shifts the argument up,
;; substitutes it for index 0 and shifts the result down.  Reduction is
;; normal order, one leftmost outermost step at a time, each step walking
;; the term again from its root; a normal form is a term with no step,
;; #f from the stepper.
;;
;; The terms: Church numerals and their plus, times, predecessor (by
;; pairs of functions), subtraction, a zero test and booleans, and the
;; factorial by the Y combinator.  For k = 1 .. n: k + k, k * (k + 1),
;; the predecessor of 2k, and whether k * (k + 1) and k * k + k have the
;; same normal form (equal?: names gone, terms that differ only in their
;; bound names are the same list); then whether 3 - 3 is zero, and
;; 2 factorial.  A numeral is read back by counting the applications of f
;; in its normal form.
;;
;; (run n) => (the steps taken for k = 1 .. n, the numbers read back
;;             summed, how many k * (k + 1) = k * k + k held, whether
;;             3 - 3 is zero, 2 factorial, the steps of those two)

;; from names to indices

(define (index-of name names)
  (let loop ((names names) (k 0))
    (cond ((null? names) (error "free variable" name))
          ((eq? (car names) name) k)
          (else (loop (cdr names) (+ k 1))))))

(define (nameless e names)
  (cond ((symbol? e) (list 'var (index-of e names)))
        ((eq? (car e) 'lambda)
         (let params ((ps (cadr e)) (names names))
           (if (null? ps)
               (nameless (caddr e) names)
               (list 'lam (params (cdr ps) (cons (car ps) names))))))
        (else
         (let apply-to ((f (nameless (car e) names)) (args (cdr e)))
           (if (null? args)
               f
               (apply-to (list 'app f (nameless (car args) names))
                         (cdr args)))))))

;; shifting and substitution

(define (shift d c t)
  (case (car t)
    ((var) (if (>= (cadr t) c) (list 'var (+ (cadr t) d)) t))
    ((lam) (list 'lam (shift d (+ c 1) (cadr t))))
    ((app) (list 'app (shift d c (cadr t)) (shift d c (caddr t))))))

(define (subst j s t)
  (case (car t)
    ((var) (if (= (cadr t) j) s t))
    ((lam) (list 'lam (subst (+ j 1) (shift 1 0 s) (cadr t))))
    ((app) (list 'app (subst j s (cadr t)) (subst j s (caddr t))))))

(define (beta body arg)
  (shift -1 0 (subst 0 (shift 1 0 arg) body)))

;; normal-order reduction

(define (step t)
  ;; => the term after one leftmost outermost step, or #f
  (case (car t)
    ((var) #f)
    ((lam)
     (let ((body (step (cadr t))))
       (and body (list 'lam body))))
    ((app)
     (let ((f (cadr t)) (a (caddr t)))
       (if (eq? (car f) 'lam)
           (beta (cadr f) a)
           (let ((f2 (step f)))
             (if f2
                 (list 'app f2 a)
                 (let ((a2 (step a)))
                   (and a2 (list 'app f a2))))))))))

(define steps 0)

(define (normalize t)
  (let ((next (step t)))
    (if next
        (begin (set! steps (+ steps 1))
               (normalize next))
        t)))

;; Church numerals and friends

(define (church k)
  `(lambda (f x) ,(let loop ((k k))
                    (if (= k 0) 'x `(f ,(loop (- k 1)))))))

(define (church->number t)
  ;; (lam (lam (app (var 1) ... (var 0)))) => the count, or #f
  (and (eq? (car t) 'lam)
       (eq? (car (cadr t)) 'lam)
       (let count ((body (cadr (cadr t))) (k 0))
         (cond ((equal? body '(var 0)) k)
               ((and (eq? (car body) 'app) (equal? (cadr body) '(var 1)))
                (count (caddr body) (+ k 1)))
               (else #f)))))

(define true '(lambda (t f) t))
(define false '(lambda (t f) f))
(define plus '(lambda (m n f x) (m f (n f x))))
(define times '(lambda (m n f) (m (n f))))
(define pred '(lambda (n f x) (n (lambda (g h) (h (g f))) (lambda (u) x) (lambda (u) u))))
(define minus `(lambda (m n) (n ,pred m)))
(define is-zero `(lambda (n) (n (lambda (x) ,false) ,true)))
(define y-combinator '(lambda (f) ((lambda (x) (f (x x))) (lambda (x) (f (x x))))))
(define factorial
  `(,y-combinator
    (lambda (fact n)
      ((,is-zero n) ,(church 1) (,times n (fact (,pred n)))))))

(define (evaluate e)
  (normalize (nameless e '())))

(define (run n)
  (set! steps 0)
  (let loop ((k 1) (sum 0) (laws 0))
    (if (> k n)
        (let* ((before steps)
               (zero (equal? (evaluate `(,is-zero (,minus ,(church 3) ,(church 3))))
                             (nameless true '())))
               (fact (church->number (evaluate `(,factorial ,(church 2))))))
          (list before sum laws zero fact (- steps before)))
        (let ((doubled (church->number (evaluate `(,plus ,(church k) ,(church k)))))
              (product (evaluate `(,times ,(church k) (,plus ,(church k) ,(church 1)))))
              (less (church->number (evaluate `(,pred (,plus ,(church k) ,(church k))))))
              (other (evaluate `(,plus (,times ,(church k) ,(church k)) ,(church k)))))
          (loop (+ k 1)
                (+ sum doubled (church->number product) less)
                (if (equal? product other) (+ laws 1) laws))))))
