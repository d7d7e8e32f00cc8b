;; ordered-sets: SICP 2.3.3's sets as ordered lists of numbers.
;; element-of-set? stops at the first element larger than what it seeks;
;; adjoin-set, intersection-set, union-set and difference-set walk their
;; lists in step and are written the book's way, by plain recursion that
;; conses onto the answer for the rest.  With them:
;;
;; - the primes below n: the set 2 .. n-1, from which the multiples of
;;   each prime p from p*p on are taken by difference-set, the next p
;;   found by memv, until p*p passes n;
;; - the multiples of 3 or 5 below n, a union by union-all (any number
;;   of sets, as rest arguments handed on by apply), summed by SICP's
;;   accumulate;
;; - the twin primes: the primes intersected with the primes plus 2 (map
;;   with a lambda);
;; - the square triangular numbers below n*n: the squares intersected with
;;   the triangular numbers;
;; - the ways to write 2 * (n div 20) as a sum of two primes, each tested
;;   by element-of-set?;
;; - a set of n div 50 numbers below n built by adjoin-set from draws of
;;   x -> (1103515245x + 12345) mod 2^31 from x = 19 (each draw x div
;;   65536, taken mod n), and its symmetric difference with the primes.
;;
;; (run n) => (how many primes below n, their sum, the sum of the
;;             multiples of 3 or 5, how many twin primes, the square
;;             triangular numbers, the Goldbach ways, the size of the drawn
;;             set, the size of its symmetric difference with the primes)

(define (element-of-set? x set)
  (cond ((null? set) #f)
        ((= x (car set)) #t)
        ((< x (car set)) #f)
        (else (element-of-set? x (cdr set)))))

(define (adjoin-set x set)
  (cond ((null? set) (list x))
        ((= x (car set)) set)
        ((< x (car set)) (cons x set))
        (else (cons (car set) (adjoin-set x (cdr set))))))

(define (intersection-set set1 set2)
  (if (or (null? set1) (null? set2))
      '()
      (let ((x1 (car set1)) (x2 (car set2)))
        (cond ((= x1 x2)
               (cons x1 (intersection-set (cdr set1) (cdr set2))))
              ((< x1 x2)
               (intersection-set (cdr set1) set2))
              (else
               (intersection-set set1 (cdr set2)))))))

(define (union-set set1 set2)
  (cond ((null? set1) set2)
        ((null? set2) set1)
        (else
         (let ((x1 (car set1)) (x2 (car set2)))
           (cond ((= x1 x2) (cons x1 (union-set (cdr set1) (cdr set2))))
                 ((< x1 x2) (cons x1 (union-set (cdr set1) set2)))
                 (else (cons x2 (union-set set1 (cdr set2)))))))))

(define (union-all . sets)
  (if (null? sets)
      '()
      (union-set (car sets) (apply union-all (cdr sets)))))

(define (difference-set set1 set2)
  (cond ((null? set1) '())
        ((null? set2) set1)
        (else
         (let ((x1 (car set1)) (x2 (car set2)))
           (cond ((= x1 x2) (difference-set (cdr set1) (cdr set2)))
                 ((< x1 x2) (cons x1 (difference-set (cdr set1) set2)))
                 (else (difference-set set1 (cdr set2))))))))

(define (accumulate op initial sequence)
  (if (null? sequence)
      initial
      (op (car sequence)
          (accumulate op initial (cdr sequence)))))

(define (enumerate-interval low high)
  (if (> low high)
      '()
      (cons low (enumerate-interval (+ low 1) high))))

(define (multiples p from below)
  ;; from, from + p, ... while below `below`
  (if (>= from below)
      '()
      (cons from (multiples p (+ from p) below))))

(define (primes-below n)
  (let loop ((p 2) (set (enumerate-interval 2 (- n 1))))
    (if (>= (* p p) n)
        set
        (let ((sifted (difference-set set (multiples p (* p p) n))))
          (loop (cadr (memv p sifted)) sifted)))))

(define (squares-below limit)
  (let loop ((k 1) (acc '()))
    (if (>= (* k k) limit)
        (reverse acc)
        (loop (+ k 1) (cons (* k k) acc)))))

(define (triangulars-below limit)
  (let loop ((k 1) (acc '()))
    (let ((t (quotient (* k (+ k 1)) 2)))
      (if (>= t limit)
          (reverse acc)
          (loop (+ k 1) (cons t acc))))))

(define (goldbach-ways m primes)
  (let loop ((ps primes) (ways 0))
    (cond ((or (null? ps) (> (* 2 (car ps)) m)) ways)
          ((element-of-set? (- m (car ps)) primes) (loop (cdr ps) (+ ways 1)))
          (else (loop (cdr ps) ways)))))

(define seed 19)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (drawn-set count below)
  (let loop ((k 0) (set '()))
    (if (= k count)
        set
        (loop (+ k 1) (adjoin-set (modulo (next-draw!) below) set)))))

(define (run n)
  (set! seed 19)
  (let* ((primes (primes-below n))
         (fifteens (union-all (multiples 3 3 n) (multiples 5 5 n)))
         (twins (intersection-set primes (map (lambda (p) (+ p 2)) primes)))
         (square-triangulars (intersection-set (squares-below (* n n))
                                               (triangulars-below (* n n))))
         (drawn (drawn-set (quotient n 50) n)))
    (list (length primes)
          (accumulate + 0 primes)
          (accumulate + 0 fifteens)
          (length twins)
          square-triangulars
          (goldbach-ways (* 2 (quotient n 20)) primes)
          (length drawn)
          (length (union-set (difference-set drawn primes)
                             (difference-set primes drawn))))))
