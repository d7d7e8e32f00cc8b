;; ledger: a cash book reconciled against the bank's statement, both
;; kept as text, the way a first program that handles money would.
;;
;; n transactions are drawn and written twice into output string ports:
;; the cash book as CSV lines "2024-03-05,GROCERIES,-123.45" and the
;; bank's statement as "05/03/2024;Card GROCERIES;123.45 DR", amounts
;; with thousands separators and a DR or CR after them.  The bank posts
;; a transaction a few days late, leaves one in twenty out (a cheque not
;; yet cleared), gets one in twenty wrong by 9.00 (two digits swapped),
;; adds service charges of its own, and credits interest at the end: 3%
;; a year on the sum of its closing balances of every day, rounded to
;; the cent by round (half to even) on an exact rational.  The bank's
;; lines are put in order of posting by a vector of lists, one per day.
;;
;; Then both texts are read back line by line by read-line from input
;; string ports, fields cut at the separators by a loop of our own,
;; dates converted to day numbers by month lengths from case, amounts to
;; exact rationals (digits collected by string->list, string->number of
;; the whole and the cents, divided by a power of ten), and each of the
;; bank's lines matched against the first unmatched cash-book entry of
;; the same amount dated at most five days before it: the entries of an
;; amount kept in a table of our own, a vector of 211 association lists
;; searched by assoc (equal? on exact rationals), grown by set-cdr! and
;; append.  The reconciliation must balance: the bank's closing balance
;; is the book's, less the book's unmatched entries, plus the bank's.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 53, each
;; draw x div 65536.
;;
;; (run n) => (book lines, bank lines, matched, the book's unmatched and
;;             their total, the bank's unmatched and their total, the two
;;             closing balances, whether they reconcile, the lowest book
;;             balance and its date, each description's total and count,
;;             the interest, the statement's length and checksum)

(define seed 53)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

;; -- dates: day 0 is 2024-01-01 ---------------------------------------------

(define (leap? y)
  (and (= 0 (modulo y 4)) (or (not (= 0 (modulo y 100))) (= 0 (modulo y 400)))))

(define (month-length y m)
  (case m
    ((4 6 9 11) 30)
    ((2) (if (leap? y) 29 28))
    (else 31)))

(define (day->date day)
  (let year-loop ((y 2024) (day day))
    (let ((length-of-year (if (leap? y) 366 365)))
      (if (>= day length-of-year)
          (year-loop (+ y 1) (- day length-of-year))
          (let month-loop ((m 1) (day day))
            (if (>= day (month-length y m))
                (month-loop (+ m 1) (- day (month-length y m)))
                (values y m (+ day 1))))))))

(define (date->day y m d)
  (let year-loop ((year 2024) (day 0))
    (if (< year y)
        (year-loop (+ year 1) (+ day (if (leap? year) 366 365)))
        (let month-loop ((month 1) (day day))
          (if (< month m)
              (month-loop (+ month 1) (+ day (month-length y month)))
              (+ day d -1))))))

(define (pad2 k)
  (if (< k 10) (string-append "0" (number->string k)) (number->string k)))

(define (iso-date day)
  (let-values (((y m d) (day->date day)))
    (string-append (number->string y) "-" (pad2 m) "-" (pad2 d))))

(define (bank-date day)
  (let-values (((y m d) (day->date day)))
    (string-append (pad2 d) "/" (pad2 m) "/" (number->string y))))

;; -- amounts, in cents while written, exact rationals once read ------------

(define (with-thousands digits)
  (let loop ((digits digits) (out ""))
    (if (<= (string-length digits) 3)
        (string-append digits out)
        (let ((cut (- (string-length digits) 3)))
          (loop (substring digits 0 cut) (string-append "," (substring digits cut (string-length digits)) out))))))

(define (cents->text cents thousands?)
  (let* ((size (abs cents))
         (whole (number->string (quotient size 100))))
    (string-append (if (< cents 0) "-" "")
                   (if thousands? (with-thousands whole) whole)
                   "." (pad2 (remainder size 100)))))

(define (book-amount cents) (cents->text cents #f))

(define (bank-amount cents)
  (string-append (cents->text (abs cents) #t) (if (< cents 0) " DR" " CR")))

(define (format-amount amount) (cents->text (* amount 100) #t))

(define (parse-amount text)
  (let loop ((chars (string->list text)) (digits '()) (sign 1))
    (cond ((or (null? chars) (char=? (car chars) #\space))
           (let* ((number (list->string (reverse digits)))
                  (dot (let find ((i 0)) (if (char=? (string-ref number i) #\.) i (find (+ i 1)))))
                  (cents (substring number (+ dot 1) (string-length number)))
                  (value (+ (string->number (substring number 0 dot))
                            (/ (string->number cents) (expt 10 (string-length cents))))))
             (if (and (pair? chars) (string=? (list->string (cdr chars)) "DR"))
                 (- value)
                 (* sign value))))
          ((char=? (car chars) #\-) (loop (cdr chars) digits -1))
          ((char=? (car chars) #\,) (loop (cdr chars) digits sign))
          (else (loop (cdr chars) (cons (car chars) digits) sign)))))

(define (split-at-char text separator)
  (let loop ((i 0) (start 0) (fields '()))
    (cond ((= i (string-length text))
           (reverse (cons (substring text start i) fields)))
          ((char=? (string-ref text i) separator)
           (loop (+ i 1) (+ i 1) (cons (substring text start i) fields)))
          (else (loop (+ i 1) start fields)))))

;; -- writing the two texts ---------------------------------------------------

(define kinds (vector "SALARY" "RENT" "GROCERIES" "UTILITIES" "TRANSFER" "CHEQUE"))

(define (random-cents kind)
  (case kind
    ((0) (+ 250000 (modulo (next-random!) 50000)))
    ((1) -125000)
    ((2) (- (+ 500 (modulo (next-random!) 15000))))
    ((3) (- (+ 3000 (modulo (next-random!) 20000))))
    ((4) (if (= 0 (modulo (next-random!) 2))
             (+ 1000 (modulo (next-random!) 100000))
             (- (+ 1000 (modulo (next-random!) 100000)))))
    (else (- (+ 2000 (modulo (next-random!) 50000))))))

(define (bank-description kind number)
  (case kind
    ((0 4) (string-append "Credit " (vector-ref kinds kind)))
    ((5) (string-append "Cheque " (number->string (+ 100000 number))))
    (else (string-append "Card " (vector-ref kinds kind)))))

;; Both texts, as two values.
(define (write-texts n)
  (let ((book (open-output-string))
        (posted (make-vector (+ (* 2 n) 8) '())))
    (write-string "date,description,amount\n" book)
    (write-string "2024-01-01,OPENING,1000.00\n" book)
    (let loop ((k 0) (day 0))
      (if (< k n)
          (let* ((kind (modulo (next-random!) 6))
                 (cents (random-cents kind))
                 (fate (modulo (next-random!) 20)))
            (write-string (string-append (iso-date day) "," (vector-ref kinds kind) "," (book-amount cents) "\n")
                          book)
            (cond ((= fate 0) #f)
                  (else
                   (let ((posting-day (+ day (modulo (next-random!) 4)))
                         (amount (if (= fate 1) (+ cents (if (< cents 0) -900 900)) cents)))
                     (vector-set! posted posting-day (cons (cons (bank-description kind k) amount)
                                                           (vector-ref posted posting-day))))))
            (if (= 0 (modulo (next-random!) 15))
                (vector-set! posted (+ day 1) (cons (cons "Service charge" -250) (vector-ref posted (+ day 1)))))
            (loop (+ k 1) (+ day (modulo (next-random!) 2))))
          (let ((statement (open-output-string))
                (last-day (+ day 4)))
            (write-string (string-append "Opening balance;" (bank-amount 100000) "\n") statement)
            (let day-loop ((d 0) (balance 100000) (sum 0))
              (if (> d last-day)
                  (let ((interest (round (/ (* sum 3) 36500))))
                    (write-string (string-append (bank-date last-day) ";Interest;" (bank-amount interest) "\n")
                                  statement)
                    (write-string (string-append "Closing balance;" (bank-amount (+ balance interest)) "\n")
                                  statement)
                    (values (get-output-string book) (get-output-string statement)))
                  (let line-loop ((lines (reverse (vector-ref posted d))) (balance balance))
                    (if (null? lines)
                        (day-loop (+ d 1) balance (+ sum balance))
                        (begin
                          (write-string (string-append (bank-date d) ";" (car (car lines)) ";"
                                                       (bank-amount (cdr (car lines))) "\n")
                                        statement)
                          (line-loop (cdr lines) (+ balance (cdr (car lines))))))))))))))

;; -- reading them back -------------------------------------------------------

(define (read-lines port)
  (let loop ((lines '()))
    (let ((line (read-line port)))
      (if (eof-object? line) (reverse lines) (loop (cons line lines))))))

;; A book entry: #(day description amount matched?)
(define (read-book text)
  (map (lambda (line)
         (let* ((fields (split-at-char line #\,))
                (date (car fields)))
           (vector (date->day (string->number (substring date 0 4))
                              (string->number (substring date 5 7))
                              (string->number (substring date 8 10)))
                   (cadr fields)
                   (parse-amount (caddr fields))
                   #f)))
       (cdr (read-lines (open-input-string text)))))

(define (bucket-of amount) (modulo (* amount 100) 211))

(define (table-add! table entry)
  (let* ((k (bucket-of (vector-ref entry 2)))
         (found (assoc (vector-ref entry 2) (vector-ref table k))))
    (if found
        (set-cdr! found (append (cdr found) (list entry)))
        (vector-set! table k (cons (list (vector-ref entry 2) entry) (vector-ref table k))))))

(define (take-match! table day amount)
  (let ((found (assoc amount (vector-ref table (bucket-of amount)))))
    (and found
         (let loop ((entries (cdr found)))
           (cond ((null? entries) #f)
                 ((and (not (vector-ref (car entries) 3))
                       (<= (vector-ref (car entries) 0) day (+ (vector-ref (car entries) 0) 5)))
                  (vector-set! (car entries) 3 #t)
                  #t)
                 (else (loop (cdr entries))))))))

(define (category-totals entries)
  (let loop ((entries entries) (table '()))
    (if (null? entries)
        (map (lambda (entry) (list (car entry) (format-amount (cadr entry)) (caddr entry))) (reverse table))
        (let* ((name (vector-ref (car entries) 1))
               (found (assoc name table)))
          (if found
              (begin (set-car! (cdr found) (+ (cadr found) (vector-ref (car entries) 2)))
                     (set-car! (cddr found) (+ (caddr found) 1))
                     (loop (cdr entries) table))
              (loop (cdr entries) (cons (list name (vector-ref (car entries) 2) 1) table)))))))

(define (run n)
  (set! seed 53)
  (let-values (((book-text bank-text) (write-texts n)))
    (let* ((book (read-book book-text))
           (entries (cdr book))
           (table (make-vector 211 '()))
           (statement (read-lines (open-input-string bank-text)))
           (opening (parse-amount (cadr (split-at-char (car statement) #\;)))))
      (for-each (lambda (entry) (table-add! table entry)) entries)
      (let loop ((lines (cdr statement)) (matched 0) (bank-only 0) (bank-only-total 0) (balance opening))
        (let ((fields (split-at-char (car lines) #\;)))
          (if (string=? (car fields) "Closing balance")
              (let* ((closing (parse-amount (cadr fields)))
                     (book-closing (apply + (map (lambda (e) (vector-ref e 2)) book)))
                     (unmatched (filter (lambda (e) (not (vector-ref e 3))) entries))
                     (unmatched-total (apply + (map (lambda (e) (vector-ref e 2)) unmatched)))
                     (lowest (let low ((entries book) (balance 0) (best #f) (best-day 0))
                               (if (null? entries)
                                   (list (format-amount best) (iso-date best-day))
                                   (let ((now (+ balance (vector-ref (car entries) 2))))
                                     (if (or (not best) (< now best))
                                         (low (cdr entries) now now (vector-ref (car entries) 0))
                                         (low (cdr entries) now best best-day)))))))
                (list (length book) (length statement) matched
                      (length unmatched) (format-amount unmatched-total)
                      bank-only (format-amount bank-only-total)
                      (format-amount book-closing) (format-amount closing)
                      (and (= closing balance) (= closing (+ (- book-closing unmatched-total) bank-only-total)))
                      lowest
                      (category-totals entries)
                      (format-amount (parse-amount (caddr (split-at-char (list-ref statement (- (length statement) 2))
                                                                          #\;))))
                      (string-length bank-text)
                      (let ((sum 0))
                        (string-for-each (lambda (c) (set! sum (modulo (+ (* sum 31) (char->integer c)) 1000003)))
                                         bank-text)
                        sum)))
              (let* ((date (car fields))
                     (day (date->day (string->number (substring date 6 10))
                                     (string->number (substring date 3 5))
                                     (string->number (substring date 0 2))))
                     (amount (parse-amount (caddr fields))))
                (if (take-match! table day amount)
                    (loop (cdr lines) (+ matched 1) bank-only bank-only-total (+ balance amount))
                    (loop (cdr lines) matched (+ bank-only 1) (+ bank-only-total amount) (+ balance amount))))))))))
