;; exceptions: raise and guard as control flow: a division that raises a
;; symbol on a zero divisor, a parser that raises a list naming the bad
;; character, each caught by guard clauses that test what was raised.
;;
;; (run n) => (sum failed-divisions bad-digits) over n rounds.

(define (safe-quotient a b)
  (if (= b 0)
      (raise 'division-by-zero)
      (quotient a b)))

(define (try-quotient a b)
  (guard (e ((symbol? e) #f))
    (safe-quotient a b)))

(define (digit-value c)
  (if (char-numeric? c)
      (- (char->integer c) (char->integer #\0))
      (raise (list 'not-a-digit c))))

(define (parse-number s)
  (let loop ((i 0) (value 0))
    (if (= i (string-length s))
        value
        (loop (+ i 1) (+ (* value 10) (digit-value (string-ref s i)))))))

(define (try-parse s)
  (guard (e ((and (pair? e) (eq? (car e) 'not-a-digit)) -1))
    (parse-number s)))

(define texts '("123" "4x5" "77" "9" "12a" "3041"))

(define (run n)
  (let loop ((i 0) (sum 0) (failed 0) (bad 0))
    (if (= i n)
        (list sum failed bad)
        (let ((q (try-quotient (* i 7) (modulo i 5)))
              (v (try-parse (list-ref texts (modulo i 6)))))
          (loop (+ i 1)
                (+ sum (if q q 0) (if (< v 0) 0 v))
                (if q failed (+ failed 1))
                (if (< v 0) (+ bad 1) bad))))))
