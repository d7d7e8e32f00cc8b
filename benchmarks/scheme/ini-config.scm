;; ini-config: configuration files in the INI style read character by
;; character, their values interpolated and typed, errors raised and
;; caught, the way a course on exceptions sets a realistic exercise.
;;
;; The text has [section] headers, key = value lines, comments starting
;; with ; or #, blank lines, values in double quotes with \" \\ and \n
;; escapes, and references ${key} to a key of the same section or
;; ${section.key} to another.  A few lines are wrong on purpose: a
;; header with no closing bracket, a line with no =, a quoted value
;; with no closing quote.
;;
;; The reader takes one line at a time from an input string port with
;; read-char and peek-char; a wrong line is raised as a list
;; (parse-error kind line-number) and caught by a guard around the
;; line, which counts it and goes on with the next line.  The
;; configuration is an association list of sections, each an
;; association list of keys, a later key replacing an earlier one by
;; set-cdr!.
;;
;; A value is resolved by expanding its references, each in turn, the
;; value referred to expanded first inside a dynamic-wind that counts
;; how deep the expansion goes and takes the count back however the
;; expansion is left.  A key being expanded already is a cycle: raised,
;; and caught by a guard around the whole value, which then reads
;; "<cycle>".  A key that is missing is raised with raise-continuable,
;; and the handler installed inside the guard by with-exception-handler
;; counts it and returns "?" to put in its place (anything else it
;; raises again, to the guard).  The typed readers: integers by string->number, booleans by
;; member with string-ci=? on yes/no words, lists by a split on commas.
;;
;; n files are drawn, each of ten sections of a few keys, and each is
;; read and resolved on its own; the counts of the files are added up
;; by map +.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 59, each
;; draw x div 65536.
;;
;; (run n) => (files, lines, sections, keys, keys replaced, errors of
;;             the three kinds, cycles, missing references, the deepest
;;             expansion, the depth after it all, the integers summed,
;;             booleans true and false, list items, the resolved values
;;             checksummed, the first file's first section's values)

(define seed 59)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

;; Writing the text.
(define key-names (vector "host" "port" "user" "path" "debug" "retries" "mode" "items" "name" "root"))
(define words (vector "alpha" "beta" "gamma" "delta" "yes" "no" "On" "off" "TRUE" "42" "7" "-3" "a,b,c" "x, y"))

(define (section-name k) (string-append "s" (number->string k)))

(define (random-value sections-so-far)
  (case (random-below 8)
    ((0 1 2) (vector-ref words (random-below 14)))
    ((3) (number->string (random-below 10000)))
    ((4) (string-append "\"say \\\"" (vector-ref words (random-below 14)) "\\\" \\\\ done\\n\""))
    ((5) (string-append "${" (vector-ref key-names (random-below 10)) "}/x"))
    ((6) (let* ((section (section-name (random-below (+ sections-so-far 1))))
                (key (vector-ref key-names (random-below 10))))
           (string-append "pre-${" section "." key "}")))
    (else (let* ((first (vector-ref words (random-below 14)))
                 (second (vector-ref words (random-below 14))))
            (string-append first "," second)))))

(define (write-config n port)
  (do ((s 0 (+ s 1))) ((= s n))
    (case (random-below 12)
      ((0) (write-string "[broken" port))
      (else (write-string "[" port) (write-string (section-name s) port) (write-string "]" port)))
    (newline port)
    (do ((k (+ 2 (random-below 5)) (- k 1))) ((= k 0))
      (case (random-below 15)
        ((0) (write-string "; a comment" port))
        ((1) (write-string "# another" port))
        ((2) (write-string "   " port))
        ((3) (write-string "no equals sign here" port))
        ((4) (write-string "quote = \"never closed" port))
        (else (write-string (vector-ref key-names (random-below 10)) port)
              (write-string (if (= 0 (random-below 2)) " = " "=") port)
              (write-string (random-value s) port)))
      (newline port))))

