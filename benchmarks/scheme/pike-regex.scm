;; pike-regex: Rob Pike's little regular expression matcher (Kernighan and
;; Pike, The Practice of Programming, chapter 9): literal characters, . for
;; any one, * after a character for any number of it, ^ and $ to anchor.  The
;; pattern and the text are taken apart as lists of characters with
;; string->list and walked by car and cdr, * by backtracking.  Beside it a
;; shell-style glob matcher (* for any run, ? for one character) walks two
;; strings by index with string-ref.
;;
;; The texts: n lines of 4 to 12 letters from "abcd", drawn by a linear
;; congruential generator.
;;
;; (run n) => (for each regular expression, how many lines it matches
;;             somewhere; then for each glob, how many lines it matches whole)

(define regexps '("ab" "^a" "d$" "a.c" "^b*a" "ab*c" "c.*c" "^a.*d$" "da*b.c" "b$"))

(define globs '("a*" "*d" "*ab*" "?b*c?" "*a*a*a*" "a*b*c*d" "??????"))

(define (matches? regexp text)
  (let ((re (string->list regexp))
        (tx (string->list text)))
    (if (and (pair? re) (char=? (car re) #\^))
        (match-here (cdr re) tx)
        (let loop ((tx tx))
          (cond ((match-here re tx) #t)
                ((null? tx) #f)
                (else (loop (cdr tx))))))))

(define (match-here re tx)
  (cond ((null? re) #t)
        ((and (pair? (cdr re)) (char=? (cadr re) #\*))
         (match-star (car re) (cddr re) tx))
        ((and (char=? (car re) #\$) (null? (cdr re)))
         (null? tx))
        ((and (pair? tx)
              (or (char=? (car re) #\.) (char=? (car re) (car tx))))
         (match-here (cdr re) (cdr tx)))
        (else #f)))

;; c* then re: try re here, then after each further c.
(define (match-star c re tx)
  (cond ((match-here re tx) #t)
        ((and (pair? tx) (or (char=? c #\.) (char=? c (car tx))))
         (match-star c re (cdr tx)))
        (else #f)))

(define (glob-matches? pattern text)
  (let ((pn (string-length pattern))
        (tn (string-length text)))
    (let walk ((p 0) (t 0))
      (cond ((= p pn) (= t tn))
            ((char=? (string-ref pattern p) #\*)
             (or (walk (+ p 1) t)
                 (and (< t tn) (walk p (+ t 1)))))
            ((= t tn) #f)
            ((or (char=? (string-ref pattern p) #\?)
                 (char=? (string-ref pattern p) (string-ref text t)))
             (walk (+ p 1) (+ t 1)))
            (else #f)))))

(define seed 7)

(define (next-random!)
  (set! seed (modulo (+ (* seed 75) 74) 65537))
  seed)

(define (make-line)
  (let ((len (+ 4 (modulo (next-random!) 9))))
    (let loop ((j 0) (chars '()))
      (if (= j len)
          (list->string (reverse chars))
          (loop (+ j 1)
                (cons (string-ref "abcd" (modulo (quotient (next-random!) 7) 4))
                      chars))))))

(define (make-lines n)
  (set! seed 7)
  (let loop ((i 0) (lines '()))
    (if (= i n)
        (reverse lines)
        (loop (+ i 1) (cons (make-line) lines)))))

(define (count-matching match? pattern lines)
  (let loop ((lines lines) (count 0))
    (cond ((null? lines) count)
          ((match? pattern (car lines)) (loop (cdr lines) (+ count 1)))
          (else (loop (cdr lines) count)))))

(define (run n)
  (let ((lines (make-lines n)))
    (append (map (lambda (re) (count-matching matches? re lines)) regexps)
            (map (lambda (g) (count-matching glob-matches? g lines)) globs))))
