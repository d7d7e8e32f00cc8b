;; simplify: algebraic expressions as trees of define-record-type
;; records, simplified, differentiated, evaluated and printed.  A node is
;; a number, a variable (a symbol), a sum, a product or a power whose
;; exponent is a small exact integer; every procedure tells them apart by
;; a cond over the record predicates and takes them apart by the
;; accessors, recursing (not in tail position) into each part.
;;
;; simplify works bottom up: numbers are folded (a power of a number by
;; expt), 0 + e, e + 0, 1 * e, e * 1, e^1 become e, 0 * e and e * 0
;; become 0, e^0 becomes 1, e + e becomes 2 * e (same? compares two trees
;; record by record), a power of a power multiplies the exponents.  The
;; derivative in x follows the sum, product and power rules.  Values come
;; from an association list of the variables read by assq; a tree is
;; written to an output string port by write-char, write-string, write
;; for the numbers and display for the variables, sums and products in
;; parentheses, and a power's base too when it is a power.
;;
;; The trees: x -> (1103515245x + 12345) mod 2^31 from x = 41, each draw
;; x div 65536; a tree of depth d is a leaf at depth 0, else by the draw
;; mod 8: a leaf (0), a sum (1, 2), a product (3, 4, 5) or a power (6, 7)
;; of trees of depth d - 1, a power's exponent the next draw mod 4; a
;; leaf by the draw mod 5 is 0, 1, the next draw mod 10, x or y.  Each
;; part of a node is drawn before the next.
;;
;; (run n) => (the nodes of n trees of depth 5, of their simplified
;;             forms, of their simplified derivatives, how many trees
;;             have the value of their simplified form at x = 3, y = -2,
;;             the characters of the simplified derivatives written out,
;;             the values of the simplified derivatives summed mod
;;             1000003, the first tree, its simplified form and its
;;             simplified derivative written out)

(define-record-type <num> (make-num value) num? (value num-value))
(define-record-type <var> (make-var name) var? (name var-name))
(define-record-type <sum> (make-sum left right) sum? (left sum-left) (right sum-right))
(define-record-type <product> (make-product left right) product? (left product-left) (right product-right))
(define-record-type <power> (make-power base exponent) power? (base power-base) (exponent power-exponent))

