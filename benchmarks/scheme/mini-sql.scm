;; mini-sql: queries in a small SQL-like language of quoted lists run over
;; tables held as lists of vectors, as a databases course writes its
;; first query engine (no indexes: every join a nested loop).
;;
;; A relation is a pair (columns . rows): the columns a list of strings
;; qualified by the table's name ("emp.salary"), each row a vector.  A
;; query is a list of clauses applied in turn by case on the clause's
;; head: (from T), (join T condition) by nested loops over both, rows
;; put together by vector->list, append and list->vector, (where
;; condition), (group-by key aggregate ...) with the groups in an
;; association list keyed by equal? in the order first seen, (order-by
;; column asc|desc) by an insertion sort that keeps ties in order,
;; (select column ...) and (limit k).  A column is found by walking the
;; list of columns, a name matching a column whole or after its dot.
;; Conditions and values are quoted expressions evaluated against a row
;; by case: and, or, not, is-null, comparisons (false when either side
;; is null, #f; numbers by <, strings by string<?), and + - * applied by
;; apply to operators found by assq.  Aggregates: count, sum, min, max
;; and avg, an exact rational.
;;
;; n databases are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 281, each draw x div 65536: five departments' cities (mod 5) and
;; budgets; 30 .. 49 employees, each a name of two or three syllables
;; (mod 8 each), a department (mod 5), a salary (30000 + 500 * (mod
;; 100)) and a manager (none for the first three, else mod the id, or
;; none when a draw mod 6 is 0); 20 .. 39 projects, each a department,
;; hours (mod 200) and a lead (mod the employees).
;;
;; (run n) => (n, rows each query gave summed over the databases, a
;;             checksum of every cell written, the first database's
;;             answer to the third query, its rows written)

(define seed 281)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define department-names '("sales" "research" "support" "legal" "ops"))
(define cities '("Oslo" "Lima" "Kyiv" "Pune" "Bern"))
(define syllables '("ka" "lo" "mi" "ra" "so" "te" "vu" "ne"))

(define queries
  '(((from emp) (where (> salary 60000)) (order-by salary desc) (select name dept salary))
    ((from emp) (join dept (= emp.dept dept.name)) (where (= dept.city "Oslo"))
     (select emp.name dept.budget) (order-by emp.name asc))
    ((from emp) (group-by dept (count) (sum salary) (max salary) (avg salary)) (order-by dept asc))
    ((from project) (join emp (= project.lead emp.id)) (group-by emp.dept (count) (sum hours))
     (order-by sum desc) (limit 3))
    ((from emp) (where (and (is-null manager) (< salary 50000))) (select id name))
    ((from emp) (where (or (= dept "legal") (>= (* 2 salary) 150000))) (order-by name asc)
     (select name) (limit 5))
    ((from project) (join dept (= project.dept dept.name))
     (where (> (- dept.budget (* 100 hours)) 0))
     (group-by dept.city (count) (min hours)) (order-by city asc))))

;; -- the data

(define (random-name)
  (let* ((count (+ 2 (modulo (next-random!) 2)))
         (name (let loop ((k 0) (name ""))
                 (if (= k count)
                     name
                     (loop (+ k 1)
                           (string-append name (list-ref syllables (modulo (next-random!) 8)))))))
         (copy (string-copy name)))
    (string-set! copy 0 (char-upcase (string-ref copy 0)))
    copy))

(define (make-database)
  (let* ((depts (let loop ((names department-names) (rows '()))
                  (if (null? names)
                      (reverse rows)
                      (let* ((city (list-ref cities (modulo (next-random!) 5)))
                             (budget (* 1000 (+ 50 (modulo (next-random!) 200)))))
                        (loop (cdr names) (cons (vector (car names) city budget) rows))))))
         (staff (+ 30 (modulo (next-random!) 20)))
         (emps (let loop ((id 0) (rows '()))
                 (if (= id staff)
                     (reverse rows)
                     (let* ((name (random-name))
                            (dept (list-ref department-names (modulo (next-random!) 5)))
                            (salary (+ 30000 (* 500 (modulo (next-random!) 100))))
                            (manager (if (< id 3)
                                         #f
                                         (let ((m (modulo (next-random!) id)))
                                           (if (= (modulo (next-random!) 6) 0) #f m)))))
                       (loop (+ id 1) (cons (vector id name dept salary manager) rows))))))
         (count (+ 20 (modulo (next-random!) 20)))
         (projects (let loop ((id 0) (rows '()))
                     (if (= id count)
                         (reverse rows)
                         (let* ((dept (list-ref department-names (modulo (next-random!) 5)))
                                (hours (modulo (next-random!) 200))
                                (lead (modulo (next-random!) staff)))
                           (loop (+ id 1) (cons (vector id dept hours lead) rows)))))))
    (list (list 'dept '("name" "city" "budget") depts)
          (list 'emp '("id" "name" "dept" "salary" "manager") emps)
          (list 'project '("id" "dept" "hours" "lead") projects))))

(define (table-relation database name)
  (let ((table (assq name database)))
    (if (not table) (error "mini-sql: no such table" name))
    (cons (map (lambda (column) (string-append (symbol->string name) "." column))
               (cadr table))
          (caddr table))))

;; -- columns and expressions

(define (after-dot s)
  (let ((len (string-length s)))
    (let loop ((i 0))
      (cond ((= i len) s)
            ((char=? (string-ref s i) #\.) (substring s (+ i 1) len))
            (else (loop (+ i 1)))))))

(define (column-index columns name)
  (let loop ((columns columns) (i 0))
    (cond ((null? columns) (error "mini-sql: no such column" name))
          ((or (string=? (car columns) name) (string=? (after-dot (car columns)) name)) i)
          (else (loop (cdr columns) (+ i 1))))))

(define operators (list (cons '+ +) (cons '- -) (cons '* *)))

(define (less? a b)
  (if (string? a) (string<? a b) (< a b)))

(define (compare op a b)
  (and a b
       (case op
         ((=) (equal? a b))
         ((<) (less? a b))
         ((>) (less? b a))
         ((<=) (not (less? b a)))
         (else (not (less? a b))))))

(define (evaluate e columns row)
  (cond ((symbol? e) (vector-ref row (column-index columns (symbol->string e))))
        ((not (pair? e)) e)
        (else
         (case (car e)
           ((and) (let loop ((parts (cdr e)))
                    (or (null? parts)
                        (and (evaluate (car parts) columns row) (loop (cdr parts))))))
           ((or) (let loop ((parts (cdr e)))
                   (and (pair? parts)
                        (or (evaluate (car parts) columns row) (loop (cdr parts))))))
           ((not) (not (evaluate (cadr e) columns row)))
           ((is-null) (not (evaluate (cadr e) columns row)))
           ((= < > <= >=)
            (let* ((a (evaluate (cadr e) columns row))
                   (b (evaluate (caddr e) columns row)))
              (compare (car e) a b)))
           (else
            (let loop ((args (cdr e)) (done '()))
              (if (null? args)
                  (apply (cdr (assq (car e) operators)) (reverse done))
                  (loop (cdr args) (cons (evaluate (car args) columns row) done)))))))))

;; -- clauses

(define (join left right condition)
  (let ((columns (append (car left) (car right))))
    (let outer ((ls (cdr left)) (rows '()))
      (if (null? ls)
          (cons columns (reverse rows))
          (let inner ((rs (cdr right)) (rows rows))
            (if (null? rs)
                (outer (cdr ls) rows)
                (let ((row (list->vector (append (vector->list (car ls)) (vector->list (car rs))))))
                  (inner (cdr rs)
                         (if (evaluate condition columns row) (cons row rows) rows)))))))))

(define (where relation condition)
  (let loop ((rows (cdr relation)) (kept '()))
    (cond ((null? rows) (cons (car relation) (reverse kept)))
          ((evaluate condition (car relation) (car rows)) (loop (cdr rows) (cons (car rows) kept)))
          (else (loop (cdr rows) kept)))))

(define (aggregate spec columns rows)
  (let ((values-of (lambda ()
                     (map (lambda (row) (evaluate (cadr spec) columns row)) rows))))
    (case (car spec)
      ((count) (length rows))
      ((sum) (apply + (values-of)))
      ((min) (apply min (values-of)))
      ((max) (apply max (values-of)))
      ((avg) (/ (apply + (values-of)) (length rows)))
      (else (error "mini-sql: no such aggregate" spec)))))

(define (group-by relation key specs)
  (let ((columns (car relation)))
    (let loop ((rows (cdr relation)) (groups '()))
      (if (pair? rows)
          (let* ((k (evaluate key columns (car rows)))
                 (group (assoc k groups)))
            (if group
                (begin
                  (set-cdr! group (cons (car rows) (cdr group)))
                  (loop (cdr rows) groups))
                (loop (cdr rows) (cons (list k (car rows)) groups))))
          (cons (cons (symbol->string key) (map (lambda (spec) (symbol->string (car spec))) specs))
                (map (lambda (group)
                       (let ((members (reverse (cdr group))))
                         (list->vector
                          (cons (car group)
                                (map (lambda (spec) (aggregate spec columns members)) specs)))))
                     (reverse groups)))))))

(define (insert-sorted row sorted before?)
  (cond ((null? sorted) (list row))
        ((before? row (car sorted)) (cons row sorted))
        (else (cons (car sorted) (insert-sorted row (cdr sorted) before?)))))

(define (order-by relation column direction)
  (let* ((i (column-index (car relation) (symbol->string column)))
         (before? (if (eq? direction 'desc)
                      (lambda (a b) (less? (vector-ref b i) (vector-ref a i)))
                      (lambda (a b) (less? (vector-ref a i) (vector-ref b i))))))
    (let loop ((rows (cdr relation)) (sorted '()))
      (if (null? rows)
          (cons (car relation) sorted)
          (loop (cdr rows) (insert-sorted (car rows) sorted before?))))))

(define (select relation names)
  (let ((indexes (map (lambda (name) (column-index (car relation) (symbol->string name))) names)))
    (cons (map symbol->string names)
          (map (lambda (row)
                 (list->vector (map (lambda (i) (vector-ref row i)) indexes)))
               (cdr relation)))))

(define (limit relation k)
  (let loop ((rows (cdr relation)) (k k) (kept '()))
    (if (or (null? rows) (= k 0))
        (cons (car relation) (reverse kept))
        (loop (cdr rows) (- k 1) (cons (car rows) kept)))))

(define (run-query query database)
  (let loop ((clauses query) (relation #f))
    (if (null? clauses)
        relation
        (let ((clause (car clauses)))
          (loop (cdr clauses)
                (case (car clause)
                  ((from) (table-relation database (cadr clause)))
                  ((join) (join relation (table-relation database (cadr clause)) (caddr clause)))
                  ((where) (where relation (cadr clause)))
                  ((group-by) (group-by relation (cadr clause) (cddr clause)))
                  ((order-by) (order-by relation (cadr clause) (caddr clause)))
                  ((select) (select relation (cdr clause)))
                  ((limit) (limit relation (cadr clause)))
                  (else (error "mini-sql: no such clause" clause))))))))

;; -- answers written out

(define (cell->string value)
  (cond ((not value) "null")
        ((number? value) (number->string value))
        (else value)))

(define (row->string row)
  (let ((out (open-output-string)))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length row)))
      (if (> i 0) (write-char #\space out))
      (display (cell->string (vector-ref row i)) out))
    (get-output-string out)))

(define (checksum-string s sum)
  (let loop ((i 0) (sum sum))
    (if (= i (string-length s))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (set! seed 281)
  (let loop ((k 0) (counts (map (lambda (q) 0) queries)) (sum 0) (first '()))
    (if (= k n)
        (list n counts sum first)
        (let* ((database (make-database))
               (answers (map (lambda (q) (run-query q database)) queries))
               (lines (map (lambda (answer) (map row->string (cdr answer))) answers)))
          (loop (+ k 1)
                (map (lambda (count answer) (+ count (length (cdr answer)))) counts answers)
                (let outer ((lines lines) (sum sum))
                  (if (null? lines)
                      sum
                      (outer (cdr lines)
                             (let inner ((rows (car lines)) (sum sum))
                               (if (null? rows)
                                   sum
                                   (inner (cdr rows) (checksum-string (car rows) sum)))))))
                (if (= k 0)
                    (cons (car (list-ref answers 2)) (list-ref lines 2))
                    first))))))
