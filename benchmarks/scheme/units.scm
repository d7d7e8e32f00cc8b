;; units: quantities converted between units in exact rationals, the
;; units found by a breadth-first search of a table of conversions, as an
;; exercise on graphs (or a physics course's calculator) writes it.
;;
;; The table is a list of (unit unit factor) entries, one of the first
;; being factor of the second, read both ways (the inverse factor going
;; back) by walking the whole list for a unit's neighbours.  A factor is
;; found breadth first from one unit to the other with a list queue grown
;; by append, the units seen kept in a list tested by member, the factor
;; carried along the path; when the queue runs dry the units do not
;; match and (incompatible ...) is raised.  A unit may be a quotient,
;; mile/hour, or a power, foot^2, taken apart by scanning for #\/ and
;; #\^ with substring and string->number; temperatures (degC, degF, K)
;; are affine and go through kelvins by case on their symbols.  A query
;; is text, "7/2 mile in km", written by a string port and read back by
;; read (a number and three symbols), converted, checked by converting
;; the answer back (it must be = to the quantity, exactly), and the
;; answer written with four decimals by round (ties to even), quotient
;; and remainder.  guard counts the queries whose units do not match.
;;
;; n queries are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 293, each draw x div 65536: the kind (mod 10: 0 temperatures, 1
;; speeds, 2 areas, 3 units of two different kinds, else two units of
;; one kind), the units (mod the kind's number of units), then the
;; quantity, (1 .. 200) / (1 .. 8).
;;
;; (run n) => (n, answers, units not matching, answers that convert back
;;             exactly, units taken off the queues, answers that are
;;             whole numbers, a checksum of the answers written, the
;;             first three queries and their answers)

(define seed 293)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define conversions
  '(("foot" "inch" 12) ("yard" "foot" 3) ("mile" "yard" 1760) ("inch" "cm" 127/50)
    ("m" "cm" 100) ("km" "m" 1000) ("furlong" "yard" 220) ("chain" "yard" 22)
    ("rod" "yard" 11/2) ("league" "mile" 3) ("nmi" "m" 1852) ("fathom" "foot" 6)
    ("mm" "cm" 1/10) ("hand" "inch" 4) ("cubit" "inch" 18)
    ("pound" "ounce" 16) ("ounce" "gram" 45359237/1600000) ("kg" "gram" 1000)
    ("stone" "pound" 14) ("ton" "pound" 2000) ("tonne" "kg" 1000) ("gram" "mg" 1000)
    ("grain" "mg" 6479891/100000) ("carat" "mg" 200)
    ("gallon" "quart" 4) ("quart" "pint" 2) ("pint" "cup" 2) ("cup" "floz" 8)
    ("floz" "tbsp" 2) ("tbsp" "tsp" 3) ("gallon" "litre" 473176473/125000000)
    ("litre" "ml" 1000) ("barrel" "gallon" 42) ("ml" "cc" 1)
    ("week" "day" 7) ("day" "hour" 24) ("hour" "minute" 60) ("minute" "second" 60)
    ("fortnight" "week" 2) ("year" "day" 365) ("second" "ms" 1000)))

(define kinds
  '(("inch" "foot" "yard" "mile" "cm" "m" "km" "furlong" "chain" "rod" "league" "nmi"
     "fathom" "mm" "hand" "cubit")
    ("pound" "ounce" "gram" "kg" "stone" "ton" "tonne" "grain" "mg" "carat")
    ("gallon" "quart" "pint" "cup" "floz" "tbsp" "tsp" "litre" "ml" "barrel" "cc")
    ("week" "day" "hour" "minute" "second" "fortnight" "year" "ms")))

