;; spreadsheet: a sheet of cells whose formulas are evaluated on demand.
;; The sheet is a procedure taking messages ('define, 'value, 'reset,
;; 'evaluations) over an association list from cell names (symbols made
;; by string->symbol) to a formula and a promise; the promise, made by
;; delay, evaluates the formula once and force hands back its value after.
;; A formula is a number, a cell's name or (op a b) for op one of + - *
;; max min, its value taken mod 10007.  Cell k < 5 holds k + 1; cell k >= 5
;; is (op a b) for cells a and b among the 40 before it, chosen by
;; x -> (75x + 74) mod 65537 from x = 1.  Every cell is asked for in order;
;; then cell 2 is set to 1000, every promise made again, and every
;; seventh cell asked for.
;;
;; (run n) => (the sum of the n values mod 10007, evaluations, the value
;;             of the last cell, evaluations after asking for it again;
;;             after the change: the sum of every seventh value mod 10007,
;;             the evaluations it took, the last cell asked for's value)

(define (make-sheet)
  (let ((cells '())
        (evaluations 0))
    (define (entry-of name)
      (let ((entry (assq name cells)))
        (if entry
            entry
            (error "no such cell" name))))
    (define (evaluate formula)
      (cond ((number? formula) formula)
            ((symbol? formula) (value-of formula))
            (else
             (let ((a (evaluate (cadr formula)))
                   (b (evaluate (caddr formula))))
               (modulo (case (car formula)
                         ((+) (+ a b))
                         ((-) (- a b))
                         ((*) (* a b))
                         ((max) (max a b))
                         (else (min a b)))
                       10007)))))
    (define (promise-for formula)
      (delay (begin
               (set! evaluations (+ evaluations 1))
               (evaluate formula))))
    (define (value-of name)
      (force (cddr (entry-of name))))
    (define (define-cell! name formula)
      (let ((entry (assq name cells)))
        (if entry
            (set-cdr! entry (cons formula (promise-for formula)))
            (set! cells (cons (cons name (cons formula (promise-for formula))) cells)))))
    (define (reset!)
      (for-each (lambda (entry)
                  (set-cdr! entry (cons (cadr entry) (promise-for (cadr entry)))))
                cells))
    (lambda (message . arguments)
      (case message
        ((define) (define-cell! (car arguments) (cadr arguments)))
        ((value) (value-of (car arguments)))
        ((reset) (reset!))
        ((evaluations) evaluations)
        (else (error "unknown message" message))))))

(define (cell-name k)
  (string->symbol (string-append "c" (number->string k))))

(define operators '#(+ - * max min))

(define (next-random x) (modulo (+ (* 75 x) 74) 65537))

(define (fill-sheet! sheet n)
  (let loop ((k 0) (x 1))
    (cond ((= k n) 'done)
          ((< k 5)
           (sheet 'define (cell-name k) (+ k 1))
           (loop (+ k 1) x))
          (else
           (let* ((x1 (next-random x))
                  (x2 (next-random x1))
                  (x3 (next-random x2))
                  (reach (min k 40))
                  (a (- k 1 (modulo x2 reach)))
                  (b (- k 1 (modulo x3 reach))))
             (sheet 'define (cell-name k)
                    (list (vector-ref operators (modulo x1 5)) (cell-name a) (cell-name b)))
             (loop (+ k 1) x3))))))

(define (sum-values sheet from step n)
  (do ((k from (+ k step))
       (sum 0 (modulo (+ sum (sheet 'value (cell-name k))) 10007)))
      ((>= k n) sum)))

(define (run n)
  (let ((sheet (make-sheet)))
    (fill-sheet! sheet n)
    (let* ((sum (sum-values sheet 0 1 n))
           (evaluations (sheet 'evaluations))
           (last (sheet 'value (cell-name (- n 1))))
           (again (sheet 'evaluations)))
      (sheet 'define (cell-name 2) 1000)
      (sheet 'reset)
      (let* ((sevenths (sum-values sheet 0 7 n))
             (more (- (sheet 'evaluations) again))
             (last-asked (sheet 'value (cell-name (* 7 (quotient (- n 1) 7))))))
        (list sum evaluations last again sevenths more last-asked)))))
