;; infer: Hindley-Milner type inference (algorithm W) for a small lambda
;; calculus of numbers, booleans, lambda (curried when it takes several
;; parameters), application (curried likewise), if and a polymorphic let.
;; Types are the symbols int and bool, type variables (numbers, handed
;; out by a counter), and lists (-> argument result) and (list item),
;; built by quasiquote.  A substitution is an association list from type
;; variables to types, extended by cons and searched by assv; unify walks
;; both types through it, binds a variable after the occurs check, and
;; raises a list (type-error kind) when the types cannot be made equal.
;; The environment is an association list from names to type schemes
;; (forall (variables ...) type), searched by assq; let generalizes over
;; the variables not free in the environment, and a name's scheme is
;; instantiated with fresh variables each time it is used.
;;
;; A type is written with its variables renamed a, b, c, ... in the
;; order they first appear, arrows to the right without parentheses,
;; lists in brackets: "(a -> b) -> [a] -> [b]".  Every term is inferred
;; inside guard, whose clause answers the kind of a type error.
;;
;; Fifteen terms written out (composition, S, K, map and foldr by fix,
;; self-application, ...), then n random terms of depth 5 over the
;; built-ins: each part drawn in a let* (x -> (1103515245x + 12345) mod
;; 2^31 from x = 3, each draw x div 65536), then put together by
;; quasiquote.
;;
;; (run n) => (what the fifteen terms give, the random terms typed, those
;;             that failed the occurs check, those whose types clashed,
;;             the characters of the random terms' types summed)

(define seed 3)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define counter 0)

(define (fresh!)
  (set! counter (+ counter 1))
  counter)

(define (type-variable? t) (number? t))

(define (walk t s)
  (if (type-variable? t)
      (let ((binding (assv t s)))
        (if binding (walk (cdr binding) s) t))
      t))

(define (resolve t s)
  (let ((t (walk t s)))
    (if (pair? t)
        (cons (car t) (map (lambda (u) (resolve u s)) (cdr t)))
        t)))

