;; flatmap-queens: SICP 2.2.3's sequences as conventional interfaces:
;; accumulate, flatmap, enumerate-interval and filter; the eight queens
;; with safe? and adjoin-position (a board a list of rows, the newest
;; column first), and prime-sum-pairs built by a flatmap of maps.
;;
;; (run n) => (number of solutions on an n-by-n board, the first solution,
;;             how many pairs 1 <= j < i <= n*n/2 have a prime sum, the
;;             sum of those sums)

(define (accumulate op initial sequence)
  (if (null? sequence)
      initial
      (op (car sequence)
          (accumulate op initial (cdr sequence)))))

(define (flatmap proc seq)
  (accumulate append '() (map proc seq)))

(define (enumerate-interval low high)
  (if (> low high)
      '()
      (cons low (enumerate-interval (+ low 1) high))))

(define (filter predicate sequence)
  (cond ((null? sequence) '())
        ((predicate (car sequence))
         (cons (car sequence) (filter predicate (cdr sequence))))
        (else (filter predicate (cdr sequence)))))

(define empty-board '())

(define (adjoin-position new-row k rest-of-queens)
  (cons new-row rest-of-queens))

(define (safe? k positions)
  (let ((new-row (car positions)))
    (define (no-attack? others distance)
      (cond ((null? others) #t)
            ((= (car others) new-row) #f)
            ((= (abs (- (car others) new-row)) distance) #f)
            (else (no-attack? (cdr others) (+ distance 1)))))
    (no-attack? (cdr positions) 1)))

(define (queens board-size)
  (define (queen-cols k)
    (if (= k 0)
        (list empty-board)
        (filter
         (lambda (positions) (safe? k positions))
         (flatmap
          (lambda (rest-of-queens)
            (map (lambda (new-row)
                   (adjoin-position new-row k rest-of-queens))
                 (enumerate-interval 1 board-size)))
          (queen-cols (- k 1))))))
  (queen-cols board-size))

(define (square x) (* x x))

(define (smallest-divisor n)
  (find-divisor n 2))

(define (find-divisor n test-divisor)
  (cond ((> (square test-divisor) n) n)
        ((divides? test-divisor n) test-divisor)
        (else (find-divisor n (+ test-divisor 1)))))

(define (divides? a b)
  (= (remainder b a) 0))

(define (prime? n)
  (= n (smallest-divisor n)))

(define (prime-sum? pair)
  (prime? (+ (car pair) (cadr pair))))

(define (make-pair-sum pair)
  (list (car pair) (cadr pair) (+ (car pair) (cadr pair))))

(define (prime-sum-pairs n)
  (map make-pair-sum
       (filter prime-sum?
               (flatmap
                (lambda (i)
                  (map (lambda (j) (list i j))
                       (enumerate-interval 1 (- i 1))))
                (enumerate-interval 1 n)))))

(define (run n)
  (let ((solutions (queens n))
        (pairs (prime-sum-pairs (quotient (* n n) 2))))
    (list (length solutions)
          (car solutions)
          (length pairs)
          (accumulate + 0 (map caddr pairs)))))
