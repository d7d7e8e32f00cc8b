;; checksums: card numbers by Luhn's rule, ISBN-10 and ISBN-13, checked
;; character by character.  Each number is written to a string port:
;; Luhn's in groups of four split by spaces, ISBN-13 as 978-, nine digits,
;; - and the check digit, ISBN-10 as ten characters (the check may be X).
;; A few are spoilt: a character replaced by string-set! with the letter O
;; or l, the last character cut off by substring, or the check digit
;; changed.  A check reads the digits by string->list, char-numeric? and
;; char->integer, skipping spaces and hyphens; what is not a digit is an
;; error raised by error with the character as irritant, a wrong count of
;; digits an error with the count.  Each check runs inside dynamic-wind,
;; whose after thunk counts the checks finished (errors leave through it
;; too), inside a guard that takes error objects apart with
;; error-object-message and error-object-irritants and counts each
;; message in an association list found by assoc.
;;
;; The numbers: x -> (1103515245x + 12345) mod 2^31 from x = 31, each draw
;; x div 65536.  Number i (from 0) is a card when i mod 3 is 0, an ISBN-10
;; when 1, an ISBN-13 when 2; its digits are draws mod 10, its check
;; digit right; then a draw mod 20 spoils it: 0 puts O and 1 puts l at
;; the place a further draw mod its length says, 2 cuts off its last
;; character, 3 to 5 move its check digit on by one (X after 9 in an
;; ISBN-10, 0 after 9 or X), the rest leave it whole.
;;
;; (run n) => (the good cards, ISBN-10s and ISBN-13s, each error message
;;             and how often it came, the character codes of the
;;             characters that were not digits summed, the checks
;;             finished)

(define seed 31)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-digits k)
  (if (= k 0)
      '()
      (let ((d (modulo (next-draw!) 10)))
        (cons d (random-digits (- k 1))))))

;; the sums behind the three rules

