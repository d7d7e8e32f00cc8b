;; records: define-record-type points and a bank of accounts kept in a list
;; of records, updated with the setters.
;;
;; (run n) => (balance-total transfers-made) after n transfers.

(define-record-type account
  (make-account id balance)
  account?
  (id account-id)
  (balance account-balance set-account-balance!))

(define (make-bank k)
  (let loop ((i (- k 1)) (accounts '()))
    (if (< i 0) accounts (loop (- i 1) (cons (make-account i 100) accounts)))))

(define (find-account bank id)
  (cond ((null? bank) #f)
        ((= (account-id (car bank)) id) (car bank))
        (else (find-account (cdr bank) id))))

(define (transfer! bank from to amount)
  (let ((a (find-account bank from))
        (b (find-account bank to)))
    (if (and a b (>= (account-balance a) amount))
        (begin
          (set-account-balance! a (- (account-balance a) amount))
          (set-account-balance! b (+ (account-balance b) amount))
          #t)
        #f)))

(define (run n)
  (let ((bank (make-bank 20)))
    (let loop ((i 0) (made 0))
      (if (= i n)
          (list (apply + (map account-balance bank)) made)
          (loop (+ i 1)
                (if (transfer! bank (modulo (* i 7) 20) (modulo (* i 3) 20) (modulo i 37))
                    (+ made 1)
                    made))))))
