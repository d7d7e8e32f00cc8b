;; aliquot: aliquot sequences and Collatz trajectories of big numbers, as a
;; number theory course sets them for a first look at exact integers.
;;
;; The aliquot sequence of n goes n, s(n), s(s(n)), ... where s(n) is the
;; sum of the proper divisors of n.  The divisors are found by trial
;; division up to the square root, gathered in a list by a named let used
;; as non-tail recursion, and summed by apply.  The terms seen are kept
;; in an association list from term to step, so that assv finds where a
;; cycle closes: the sequence is perfect, amicable or sociable when it
;; comes back to its start after one, two or more steps, joins a cycle
;; when it comes back to a later term, terminates at 0, and is given up
;; after 30 steps or past two million.  The outcomes are tallied in an
;; association list keyed by symbols, one entry for each, read by assq
;; and counted up by set-cdr!.  Alongside, each sequence's
;; number gives a big number 3^e + 1 whose Collatz trajectory (halve if
;; even, else 3x + 1) is followed to 1, its steps and its peak handed back
;; by values to let-values; the peak's digits are counted from
;; number->string.
;;
;; The first starts are the classic ones (6, 28, 220, 1184, 12496,
;; 14316, 562, 276, 95, 1064); the rest and the exponents are drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 337, each draw x div
;; 65536: for each sequence its start (2 + mod 20000) unless it is a
;; classic one, then its exponent (10 + mod 190).
;;
;; (run n) => (n, the tally of outcomes in a fixed order, aliquot steps,
;;             the longest sequence's start and length, the largest term,
;;             Collatz steps, peak digits summed, the largest peak's
;;             digits, a checksum of the terms and the peaks)

(define seed 337)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define classics '(6 28 220 1184 12496 14316 562 276 95 1064))

(define longest-steps 30)
(define bound 2000000)

(define (proper-divisors n)
  (if (= n 1)
      '()
      (let loop ((d 1))
        (cond ((> (* d d) n) '())
              ((= (remainder n d) 0)
               (let ((other (quotient n d)))
                 (cond ((= d 1) (cons 1 (loop (+ d 1))))
                       ((= d other) (cons d (loop (+ d 1))))
                       (else (cons d (cons other (loop (+ d 1))))))))
              (else (loop (+ d 1)))))))

(define (aliquot-sum n)
  (apply + (proper-divisors n)))

;; => (outcome steps largest terms-summed)
(define (follow start)
  (let loop ((n start) (step 0) (seen '()) (largest start) (sum 0))
    (let ((earlier (assv n seen)))
      (cond (earlier
             (let ((length (- step (cdr earlier))))
               (list (cond ((> (cdr earlier) 0) 'joins-cycle)
                           ((= length 1) 'perfect)
                           ((= length 2) 'amicable)
                           (else 'sociable))
                     step largest sum)))
            ((= n 0) (list 'terminates step largest sum))
            ((or (= step longest-steps) (> n bound)) (list 'gives-up step largest sum))
            (else
             (let ((next (aliquot-sum n)))
               (loop next (+ step 1) (cons (cons n step) seen) (max largest next)
                     (modulo (+ sum next) 1000003))))))))

(define (collatz x)
  (let loop ((x x) (steps 0) (peak x))
    (cond ((= x 1) (values steps peak))
          ((even? x) (loop (quotient x 2) (+ steps 1) peak))
          (else
           (let ((up (+ (* 3 x) 1)))
             (loop up (+ steps 1) (max peak up)))))))

(define outcomes '(perfect amicable sociable joins-cycle terminates gives-up))

(define (new-tally)
  (map (lambda (what) (cons what 0)) outcomes))

(define (tally! tally what)
  (let ((entry (assq what tally)))
    (set-cdr! entry (+ (cdr entry) 1))))

(define (digits x) (string-length (number->string x)))

(define (run n)
  (set! seed 337)
  (let loop ((k 0) (tally (new-tally)) (steps 0) (longest-start 0) (longest 0) (largest 0)
             (collatz-steps 0) (peak-digits 0) (widest 0) (check 0))
    (if (= k n)
        (list n (map cdr tally)
              steps longest-start longest largest collatz-steps peak-digits widest check)
        (let* ((start (if (< k (length classics))
                          (list-ref classics k)
                          (+ 2 (modulo (next-random!) 20000))))
               (e (+ 10 (modulo (next-random!) 190)))
               (result (follow start))
               (outcome (car result))
               (taken (cadr result)))
          (tally! tally outcome)
          (let-values (((c-steps peak) (collatz (+ (expt 3 e) 1))))
            (loop (+ k 1)
                  tally
                  (+ steps taken)
                  (if (> taken longest) start longest-start)
                  (max longest taken)
                  (max largest (caddr result))
                  (+ collatz-steps c-steps)
                  (+ peak-digits (digits peak))
                  (max widest (digits peak))
                  (modulo (+ (* check 7) (cadddr result) (modulo peak 1000003)) 1000003)))))))
