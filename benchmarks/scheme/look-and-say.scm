;; look-and-say: Conway's look-and-say sequence over lists of characters.
;; A term is a list of digit characters; the next term says each run of
;; equal digits as its length and its digit ("1211" is one 1, one 2, two
;; 1s: "111221").  The next term is made by plain recursion, one level per
;; run: a named let counts the run, and the said run is consed, by append
;; of (string->list (number->string count)), onto the rest of the term.
;; Each term is read back as well: its digits taken two at a time (cadr
;; and cddr), each count said as that many copies of its digit, which must
;; give the term before it (equal?).  The digits of the last term are
;; counted in a vector indexed by (- (char->integer c) (char->integer #\0)).
;;
;; (run n) => (the length of term n, the lengths of terms 1 .. n summed,
;;             how many terms read back to the term before them, the
;;             number of 1s, 2s and 3s in term n, its first 12 characters
;;             as a string)

(define (say-runs term)
  (if (null? term)
      '()
      (let count ((digit (car term)) (n 1) (rest (cdr term)))
        (if (and (pair? rest) (char=? (car rest) digit))
            (count digit (+ n 1) (cdr rest))
            (append (string->list (number->string n))
                    (cons digit (say-runs rest)))))))

(define (repeat-char c n rest)
  (if (= n 0)
      rest
      (cons c (repeat-char c (- n 1) rest))))

(define (digit->number c)
  (- (char->integer c) (char->integer #\0)))

(define (read-back term)
  ;; every count in these terms is a single digit
  (if (null? term)
      '()
      (repeat-char (cadr term) (digit->number (car term))
                   (read-back (cddr term)))))

(define (digit-counts term)
  (let ((counts (make-vector 10 0)))
    (for-each (lambda (c)
                (let ((d (digit->number c)))
                  (vector-set! counts d (+ (vector-ref counts d) 1))))
              term)
    counts))

(define (first-chars term k)
  (if (or (= k 0) (null? term))
      '()
      (cons (car term) (first-chars (cdr term) (- k 1)))))

(define (run n)
  (let loop ((i 1) (term (list #\1)) (total 0) (read-ok 0))
    (if (= i n)
        (let ((counts (digit-counts term)))
          (list (length term)
                (+ total (length term))
                read-ok
                (vector-ref counts 1)
                (vector-ref counts 2)
                (vector-ref counts 3)
                (list->string (first-chars term 12))))
        (let ((next (say-runs term)))
          (loop (+ i 1)
                next
                (+ total (length term))
                (if (equal? (read-back next) term) (+ read-ok 1) read-ok))))))
