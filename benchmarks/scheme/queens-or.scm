;; queens-or: n queens as often written in class: the safety test is a
;; recursive (or (null? l) (and ...)) and the board is tried with a named
;; let that is called in non-tail position.
;;
;; (run n) => the number of solutions; (run 8) => 92.

(define (ok? row dist placed)
  (or (null? placed)
      (and (not (= (car placed) (+ row dist)))
           (not (= (car placed) (- row dist)))
           (not (= (car placed) row))
           (ok? row (+ dist 1) (cdr placed)))))

(define (queens n)
  (let try ((k 0) (placed '()))
    (if (= k n)
        1
        (let count ((row 0))
          (if (= row n)
              0
              (+ (if (ok? row 1 placed)
                     (try (+ k 1) (cons row placed))
                     0)
                 (count (+ row 1))))))))

(define (run n)
  (queens n))
