;; turtle: an interpreter of a small Logo, its programs quoted lists.  A
;; turtle is a define-record-type record with mutable fields: where it
;; is (floats once it has moved), its heading in degrees (exact while the
;; turns are), whether its pen is down, and what it has drawn (segments,
;; their length, the box around them).  Its heading is turned into
;; radians for cos and sin at each move.
;;
;; Commands: forward, back, left, right, penup, pendown, (repeat count
;; command ...), (if test command ...), (ifelse test (command ...)
;; (command ...)), (jump distance), which moves with the pen up inside
;; dynamic-wind so that the pen is put back however the move is left,
;; (stop), and calls of procedures defined by (to name (parameter ...)
;; command ...).  Expressions are numbers, parameters (looked up by assq
;; in an association-list environment) and (operator expression ...),
;; the operator found in a table built by quasiquote and applied by
;; apply.  A procedure's body runs inside call/cc, its continuation
;; bound in its environment as the procedure stop calls: one escape, out
;; of the procedure, never re-entered.  Procedures are kept in an
;; association list of their own.
;;
;; (run n) draws a square of side n, a square spiral (turning 91) of
;; min(n, 500) segments by a procedure that calls itself until a stop,
;; n / 10 pentagons each turned 7 degrees from the last, a binary tree of
;; depth min(9, n / 200) that jumps back down each branch, and a Koch
;; snowflake of depth min(4, n / 400), all with one turtle, and returns
;; (the segments drawn, their length, the box's left, right, bottom and
;; top and the turtle's x and y, each times 100 rounded, the heading as
;; number->string writes it, whether the pen is down)

(define-record-type turtle
  (make-turtle x y heading pen-down? segments drawn min-x max-x min-y max-y)
  turtle?
  (x turtle-x set-turtle-x!)
  (y turtle-y set-turtle-y!)
  (heading turtle-heading set-turtle-heading!)
  (pen-down? turtle-pen-down? set-turtle-pen-down!)
  (segments turtle-segments set-turtle-segments!)
  (drawn turtle-drawn set-turtle-drawn!)
  (min-x turtle-min-x set-turtle-min-x!)
  (max-x turtle-max-x set-turtle-max-x!)
  (min-y turtle-min-y set-turtle-min-y!)
  (max-y turtle-max-y set-turtle-max-y!))

(define pi (* 4 (atan 1)))

(define (new-turtle)
  (make-turtle 0 0 0 #t 0 0 0 0 0 0))

(define (move! t distance)
  (let* ((radians (/ (* (turtle-heading t) pi) 180))
         (x (+ (turtle-x t) (* distance (cos radians))))
         (y (+ (turtle-y t) (* distance (sin radians)))))
    (when (turtle-pen-down? t)
      (set-turtle-segments! t (+ (turtle-segments t) 1))
      (set-turtle-drawn! t (+ (turtle-drawn t) (abs distance)))
      (set-turtle-min-x! t (min (turtle-min-x t) x))
      (set-turtle-max-x! t (max (turtle-max-x t) x))
      (set-turtle-min-y! t (min (turtle-min-y t) y))
      (set-turtle-max-y! t (max (turtle-max-y t) y)))
    (set-turtle-x! t x)
    (set-turtle-y! t y)))

(define (turn! t degrees)
  (set-turtle-heading! t (+ (turtle-heading t) degrees)))

(define operators
  `((+ . ,+) (- . ,-) (* . ,*) (/ . ,/) (= . ,=) (< . ,<) (> . ,>) (min . ,min)))

(define (value expression env)
  (cond ((number? expression) expression)
        ((symbol? expression)
         (let ((binding (assq expression env)))
           (if binding (cdr binding) (error "unbound name" expression))))
        (else
         (let ((operator (assq (car expression) operators)))
           (if operator
               (apply (cdr operator) (map (lambda (e) (value e env)) (cdr expression)))
               (error "unknown operator" (car expression)))))))

(define (execute-all commands t env procedures)
  (for-each (lambda (command) (execute command t env procedures)) commands))

(define (execute command t env procedures)
  (define (argument) (value (cadr command) env))
  (case (car command)
    ((forward) (move! t (argument)))
    ((back) (move! t (- (argument))))
    ((left) (turn! t (argument)))
    ((right) (turn! t (- (argument))))
    ((penup) (set-turtle-pen-down! t #f))
    ((pendown) (set-turtle-pen-down! t #t))
    ((repeat)
     (do ((k (argument) (- k 1)))
         ((<= k 0))
       (execute-all (cddr command) t env procedures)))
    ((if)
     (when (argument)
       (execute-all (cddr command) t env procedures)))
    ((ifelse)
     (execute-all (if (argument) (caddr command) (cadddr command)) t env procedures))
    ((jump)
     (let ((pen (turtle-pen-down? t)))
       (dynamic-wind
        (lambda () (set-turtle-pen-down! t #f))
        (lambda () (move! t (argument)))
        (lambda () (set-turtle-pen-down! t pen)))))
    ((stop) ((cdr (assq 'stop env)) 'stopped))
    (else
     (let ((procedure (assq (car command) procedures)))
       (unless procedure (error "unknown command" (car command)))
       (let* ((parameters (cadr procedure))
              (arguments (map (lambda (e) (value e env)) (cdr command)))
              (body (cddr procedure)))
         (call-with-current-continuation
          (lambda (stop)
            (execute-all body t
                         (cons (cons 'stop stop) (map cons parameters arguments))
                         procedures))))))))

(define library
  '((to square (size)
      (repeat 4 (forward size) (right 90)))
    (to polygon (sides size)
      (repeat sides (forward size) (right (/ 360 sides))))
    (to spiral (size step limit)
      (if (> size limit) (stop))
      (forward size)
      (right 91)
      (spiral (+ size step) step limit))
    (to tree (size depth)
      (if (= depth 0) (stop))
      (forward size)
      (left 30)
      (tree (* size 0.7) (- depth 1))
      (right 60)
      (tree (* size 0.7) (- depth 1))
      (left 30)
      (jump (- size)))
    (to koch (size depth)
      (ifelse (= depth 0)
              ((forward size))
              ((koch (/ size 3) (- depth 1))
               (left 60)
               (koch (/ size 3) (- depth 1))
               (right 120)
               (koch (/ size 3) (- depth 1))
               (left 60)
               (koch (/ size 3) (- depth 1)))))
    (to snowflake (size depth)
      (repeat 3 (koch size depth) (right 120)))))

(define (define-procedures program)
  (map (lambda (definition) (cdr definition)) program))

(define (hundredths x)
  (exact (round (* 100 x))))

(define (run n)
  (let ((t (new-turtle))
        (procedures (define-procedures library)))
    (execute-all `((square ,n)
                   (spiral 1 1 ,(min n 500))
                   (repeat ,(quotient n 10) (polygon 5 20) (right 7))
                   (penup) (forward 10) (pendown)
                   (tree 40 ,(min 9 (quotient n 200)))
                   (snowflake 90 ,(min 4 (quotient n 400))))
                 t '() procedures)
    (list (turtle-segments t)
          (hundredths (turtle-drawn t))
          (map hundredths (list (turtle-min-x t) (turtle-max-x t) (turtle-min-y t) (turtle-max-y t)
                                (turtle-x t) (turtle-y t)))
          (number->string (turtle-heading t))
          (turtle-pen-down? t))))