(define seed 41)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-leaf)
  (case (modulo (next-draw!) 5)
    ((0) (make-num 0))
    ((1) (make-num 1))
    ((2) (make-num (modulo (next-draw!) 10)))
    ((3) (make-var 'x))
    (else (make-var 'y))))

(define (random-tree depth)
  (if (= depth 0)
      (random-leaf)
      (case (modulo (next-draw!) 8)
        ((0) (random-leaf))
        ((1 2) (let* ((left (random-tree (- depth 1)))
                      (right (random-tree (- depth 1))))
                 (make-sum left right)))
        ((3 4 5) (let* ((left (random-tree (- depth 1)))
                        (right (random-tree (- depth 1))))
                   (make-product left right)))
        (else (let* ((base (random-tree (- depth 1)))
                     (exponent (modulo (next-draw!) 4)))
                (make-power base exponent))))))

(define (size e)
  (cond ((sum? e) (+ 1 (size (sum-left e)) (size (sum-right e))))
        ((product? e) (+ 1 (size (product-left e)) (size (product-right e))))
        ((power? e) (+ 1 (size (power-base e))))
        (else 1)))

(define (same? a b)
  (cond ((num? a) (and (num? b) (= (num-value a) (num-value b))))
        ((var? a) (and (var? b) (eq? (var-name a) (var-name b))))
        ((sum? a) (and (sum? b) (same? (sum-left a) (sum-left b)) (same? (sum-right a) (sum-right b))))
        ((product? a) (and (product? b)
                           (same? (product-left a) (product-left b))
                           (same? (product-right a) (product-right b))))
        (else (and (power? b)
                   (= (power-exponent a) (power-exponent b))
                   (same? (power-base a) (power-base b))))))

(define (number-is? e k)
  (and (num? e) (= (num-value e) k)))

;; the rules, each given simplified parts

(define (simple-sum a b)
  (cond ((and (num? a) (num? b)) (make-num (+ (num-value a) (num-value b))))
        ((number-is? a 0) b)
        ((number-is? b 0) a)
        ((same? a b) (make-product (make-num 2) a))
        (else (make-sum a b))))

(define (simple-product a b)
  (cond ((and (num? a) (num? b)) (make-num (* (num-value a) (num-value b))))
        ((or (number-is? a 0) (number-is? b 0)) (make-num 0))
        ((number-is? a 1) b)
        ((number-is? b 1) a)
        (else (make-product a b))))

(define (simple-power a k)
  (cond ((= k 0) (make-num 1))
        ((= k 1) a)
        ((num? a) (make-num (expt (num-value a) k)))
        ((power? a) (simple-power (power-base a) (* k (power-exponent a))))
        (else (make-power a k))))

(define (simplify e)
  (cond ((sum? e) (simple-sum (simplify (sum-left e)) (simplify (sum-right e))))
        ((product? e) (simple-product (simplify (product-left e)) (simplify (product-right e))))
        ((power? e) (simple-power (simplify (power-base e)) (power-exponent e)))
        (else e)))

(define (derive e)
  (cond ((num? e) (make-num 0))
        ((var? e) (make-num (if (eq? (var-name e) 'x) 1 0)))
        ((sum? e) (make-sum (derive (sum-left e)) (derive (sum-right e))))
        ((product? e)
         (make-sum (make-product (derive (product-left e)) (product-right e))
                   (make-product (product-left e) (derive (product-right e)))))
        ((= (power-exponent e) 0) (make-num 0))
        (else
         (let ((k (power-exponent e)))
           (make-product (make-product (make-num k) (make-power (power-base e) (- k 1)))
                         (derive (power-base e)))))))

(define (value e env)
  (cond ((num? e) (num-value e))
        ((var? e) (cdr (assq (var-name e) env)))
        ((sum? e) (+ (value (sum-left e) env) (value (sum-right e) env)))
        ((product? e) (* (value (product-left e) env) (value (product-right e) env)))
        (else (expt (value (power-base e) env) (power-exponent e)))))

;; written out

(define (write-between left operator right port)
  (write-char #\( port)
  (write-tree left port)
  (write-string operator port)
  (write-tree right port)
  (write-char #\) port))

(define (write-tree e port)
  (cond ((num? e) (write (num-value e) port))
        ((var? e) (display (var-name e) port))
        ((sum? e) (write-between (sum-left e) " + " (sum-right e) port))
        ((product? e) (write-between (product-left e) " * " (product-right e) port))
        ((power? (power-base e))
         (write-char #\( port)
         (write-tree (power-base e) port)
         (write-char #\) port)
         (write-char #\^ port)
         (write (power-exponent e) port))
        (else
         (write-tree (power-base e) port)
         (write-char #\^ port)
         (write (power-exponent e) port))))

(define (tree->string e)
  (let ((port (open-output-string)))
    (write-tree e port)
    (get-output-string port)))

(define (run n)
  (set! seed 41)
  (let ((env '((x . 3) (y . -2))))
    (let loop ((k 0) (nodes 0) (simple-nodes 0) (derived-nodes 0) (agree 0) (chars 0) (total 0) (first '()))
      (if (= k n)
          (append (list nodes simple-nodes derived-nodes agree chars total) first)
          (let* ((e (random-tree 5))
                 (s (simplify e))
                 (d (simplify (derive e)))
                 (written (tree->string d)))
            (loop (+ k 1)
                  (+ nodes (size e))
                  (+ simple-nodes (size s))
                  (+ derived-nodes (size d))
                  (if (= (value e env) (value s env)) (+ agree 1) agree)
                  (+ chars (string-length written))
                  (modulo (+ total (value d env)) 1000003)
                  (if (= k 0) (list (tree->string e) (tree->string s) written) first)))))))
