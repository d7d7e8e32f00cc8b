;; folds: higher-order code with user lambdas: a fold-left and a filter of
;; our own, the standard map, and assoc with a predicate (string-ci=?).
;;
;; (run n) => (sum-of-squares-of-odds evens-count hits) over 0 .. n-1.

(define (fold-left f acc lst)
  (if (null? lst)
      acc
      (fold-left f (f acc (car lst)) (cdr lst))))

(define (keep pred lst)
  (cond ((null? lst) '())
        ((pred (car lst)) (cons (car lst) (keep pred (cdr lst))))
        (else (keep pred (cdr lst)))))

(define (range a b)
  (if (>= a b) '() (cons a (range (+ a 1) b))))

(define colours
  '(("Red" . 1) ("Green" . 2) ("Blue" . 3) ("Cyan" . 4) ("Magenta" . 5)
    ("Yellow" . 6) ("Black" . 7) ("White" . 8)))

(define queries (vector "red" "BLUE" "white" "grey" "Cyan" "black" "pink" "GREEN"))

(define (run n)
  (let* ((numbers (range 0 n))
         (odds (keep (lambda (x) (odd? x)) numbers))
         (squares (map (lambda (x) (* x x)) odds))
         (total (fold-left (lambda (acc x) (+ acc x)) 0 squares))
         (evens (fold-left (lambda (acc x) (if (even? x) (+ acc 1) acc)) 0 numbers))
         (hits (fold-left
                (lambda (acc i)
                  (let ((entry (assoc (vector-ref queries (modulo i 8)) colours string-ci=?)))
                    (if entry (+ acc (cdr entry)) acc)))
                0 numbers)))
    (list total evens hits)))
