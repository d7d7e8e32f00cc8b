;; symbols: symbols made and compared.  Variable names built with
;; string-append and string->symbol, expressions generated as lists,
;; simplified by case on the operator and cond on the operands ((+ x 0) is
;; x, (* 1 y) is y, numbers folded), rebuilt with quasiquote, evaluated in
;; an environment that is an association list searched with assq, and
;; their variables found through symbol->string.
;;
;; (run n) => (how many of n simplified expressions are numbers, symbols
;;             and lists, their total size, the variables left in them,
;;             whether every one keeps its value, the sum of the values
;;             modulo 1000003)

(define seed 1)

(define (next-random!)
  (set! seed (modulo (+ (* seed 37) 11) 1009))
  seed)

(define (variable k)
  (string->symbol (string-append "x" (number->string k))))

(define environment
  (map (lambda (k value) (cons (variable k) value))
       '(0 1 2 3)
       '(3 5 7 11)))

(define (make-leaf r)
  (case (modulo r 6)
    ((0) 0)
    ((1) 1)
    ((2) (modulo r 10))
    (else (variable (modulo r 4)))))

(define (make-operator r)
  (case (modulo r 3)
    ((0) '+)
    ((1) '*)
    (else '-)))

(define (make-expression depth)
  (let ((r (next-random!)))
    (if (= depth 0)
        (make-leaf r)
        (let* ((operator (make-operator r))
               (left (make-expression (- depth 1)))
               (right (make-expression (- depth 1))))
          (list operator left right)))))

(define (simplify e)
  (if (not (pair? e))
      e
      (let ((a (simplify (cadr e)))
            (b (simplify (caddr e))))
        (case (car e)
          ((+) (cond ((and (number? a) (number? b)) (+ a b))
                     ((eqv? a 0) b)
                     ((eqv? b 0) a)
                     (else `(+ ,a ,b))))
          ((*) (cond ((and (number? a) (number? b)) (* a b))
                     ((or (eqv? a 0) (eqv? b 0)) 0)
                     ((eqv? a 1) b)
                     ((eqv? b 1) a)
                     (else `(* ,a ,b))))
          ((-) (cond ((and (number? a) (number? b)) (- a b))
                     ((eqv? b 0) a)
                     ((and (symbol? a) (eq? a b)) 0)
                     (else `(- ,a ,b))))
          (else (error "simplify: unknown operator" (car e)))))))

(define (evaluate e env)
  (cond ((number? e) e)
        ((symbol? e) (cdr (assq e env)))
        (else
         (let ((a (evaluate (cadr e) env))
               (b (evaluate (caddr e) env)))
           (case (car e)
             ((+) (+ a b))
             ((*) (* a b))
             ((-) (- a b)))))))

(define (size e)
  (if (pair? e)
      (+ 1 (size (cadr e)) (size (caddr e)))
      1))

(define (variable? x)
  (and (symbol? x)
       (char=? (string-ref (symbol->string x) 0) #\x)))

(define (count-variables e)
  (cond ((variable? e) 1)
        ((pair? e) (+ (count-variables (car e)) (count-variables (cdr e))))
        (else 0)))

(define (run n)
  (set! seed 1)
  (let loop ((i 0) (numbers 0) (symbols 0) (lists 0) (total-size 0)
             (variables 0) (same #t) (sum 0))
    (if (= i n)
        (list numbers symbols lists total-size variables same sum)
        (let* ((e (make-expression 3))
               (s (simplify e))
               (value (evaluate s environment)))
          (loop (+ i 1)
                (if (number? s) (+ numbers 1) numbers)
                (if (symbol? s) (+ symbols 1) symbols)
                (if (pair? s) (+ lists 1) lists)
                (+ total-size (size s))
                (+ variables (count-variables s))
                (and same (= value (evaluate e environment)))
                (modulo (+ sum value) 1000003))))))
