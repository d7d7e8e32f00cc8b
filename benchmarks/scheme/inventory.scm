;; inventory: three warehouses driven by n commands written as text, the
;; way a first program that reads commands would keep its stock.
;;
;; A command is a string: "south: receive 12 gear at 7", "north: ship 5
;; bolt", "east: move 3 nut to south", "order gear 4 bolt 2" or "count
;; valve".  It is cut into words at char-whitespace?, a word of digits
;; (char-numeric?) read by string->number, any other made a symbol; a
;; first word ending in a colon names the warehouse, which is then the
;; value of the parameter current-warehouse for the rest of the command
;; (parameterize); without one the default, north, holds.  The stock is
;; an association list from warehouses to association lists from items
;; to quantities, changed by set-cdr! and grown by cons; adjust! is a
;; case-lambda taking the warehouse or reading the parameter, and
;; refuses to go below zero.  An order takes all its lines from the
;; current warehouse or none: inside dynamic-wind (counting orders open
;; and closed), each line shipped in turn, and on a shortfall the lines
;; done are put back and call/cc's escape leaves at once.  Receiving
;; updates the item's average cost over all warehouses, an exact
;; rational rounded to hundredths (round, half to even).  Each command that does something adds a line to a ledger
;; made by string-append (count lines by string-upcase); the ledger is
;; folded into a checksum by string-for-each and char->integer.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 97, each
;; draw x div 65536: the command draw mod 10 (0-3 receive, 4-6 ship,
;; 7 move, 8 order, 9 count), then its warehouses and items (draw mod 3,
;; draw mod 8) and amounts (receive 1 + draw mod 50 at 1 + draw mod 20,
;; ship 1 + draw mod 30, move 1 + draw mod 20, an order 2 + draw mod 2
;; lines of 1 + draw mod 10) in the order they are written.
;;
;; (run n) => (the ledger's lines, shipments refused, orders filled and
;;             refused, whether every order was closed, each
;;             warehouse's stock by item name, the value of all the
;;             stock as a string, the ledger's checksum, its last line)

(define seed 97)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define warehouse-names (vector "north" "south" "east"))
(define item-names (vector "bolt" "nut" "gear" "spring" "valve" "hinge" "lever" "washer"))

(define (random-warehouse) (vector-ref warehouse-names (modulo (next-random!) 3)))
(define (random-item) (vector-ref item-names (modulo (next-random!) 8)))
(define (amount limit) (number->string (+ 1 (modulo (next-random!) limit))))

(define (random-command)
  (let ((kind (modulo (next-random!) 10)))
    (cond ((< kind 4)
           (let* ((warehouse (random-warehouse)) (quantity (amount 50)) (item (random-item)) (price (amount 20)))
             (string-append warehouse ": receive " quantity " " item " at " price)))
          ((< kind 7)
           (let* ((warehouse (random-warehouse)) (quantity (amount 30)) (item (random-item)))
             (string-append warehouse ": ship " quantity " " item)))
          ((= kind 7)
           (let* ((warehouse (random-warehouse)) (quantity (amount 20)) (item (random-item))
                  (destination (random-warehouse)))
             (string-append warehouse ": move " quantity " " item " to " destination)))
          ((= kind 8)
           (let loop ((lines (+ 2 (modulo (next-random!) 2))) (text "order"))
             (if (= lines 0)
                 text
                 (let* ((item (random-item)) (quantity (amount 10)))
                   (loop (- lines 1) (string-append text " " item " " quantity))))))
          (else (string-append "count " (random-item))))))

(define (all-digits? word)
  (let loop ((i 0))
    (or (= i (string-length word))
        (and (char-numeric? (string-ref word i)) (loop (+ i 1))))))

(define (word->token word)
  (if (all-digits? word) (string->number word) (string->symbol word)))

