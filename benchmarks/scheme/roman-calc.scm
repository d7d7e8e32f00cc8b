;; roman-calc: a calculator over Roman numerals, as an exercise on
;; characters and on expression trees would write one.
;;
;; A numeral is read by string-ref and a case over its letters, a letter
;; worth less than the one after it being taken away (IV = 4, XC = 90);
;; a number is written back greedily from an association list of values
;; and their letters (1000 M, 900 CM, ... 4 IV, 1 I) into a string port.
;; An expression is a numeral or a list (op e ...) of an operator symbol
;; and two or three operands; its value is found by looking the operator
;; up by assq in a table of procedures and applying it with apply to the
;; operands' values.
;;
;; n expressions are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 131, each draw x div 65536: trees of depth up to 3 whose leaves are
;; numbers 1 .. 120 written as numerals.  A value from 1 to 3999 is
;; written as a numeral and read back (it must give the value again);
;; others are counted as having no numeral.
;;
;; (run n) => (n, how many values had a numeral, how many did not,
;;             how many read back wrong, the sum of the values, a checksum
;;             of the numerals written, the first expression and its answer)

(define seed 131)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (letter-value c)
  (case c
    ((#\I) 1)
    ((#\V) 5)
    ((#\X) 10)
    ((#\L) 50)
    ((#\C) 100)
    ((#\D) 500)
    ((#\M) 1000)
    (else (error "not a roman letter" c))))

(define (roman->number s)
  (let ((len (string-length s)))
    (let loop ((i 0) (total 0))
      (if (= i len)
          total
          (let ((v (letter-value (string-ref s i))))
            (if (and (< (+ i 1) len)
                     (< v (letter-value (string-ref s (+ i 1)))))
                (loop (+ i 1) (- total v))
                (loop (+ i 1) (+ total v))))))))

(define numerals
  '((1000 . "M") (900 . "CM") (500 . "D") (400 . "CD")
    (100 . "C") (90 . "XC") (50 . "L") (40 . "XL")
    (10 . "X") (9 . "IX") (5 . "V") (4 . "IV") (1 . "I")))

(define (number->roman n)
  (let ((out (open-output-string)))
    (let loop ((n n) (table numerals))
      (cond ((= n 0) (get-output-string out))
            ((>= n (car (car table)))
             (write-string (cdr (car table)) out)
             (loop (- n (car (car table))) table))
            (else (loop n (cdr table)))))))

(define (difference a . rest)
  (if (null? rest)
      a
      (abs (- a (apply + rest)))))

(define operators
  (list (cons 'plus +)
        (cons 'times *)
        (cons 'minus difference)
        (cons 'max max)
        (cons 'min min)))

(define operator-names '#(plus times minus max min plus))

(define (evaluate e)
  (if (string? e)
      (roman->number e)
      (let ((entry (assq (car e) operators)))
        (apply (cdr entry) (map evaluate (cdr e))))))

(define (random-tree depth)
  (if (or (= depth 0) (< (modulo (next-random!) 10) 3))
      (number->roman (+ 1 (modulo (next-random!) 120)))
      (let* ((op (vector-ref operator-names (modulo (next-random!) 6)))
             (arity (+ 2 (modulo (next-random!) 2))))
        (let loop ((k 0) (args '()))
          (if (= k arity)
              (cons op (reverse args))
              (loop (+ k 1) (cons (random-tree (- depth 1)) args)))))))

(define (string-checksum s acc)
  (let loop ((i 0) (acc acc))
    (if (= i (string-length s))
        acc
        (loop (+ i 1) (modulo (+ (* acc 31) (char->integer (string-ref s i))) 1000003)))))

;; the first expression is given back with its operators as strings
(define (tree->strings e)
  (if (string? e)
      e
      (cons (symbol->string (car e)) (map tree->strings (cdr e)))))

(define (run n)
  (set! seed 131)
  (let loop ((i 0) (written 0) (none 0) (wrong 0) (sum 0) (checksum 0) (first #f))
    (if (= i n)
        (list n written none wrong sum checksum first)
        (let* ((e (random-tree 3))
               (v (evaluate e))
               (answer (if (and (>= v 1) (<= v 3999)) (number->roman v) v)))
          (loop (+ i 1)
                (if (string? answer) (+ written 1) written)
                (if (string? answer) none (+ none 1))
                (if (and (string? answer) (not (= (roman->number answer) v))) (+ wrong 1) wrong)
                (+ sum v)
                (if (string? answer) (string-checksum answer checksum) checksum)
                (if (= i 0) (list (tree->strings e) answer) first))))))