;; Reading it back.
(define (skip-spaces port)
  (let ((c (peek-char port)))
    (when (and (char? c) (char=? c #\space))
      (read-char port)
      (skip-spaces port))))

(define (read-rest-of-line port)
  (let loop ((chars '()))
    (let ((c (read-char port)))
      (if (or (eof-object? c) (char=? c #\newline))
          (list->string (reverse chars))
          (loop (cons c chars))))))

(define (read-up-to port stop line)
  (let loop ((chars '()))
    (let ((c (peek-char port)))
      (cond ((or (eof-object? c) (char=? c #\newline)) (values (list->string (reverse chars)) #f))
            ((char=? c stop) (read-char port) (values (list->string (reverse chars)) #t))
            (else (read-char port) (loop (cons c chars)))))))

(define (trim-right s)
  (let loop ((end (string-length s)))
    (if (and (> end 0) (char=? (string-ref s (- end 1)) #\space))
        (loop (- end 1))
        (substring s 0 end))))

(define (read-quoted port line)
  (read-char port)
  (let loop ((chars '()))
    (let ((c (read-char port)))
      (cond ((or (eof-object? c) (char=? c #\newline)) (raise (list 'parse-error 'unclosed-quote line)))
            ((char=? c #\") (read-rest-of-line port) (list->string (reverse chars)))
            ((char=? c #\\)
             (let ((e (read-char port)))
               (loop (cons (if (char=? e #\n) #\newline e) chars))))
            (else (loop (cons c chars)))))))

;; One line: (section . name), (key . value), or #f for nothing.
(define (read-line-of port line)
  (skip-spaces port)
  (let ((c (peek-char port)))
    (cond ((char=? c #\newline) (read-char port) #f)
          ((memv c '(#\; #\#)) (read-rest-of-line port) #f)
          ((char=? c #\[)
           (read-char port)
           (let-values (((name closed) (read-up-to port #\] line)))
             (read-rest-of-line port)
             (if closed
                 (cons 'section name)
                 (raise (list 'parse-error 'bad-header line)))))
          (else
           (let-values (((key found) (read-up-to port #\= line)))
             (unless found
               (read-rest-of-line port)
               (raise (list 'parse-error 'no-equals line)))
             (skip-spaces port)
             (let ((value (if (char=? (peek-char port) #\")
                              (read-quoted port line)
                              (trim-right (read-rest-of-line port)))))
               (cons (trim-right key) value)))))))

(define replaced 0)

(define (read-config port)
  (let ((errors (list (cons 'bad-header 0) (cons 'no-equals 0) (cons 'unclosed-quote 0))))
    (let loop ((line 1) (config '()) (current #f))
      (if (eof-object? (peek-char port))
          (values (reverse config) errors (- line 1))
          (let ((item (guard (e ((and (pair? e) (eq? (car e) 'parse-error))
                                 (let ((entry (assq (cadr e) errors)))
                                   (set-cdr! entry (+ 1 (cdr entry))))
                                 (cons 'error (cadr e))))
                        (read-line-of port line))))
            (cond ((and (pair? item) (eq? (car item) 'section))
                   (let ((section (list (cdr item))))
                     (loop (+ line 1) (cons section config) section)))
                  ((and (pair? item) (eq? (car item) 'error))
                   ;; the keys under a broken header go nowhere
                   (loop (+ line 1) config (if (eq? (cdr item) 'bad-header) #f current)))
                  ((and (pair? item) current)
                   (let ((old (assoc (car item) (cdr current))))
                     (if old
                         (begin (set! replaced (+ replaced 1)) (set-cdr! old (cdr item)))
                         (set-cdr! current (append (cdr current) (list (cons (car item) (cdr item))))))
                     (loop (+ line 1) config current)))
                  (else (loop (+ line 1) config current))))))))

;; Resolving.
(define depth 0)
(define deepest 0)
(define cycles 0)
(define missing 0)

(define (lookup config section key)
  (let ((s (assoc section config)))
    (and s (let ((entry (assoc key (cdr s)))) (and entry (cdr entry))))))

(define (expand config section text visiting)
  (let ((open (let find ((i 0))
                (cond ((> (+ i 1) (- (string-length text) 1)) #f)
                      ((and (char=? (string-ref text i) #\$) (char=? (string-ref text (+ i 1)) #\{)) i)
                      (else (find (+ i 1)))))))
    (if (not open)
        text
        (let* ((close (let find ((i open)) (if (char=? (string-ref text i) #\}) i (find (+ i 1)))))
               (reference (substring text (+ open 2) close))
               (dot (let find ((i 0))
                      (cond ((= i (string-length reference)) #f)
                            ((char=? (string-ref reference i) #\.) i)
                            (else (find (+ i 1))))))
               (target-section (if dot (substring reference 0 dot) section))
               (target-key (if dot (substring reference (+ dot 1) (string-length reference)) reference))
               (place (cons target-section target-key))
               (value (lookup config target-section target-key))
               (replacement
                (cond ((member place visiting) (raise (list 'cycle place)))
                      ((not value) (raise-continuable (list 'missing place)))
                      (else
                       (dynamic-wind
                        (lambda () (set! depth (+ depth 1)) (set! deepest (max deepest depth)))
                        (lambda () (expand config target-section value (cons place visiting)))
                        (lambda () (set! depth (- depth 1))))))))
          (string-append (substring text 0 open)
                         replacement
                         (expand config section (substring text (+ close 1) (string-length text)) visiting))))))

(define (resolve config section key)
  (guard (e ((and (pair? e) (eq? (car e) 'cycle)) (set! cycles (+ cycles 1)) "<cycle>"))
    (with-exception-handler
     (lambda (e)
       (if (and (pair? e) (eq? (car e) 'missing))
           (begin (set! missing (+ missing 1)) "?")
           (raise e)))
     (lambda ()
       (expand config section (lookup config section key) (list (cons section key)))))))

(define (split-commas s)
  (let loop ((i 0) (start 0) (items '()))
    (cond ((= i (string-length s)) (reverse (cons (substring s start i) items)))
          ((char=? (string-ref s i) #\,) (loop (+ i 1) (+ i 1) (cons (substring s start i) items)))
          (else (loop (+ i 1) start items)))))

;; One file of ten sections, written, read and resolved: its counts
;; (lines sections keys bad-headers no-equals unclosed-quotes integers-sum
;; trues falses list-items), the checksum carried on, its first section's
;; values.
(define (one-file checksum)
  (let ((out (open-output-string)))
    (write-config 10 out)
    (let-values (((config errors lines) (read-config (open-input-string (get-output-string out)))))
      (let loop ((sections config) (keys 0) (sum 0) (trues 0) (falses 0) (items 0) (checksum checksum) (first #f))
        (if (null? sections)
            (values (append (list lines (length config) keys) (map cdr errors) (list sum trues falses items))
                    checksum
                    (or first '()))
            (let* ((section (car sections))
                   (resolved (map (lambda (entry) (resolve config (car section) (car entry))) (cdr section))))
              (let tally ((pending resolved) (sum sum) (trues trues) (falses falses) (items items) (checksum checksum))
                (if (null? pending)
                    (loop (cdr sections) (+ keys (length resolved)) sum trues falses items checksum
                          (or first resolved))
                    (let* ((v (car pending))
                           (number (string->number v))
                           (pieces (split-commas v)))
                      (tally (cdr pending)
                             (if (and number (exact-integer? number)) (+ sum number) sum)
                             (if (member v '("yes" "on" "true") string-ci=?) (+ trues 1) trues)
                             (if (member v '("no" "off" "false") string-ci=?) (+ falses 1) falses)
                             (if (> (length pieces) 1) (+ items (length pieces)) items)
                             (let chars ((i 0) (checksum checksum))
                               (if (= i (string-length v))
                                   (modulo (+ (* checksum 31) 10) 1000003)
                                   (chars (+ i 1) (modulo (+ (* checksum 31) (char->integer (string-ref v i)))
                                                          1000003))))))))))))))

(define (run n)
  (set! seed 59)
  (set! replaced 0)
  (set! depth 0)
  (set! deepest 0)
  (set! cycles 0)
  (set! missing 0)
  (let loop ((k 0) (totals (list 0 0 0 0 0 0 0 0 0 0)) (checksum 0) (first #f))
    (if (= k n)
        (list n (list-ref totals 0) (list-ref totals 1) (list-ref totals 2) replaced
              (list (list-ref totals 3) (list-ref totals 4) (list-ref totals 5))
              cycles missing deepest depth
              (list-ref totals 6) (list-ref totals 7) (list-ref totals 8) (list-ref totals 9)
              checksum first)
        (let-values (((counts checksum shown) (one-file checksum)))
          (loop (+ k 1) (map + totals counts) checksum (or first shown))))))
