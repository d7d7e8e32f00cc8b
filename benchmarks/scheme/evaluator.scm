;; evaluator: a small interpreter for arithmetic with let and a zero test,
;; the environment an association list searched with assq, the forms told
;; apart with case on the operator symbol.
;;
;; (run n) => the sum of the program's value for n = 0 .. n-1.

(define (lookup name env)
  (let ((binding (assq name env)))
    (if binding
        (cdr binding)
        (error "unbound variable" name))))

(define (evaluate e env)
  (cond ((number? e) e)
        ((symbol? e) (lookup e env))
        (else
         (case (car e)
           ((+) (+ (evaluate (cadr e) env) (evaluate (caddr e) env)))
           ((-) (- (evaluate (cadr e) env) (evaluate (caddr e) env)))
           ((*) (* (evaluate (cadr e) env) (evaluate (caddr e) env)))
           ((let)
            (let ((name (car (cadr e)))
                  (value (evaluate (cadr (cadr e)) env)))
              (evaluate (caddr e) (cons (cons name value) env))))
           ((if0)
            (if (= (evaluate (cadr e) env) 0)
                (evaluate (caddr e) env)
                (evaluate (cadddr e) env)))
           (else (error "unknown form" e))))))

(define program
  '(let (a (* n 2))
     (let (b (+ a 3))
       (let (c (- b n))
         (if0 (- c 3)
              (* b 10)
              (+ (* a b) (- c (* n n))))))))

(define (run n)
  (let loop ((i 0) (total 0))
    (if (= i n)
        total
        (loop (+ i 1) (+ total (evaluate program (list (cons 'n i))))))))
