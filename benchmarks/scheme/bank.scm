;; bank: a bank simulated with define-record-type records.  Accounts hold
;; a name and a balance and counts changed by their setters; the bank is
;; an association list from names (strings made by number->string) to
;; accounts, searched by assoc.  A transaction that cannot be done raises
;; a refusal, itself a record naming the reason, the account and the
;; amount; each transaction runs inside guard, which counts the refusals
;; by reason in an association list updated by set-cdr!.  Transactions
;; (deposit, withdrawal, transfer, interest) come from
;; x -> (1103515245x + 12345) mod 2^31 from x = 1: the kind from x div 16
;; mod 4, the accounts from following values mod 43 (three names no
;; account has), the amounts mod 500, plus one.
;;
;; (run n) => (the money held, the transactions done, the refusals for a
;;             missing account and for too little money, the richest
;;             account's name and balance, the most active account's name,
;;             a checksum of the balances by position)

(define-record-type account
  (make-account name balance deposits withdrawals)
  account?
  (name account-name)
  (balance account-balance set-account-balance!)
  (deposits account-deposits set-account-deposits!)
  (withdrawals account-withdrawals set-account-withdrawals!))

(define-record-type refusal
  (make-refusal reason name amount)
  refusal?
  (reason refusal-reason)
  (name refusal-name)
  (amount refusal-amount))

(define account-count 40)

(define (account-name-of i)
  (string-append "acct-" (number->string i)))

(define (open-bank)
  (let loop ((i (- account-count 1)) (bank '()))
    (if (< i 0)
        bank
        (loop (- i 1) (cons (cons (account-name-of i) (make-account (account-name-of i) 100 0 0)) bank)))))

(define (find-account bank name)
  (let ((entry (assoc name bank)))
    (if entry
        (cdr entry)
        (raise (make-refusal 'no-account name 0)))))

(define (deposit! acct amount)
  (set-account-balance! acct (+ (account-balance acct) amount))
  (set-account-deposits! acct (+ (account-deposits acct) 1)))

(define (withdraw! acct amount)
  (if (> amount (account-balance acct))
      (raise (make-refusal 'too-little (account-name acct) amount)))
  (set-account-balance! acct (- (account-balance acct) amount))
  (set-account-withdrawals! acct (+ (account-withdrawals acct) 1)))

(define (transfer! from to amount)
  (withdraw! from amount)
  (deposit! to amount))

(define (add-interest! acct)
  (deposit! acct (quotient (account-balance acct) 100)))

(define (next-random x)
  (modulo (+ (* 1103515245 x) 12345) 2147483648))

(define (run n)
  (let ((bank (open-bank))
        (refusals (list (cons 'no-account 0) (cons 'too-little 0)))
        (done 0))
    (define (refuse! r)
      (let ((entry (assq (refusal-reason r) refusals)))
        (set-cdr! entry (+ (cdr entry) 1))))
    (let loop ((k 0) (x 1))
      (if (< k n)
          (let* ((x1 (next-random x))
                 (x2 (next-random x1))
                 (x3 (next-random x2))
                 (x4 (next-random x3))
                 (kind (modulo (quotient x1 16) 4))
                 (first (account-name-of (modulo (quotient x2 16) (+ account-count 3))))
                 (second (account-name-of (modulo (quotient x3 16) (+ account-count 3))))
                 (amount (+ 1 (modulo (quotient x4 16) 500))))
            (guard (e ((refusal? e) (refuse! e)))
              (case kind
                ((0) (deposit! (find-account bank first) amount))
                ((1) (withdraw! (find-account bank first) amount))
                ((2) (let* ((from (find-account bank first))
                            (to (find-account bank second)))
                       (transfer! from to amount)))
                (else (add-interest! (find-account bank first))))
              (set! done (+ done 1)))
            (loop (+ k 1) x4))))
    (let walk ((entries bank)
               (position 1)
               (total 0)
               (richest #f)
               (busiest #f)
               (checksum 0))
      (if (null? entries)
          (list total done (cdr (assq 'no-account refusals)) (cdr (assq 'too-little refusals))
                (account-name richest) (account-balance richest) (account-name busiest) checksum)
          (let* ((acct (cdar entries))
                 (activity (+ (account-deposits acct) (account-withdrawals acct))))
            (walk (cdr entries)
                  (+ position 1)
                  (+ total (account-balance acct))
                  (if (or (not richest) (> (account-balance acct) (account-balance richest))) acct richest)
                  (if (or (not busiest)
                          (> activity (+ (account-deposits busiest) (account-withdrawals busiest))))
                      acct
                      busiest)
                  (modulo (+ checksum (* position (account-balance acct))) 1000003)))))))
