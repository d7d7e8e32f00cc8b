;; wythoff: Wythoff's game solved by Grundy numbers memoized in vectors,
;; as a course on combinatorial games works it.
;;
;; Two piles; a move takes any number from one pile or the same number
;; from both, and whoever takes the last counter wins.  The Grundy number
;; of (a, b) is the least number not among those of the positions a move
;; reaches (the mex, found with a vector of marks); it is worked out by
;; plain recursion and kept in a vector of vectors, #f until known.  The
;; losing positions (Grundy number 0) with a <= b are then found three
;; ways and compared by equal?: read from the table, built greedily
;; (a_k the least number not yet used, b_k = a_k + k, the used numbers
;; marked in a vector) and by Beatty's formula a_k = floor(k phi), taken
;; exactly as (k + isqrt(5 k^2)) quotient 2 with exact-integer-sqrt.
;; Every position's winning moves are counted.  Then games are played
;; from random positions between a player who moves to a losing position
;; when it can (the first such move in the list of moves, else a random
;; one) and a player who always moves at random; a move is picked from
;; the list by list-ref.
;;
;; The games are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 269, each draw x div 65536: for each of the n games the two piles
;; (each mod n) and who starts (mod 2), then each random move (mod the
;; number of moves).
;;
;; (run n) => (n, losing positions with a <= b < n, whether the table,
;;             the greedy list and Beatty's agree (two booleans), the
;;             Grundy numbers summed, the largest, winning moves summed,
;;             games the solver won, games it lost from a winning start,
;;             moves played, a checksum of the table, the first five
;;             losing positions)

(define seed 269)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define memo (make-vector 1 #f))

(define (new-memo! n)
  (set! memo (make-vector n #f))
  (do ((a 0 (+ a 1)))
      ((= a n))
    (vector-set! memo a (make-vector n #f))))

;; every position one move from (a, b), as (a . b) pairs: from the first
;; pile, from the second, from both
(define (moves a b)
  (let loop-a ((k 1) (found '()))
    (if (<= k a)
        (loop-a (+ k 1) (cons (cons (- a k) b) found))
        (let loop-b ((k 1) (found found))
          (if (<= k b)
              (loop-b (+ k 1) (cons (cons a (- b k)) found))
              (let loop-both ((k 1) (found found))
                (if (and (<= k a) (<= k b))
                    (loop-both (+ k 1) (cons (cons (- a k) (- b k)) found))
                    (reverse found))))))))

(define (mex numbers)
  (let ((marks (make-vector (+ (length numbers) 1) #f)))
    (for-each (lambda (g)
                (if (< g (vector-length marks))
                    (vector-set! marks g #t)))
              numbers)
    (let loop ((m 0))
      (if (vector-ref marks m) (loop (+ m 1)) m))))

(define (grundy a b)
  (or (vector-ref (vector-ref memo a) b)
      (let ((g (mex (map (lambda (p) (grundy (car p) (cdr p))) (moves a b)))))
        (vector-set! (vector-ref memo a) b g)
        g)))

(define (losing-from-table n)
  (let loop ((a (- n 1)) (b (- n 1)) (found '()))
    (cond ((< a 0) found)
          ((< b a) (loop (- a 1) (- n 1) found))
          ((= (grundy a b) 0) (loop a (- b 1) (cons (cons a b) found)))
          (else (loop a (- b 1) found)))))

(define (losing-greedy n)
  (let ((used (make-vector (* 3 n) #f)))
    (let loop ((k 0) (a 0) (found '()))
      (cond ((vector-ref used a) (loop k (+ a 1) found))
            ((>= (+ a k) n) (reverse found))
            (else
             (vector-set! used a #t)
             (vector-set! used (+ a k) #t)
             (loop (+ k 1) (+ a 1) (cons (cons a (+ a k)) found)))))))

(define (losing-beatty n)
  (let loop ((k 0) (found '()))
    (let-values (((root rest) (exact-integer-sqrt (* 5 k k))))
      (let ((a (quotient (+ k root) 2)))
        (if (>= (+ a k) n)
            (reverse found)
            (loop (+ k 1) (cons (cons a (+ a k)) found)))))))

(define (winning-moves a b)
  (let loop ((ms (moves a b)) (count 0))
    (cond ((null? ms) count)
          ((= (grundy (caar ms) (cdar ms)) 0) (loop (cdr ms) (+ count 1)))
          (else (loop (cdr ms) count)))))

(define (random-move a b)
  (let ((ms (moves a b)))
    (list-ref ms (modulo (next-random!) (length ms)))))

(define (solver-move a b)
  (let loop ((ms (moves a b)))
    (cond ((null? ms) (random-move a b))
          ((= (grundy (caar ms) (cdar ms)) 0) (car ms))
          (else (loop (cdr ms))))))

;; => (values solver-won? moves-made)
(define (play a b solver-first?)
  (let loop ((a a) (b b) (solver? solver-first?) (made 0))
    (if (and (= a 0) (= b 0))
        (values (not solver?) made)
        (let ((p (if solver? (solver-move a b) (random-move a b))))
          (loop (car p) (cdr p) (not solver?) (+ made 1))))))

(define (run n)
  (set! seed 269)
  (new-memo! n)
  (let ((table (losing-from-table n))
        (sum 0)
        (largest 0)
        (winning 0)
        (check 0))
    (do ((a 0 (+ a 1)))
        ((= a n))
      (do ((b 0 (+ b 1)))
          ((= b n))
        (let ((g (grundy a b)))
          (set! sum (+ sum g))
          (set! largest (max largest g))
          (set! winning (+ winning (winning-moves a b)))
          (set! check (modulo (+ (* check 31) g) 1000003)))))
    (let loop ((k 0) (won 0) (lost-won 0) (made 0))
      (if (= k n)
          (list n (length table)
                (equal? table (losing-greedy n))
                (equal? table (losing-beatty n))
                sum largest winning won lost-won made check
                (map (lambda (p) (list (car p) (cdr p)))
                     (list-head-5 table)))
          (let* ((a (modulo (next-random!) n))
                 (b (modulo (next-random!) n))
                 (solver-first? (= (modulo (next-random!) 2) 0)))
            (let-values (((solver-won? moves-made) (play a b solver-first?)))
              (loop (+ k 1)
                    (if solver-won? (+ won 1) won)
                    (if (and (not solver-won?) solver-first? (> (grundy a b) 0))
                        (+ lost-won 1)
                        lost-won)
                    (+ made moves-made))))))))

(define (list-head-5 lst)
  (let loop ((lst lst) (k 0))
    (if (or (null? lst) (= k 5))
        '()
        (cons (car lst) (loop (cdr lst) (+ k 1))))))
