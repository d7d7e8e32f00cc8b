;; backtrack: the puzzles of SICP 4.3 solved by chronological
;; backtracking written with success and failure continuations, the way
;; SICP 4.3.3's amb evaluator runs its programs.  A search is a procedure
;; taking succeed, called with a value and a failure thunk, and fail, a
;; thunk of no arguments.  (amb-list choices succeed fail) calls succeed
;; with the first choice and a failure thunk that tries the rest, the
;; last of them falling back on fail; give-up counts a failure and calls
;; its thunk.  Every call is a tail call: the search runs in the lambdas
;; it builds, nested as deep as the puzzle.  all-solutions hands a search
;; a success procedure that records each value and gives up again, until
;; the last failure thunk returns.
;;
;; The puzzles: the n queens (each row's column chosen from 1..n and
;; tested safe against the rows above, kept in a list), SICP 4.3.2's
;; multiple dwelling and exercise 4.42's liars (every choice made first,
;; then every requirement, tested by and, as the book writes them; the
;; five nested choices one procedure taking the test as a lambda),
;; Pythagorean triples a <= b <= c <= 3n (b chosen from a up, c from b
;; up), and the states of Australia coloured with three colours, each
;; unlike its neighbours coloured before it, read from an assq table.
;;
;; (run n) => (how many solutions of the n queens, the first, the
;;             dwelling's floors for Baker, Cooper, Fletcher, Miller and
;;             Smith, the liars' places for Betty, Ethel, Joan, Kitty and
;;             Mary, how many triples, the last found, how many
;;             colourings, the first as strings, how many failures)

(define failures 0)

(define (give-up fail)
  (set! failures (+ failures 1))
  (fail))

(define (amb-list choices succeed fail)
  (if (null? choices)
      (give-up fail)
      (succeed (car choices)
               (lambda () (amb-list (cdr choices) succeed fail)))))

(define (all-solutions search)
  (let ((found '()))
    (search (lambda (value fail)
              (set! found (cons value found))
              (give-up fail))
            (lambda () 'done))
    (reverse found)))

(define (interval low high)
  (if (> low high)
      '()
      (cons low (interval (+ low 1) high))))

(define (distinct? items)
  (cond ((null? items) #t)
        ((member (car items) (cdr items)) #f)
        (else (distinct? (cdr items)))))

;; the n queens

(define (safe? col placed)
  ;; placed: the columns of the rows above, the nearest first
  (let loop ((placed placed) (distance 1))
    (cond ((null? placed) #t)
          ((= (car placed) col) #f)
          ((= (abs (- (car placed) col)) distance) #f)
          (else (loop (cdr placed) (+ distance 1))))))

(define (queens n)
  (let ((columns (interval 1 n)))
    (lambda (succeed fail)
      (let place ((row 0) (placed '()) (fail fail))
        (if (= row n)
            (succeed (reverse placed) fail)
            (amb-list columns
                      (lambda (col fail)
                        (if (safe? col placed)
                            (place (+ row 1) (cons col placed) fail)
                            (give-up fail)))
                      fail))))))

;; SICP 4.3.2 and exercise 4.42

(define floors '(1 2 3 4 5))

(define (five-places test)
  ;; a search choosing a place from 1..5 for each of five people in turn,
  ;; then keeping the five when (test a b c d e) holds
  (lambda (succeed fail)
    (amb-list floors
     (lambda (a fail)
       (amb-list floors
        (lambda (b fail)
          (amb-list floors
           (lambda (c fail)
             (amb-list floors
              (lambda (d fail)
                (amb-list floors
                 (lambda (e fail)
                   (if (test a b c d e)
                       (succeed (list a b c d e) fail)
                       (give-up fail)))
                 fail))
              fail))
           fail))
        fail))
     fail)))

(define multiple-dwelling
  (five-places
   (lambda (baker cooper fletcher miller smith)
     (and (distinct? (list baker cooper fletcher miller smith))
          (not (= baker 5))
          (not (= cooper 1))
          (not (= fletcher 5))
          (not (= fletcher 1))
          (> miller cooper)
          (not (= (abs (- smith fletcher)) 1))
          (not (= (abs (- fletcher cooper)) 1))))))

(define (xor a b)
  (if a (not b) b))

(define liars
  (five-places
   (lambda (betty ethel joan kitty mary)
     (and (distinct? (list betty ethel joan kitty mary))
          (xor (= kitty 2) (= betty 3))
          (xor (= ethel 1) (= joan 2))
          (xor (= joan 3) (= ethel 5))
          (xor (= kitty 2) (= mary 4))
          (xor (= mary 4) (= betty 1))))))

;; Pythagorean triples

(define (an-integer-between low high succeed fail)
  (amb-list (interval low high) succeed fail))

(define (triples m)
  (lambda (succeed fail)
    (an-integer-between 1 m
     (lambda (a fail)
       (an-integer-between a m
        (lambda (b fail)
          (an-integer-between b m
           (lambda (c fail)
             (if (= (+ (* a a) (* b b)) (* c c))
                 (succeed (list a b c) fail)
                 (give-up fail)))
           fail))
        fail))
     fail)))

;; a map coloured

(define australia
  '((wa nt sa) (nt wa sa q) (sa wa nt q nsw v) (q nt sa nsw) (nsw q sa v) (v sa nsw) (t)))

(define (clashes? colour neighbours coloured)
  (cond ((null? neighbours) #f)
        ((let ((entry (assq (car neighbours) coloured)))
           (and entry (eq? (cdr entry) colour)))
         #t)
        (else (clashes? colour (cdr neighbours) coloured))))

(define (colour-map regions)
  (lambda (succeed fail)
    (let loop ((regions regions) (coloured '()) (fail fail))
      (if (null? regions)
          (succeed (reverse coloured) fail)
          (amb-list '(red green blue)
                    (lambda (colour fail)
                      (if (clashes? colour (cdar regions) coloured)
                          (give-up fail)
                          (loop (cdr regions)
                                (cons (cons (caar regions) colour) coloured)
                                fail)))
                    fail)))))

(define (run n)
  (set! failures 0)
  (let* ((boards (all-solutions (queens n)))
         (dwelling (all-solutions multiple-dwelling))
         (girls (all-solutions liars))
         (found (all-solutions (triples (* 3 n))))
         (colourings (all-solutions (colour-map australia))))
    (list (length boards)
          (car boards)
          (car dwelling)
          (car girls)
          (length found)
          (car (reverse found))
          (length colourings)
          (map (lambda (entry) (symbol->string (cdr entry))) (car colourings))
          failures)))
