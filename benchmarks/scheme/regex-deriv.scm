;; regex-deriv: regular expressions matched by Brzozowski's derivatives.  A
;; regular expression is a quoted list: the symbol eps (the empty string),
;; the symbol none (no string), a character, (seq r s), (alt r ...) or
;; (star r).  The derivative of r by a character c matches what follows c
;; in the strings r matches; a string matches r when the derivative by all
;; its characters in turn is nullable (matches the empty string).  The
;; derivatives are built by smart constructors: make-seq drops eps, gives
;; none for none and keeps sequences nested to the right; make-alt
;; flattens alternatives into one list, drops none and any alternative
;; already there by member (equal?), so that an expression has finitely
;; many derivatives.  Taking every derivative from the expression, by a
;; work list and member, gives the states of its automaton.
;;
;; The texts: n strings of 2 to 13 letters from "abc", the length draw mod
;; 12 plus 2 and each letter draw mod 3, for x -> (1103515245x + 12345) mod
;; 2^31 from x = 11, each draw x div 65536.
;;
;; (run n) => (for each expression, how many texts it matches; for each,
;;             its states and how many of them accept; the derivatives
;;             taken while matching)

(define expressions
  '(;; (a|b)*abb
    (seq (star (alt #\a #\b)) (seq #\a (seq #\b #\b)))
    ;; a*b*c*
    (seq (star #\a) (seq (star #\b) (star #\c)))
    ;; (ab|c)*
    (star (alt (seq #\a #\b) #\c))
    ;; an even number of a's
    (seq (star (alt #\b #\c)) (star (seq #\a (seq (star (alt #\b #\c)) (seq #\a (star (alt #\b #\c)))))))
    ;; cab somewhere
    (seq (star (alt #\a #\b #\c)) (seq #\c (seq #\a (seq #\b (star (alt #\a #\b #\c))))))
    ;; (a|bc)*(b|eps)
    (seq (star (alt #\a (seq #\b #\c))) (alt #\b eps))
    ;; an a third from the end
    (seq (star (alt #\a #\b #\c)) (seq #\a (seq (alt #\a #\b #\c) (alt #\a #\b #\c))))))

(define (make-seq r s)
  (cond ((or (eq? r 'none) (eq? s 'none)) 'none)
        ((eq? r 'eps) s)
        ((eq? s 'eps) r)
        ((and (pair? r) (eq? (car r) 'seq))
         (make-seq (cadr r) (make-seq (caddr r) s)))
        (else (list 'seq r s))))

(define (alternatives r)
  (if (and (pair? r) (eq? (car r) 'alt))
      (cdr r)
      (list r)))

(define (make-alt r s)
  (let loop ((rs (append (alternatives r) (alternatives s))) (kept '()))
    (cond ((null? rs)
           (cond ((null? kept) 'none)
                 ((null? (cdr kept)) (car kept))
                 (else (cons 'alt (reverse kept)))))
          ((or (eq? (car rs) 'none) (member (car rs) kept))
           (loop (cdr rs) kept))
          (else (loop (cdr rs) (cons (car rs) kept))))))

(define (nullable? r)
  (cond ((eq? r 'eps) #t)
        ((eq? r 'none) #f)
        ((char? r) #f)
        (else
         (case (car r)
           ((seq) (and (nullable? (cadr r)) (nullable? (caddr r))))
           ((alt) (let loop ((rs (cdr r)))
                    (and (pair? rs)
                         (or (nullable? (car rs)) (loop (cdr rs))))))
           ((star) #t)
           (else (error "not a regular expression" r))))))

(define (deriv c r)
  (cond ((or (eq? r 'eps) (eq? r 'none)) 'none)
        ((char? r) (if (char=? r c) 'eps 'none))
        (else
         (case (car r)
           ((seq)
            (let ((d (make-seq (deriv c (cadr r)) (caddr r))))
              (if (nullable? (cadr r))
                  (make-alt d (deriv c (caddr r)))
                  d)))
           ((alt)
            (let loop ((rs (cdr r)) (d 'none))
              (if (null? rs)
                  d
                  (loop (cdr rs) (make-alt d (deriv c (car rs)))))))
           ((star) (make-seq (deriv c (cadr r)) r))
           (else (error "not a regular expression" r))))))

(define steps 0)

(define (matches? r text)
  (let loop ((r r) (i 0))
    (cond ((= i (string-length text)) (nullable? r))
          ((eq? r 'none) #f)
          (else
           (set! steps (+ steps 1))
           (loop (deriv (string-ref text i) r) (+ i 1))))))

(define (states r)
  ;; => (the states . how many accept)
  (let loop ((work (list r)) (seen (list r)))
    (if (null? work)
        (cons (length seen)
              (let count ((ss seen) (k 0))
                (cond ((null? ss) k)
                      ((nullable? (car ss)) (count (cdr ss) (+ k 1)))
                      (else (count (cdr ss) k)))))
        (let ((r (car work)))
          (let add ((cs '(#\a #\b #\c)) (work (cdr work)) (seen seen))
            (if (null? cs)
                (loop work seen)
                (let ((d (deriv (car cs) r)))
                  (if (member d seen)
                      (add (cdr cs) work seen)
                      (add (cdr cs) (append work (list d)) (cons d seen))))))))))

(define seed 11)

(define (next!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-text)
  (let ((chars (make-string (+ 2 (modulo (next!) 12)))))
    (do ((i 0 (+ i 1)))
        ((= i (string-length chars)) chars)
      (string-set! chars i (string-ref "abc" (modulo (next!) 3))))))

(define (run n)
  (set! seed 11)
  (set! steps 0)
  (let loop ((i 0) (counts (map (lambda (r) 0) expressions)))
    (if (< i n)
        (let ((text (random-text)))
          (loop (+ i 1)
                (map (lambda (r count) (if (matches? r text) (+ count 1) count))
                     expressions counts)))
        (let ((automata (map states expressions)))
          (list counts (map car automata) (map cdr automata) steps)))))
