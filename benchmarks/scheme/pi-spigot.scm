;; pi-spigot: decimal digits of pi and of e by spigot algorithms.  Pi comes
;; from Gibbons' unbounded streaming spigot: a named let over six exact
;; integers (q r t k n l) that grow into bignums, emitting a digit when the
;; next one is settled and otherwise taking in one more term of the series.
;; E comes from the mixed-radix spigot: e = 2 + 1/2 (1 + 1/3 (1 + 1/4 (...))),
;; a vector of remainders multiplied by ten from the right in a do loop,
;; the carry out of the left end the next digit.  Digits are gathered in a
;; list and turned into a string by number->string and string-append.
;;
;; (run n) => (the first n digits of pi as a string cut to 20 characters,
;;             their sum, how many are 9, the last of them; the same for e;
;;             the number of positions where the two agree)

(define (pi-digits count)
  (let loop ((q 1) (r 0) (t 1) (k 1) (n 3) (l 3) (digits '()) (made 0))
    (cond ((= made count) (reverse digits))
          ((< (- (+ (* 4 q) r) t) (* n t))
           (loop (* 10 q)
                 (* 10 (- r (* n t)))
                 t
                 k
                 (- (quotient (* 10 (+ (* 3 q) r)) t) (* 10 n))
                 l
                 (cons n digits)
                 (+ made 1)))
          (else
           (loop (* q k)
                 (* (+ (* 2 q) r) l)
                 (* t l)
                 (+ k 1)
                 (quotient (+ (* q (+ (* 7 k) 2)) (* r l)) (* t l))
                 (+ l 2)
                 digits
                 made)))))

(define (e-digits count)
  (let ((size (+ count 10)))
    (let ((remainders (make-vector size 1)))
      (do ((made 1 (+ made 1))
           (digits '(2)
                   (let ((carry 0))
                     (do ((i (- size 1) (- i 1)))
                         ((< i 0))
                       (let ((x (+ (* 10 (vector-ref remainders i)) carry)))
                         (vector-set! remainders i (remainder x (+ i 2)))
                         (set! carry (quotient x (+ i 2)))))
                     (cons carry digits))))
          ((= made count) (reverse digits))))))

(define (digits->string digits)
  (apply string-append (map number->string digits)))

(define (count-of d digits)
  (let loop ((digits digits) (found 0))
    (cond ((null? digits) found)
          ((= (car digits) d) (loop (cdr digits) (+ found 1)))
          (else (loop (cdr digits) found)))))

(define (summary digits)
  (let ((text (digits->string digits)))
    (list (if (> (string-length text) 20) (substring text 0 20) text)
          (apply + digits)
          (count-of 9 digits)
          (list-ref digits (- (length digits) 1)))))

(define (run n)
  (let ((pi (pi-digits n))
        (e (e-digits n)))
    (list (summary pi)
          (summary e)
          (let loop ((a pi) (b e) (same 0))
            (if (null? a)
                same
                (loop (cdr a) (cdr b) (if (= (car a) (car b)) (+ same 1) same)))))))
