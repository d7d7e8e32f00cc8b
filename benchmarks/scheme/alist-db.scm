;; alist-db: a small database of records, each an association list
;; ((name . "kan0") (dept . "sales") (age . 20) (salary . 1000)).  Fields
;; are read with assq, records found by name through an index searched
;; with assoc, departments compared with string=?; a raise makes new
;; records (functional update), an insertion sort orders them by string<?
;; on the names, and the names are grouped by department into an alist of
;; lists.
;;
;; (run n) => (records, how many in "tech", the total salary after the
;;             raise, the first and last names in order, each department
;;             with its size in order of first appearance, how many are
;;             over 40, the ages of every third record summed through the
;;             index, the sum of k * age over the sorted records mod 1000003)

(define first-parts '("ka" "lo" "mi" "ru" "te" "zo" "be"))
(define second-parts '("n" "ra" "do" "s" "li"))
(define departments '("sales" "tech" "admin" "ops"))

(define (make-record i)
  (list (cons 'name (string-append (list-ref first-parts (modulo (* i 3) 7))
                                   (list-ref second-parts (modulo (* i 2) 5))
                                   (number->string i)))
        (cons 'dept (list-ref departments (modulo (quotient (* i 5) 3) 4)))
        (cons 'age (+ 20 (modulo (* i 7) 40)))
        (cons 'salary (+ 1000 (modulo (* i 37) 500)))))

(define (get record field)
  (cdr (assq field record)))

;; A new record with field set to value; the old one is left alone.
(define (put record field value)
  (map (lambda (entry)
         (if (eq? (car entry) field)
             (cons field value)
             entry))
       record))

(define (make-db n)
  (let loop ((i (- n 1)) (db '()))
    (if (< i 0)
        db
        (loop (- i 1) (cons (make-record i) db)))))

(define (give-raise db dept amount)
  (map (lambda (r)
         (if (string=? (get r 'dept) dept)
             (put r 'salary (+ (get r 'salary) amount))
             r))
       db))

(define (insert-by-name r sorted)
  (cond ((null? sorted) (list r))
        ((string<? (get r 'name) (get (car sorted) 'name)) (cons r sorted))
        (else (cons (car sorted) (insert-by-name r (cdr sorted))))))

(define (sort-by-name db)
  (if (null? db)
      '()
      (insert-by-name (car db) (sort-by-name (cdr db)))))

;; Add item to the list under key, a new key going on the end.
(define (add-to-group groups key item)
  (cond ((null? groups) (list (list key item)))
        ((string=? (car (car groups)) key)
         (cons (append (car groups) (list item)) (cdr groups)))
        (else (cons (car groups) (add-to-group (cdr groups) key item)))))

(define (group-by-dept db)
  (let loop ((db db) (groups '()))
    (if (null? db)
        groups
        (loop (cdr db) (add-to-group groups (get (car db) 'dept) (get (car db) 'name))))))

(define (count-where keep? lst)
  (let loop ((lst lst) (count 0))
    (cond ((null? lst) count)
          ((keep? (car lst)) (loop (cdr lst) (+ count 1)))
          (else (loop (cdr lst) count)))))

(define (sum-field db field)
  (if (null? db)
      0
      (+ (get (car db) field) (sum-field (cdr db) field))))

(define (run n)
  (let* ((db (give-raise (make-db n) "tech" 100))
         (index (map (lambda (r) (cons (get r 'name) r)) db))
         (sorted (sort-by-name db))
         (groups (group-by-dept db)))
    (list (length db)
          (count-where (lambda (r) (string=? (get r 'dept) "tech")) db)
          (sum-field db 'salary)
          (get (car sorted) 'name)
          (get (car (last-pair sorted)) 'name)
          (map (lambda (group) (list (car group) (length (cdr group)))) groups)
          (count-where (lambda (r) (> (get r 'age) 40)) db)
          (let loop ((i 0) (sum 0))
            (if (>= i n)
                sum
                (loop (+ i 3)
                      (+ sum (get (cdr (assoc (get (make-record i) 'name) index)) 'age)))))
          (let loop ((rs sorted) (k 1) (sum 0))
            (if (null? rs)
                sum
                (loop (cdr rs) (+ k 1) (modulo (+ sum (* k (get (car rs) 'age))) 1000003)))))))
