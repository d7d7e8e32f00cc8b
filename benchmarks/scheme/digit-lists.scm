;; digit-lists: arithmetic on numbers of any size kept as lists of their
;; decimal digits, the least significant first, as the exercises of SICP
;; and HtDP write it; zero is the empty list, and no list ends in 0.
;;
;; Addition carries by plain recursion down both lists (a case-lambda:
;; two numbers, or two and a carry); a number times one digit likewise;
;; multiplication adds the first number times each digit of the second,
;; shifted by consing a 0 on, by recursion over the second; subtraction
;; borrows, and its result is trimmed of the zeros it leaves at the end;
;; comparison reverses both lists; division by a small number walks the
;; digits from the most significant (the list reversed) with a remainder
;; and returns the quotient and the remainder as two values.  Numbers are
;; written by list->string of the digits' characters; every result is
;; checked against Scheme's own exact integers through string->number.
;;
;; The work: n! digit by digit; how many times 7 divides it, by dividing
;; until a remainder is left, against Legendre's sum of n div 7^i; the
;; Fibonacci numbers up to F(5n) by adding; F(5n) - F(5n - 1) = F(5n - 2)
;; by subtracting; (n!)^2 by multiplying; comparisons of n! with F(5n)
;; both ways and with itself.
;;
;; (run n) => (n!'s digits, their sum, whether it is Scheme's n!, the
;;             7s in n! by division and by Legendre, F(5n)'s digits,
;;             whether it is Scheme's, whether the subtraction gives
;;             F(5n - 2), whether (n!)^2 is Scheme's, the comparisons
;;             as -1, 0 or 1)

(define (number->digits n)
  (if (= n 0)
      '()
      (cons (remainder n 10) (number->digits (quotient n 10)))))

(define (digits->string digits)
  (if (null? digits)
      "0"
      (list->string (map (lambda (d) (integer->char (+ d (char->integer #\0))))
                         (reverse digits)))))

(define (digits->number digits)
  (string->number (digits->string digits)))

(define add
  (case-lambda
    ((a b) (add a b 0))
    ((a b carry)
     (cond ((and (null? a) (null? b))
            (if (= carry 0) '() (list carry)))
           ((null? a) (add '(0) b carry))
           ((null? b) (add a '(0) carry))
           (else
            (let ((sum (+ (car a) (car b) carry)))
              (cons (remainder sum 10)
                    (add (cdr a) (cdr b) (quotient sum 10)))))))))

(define (times-digit a d)
  (define (scale a carry)
    (if (null? a)
        (if (= carry 0) '() (list carry))
        (let ((product (+ (* (car a) d) carry)))
          (cons (remainder product 10) (scale (cdr a) (quotient product 10))))))
  (if (= d 0) '() (scale a 0)))

(define (shift a)
  (if (null? a) '() (cons 0 a)))

(define (multiply a b)
  (if (null? b)
      '()
      (add (times-digit a (car b))
           (shift (multiply a (cdr b))))))

(define (trim digits)
  (if (null? digits)
      '()
      (let ((rest (trim (cdr digits))))
        (if (and (null? rest) (= (car digits) 0))
            '()
            (cons (car digits) rest)))))

;; a - b for a >= b.
(define (subtract a b)
  (let loop ((a a) (b b) (borrow 0))
    (if (null? a)
        '()
        (let ((difference (- (car a) (if (null? b) 0 (car b)) borrow)))
          (if (< difference 0)
              (cons (+ difference 10) (loop (cdr a) (if (null? b) '() (cdr b)) 1))
              (cons difference (loop (cdr a) (if (null? b) '() (cdr b)) 0)))))))

(define (difference a b)
  (trim (subtract a b)))

(define (compare a b)
  (let ((la (length a)) (lb (length b)))
    (cond ((< la lb) -1)
          ((> la lb) 1)
          (else
           (let loop ((a (reverse a)) (b (reverse b)))
             (cond ((null? a) 0)
                   ((< (car a) (car b)) -1)
                   ((> (car a) (car b)) 1)
                   (else (loop (cdr a) (cdr b)))))))))

;; a divided by a small positive d, as two values: the quotient's digits
;; and the remainder.
(define (divide a d)
  (let loop ((high-first (reverse a)) (remainder 0) (quotient-low-first '()))
    (if (null? high-first)
        (values (trim quotient-low-first) remainder)
        (let ((r (+ (* remainder 10) (car high-first))))
          (loop (cdr high-first)
                (modulo r d)
                (cons (quotient r d) quotient-low-first))))))

(define (count-divisions a d)
  (let-values (((q r) (divide a d)))
    (if (= r 0)
        (+ 1 (count-divisions q d))
        0)))

(define (legendre n p)
  (let loop ((power p) (sum 0))
    (if (> power n)
        sum
        (loop (* power p) (+ sum (quotient n power))))))

(define (run n)
  (let* ((factorial (let loop ((k 1) (acc '(1)))
                      (if (> k n) acc (loop (+ k 1) (multiply acc (number->digits k))))))
         (exact-factorial (let loop ((k 1) (acc 1))
                            (if (> k n) acc (loop (+ k 1) (* acc k)))))
         (fibs (let loop ((k 1) (a '()) (b '(1)) (exact-a 0) (exact-b 1))
                 ;; a = F(k - 1), b = F(k)
                 (if (= k (* 5 n))
                     (list a b exact-a exact-b)
                     (loop (+ k 1) b (add a b) exact-b (+ exact-a exact-b)))))
         (before (car fibs))
         (fib (cadr fibs))
         (exact-before (caddr fibs))
         (exact-fib (cadddr fibs))
         (square (multiply factorial factorial)))
    (list (length factorial)
          (apply + factorial)
          (= (digits->number factorial) exact-factorial)
          (list (count-divisions factorial 7) (legendre n 7))
          (length fib)
          (= (digits->number fib) exact-fib)
          (equal? (difference fib before) (number->digits (- exact-fib exact-before)))
          (= (digits->number square) (* exact-factorial exact-factorial))
          (list (compare factorial fib) (compare fib factorial) (compare factorial factorial)))))
