;; bignum: exact arithmetic past the machine word: factorial, the digits of
;; a big number summed with quotient and remainder, and big Fibonacci numbers.
;;
;; (run n) => (digit-sum-of-n! digits-of-fib-10n last-digits-of-2^n).

(define (factorial n)
  (if (= n 0) 1 (* n (factorial (- n 1)))))

(define (digit-sum k)
  (let loop ((k k) (sum 0))
    (if (= k 0) sum (loop (quotient k 10) (+ sum (remainder k 10))))))

(define (fib n)
  (let loop ((i 0) (a 0) (b 1))
    (if (= i n) a (loop (+ i 1) b (+ a b)))))

(define (digit-count k)
  (let loop ((k k) (count 0))
    (if (= k 0) count (loop (quotient k 10) (+ count 1)))))

(define (run n)
  (list (digit-sum (factorial n))
        (digit-count (fib (* 10 n)))
        (modulo (expt 2 n) 1000000007)))
