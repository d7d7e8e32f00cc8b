;; mutual-recursion: the textbook even?/odd? pair, two procedures that call
;; each other in tail position.
;;
;; (run n) => how many of 0 .. n-1 my-even? calls even; every test of i makes
;; i + 1 calls, so (run n) makes about n^2 / 2 of them.

(define (my-even? n)
  (if (= n 0)
      #t
      (my-odd? (- n 1))))

(define (my-odd? n)
  (if (= n 0)
      #f
      (my-even? (- n 1))))

(define (run n)
  (let loop ((i 0) (count 0))
    (if (= i n)
        count
        (loop (+ i 1) (if (my-even? i) (+ count 1) count)))))
