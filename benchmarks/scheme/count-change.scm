;; count-change: SICP 1.2.2's tree-recursive count of the ways to change an
;; amount with half-dollars, quarters, dimes, nickels and pennies, with
;; first-denomination by cond; then the same recursion memoized in a table
;; (a vector of vectors, one per number of kinds of coins).
;;
;; (run n) => (the ways to change n cents, the ways to change 10n cents
;;             counted with the table)

(define (count-change amount)
  (cc amount 5))

(define (cc amount kinds-of-coins)
  (cond ((= amount 0) 1)
        ((or (< amount 0) (= kinds-of-coins 0)) 0)
        (else (+ (cc amount
                     (- kinds-of-coins 1))
                 (cc (- amount
                        (first-denomination kinds-of-coins))
                     kinds-of-coins)))))

(define (first-denomination kinds-of-coins)
  (cond ((= kinds-of-coins 1) 1)
        ((= kinds-of-coins 2) 5)
        ((= kinds-of-coins 3) 10)
        ((= kinds-of-coins 4) 25)
        ((= kinds-of-coins 5) 50)))

(define (make-table amount)
  (let ((table (make-vector 6)))
    (do ((kinds 0 (+ kinds 1)))
        ((= kinds 6) table)
      (vector-set! table kinds (make-vector (+ amount 1) #f)))))

(define (memo-count-change amount)
  (let ((table (make-table amount)))
    (define (memo-cc amount kinds-of-coins)
      (cond ((= amount 0) 1)
            ((or (< amount 0) (= kinds-of-coins 0)) 0)
            (else
             (let ((known (vector-ref (vector-ref table kinds-of-coins) amount)))
               (if known
                   known
                   (let ((ways (+ (memo-cc amount (- kinds-of-coins 1))
                                  (memo-cc (- amount (first-denomination kinds-of-coins))
                                           kinds-of-coins))))
                     (vector-set! (vector-ref table kinds-of-coins) amount ways)
                     ways))))))
    (memo-cc amount 5)))

(define (run n)
  (list (count-change n)
        (memo-count-change (* 10 n))))
