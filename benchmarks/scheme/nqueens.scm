;; nqueens: count every way to put n queens on an n-by-n board, none
;; attacking another.  (run 8) => 92.
;;
;; Queens go in one column at a time; `placed` lists the rows of the queens
;; already on the board, the nearest column first, so a queen `distance`
;; columns back attacks row r when it sits on r or r +/- distance.
;; Measures short recursive calls, list walking and small-integer arithmetic.

(define (safe? row placed)
  (let check ((rest placed) (distance 1))
    (cond ((null? rest) #t)
          ((= (car rest) row) #f)
          ((= (abs (- (car rest) row)) distance) #f)
          (else (check (cdr rest) (+ distance 1))))))

(define (count-placements n placed column)
  (if (= column n)
      1
      (let try-row ((row 0) (total 0))
        (cond ((= row n) total)
              ((safe? row placed)
               (try-row (+ row 1)
                        (+ total (count-placements n (cons row placed) (+ column 1)))))
              (else (try-row (+ row 1) total))))))

(define (run n)
  (count-placements n '() 0))
