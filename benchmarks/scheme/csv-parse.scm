;; csv-parse: comma-separated text parsed by one tail-recursive loop over the
;; list of its characters (string->list).  The loop carries the characters
;; left, the current field's characters (consed, so reversed), the fields
;; of the current record (reversed too), the records so far and whether it
;; is inside quotes; in quotes a doubled quote stands for one and a comma
;; or a newline is text.  A field is made by list->string of its reversed
;; characters.  The records are then read: numbers by string->number,
;; notes searched for a character with memv over their characters.
;;
;; Record i of n (after a header line): the name itemI, the quantity
;; (7i + 3) mod 17, the price (37i + 50) mod 1000 and a note: "a, b" in
;; quotes when 5 divides i, else say "hi" in quotes (its quotes doubled)
;; when i mod 7 is 3, else nK with K = i mod 3.
;;
;; (run n) => (records, the sum of quantity times price, notes holding a
;;             comma, notes holding a quote, whether every record has four
;;             fields, the last record)

(define (make-row i)
  (string-append "item" (number->string i) ","
                 (number->string (modulo (+ (* 7 i) 3) 17)) ","
                 (number->string (modulo (+ (* 37 i) 50) 1000)) ","
                 (cond ((= (modulo i 5) 0) "\"a, b\"")
                       ((= (modulo i 7) 3) "\"say \"\"hi\"\"\"")
                       (else (string-append "n" (number->string (modulo i 3)))))
                 "\n"))

(define (make-text n)
  (let loop ((i (- n 1)) (rows '()))
    (if (< i 0)
        (apply string-append "name,qty,price,note\n" rows)
        (loop (- i 1) (cons (make-row i) rows)))))

(define (field->string field)
  (list->string (reverse field)))

;; The records of the text, each a list of field strings.
(define (parse-csv text)
  (let loop ((chars (string->list text))
             (field '())
             (fields '())
             (records '())
             (quoted? #f))
    (cond ((null? chars)
           (if (and (null? field) (null? fields))
               (reverse records)
               (reverse (cons (reverse (cons (field->string field) fields)) records))))
          (quoted?
           (cond ((not (char=? (car chars) #\"))
                  (loop (cdr chars) (cons (car chars) field) fields records #t))
                 ((and (pair? (cdr chars)) (char=? (cadr chars) #\"))
                  (loop (cddr chars) (cons #\" field) fields records #t))
                 (else (loop (cdr chars) field fields records #f))))
          ((char=? (car chars) #\")
           (loop (cdr chars) field fields records #t))
          ((char=? (car chars) #\,)
           (loop (cdr chars) '() (cons (field->string field) fields) records #f))
          ((char=? (car chars) #\newline)
           (loop (cdr chars) '() '()
                 (cons (reverse (cons (field->string field) fields)) records)
                 #f))
          (else (loop (cdr chars) (cons (car chars) field) fields records #f)))))

(define (holds-char? text c)
  (if (memv c (string->list text)) #t #f))

(define (run n)
  (let loop ((records (cdr (parse-csv (make-text n))))
             (count 0)
             (total 0)
             (commas 0)
             (quotes 0)
             (four-fields? #t)
             (last '()))
    (if (null? records)
        (list count total commas quotes four-fields? last)
        (let* ((record (car records))
               (note (cadddr record)))
          (loop (cdr records)
                (+ count 1)
                (+ total (* (string->number (cadr record)) (string->number (caddr record))))
                (if (holds-char? note #\,) (+ commas 1) commas)
                (if (holds-char? note #\") (+ quotes 1) quotes)
                (and four-fields? (= (length record) 4))
                record)))))