(define (luhn-sum digits)
  ;; digits from the right: every second one doubled, 9 taken off above 9
  (let loop ((ds (reverse digits)) (double? #f) (sum 0))
    (cond ((null? ds) sum)
          (double?
           (let ((d (* 2 (car ds))))
             (loop (cdr ds) #f (+ sum (if (> d 9) (- d 9) d)))))
          (else (loop (cdr ds) #t (+ sum (car ds)))))))

(define (isbn10-sum digits)
  ;; the first digit weighed 10, the next 9, ... the tenth 1
  (let loop ((ds digits) (weight 10) (sum 0))
    (if (null? ds)
        sum
        (loop (cdr ds) (- weight 1) (+ sum (* weight (car ds)))))))

(define (isbn13-sum digits)
  ;; weights 1, 3, 1, 3, ...
  (let loop ((ds digits) (weight 1) (sum 0))
    (if (null? ds)
        sum
        (loop (cdr ds) (- 4 weight) (+ sum (* weight (car ds)))))))

;; writing the numbers

(define (digit->char d)
  (if (= d 10)
      #\X
      (integer->char (+ d (char->integer #\0)))))

(define (write-digits digits port)
  (for-each (lambda (d) (write-char (digit->char d) port)) digits))

(define (card-text body)
  ;; 15 digits and a check digit (the body's own last digit is doubled)
  (let ((check (modulo (- 10 (modulo (luhn-sum (append body (list 0))) 10)) 10))
        (port (open-output-string)))
    (let loop ((ds (append body (list check))) (k 0))
      (unless (null? ds)
        (if (and (> k 0) (= (modulo k 4) 0))
            (write-char #\space port))
        (write-char (digit->char (car ds)) port)
        (loop (cdr ds) (+ k 1))))
    (get-output-string port)))

(define (isbn10-text body)
  (let ((check (modulo (- 11 (modulo (isbn10-sum body) 11)) 11))
        (port (open-output-string)))
    (write-digits body port)
    (write-char (digit->char check) port)
    (get-output-string port)))

(define (isbn13-text body)
  (let ((check (modulo (- 10 (modulo (isbn13-sum (append '(9 7 8) body)) 10)) 10))
        (port (open-output-string)))
    (write-string "978-" port)
    (write-digits body port)
    (write-char #\- port)
    (write-char (digit->char check) port)
    (get-output-string port)))

(define (next-check c isbn10?)
  (cond ((char=? c #\9) (if isbn10? #\X #\0))
        ((char=? c #\X) #\0)
        (else (integer->char (+ (char->integer c) 1)))))

(define (spoil! text isbn10?)
  (let ((how (modulo (next-draw!) 20))
        (last (- (string-length text) 1)))
    (cond ((= how 0)
           (string-set! text (modulo (next-draw!) (string-length text)) #\O)
           text)
          ((= how 1)
           (string-set! text (modulo (next-draw!) (string-length text)) #\l)
           text)
          ((= how 2) (substring text 0 last))
          ((<= how 5)
           (string-set! text last (next-check (string-ref text last) isbn10?))
           text)
          (else text))))

;; checking

(define (read-digits text allow-x?)
  ;; => the digits, spaces and hyphens skipped; X as 10 only at the end
  (let loop ((cs (string->list text)) (digits '()))
    (cond ((null? cs) (reverse digits))
          ((or (char=? (car cs) #\space) (char=? (car cs) #\-))
           (loop (cdr cs) digits))
          ((char-numeric? (car cs))
           (loop (cdr cs)
                 (cons (- (char->integer (car cs)) (char->integer #\0)) digits)))
          ((and allow-x? (char=? (car cs) #\X) (null? (cdr cs)))
           (loop (cdr cs) (cons 10 digits)))
          (else (error "not a digit" (car cs))))))

(define (checked-digits text count allow-x?)
  (let ((digits (read-digits text allow-x?)))
    (if (= (length digits) count)
        digits
        (error "wrong length" (length digits)))))

(define (good-card? text)
  (= (modulo (luhn-sum (checked-digits text 16 #f)) 10) 0))

(define (good-isbn10? text)
  (= (modulo (isbn10-sum (checked-digits text 10 #t)) 11) 0))

(define (good-isbn13? text)
  (= (modulo (isbn13-sum (checked-digits text 13 #f)) 10) 0))

;; the run

(define finished 0)
(define messages '())
(define not-digits 0)

(define (note-error! e)
  (let ((entry (assoc (error-object-message e) messages)))
    (if entry
        (set-cdr! entry (+ (cdr entry) 1))
        (set! messages (cons (cons (error-object-message e) 1) messages))))
  (let ((what (car (error-object-irritants e))))
    (if (char? what)
        (set! not-digits (+ not-digits (char->integer what))))))

(define (check good? text)
  (guard (e ((error-object? e) (note-error! e) #f))
    (dynamic-wind
     (lambda () #t)
     (lambda () (good? text))
     (lambda () (set! finished (+ finished 1))))))

(define (run n)
  (set! seed 31)
  (set! finished 0)
  (set! messages '())
  (set! not-digits 0)
  (let loop ((i 0) (cards 0) (isbn10s 0) (isbn13s 0))
    (if (= i n)
        (list cards isbn10s isbn13s
              (map (lambda (entry) (list (car entry) (cdr entry))) (reverse messages))
              not-digits
              finished)
        (case (modulo i 3)
          ((0) (let ((text (spoil! (card-text (random-digits 15)) #f)))
                 (loop (+ i 1) (if (check good-card? text) (+ cards 1) cards)
                       isbn10s isbn13s)))
          ((1) (let ((text (spoil! (isbn10-text (random-digits 9)) #t)))
                 (loop (+ i 1) cards
                       (if (check good-isbn10? text) (+ isbn10s 1) isbn10s)
                       isbn13s)))
          (else (let ((text (spoil! (isbn13-text (random-digits 9)) #f)))
                  (loop (+ i 1) cards isbn10s
                        (if (check good-isbn13? text) (+ isbn13s 1) isbn13s))))))))
