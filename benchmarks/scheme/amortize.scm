;; amortize: loan schedules in exact arithmetic, money in whole cents, as
;; a course's personal-finance exercise writes them.
;;
;; The monthly rate of an annual rate of b basis points is the exact
;; rational b/120000.  The level payment P i / (1 - (1 + i)^-n) is worked
;; out exactly (expt of a rational to a negative power) and rounded to a
;; cent by round, ties to even.  Each month's interest is the balance
;; times the rate, rounded; the payment less the interest pays down the
;; balance, and the last month (or one whose payment would overpay) pays
;; what is left.  The same loan is then paid with a fixed extra each
;; month, counting the months and the interest saved.  A borrower's own
;; offer of a monthly payment is tried last: an offer no more than the
;; first month's interest raises (never-repaid ...), one that would take
;; more than 360 months raises (too-long ...), and guard counts them.
;; The effective annual rate ((1 + i)^12 - 1) is rounded to basis points.
;; Amounts are written as dollars with commas by quotient and remainder.
;;
;; n loans are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 227,
;; each draw x div 65536: the principal ($1,000 .. $49,999), the rate
;; (200 .. 1799 basis points), the term (12 .. 60 months), the extra
;; payment ($0 .. $100 by $25) and the offer (0.5% .. 1.49% of the
;; principal a month).
;;
;; (run n) => (n, payments summed, interest summed, months saved by the
;;             extras, interest they saved, offers never repaid, offers
;;             too long, months of the other offers, effective rates
;;             summed, a checksum of the payments, the first loan: its
;;             payment, interest and last payment written, its rate)

(define seed 227)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (monthly-rate basis-points)
  (/ basis-points 120000))

(define (level-payment principal rate months)
  (round (/ (* principal rate)
            (- 1 (expt (+ 1 rate) (- months))))))

(define (interest-on balance rate)
  (round (* balance rate)))

;; (total paid, interest paid, last payment, months) of a loan paid with
;; payment + extra each month, the last month paying off what is left
(define (schedule principal rate months payment extra)
  (let loop ((month 1) (balance principal) (paid 0) (interest 0))
    (let* ((owed (interest-on balance rate))
           (due (+ payment extra))
           (toward (- due owed)))
      (if (or (= month months) (>= toward balance))
          (let ((last (+ balance owed)))
            (values (+ paid last) (+ interest owed) last month))
          (loop (+ month 1) (- balance toward) (+ paid due) (+ interest owed))))))

(define (months-to-repay principal rate offer)
  (let loop ((month 1) (balance principal))
    (let* ((owed (interest-on balance rate))
           (toward (- offer owed)))
      (cond ((<= toward 0) (raise (list 'never-repaid month balance)))
            ((> month 360) (raise (list 'too-long balance)))
            ((>= toward balance) month)
            (else (loop (+ month 1) (- balance toward)))))))

(define (effective-basis-points rate)
  (round (* 10000 (- (expt (+ 1 rate) 12) 1))))

(define (three-digits n)
  (cond ((< n 10) (string-append "00" (number->string n)))
        ((< n 100) (string-append "0" (number->string n)))
        (else (number->string n))))

(define (with-commas n)
  (if (< n 1000)
      (number->string n)
      (string-append (with-commas (quotient n 1000)) "," (three-digits (remainder n 1000)))))

(define (money->string cents)
  (let ((dollars (quotient cents 100))
        (pennies (remainder cents 100)))
    (string-append "$" (with-commas dollars) "."
                   (if (< pennies 10) "0" "")
                   (number->string pennies))))

(define (run n)
  (set! seed 227)
  (let loop ((k 0) (paid 0) (interest 0) (saved-months 0) (saved-interest 0)
                   (never 0) (too-long 0) (offer-months 0) (effective 0) (sum 0) (first '()))
    (if (= k n)
        (list n paid interest saved-months saved-interest never too-long offer-months effective sum first)
        (let* ((principal (* 100 (+ 1000 (modulo (next-random!) 49000))))
               (bp (+ 200 (modulo (next-random!) 1600)))
               (months (* 12 (+ 1 (modulo (next-random!) 5))))
               (extra (* 2500 (modulo (next-random!) 5)))
               (offer (round (/ (* principal (+ 50 (modulo (next-random!) 100))) 10000)))
               (rate (monthly-rate bp))
               (payment (level-payment principal rate months)))
          (let-values (((total owed last used) (schedule principal rate months payment 0))
                       ((total2 owed2 last2 used2) (schedule principal rate months payment extra)))
            (let ((outcome (guard (e ((and (pair? e) (eq? (car e) 'never-repaid)) 'never)
                                     ((and (pair? e) (eq? (car e) 'too-long)) 'too-long))
                             (months-to-repay principal rate offer))))
              (loop (+ k 1)
                    (+ paid total)
                    (+ interest owed)
                    (+ saved-months (- used used2))
                    (+ saved-interest (- owed owed2))
                    (if (eq? outcome 'never) (+ never 1) never)
                    (if (eq? outcome 'too-long) (+ too-long 1) too-long)
                    (if (number? outcome) (+ offer-months outcome) offer-months)
                    (+ effective (effective-basis-points rate))
                    (modulo (+ (* sum 31) payment last) 1000003)
                    (if (= k 0)
                        (list (money->string payment) (money->string owed) (money->string last)
                              (number->string rate))
                        first))))))))
