;; variadic: procedures with rest arguments, called directly and through
;; apply: a sum, a maximum, an average and a list builder.
;;
;; (run n) => (total biggest averages-numerator items).

(define (sum . xs)
  (if (null? xs) 0 (+ (car xs) (apply sum (cdr xs)))))

(define (biggest x . more)
  (if (null? more)
      x
      (let ((m (apply biggest more)))
        (if (> x m) x m))))

(define (average first . rest)
  (quotient (apply sum first rest) (+ 1 (length rest))))

(define (collect . items) items)

(define (run n)
  (let loop ((i 0) (total 0) (top 0) (avg 0) (items 0))
    (if (= i n)
        (list total top avg items)
        (let ((args (collect i (+ i 1) (* 2 i) 7)))
          (loop (+ i 1)
                (+ total (apply sum args))
                (max top (apply biggest args))
                (+ avg (average i (+ i 2) (+ i 4)))
                (+ items (length (apply collect 1 2 args))))))))