(define (occurs? v t s)
  (let ((t (walk t s)))
    (cond ((type-variable? t) (= v t))
          ((pair? t) (let loop ((args (cdr t)))
                       (and (pair? args)
                            (or (occurs? v (car args) s) (loop (cdr args))))))
          (else #f))))

(define (unify t1 t2 s)
  (let ((t1 (walk t1 s))
        (t2 (walk t2 s)))
    (cond ((and (type-variable? t1) (type-variable? t2) (= t1 t2)) s)
          ((type-variable? t1)
           (if (occurs? t1 t2 s) (raise '(type-error occurs)) (cons (cons t1 t2) s)))
          ((type-variable? t2)
           (if (occurs? t2 t1 s) (raise '(type-error occurs)) (cons (cons t2 t1) s)))
          ((and (symbol? t1) (symbol? t2))
           (if (eq? t1 t2) s (raise '(type-error mismatch))))
          ((and (pair? t1) (pair? t2) (eq? (car t1) (car t2)))
           (let loop ((as (cdr t1)) (bs (cdr t2)) (s s))
             (if (null? as) s (loop (cdr as) (cdr bs) (unify (car as) (car bs) s)))))
          (else (raise '(type-error mismatch))))))

(define (type-variables t acc)
  (cond ((type-variable? t) (if (memv t acc) acc (cons t acc)))
        ((pair? t) (let loop ((args (cdr t)) (acc acc))
                     (if (null? args) acc (loop (cdr args) (type-variables (car args) acc)))))
        (else acc)))

(define (env-variables env s)
  (let loop ((env env) (acc '()))
    (if (null? env)
        acc
        (let* ((scheme (cdar env))
               (free (type-variables (resolve (caddr scheme) s) '())))
          (loop (cdr env)
                (let add ((free free) (acc acc))
                  (cond ((null? free) acc)
                        ((or (memv (car free) (cadr scheme)) (memv (car free) acc)) (add (cdr free) acc))
                        (else (add (cdr free) (cons (car free) acc))))))))))

(define (generalize t env s)
  (let* ((t (resolve t s))
         (fixed (env-variables env s))
         (vars (let loop ((vs (reverse (type-variables t '()))) (acc '()))
                 (cond ((null? vs) (reverse acc))
                       ((memv (car vs) fixed) (loop (cdr vs) acc))
                       (else (loop (cdr vs) (cons (car vs) acc)))))))
    `(forall ,vars ,t)))

(define (instantiate scheme)
  (let ((renaming (map (lambda (v) (cons v (fresh!))) (cadr scheme))))
    (let copy ((t (caddr scheme)))
      (cond ((type-variable? t) (let ((r (assv t renaming))) (if r (cdr r) t)))
            ((pair? t) (cons (car t) (map copy (cdr t))))
            (else t)))))

(define (mono t) `(forall () ,t))

;; The type of term in env under s, and the substitution grown.
(define (infer term env s)
  (cond ((number? term) (values 'int s))
        ((boolean? term) (values 'bool s))
        ((symbol? term)
         (let ((binding (assq term env)))
           (if binding
               (values (instantiate (cdr binding)) s)
               (raise '(type-error unbound)))))
        ((eq? (car term) 'lambda)
         (let ((params (cadr term)) (body (caddr term)))
           (if (null? (cdr params))
               (let ((a (fresh!)))
                 (let-values (((t s) (infer body (cons (cons (car params) (mono a)) env) s)))
                   (values `(-> ,a ,t) s)))
               (infer `(lambda (,(car params)) (lambda ,(cdr params) ,body)) env s))))
        ((eq? (car term) 'if)
         (let*-values (((tc s) (infer (cadr term) env s))
                       ((tt s) (infer (caddr term) env (unify tc 'bool s)))
                       ((te s) (infer (cadddr term) env s)))
           (values tt (unify tt te s))))
        ((eq? (car term) 'let)
         (let* ((binding (caadr term))
                (name (car binding)))
           (let-values (((t1 s) (infer (cadr binding) env s)))
             (infer (caddr term) (cons (cons name (generalize t1 env s)) env) s))))
        ((null? (cddr term))
         (let*-values (((tf s) (infer (car term) env s))
                       ((ta s) (infer (cadr term) env s)))
           (let ((r (fresh!)))
             (values r (unify tf `(-> ,ta ,r) s)))))
        (else
         (infer (cons (list (car term) (cadr term)) (cddr term)) env s))))

(define builtins
  `((+ . (forall () (-> int (-> int int))))
    (- . (forall () (-> int (-> int int))))
    (* . (forall () (-> int (-> int int))))
    (= . (forall () (-> int (-> int bool))))
    (< . (forall () (-> int (-> int bool))))
    (not . (forall () (-> bool bool)))
    (nil . (forall (1) (list 1)))
    (cons . (forall (1) (-> 1 (-> (list 1) (list 1)))))
    (car . (forall (1) (-> (list 1) 1)))
    (cdr . (forall (1) (-> (list 1) (list 1))))
    (null? . (forall (1) (-> (list 1) bool)))
    (fix . (forall (1) (-> (-> 1 1) 1)))))

(define (variable-name k)
  (if (< k 26)
      (string (integer->char (+ k (char->integer #\a))))
      (string-append "t" (number->string k))))

(define (type->string t)
  (let ((names (let loop ((vs (reverse (type-variables t '()))) (k 0) (acc '()))
                 (if (null? vs) acc (loop (cdr vs) (+ k 1) (cons (cons (car vs) (variable-name k)) acc)))))
        (out (open-output-string)))
    (let put ((t t))
      (cond ((type-variable? t) (display (cdr (assv t names)) out))
            ((symbol? t) (display t out))
            ((eq? (car t) 'list)
             (write-char #\[ out) (put (cadr t)) (write-char #\] out))
            (else
             (let ((arg (cadr t)))
               (if (and (pair? arg) (eq? (car arg) '->))
                   (begin (write-char #\( out) (put arg) (write-char #\) out))
                   (put arg))
               (display " -> " out)
               (put (caddr t))))))
    (get-output-string out)))

(define (type-of term)
  (set! counter 100)
  (guard (e ((and (pair? e) (eq? (car e) 'type-error))
             (symbol->string (cadr e))))
    (let-values (((t s) (infer term builtins '())))
      (type->string (resolve t s)))))

(define examples
  '((lambda (x) x)
    (lambda (x y) x)
    (lambda (f g x) (f (g x)))
    (lambda (x y z) (x z (y z)))
    (lambda (f x) (f (f x)))
    (let ((id (lambda (x) x))) (id id))
    ((lambda (id) (id id)) (lambda (x) x))
    (lambda (x) (x x))
    (if 1 2 3)
    (+ 1 #t)
    (lambda (x) y)
    (fix (lambda (map f xs) (if (null? xs) nil (cons (f (car xs)) (map f (cdr xs))))))
    (fix (lambda (foldr f z xs) (if (null? xs) z (f (car xs) (foldr f z (cdr xs))))))
    (let ((pair (lambda (a b k) (k a b)))) (pair 1 #t))
    (let ((twice (lambda (f x) (f (f x))))) (twice twice (+ 1) 0))))

(define names-made 0)

(define (fresh-name!)
  (set! names-made (+ names-made 1))
  (string->symbol (string-append "x" (number->string names-made))))

(define (random-term depth scope)
  (case (modulo (next-random!) (if (= depth 0) 3 8))
    ((0) (modulo (next-random!) 10))
    ((1) (= (modulo (next-random!) 2) 0))
    ((2) (list-ref scope (modulo (next-random!) (length scope))))
    ((3 4) (let* ((f (random-term (- depth 1) scope))
                  (a (random-term (- depth 1) scope)))
             `(,f ,a)))
    ((5) (let* ((x (fresh-name!))
                (body (random-term (- depth 1) (cons x scope))))
           `(lambda (,x) ,body)))
    ((6) (let* ((c (random-term (- depth 1) scope))
                (t (random-term (- depth 1) scope))
                (e (random-term (- depth 1) scope)))
           `(if ,c ,t ,e)))
    (else (let* ((x (fresh-name!))
                 (value (random-term (- depth 1) scope))
                 (body (random-term (- depth 1) (cons x scope))))
            `(let ((,x ,value)) ,body)))))

(define (run n)
  (set! seed 3)
  (set! names-made 0)
  (let ((fixed (map type-of examples))
        (scope '(+ = not nil cons car cdr null?)))
    (let loop ((k 0) (typed 0) (occurs 0) (mismatch 0) (length-sum 0))
      (if (= k n)
          (list fixed typed occurs mismatch length-sum)
          (let ((answer (type-of (random-term 5 scope))))
            (cond ((string=? answer "occurs") (loop (+ k 1) typed (+ occurs 1) mismatch length-sum))
                  ((string=? answer "mismatch") (loop (+ k 1) typed occurs (+ mismatch 1) length-sum))
                  (else (loop (+ k 1) (+ typed 1) occurs mismatch
                              (+ length-sum (string-length answer))))))))))
