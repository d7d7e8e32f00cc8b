;; fib: doubly recursive Fibonacci, the classic measure of procedure-call cost.
;;
;; (run n) => the n-th Fibonacci number; (run 25) => 75025 after 242,785
;; calls of fib.  Every call does one comparison and, above the base case,
;; two subtractions, two recursive calls and one addition.

(define (fib n)
  (if (< n 2)
      n
      (+ (fib (- n 1)) (fib (- n 2)))))

(define (run n)
  (fib n))
