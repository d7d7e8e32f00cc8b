;; turing: Turing machines run on a tape, as in a course on computability.
;;
;; A machine is a record: its name, its start state, its halting states
;; and its rules, an association list from (state . symbol) to
;; (symbol-to-write move next-state), found by assoc.  The tape is a
;; zipper: the cells left of the head as a list (nearest first), the
;; symbol under the head, and the cells to its right; #\_ is blank.  One
;; run is a named let of five variables, a step a tail call.
;;
;; The machines: a binary incrementer (head on the last digit), a
;; palindrome checker over 0 and 1 that rubs out both ends in turn, unary
;; addition (111+11 -> 11111), and the two- and four-state busy beavers.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 101, each draw
;; x div 65536.
;;
;; (run n) => (n, palindromes accepted of n strings, their steps, unary
;;             sums checked, their steps, the counter after 8n increments
;;             and its steps, each beaver's steps and ones)

(define-record-type machine
  (make-machine name start halts rules)
  machine?
  (name machine-name)
  (start machine-start)
  (halts machine-halts)
  (rules machine-rules))

;; (state read write move next) -> ((state . read) write move next)
(define (rules . specs)
  (map (lambda (spec)
         (cons (cons (car spec) (cadr spec)) (cddr spec)))
       specs))

(define incrementer
  (make-machine "increment" 'carry '(done)
                (rules '(carry #\1 #\0 L carry)
                       '(carry #\0 #\1 N done)
                       '(carry #\_ #\1 N done))))

(define palindrome
  (make-machine "palindrome" 'start '(accept reject)
                (rules '(start #\_ #\_ N accept)
                       '(start #\0 #\_ R have0)
                       '(start #\1 #\_ R have1)
                       '(have0 #\0 #\0 R have0)
                       '(have0 #\1 #\1 R have0)
                       '(have0 #\_ #\_ L check0)
                       '(have1 #\0 #\0 R have1)
                       '(have1 #\1 #\1 R have1)
                       '(have1 #\_ #\_ L check1)
                       '(check0 #\0 #\_ L back)
                       '(check0 #\1 #\1 N reject)
                       '(check0 #\_ #\_ N accept)
                       '(check1 #\1 #\_ L back)
                       '(check1 #\0 #\0 N reject)
                       '(check1 #\_ #\_ N accept)
                       '(back #\0 #\0 L back)
                       '(back #\1 #\1 L back)
                       '(back #\_ #\_ R start))))

(define adder
  (make-machine "unary add" 'scan '(done)
                (rules '(scan #\1 #\1 R scan)
                       '(scan #\+ #\1 R to-end)
                       '(to-end #\1 #\1 R to-end)
                       '(to-end #\_ #\_ L rub-out)
                       '(rub-out #\1 #\_ N done))))

(define beaver-2
  (make-machine "beaver 2" 'a '(h)
                (rules '(a #\_ #\1 R b) '(a #\1 #\1 L b)
                       '(b #\_ #\1 L a) '(b #\1 #\1 R h))))

(define beaver-4
  (make-machine "beaver 4" 'a '(h)
                (rules '(a #\_ #\1 R b) '(a #\1 #\1 L b)
                       '(b #\_ #\1 L a) '(b #\1 #\_ L c)
                       '(c #\_ #\1 R h) '(c #\1 #\1 L d)
                       '(d #\_ #\1 R d) '(d #\1 #\_ R a))))

(define (trim-blanks s)
  (let ((len (string-length s)))
    (let find-start ((i 0))
      (cond ((= i len) "")
            ((char=? (string-ref s i) #\_) (find-start (+ i 1)))
            (else
             (let find-end ((j len))
               (if (char=? (string-ref s (- j 1)) #\_)
                   (find-end (- j 1))
                   (substring s i j))))))))

(define (tape->string left cur right)
  (trim-blanks (list->string (append (reverse left) (cons cur right)))))

;; run from a tape; gives (final-state steps tape-as-string)
(define (run-machine m left cur right)
  (let ((halts (machine-halts m))
        (table (machine-rules m)))
    (let step ((state (machine-start m)) (left left) (cur cur) (right right) (count 0))
      (if (memq state halts)
          (list state count (tape->string left cur right))
          (let ((rule (assoc (cons state cur) table)))
            (if (not rule)
                (list 'stuck count (tape->string left cur right))
                (let ((write (cadr rule))
                      (move (caddr rule))
                      (next (cadddr rule)))
                  (case move
                    ((L) (if (null? left)
                             (step next '() #\_ (cons write right) (+ count 1))
                             (step next (cdr left) (car left) (cons write right) (+ count 1))))
                    ((R) (if (null? right)
                             (step next (cons write left) #\_ '() (+ count 1))
                             (step next (cons write left) (car right) (cdr right) (+ count 1))))
                    (else (step next left write right (+ count 1)))))))))))

;; head on the first symbol, or on the last
(define (run-from-start m s)
  (let ((chars (string->list s)))
    (if (null? chars)
        (run-machine m '() #\_ '())
        (run-machine m '() (car chars) (cdr chars)))))

(define (run-from-end m s)
  (let ((back (reverse (string->list s))))
    (run-machine m (cdr back) (car back) '())))

(define (count-ones s)
  (let loop ((i 0) (k 0))
    (cond ((= i (string-length s)) k)
          ((char=? (string-ref s i) #\1) (loop (+ i 1) (+ k 1)))
          (else (loop (+ i 1) k)))))

(define seed 101)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-bits k)
  (let ((out (open-output-string)))
    (do ((i 0 (+ i 1)))
        ((= i k) (get-output-string out))
      (write-char (if (= (modulo (next-random!) 2) 0) #\0 #\1) out))))

(define (mirror s)
  (list->string (append (string->list s) (reverse (string->list s)))))

(define (ones k) (make-string k #\1))

(define (beaver m)
  (let ((result (run-machine m '() #\_ '())))
    (list (cadr result) (count-ones (caddr result)))))

(define (run n)
  (set! seed 101)
  (let ((accepted 0) (pal-steps 0) (sums-right 0) (add-steps 0))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let* ((half (+ 3 (modulo (next-random!) 12)))
             (kind (modulo (next-random!) 2))
             (s (if (= kind 0) (mirror (random-bits half)) (random-bits (* 2 half))))
             (result (run-from-start palindrome s)))
        (if (eq? (car result) 'accept) (set! accepted (+ accepted 1)))
        (set! pal-steps (+ pal-steps (cadr result))))
      (let* ((a (modulo (next-random!) 40))
             (b (modulo (next-random!) 40))
             (result (run-from-start adder (string-append (ones a) "+" (ones b)))))
        (if (string=? (caddr result) (ones (+ a b))) (set! sums-right (+ sums-right 1)))
        (set! add-steps (+ add-steps (cadr result)))))
    (let loop ((k 0) (tape "0") (steps 0))
      (if (< k (* 8 n))
          (let ((result (run-from-end incrementer tape)))
            (loop (+ k 1) (caddr result) (+ steps (cadr result))))
          (list n accepted pal-steps sums-right add-steps tape steps
                (beaver beaver-2) (beaver beaver-4))))))