(define temperatures '("degC" "degF" "K"))

(define taken 0)

(define (neighbours unit)
  (let loop ((entries conversions) (found '()))
    (if (null? entries)
        (reverse found)
        (let ((entry (car entries)))
          (cond ((string=? (car entry) unit)
                 (loop (cdr entries) (cons (cons (cadr entry) (caddr entry)) found)))
                ((string=? (cadr entry) unit)
                 (loop (cdr entries) (cons (cons (car entry) (/ 1 (caddr entry))) found)))
                (else (loop (cdr entries) found)))))))

;; how many of to make one from
(define (factor from to)
  (let loop ((queue (list (cons from 1))) (seen (list from)))
    (cond ((null? queue) (raise (list 'incompatible from to)))
          ((string=? (car (car queue)) to) (cdr (car queue)))
          (else
           (set! taken (+ taken 1))
           (let ((here (cdr (car queue))))
             (let add ((next (neighbours (car (car queue)))) (queue (cdr queue)) (seen seen))
               (cond ((null? next) (loop queue seen))
                     ((member (car (car next)) seen) (add (cdr next) queue seen))
                     (else
                      (add (cdr next)
                           (append queue (list (cons (car (car next)) (* here (cdr (car next))))))
                           (cons (car (car next)) seen))))))))))

(define (index-of s ch)
  (let loop ((i 0))
    (cond ((= i (string-length s)) #f)
          ((char=? (string-ref s i) ch) i)
          (else (loop (+ i 1))))))

;; how many of the unit to make one of the other, each perhaps a
;; quotient or a power
(define (compound-factor from to)
  (let ((from-slash (index-of from #\/))
        (to-slash (index-of to #\/))
        (from-hat (index-of from #\^))
        (to-hat (index-of to #\^)))
    (cond ((and from-slash to-slash)
           (/ (factor (substring from 0 from-slash) (substring to 0 to-slash))
              (factor (substring from (+ from-slash 1) (string-length from))
                      (substring to (+ to-slash 1) (string-length to)))))
          ((and from-hat to-hat)
           (let ((power (string->number (substring from (+ from-hat 1) (string-length from)))))
             (if (= power (string->number (substring to (+ to-hat 1) (string-length to))))
                 (expt (factor (substring from 0 from-hat) (substring to 0 to-hat)) power)
                 (raise (list 'incompatible from to)))))
          ((or from-slash to-slash from-hat to-hat)
           (raise (list 'incompatible from to)))
          (else (factor from to)))))

(define (to-kelvin x unit)
  (case unit
    ((degC) (+ x 5463/20))
    ((degF) (+ (* (- x 32) 5/9) 5463/20))
    (else x)))

(define (from-kelvin x unit)
  (case unit
    ((degC) (- x 5463/20))
    ((degF) (+ (* (- x 5463/20) 9/5) 32))
    (else x)))

(define (temperature? unit)
  (memq unit '(degC degF K)))

(define (convert x from to)
  (cond ((and (temperature? from) (temperature? to))
         (from-kelvin (to-kelvin x from) to))
        ((or (temperature? from) (temperature? to))
         (raise (list 'incompatible from to)))
        (else
         (* x (compound-factor (symbol->string from) (symbol->string to))))))

(define (decimal x places)
  (let* ((scale (expt 10 places))
         (n (round (* (abs x) scale)))
         (whole (quotient n scale))
         (digits (number->string (remainder n scale))))
    (string-append (if (< x 0) "-" "")
                   (number->string whole)
                   "."
                   (make-string (- places (string-length digits)) #\0)
                   digits)))

(define (pick units)
  (list-ref units (modulo (next-random!) (length units))))

(define (random-units)
  (let ((kind (modulo (next-random!) 10)))
    (case kind
      ((0) (let* ((a (pick temperatures)) (b (pick temperatures))) (list a b)))
      ((1) (let* ((a (pick (car kinds))) (b (pick (cadddr kinds)))
                  (c (pick (car kinds))) (d (pick (cadddr kinds))))
             (list (string-append a "/" b) (string-append c "/" d))))
      ((2) (let* ((a (pick (car kinds))) (b (pick (car kinds))))
             (list (string-append a "^2") (string-append b "^2"))))
      ((3) (let* ((one (modulo (next-random!) 4))
                  (two (modulo (+ one 1 (modulo (next-random!) 3)) 4))
                  (a (pick (list-ref kinds one)))
                  (b (pick (list-ref kinds two))))
             (list a b)))
      (else (let* ((units (list-ref kinds (modulo (next-random!) 4)))
                   (a (pick units))
                   (b (pick units)))
              (list a b))))))

(define (random-query)
  (let* ((units (random-units))
         (top (+ 1 (modulo (next-random!) 200)))
         (bottom (+ 1 (modulo (next-random!) 8)))
         (out (open-output-string)))
    (write (/ top bottom) out)
    (write-char #\space out)
    (display (car units) out)
    (display " in " out)
    (display (cadr units) out)
    (get-output-string out)))

(define (checksum-string s sum)
  (let loop ((i 0) (sum sum))
    (if (= i (string-length s))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (set! seed 293)
  (set! taken 0)
  (let loop ((k 0) (answered 0) (mismatched 0) (back 0) (whole 0) (sum 0) (first '()))
    (if (= k n)
        (list n answered mismatched back taken whole sum (reverse first))
        (let* ((text (random-query))
               (in (open-input-string text))
               (x (read in))
               (from (read in))
               (word (read in))
               (to (read in))
               (answer (guard (e ((and (pair? e) (eq? (car e) 'incompatible)) #f))
                         (if (not (eq? word 'in)) (error "units: expected in" word))
                         (convert x from to)))
               (shown (if answer
                          (string-append (decimal answer 4) " " (symbol->string to))
                          "incompatible")))
          (loop (+ k 1)
                (if answer (+ answered 1) answered)
                (if answer mismatched (+ mismatched 1))
                (if (and answer (= (convert answer to from) x)) (+ back 1) back)
                (if (and answer (integer? answer)) (+ whole 1) whole)
                (checksum-string shown sum)
                (if (< k 3) (cons (list text shown) first) first))))))