(define (words text)
  (let loop ((i 0) (start #f) (found '()))
    (cond ((= i (string-length text))
           (reverse (if start (cons (substring text start i) found) found)))
          ((char-whitespace? (string-ref text i))
           (loop (+ i 1) #f (if start (cons (substring text start i) found) found)))
          (else (loop (+ i 1) (or start i) found)))))

(define current-warehouse (make-parameter 'north))

(define stock '())
(define costs '())
(define ledger '())
(define refused 0)
(define open-orders 0)
(define filled 0)
(define rejected 0)

(define (items-of warehouse)
  (let ((entry (assq warehouse stock)))
    (if entry
        entry
        (begin (set! stock (cons (list warehouse) stock))
               (car stock)))))

(define (quantity-of item warehouse)
  (let ((entry (assq item (cdr (items-of warehouse)))))
    (if entry (cdr entry) 0)))

(define (total-of item)
  (apply + (map (lambda (entry) (quantity-of item (car entry))) stock)))

(define adjust!
  (case-lambda
    ((item delta) (adjust! item delta (current-warehouse)))
    ((item delta warehouse)
     (let* ((items (items-of warehouse))
            (entry (assq item (cdr items)))
            (now (if entry (cdr entry) 0)))
       (cond ((< (+ now delta) 0) #f)
             (entry (set-cdr! entry (+ now delta)) #t)
             (else (set-cdr! items (cons (cons item delta) (cdr items))) #t))))))

(define (note! . parts)
  (set! ledger (cons (apply string-append parts) ledger)))

(define (receive! quantity item price)
  (let* ((held (total-of item))
         (entry (assq item costs))
         (old (if entry (cdr entry) 0))
         (average (/ (round (* 100 (/ (+ (* old held) (* price quantity)) (+ held quantity)))) 100)))
    (if entry
        (set-cdr! entry average)
        (set! costs (cons (cons item average) costs)))
    (adjust! item quantity)
    (note! (symbol->string (current-warehouse)) " received " (number->string quantity) " "
           (symbol->string item) " at " (number->string price))))

(define (ship! quantity item)
  (if (adjust! item (- quantity))
      (note! (symbol->string (current-warehouse)) " shipped " (number->string quantity) " "
             (symbol->string item))
      (set! refused (+ refused 1))))

(define (move! quantity item destination)
  (if (adjust! item (- quantity))
      (begin (adjust! item quantity destination)
             (note! (symbol->string (current-warehouse)) " moved " (number->string quantity) " "
                    (symbol->string item) " to " (symbol->string destination)))
      (set! refused (+ refused 1))))

;; lines: (item quantity item quantity ...)
(define (order! lines)
  (dynamic-wind
   (lambda () (set! open-orders (+ open-orders 1)))
   (lambda ()
     (call-with-current-continuation
      (lambda (leave)
        (let loop ((lines lines) (done '()))
          (cond ((null? lines)
                 (set! filled (+ filled 1))
                 (note! "order of " (number->string (length done)) " lines from "
                        (symbol->string (current-warehouse))))
                ((adjust! (car lines) (- (cadr lines)))
                 (loop (cddr lines) (cons (list (car lines) (cadr lines)) done)))
                (else
                 (for-each (lambda (line) (adjust! (car line) (cadr line))) done)
                 (set! rejected (+ rejected 1))
                 (leave #f)))))))
   (lambda () (set! open-orders (- open-orders 1)))))

(define (count-item item)
  (note! (string-upcase (symbol->string item)) ": " (number->string (total-of item))))

(define (execute tokens)
  (case (car tokens)
    ((receive) (receive! (cadr tokens) (caddr tokens) (list-ref tokens 4)))
    ((ship) (ship! (cadr tokens) (caddr tokens)))
    ((move) (move! (cadr tokens) (caddr tokens) (list-ref tokens 4)))
    ((order) (order! (cdr tokens)))
    (else (count-item (cadr tokens)))))

(define (perform text)
  (let* ((all (words text))
         (first (car all)))
    (if (char=? (string-ref first (- (string-length first) 1)) #\:)
        (parameterize ((current-warehouse (string->symbol (substring first 0 (- (string-length first) 1)))))
          (execute (map word->token (cdr all))))
        (execute (map word->token all)))))

(define (insert-by-name entry sorted)
  (cond ((null? sorted) (list entry))
        ((string<? (symbol->string (car entry)) (symbol->string (caar sorted))) (cons entry sorted))
        (else (cons (car sorted) (insert-by-name entry (cdr sorted))))))

(define (report warehouse)
  (let loop ((items (cdr (items-of warehouse))) (sorted '()))
    (cond ((null? items)
           (map (lambda (entry) (list (symbol->string (car entry)) (cdr entry))) sorted))
          ((> (cdar items) 0) (loop (cdr items) (insert-by-name (car items) sorted)))
          (else (loop (cdr items) sorted)))))

(define (checksum lines)
  (let ((sum 0))
    (for-each (lambda (line)
                (string-for-each
                 (lambda (c) (set! sum (modulo (+ (* sum 31) (char->integer c)) 1000003)))
                 line))
              lines)
    sum))

(define (run n)
  (set! seed 97)
  (set! stock '())
  (set! costs '())
  (set! ledger '())
  (set! refused 0)
  (set! open-orders 0)
  (set! filled 0)
  (set! rejected 0)
  (do ((k 0 (+ k 1)))
      ((= k n))
    (perform (random-command)))
  (let ((lines (reverse ledger)))
    (list (length lines)
          refused
          filled
          rejected
          (= open-orders 0)
          (map (lambda (warehouse) (report (string->symbol warehouse))) (vector->list warehouse-names))
          (number->string (apply + (map (lambda (entry) (* (cdr entry) (total-of (car entry)))) costs)))
          (checksum lines)
          (if (null? lines) "" (car ledger)))))
