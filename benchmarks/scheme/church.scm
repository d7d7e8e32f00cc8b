;; church: procedures as data.  Church numerals (zero, succ, add, mul and
;; back to integers), pairs as closures taking a selector
;; ((lambda (m) (m a b))), and SICP 3.1.1's bank account: a dispatch
;; procedure choosing withdraw or deposit by cond on a symbol.
;;
;; (run n) => (n * (n + 3) by numerals, the sum of k * k for k = 1 .. n by
;;             numerals, 1 + ... + n summed through a chain of closure pairs,
;;             the balance after n requests, how many withdrawals were refused)

(define zero (lambda (f) (lambda (x) x)))

(define (succ n)
  (lambda (f) (lambda (x) (f ((n f) x)))))

(define (add m n)
  (lambda (f) (lambda (x) ((m f) ((n f) x)))))

(define (mul m n)
  (lambda (f) (m (n f))))

(define (church->integer n)
  ((n (lambda (k) (+ k 1))) 0))

(define (integer->church k)
  (if (= k 0)
      zero
      (succ (integer->church (- k 1)))))

(define (kons a b) (lambda (m) (m a b)))

(define (kar p) (p (lambda (a b) a)))

(define (kdr p) (p (lambda (a b) b)))

(define (make-account balance)
  (define (withdraw amount)
    (if (>= balance amount)
        (begin (set! balance (- balance amount))
               balance)
        "Insufficient funds"))
  (define (deposit amount)
    (set! balance (+ balance amount))
    balance)
  (define (dispatch m)
    (cond ((eq? m 'withdraw) withdraw)
          ((eq? m 'deposit) deposit)
          ((eq? m 'balance) balance)
          (else (error "Unknown request -- MAKE-ACCOUNT" m))))
  dispatch)

(define (sum-of-squares n)
  (let loop ((k 1) (total 0))
    (if (> k n)
        total
        (let ((c (integer->church k)))
          (loop (+ k 1) (+ total (church->integer (mul c c))))))))

(define (closure-list n)
  (let loop ((k n) (rest '()))
    (if (= k 0)
        rest
        (loop (- k 1) (kons k rest)))))

(define (closure-sum p)
  (if (null? p)
      0
      (+ (kar p) (closure-sum (kdr p)))))

(define (bank n)
  (let ((acc (make-account 10)))
    (let loop ((i 1) (refused 0))
      (cond ((> i n) (list (acc 'balance) refused))
            ((even? i)
             ((acc 'deposit) i)
             (loop (+ i 1) refused))
            ((string? ((acc 'withdraw) (* 4 i)))
             (loop (+ i 1) (+ refused 1)))
            (else (loop (+ i 1) refused))))))

(define (run n)
  (let ((c (integer->church n)))
    (append (list (church->integer (mul c (add c (succ (succ (succ zero))))))
                  (sum-of-squares n)
                  (closure-sum (closure-list n)))
            (bank n))))
