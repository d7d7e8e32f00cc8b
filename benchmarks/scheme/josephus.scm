;; josephus: the Josephus problem on a circular list, and Floyd's cycle
;; finding on a list shaped like a rho.  The people 1..n are a list whose
;; last pair has its cdr set back to the first by set-cdr!; every k-th is
;; counted out by going k - 1 pairs on with list-tail from the pair before
;; the count starts, and splicing the next pair out with set-cdr!.  The
;; last one standing is in the pair that is its own cdr (eq?).  Each
;; survivor is checked against the recurrence J(1) = 0, J(m) = (J(m - 1)
;; + k) mod m, worked in a do loop.  The rho is a list of t + c pairs whose
;; last cdr is set to the pair t on (list-tail); Floyd's tortoise and hare,
;; comparing pairs with eq?, find t and c again.
;;
;; (run n) => (the survivors of n people for k = 2 .. 7, whether each
;;             agrees with the recurrence, the first three counted out for
;;             k = 3, the last counted out for k = 3, the tail and cycle
;;             lengths found on a rho of n div 3 then n - n div 3 pairs)

(define (numbers-from-1 n)
  (let loop ((i n) (people '()))
    (if (= i 0)
        people
        (loop (- i 1) (cons i people)))))

(define (final-pair items)
  (if (null? (cdr items))
      items
      (final-pair (cdr items))))

;; The circle of 1..n, given by its last pair (the one before 1).
(define (make-circle n)
  (let* ((people (numbers-from-1 n))
         (last (final-pair people)))
    (set-cdr! last people)
    last))

;; Everyone counted out, in order, the survivor last.
(define (count-out n k)
  (let loop ((before (make-circle n)) (out '()))
    (if (eq? (cdr before) before)
        (reverse (cons (car before) out))
        (let* ((before (list-tail before (- k 1)))
               (victim (cdr before)))
          (set-cdr! before (cdr victim))
          (loop before (cons (car victim) out))))))

(define (recurrence n k)
  (do ((m 2 (+ m 1))
       (j 0 (modulo (+ j k) m)))
      ((> m n) (+ j 1))))

(define (make-rho tail cycle)
  (let* ((items (numbers-from-1 (+ tail cycle)))
         (last (final-pair items)))
    (set-cdr! last (list-tail items tail))
    items))

;; Floyd: the hare goes two pairs for the tortoise's one until they meet;
;; then a tortoise from the start and one from the meeting point meet where
;; the cycle begins; the cycle's length is counted going round it once.
(define (floyd items)
  (let meet ((tortoise (cdr items)) (hare (cddr items)))
    (if (not (eq? tortoise hare))
        (meet (cdr tortoise) (cddr hare))
        (let find-start ((a items) (b hare) (tail 0))
          (if (not (eq? a b))
              (find-start (cdr a) (cdr b) (+ tail 1))
              (let count ((p (cdr a)) (cycle 1))
                (if (eq? p a)
                    (list tail cycle)
                    (count (cdr p) (+ cycle 1)))))))))

(define (last-of items)
  (car (final-pair items)))

(define (run n)
  (let loop ((k 7) (survivors '()) (agree #t))
    (if (>= k 2)
        (let ((survivor (last-of (count-out n k))))
          (loop (- k 1)
                (cons survivor survivors)
                (and agree (= survivor (recurrence n k)))))
        (let ((order (count-out n 3)))
          (list survivors
                agree
                (list (car order) (cadr order) (caddr order))
                (list-ref order (- n 2))
                (floyd (make-rho (quotient n 3) (- n (quotient n 3)))))))))
