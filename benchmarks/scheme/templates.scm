;; templates: a mail merge, letters made from templates with {{field}}
;; holes, the way a first course writes its string utilities by hand
;; before it meets a library of them.
;;
;; A customer is an association list from field names to values, the
;; names in any case: ("Name" . "ada byron") ("CITY" . "oslo") ...;
;; a field is found by assoc with string-ci=? as its third argument.
;; A hole is {{field|filter|filter:argument ...}}; the filters, found by
;; assoc in a table of (name . procedure), are upper, lower (by
;; string-foldcase), title (each word's first letter upper case, by
;; string-map over a flag kept in a closure), money (cents as
;; $1,234.56: truncate/ by 100, then by 1000 for the separators), plural
;; (the word that follows the number, with an s unless it is 1), pad:N
;; and lpad:N (spaces after or before, to N characters), trunc:N
;; (substring), initials (the first letter of each word, and a dot),
;; reverse (string->vector, the ends swapped inward, vector->string) and
;; default:TEXT (TEXT where the field is missing).  A missing field with
;; no default is written [field?] and counted.
;;
;; The utilities are ours: string-index from a start, string-search for
;; a string by string-ref, string-split on a character, string-trim by
;; char-whitespace?.  A template is cut into its text and its holes
;; once; each letter is its pieces written into an output string port,
;; then the letters one after another, a blank line between two, into
;; another.  The whole is then read: lines counted, the longest one,
;; vowels and capitals counted by string-for-each.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 37, each
;; draw x div 65536.
;;
;; (run n) => (letters, characters, lines, the longest line, vowels,
;;             capitals, holes left [field?], the letters checksummed,
;;             the first letter)

(define seed 37)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

