;; mastermind: Mastermind with four pegs of six colours, played by the
;; simple strategy of always guessing a code that is consistent with
;; every answer so far.
;;
;; A code is a list of four colour symbols; all 1296 of them are made
;; by a flatmap of map over the colours, in the order of the colours
;; with the first peg the slowest.  The score of a guess against a
;; secret is a pair (black . white): black the pegs right in colour and
;; place, counted by map over the two lists and apply +; white the pegs
;; of the right colour in the wrong place, the sum over the colours of
;; the smaller of the two counts, less black.  A game begins with
;; Knuth's (red red green green) and after each answer keeps only the
;; codes that would have given the same answer to the same guess (a
;; filter of our own, the answers compared by equal?), guessing the first
;; code kept next.  The answers the first guess can get are tallied in
;; an association list keyed by the answer pairs, found by assoc, and
;; listed in order of black and white by an insertion sort.  Codes are
;; written as strings of the colours' initials in capitals, by
;; symbol->string, string-ref and char-upcase.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 2, each draw
;; x div 65536; a secret's four pegs each the colour of the draw mod 6.
;;
;; (run n) => (the number of codes, the tally of the first guess's
;;             answers as (black white codes) lists, the guesses of the
;;             n games summed, the most guesses of one game, how many
;;             games took 1, 2, ... 8 guesses, the first secret written
;;             with the guesses made for it)

(define seed 2)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define colours '(red green blue yellow orange purple))

(define (flatmap f lst)
  (if (null? lst)
      '()
      (append (f (car lst)) (flatmap f (cdr lst)))))

(define (all-codes pegs)
  (if (= pegs 0)
      '(())
      (flatmap (lambda (colour)
                 (map (lambda (rest) (cons colour rest)) (all-codes (- pegs 1))))
               colours)))

(define (keep ok? lst)
  (cond ((null? lst) '())
        ((ok? (car lst)) (cons (car lst) (keep ok? (cdr lst))))
        (else (keep ok? (cdr lst)))))

(define (count-of colour code)
  (let loop ((code code) (n 0))
    (cond ((null? code) n)
          ((eq? (car code) colour) (loop (cdr code) (+ n 1)))
          (else (loop (cdr code) n)))))

(define (score secret guess)
  (let ((black (apply + (map (lambda (s g) (if (eq? s g) 1 0)) secret guess)))
        (common (apply + (map (lambda (colour)
                                (min (count-of colour secret) (count-of colour guess)))
                              colours))))
    (cons black (- common black))))

(define first-guess '(red red green green))

;; The guesses made for `secret`, in order.
(define (play secret codes)
  (let loop ((guess first-guess) (candidates codes) (made '()))
    (let ((answer (score secret guess)))
      (if (equal? answer '(4 . 0))
          (reverse (cons guess made))
          (let ((left (keep (lambda (code) (equal? (score code guess) answer)) candidates)))
            (loop (car left) left (cons guess made)))))))

(define (tally guess codes)
  (let loop ((codes codes) (table '()))
    (if (null? codes)
        table
        (let* ((answer (score (car codes) guess))
               (entry (assoc answer table)))
          (if entry
              (begin (set-cdr! entry (+ (cdr entry) 1))
                     (loop (cdr codes) table))
              (loop (cdr codes) (cons (cons answer 1) table)))))))

(define (answer<? a b)
  (or (< (car a) (car b))
      (and (= (car a) (car b)) (< (cdr a) (cdr b)))))

(define (insert entry sorted)
  (if (or (null? sorted) (answer<? (car entry) (car (car sorted))))
      (cons entry sorted)
      (cons (car sorted) (insert entry (cdr sorted)))))

(define (written code)
  (list->string (map (lambda (colour) (char-upcase (string-ref (symbol->string colour) 0))) code)))

(define (random-code)
  (let loop ((i 0) (code '()))
    (if (= i 4)
        code
        (loop (+ i 1) (cons (list-ref colours (modulo (next-random!) 6)) code)))))

(define (run n)
  (set! seed 2)
  (let* ((codes (all-codes 4))
         (table (let sort ((entries (tally first-guess codes)) (sorted '()))
                  (if (null? entries)
                      sorted
                      (sort (cdr entries) (insert (car entries) sorted)))))
         (histogram (make-vector 8 0)))
    (let loop ((i 0) (total 0) (most 0) (first #f))
      (if (= i n)
          (list (length codes)
                (map (lambda (entry) (list (car (car entry)) (cdr (car entry)) (cdr entry))) table)
                total
                most
                (vector->list histogram)
                first)
          (let* ((secret (random-code))
                 (guesses (play secret codes))
                 (k (length guesses)))
            (vector-set! histogram (- k 1) (+ (vector-ref histogram (- k 1)) 1))
            (loop (+ i 1) (+ total k) (max most k)
                  (or first (cons (written secret) (map written guesses)))))))))