;; String utilities.
(define (string-index-from s c start)
  (let loop ((i start))
    (cond ((>= i (string-length s)) #f)
          ((char=? (string-ref s i) c) i)
          (else (loop (+ i 1))))))

(define (string-search s pattern start)
  (let ((n (string-length s)) (m (string-length pattern)))
    (let loop ((i start))
      (cond ((> (+ i m) n) #f)
            ((let match ((k 0))
               (or (= k m)
                   (and (char=? (string-ref s (+ i k)) (string-ref pattern k))
                        (match (+ k 1)))))
             i)
            (else (loop (+ i 1)))))))

(define (string-split s c)
  (let loop ((start 0) (pieces '()))
    (let ((end (string-index-from s c start)))
      (if end
          (loop (+ end 1) (cons (substring s start end) pieces))
          (reverse (cons (substring s start (string-length s)) pieces))))))

(define (string-trim s)
  (let* ((n (string-length s))
         (start (let loop ((i 0))
                  (if (and (< i n) (char-whitespace? (string-ref s i))) (loop (+ i 1)) i)))
         (end (let loop ((i n))
                (if (and (> i start) (char-whitespace? (string-ref s (- i 1)))) (loop (- i 1)) i))))
    (substring s start end)))

;; Filters: (value argument) -> text.
(define (title-case s)
  (let ((start-of-word #t))
    (string-map (lambda (c)
                  (let ((out (if start-of-word (char-upcase c) (char-downcase c))))
                    (set! start-of-word (char=? c #\space))
                    out))
                s)))

(define (three-digits k)
  (cond ((< k 10) (string-append "00" (number->string k)))
        ((< k 100) (string-append "0" (number->string k)))
        (else (number->string k))))

(define (money cents)
  (let-values (((whole cents) (truncate/ cents 100)))
    (let group ((whole whole) (text (string-append "." (if (< cents 10) "0" "") (number->string cents))))
      (let-values (((more last) (truncate/ whole 1000)))
        (if (= more 0)
            (string-append "$" (number->string last) text)
            (group more (string-append "," (three-digits last) text)))))))

(define (pad s n before?)
  (if (>= (string-length s) n)
      s
      (if before?
          (string-append (make-string (- n (string-length s)) #\space) s)
          (string-append s (make-string (- n (string-length s)) #\space)))))

(define (reverse-string s)
  (let ((v (string->vector s)))
    (do ((i 0 (+ i 1)) (j (- (vector-length v) 1) (- j 1)))
        ((>= i j) (vector->string v))
      (let ((c (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j c)))))

(define (initials s)
  (list->string
   (let loop ((words (string-split (string-trim s) #\space)))
     (cond ((null? words) '())
           ((string=? (car words) "") (loop (cdr words)))
           (else (cons (char-upcase (string-ref (car words) 0)) (cons #\. (loop (cdr words)))))))))

(define filters
  (list (cons "upper" (lambda (v arg) (string-upcase v)))
        (cons "lower" (lambda (v arg) (string-foldcase v)))
        (cons "title" (lambda (v arg) (title-case v)))
        (cons "money" (lambda (v arg) (money (string->number v))))
        (cons "plural" (lambda (v arg) (string-append v " " (if (string=? v "1") arg (string-append arg "s")))))
        (cons "pad" (lambda (v arg) (pad v (string->number arg) #f)))
        (cons "lpad" (lambda (v arg) (pad v (string->number arg) #t)))
        (cons "trunc" (lambda (v arg) (if (> (string-length v) (string->number arg))
                                          (substring v 0 (string->number arg))
                                          v)))
        (cons "initials" (lambda (v arg) (initials v)))
        (cons "reverse" (lambda (v arg) (reverse-string v)))))

;; A template: a list of pieces, each a string or a hole
;; (field default filter ...), a filter (name . argument).
(define (parse-hole text)
  (let* ((parts (map string-trim (string-split text #\|)))
         (field (car parts)))
    (let loop ((parts (cdr parts)) (default #f) (chain '()))
      (if (null? parts)
          (cons field (cons default (reverse chain)))
          (let* ((part (car parts))
                 (colon (string-index-from part #\: 0))
                 (name (if colon (substring part 0 colon) part))
                 (argument (if colon (substring part (+ colon 1) (string-length part)) "")))
            (if (string=? name "default")
                (loop (cdr parts) argument chain)
                (loop (cdr parts) default (cons (cons name argument) chain))))))))

(define (parse-template text)
  (let loop ((start 0) (pieces '()))
    (let ((open (string-search text "{{" start)))
      (if (not open)
          (reverse (cons (substring text start (string-length text)) pieces))
          (let ((close (string-search text "}}" open)))
            (loop (+ close 2)
                  (cons (parse-hole (substring text (+ open 2) close))
                        (cons (substring text start open) pieces))))))))

(define missing 0)

(define (fill-hole hole customer)
  (let ((entry (assoc (car hole) customer string-ci=?))
        (default (cadr hole)))
    (cond ((or entry default)
           (let loop ((value (if entry (cdr entry) default)) (chain (cddr hole)))
             (if (null? chain)
                 value
                 (let ((filter (cdr (assoc (car (car chain)) filters))))
                   (loop (filter value (cdr (car chain))) (cdr chain))))))
          (else (set! missing (+ missing 1))
                (string-append "[" (car hole) "?]")))))

(define (fill template customer port)
  (for-each (lambda (piece)
              (write-string (if (string? piece) piece (fill-hole piece customer)) port))
            template))

(define template-texts
  (list (string-append
         "Dear {{ name | title }},\n"
         "Your account {{Account|upper}} in {{city|title|pad:12}} stands at {{balance | money}}.\n"
         "You ordered {{items|plural:parcel}} since {{SINCE}}; ref {{name|initials}}{{code|reverse}}.\n"
         "Yours, {{agent|default:the manager|title}}\n")
        (string-append
         "TO: {{NAME|upper|trunc:14}} ({{Name|initials|lower}})\n"
         "{{city|upper|lpad:14}} | {{balance|money|lpad:14}} | {{items|lpad:4}}\n"
         "Note: {{note|default:none}}  Rep: {{agent}}\n")))

(define first-names (vector "ada" "alan" "grace" "edsger" "barbara" "donald" "john" "frances" "niklaus" "radia"))
(define last-names (vector "byron" "turing" "hopper" "dijkstra" "liskov" "knuth" "backus" "allen" "wirth" "perlman"))
(define cities (vector "oslo" "new york" "lima" "cape town" "kyoto" "san jose" "perth" "quito"))
(define agents (vector "mary jackson" "katherine johnson" "dorothy vaughan"))

(define (random-customer)
  (let* ((first (vector-ref first-names (random-below 10)))
         (last (vector-ref last-names (random-below 10)))
         (city (vector-ref cities (random-below 8)))
         (cents (random-below 100000))
         (more (random-below 3))
         (items (random-below 4))
         (since (+ 1990 (random-below 35)))
         (code (number->string (+ 1000 (random-below 9000))))
         (agent (random-below 4))
         (note (random-below 5))
         (customer (list (cons "Name" (string-append first " " last))
                         (cons "CITY" city)
                         (cons "Balance" (number->string (* cents (if (= more 0) 1000 1))))
                         (cons "items" (number->string items))
                         (cons "since" (number->string since))
                         (cons "account" (string-append (substring last 0 3) "-" code))
                         (cons "Code" code))))
    (let* ((customer (if (< agent 3) (append customer (list (cons "Agent" (vector-ref agents agent)))) customer))
           (customer (if (= note 0) (cons (cons "NOTE" "call first") customer) customer)))
      customer)))

(define (count-in s test?)
  (let ((count 0))
    (string-for-each (lambda (c) (when (test? c) (set! count (+ count 1)))) s)
    count))

(define (vowel? c) (memv (char-foldcase c) '(#\a #\e #\i #\o #\u)))

(define (run n)
  (set! seed 37)
  (set! missing 0)
  (let ((templates (map parse-template template-texts))
        (all (open-output-string)))
    (let loop ((k 0) (first #f))
      (if (< k n)
          (let* ((customer (random-customer))
                 (template (list-ref templates (random-below 2)))
                 (port (open-output-string)))
            (fill template customer port)
            (let ((letter (get-output-string port)))
              (unless (= k 0) (newline all))
              (write-string letter all)
              (loop (+ k 1) (or first letter))))
          (let* ((text (get-output-string all))
                 (lines (string-split text #\newline)))
            (list n
                  (string-length text)
                  (length lines)
                  (apply max (map string-length lines))
                  (count-in text vowel?)
                  (count-in text char-upper-case?)
                  missing
                  (let sum ((i 0) (total 0))
                    (if (= i (string-length text))
                        total
                        (sum (+ i 1) (modulo (+ (* total 31) (char->integer (string-ref text i))) 1000003))))
                  first))))))
