;; sparse-matrix: sparse matrices held as vectors of rows, each row an
;; association list ((column . value) ...) sorted by column with no zero
;; values.  An entry is added into a row by a recursive insertion that
;; adds to the value already in that column (and drops it if it becomes
;; zero); the product of two matrices gathers each row that way, the
;; transpose is built by consing onto the rows of a new vector from the
;; last row up, and a matrix times a vector walks each row with for-each.
;; Matrix A of size n has five draws per row from x -> (16807x) mod
;; (2^31 - 1) from x = 1: the column x mod n, the value (x div n) mod 19
;; less 9.  The vector 1, 1, ... is multiplied by A n times, at most twenty,
;; mod 10007 each time by vector-map.
;;
;; (run n) => (the entries of A, of its transpose, of A times A; the trace
;;             of A times A; whether (A A) v = A (A v) and (A^T)^T = A;
;;             the sum of A^k v mod 10007 for k = min(n, 20) and its first
;;             three values; the longest row of A times A)

(define (next-random x) (modulo (* 16807 x) 2147483647))

(define (add-entry column value row)
  (cond ((null? row) (if (= value 0) '() (list (cons column value))))
        ((< column (caar row)) (if (= value 0) row (cons (cons column value) row)))
        ((= column (caar row))
         (let ((sum (+ value (cdar row))))
           (if (= sum 0)
               (cdr row)
               (cons (cons column sum) (cdr row)))))
        (else (cons (car row) (add-entry column value (cdr row))))))

(define (make-matrix n)
  (let ((rows (make-vector n '())))
    (let loop ((i 0) (draw 0) (x 1))
      (cond ((= i n) rows)
            ((= draw 5) (loop (+ i 1) 0 x))
            (else
             (let ((x (next-random x)))
               (vector-set! rows i (add-entry (modulo x n) (- (modulo (quotient x n) 19) 9)
                                              (vector-ref rows i)))
               (loop i (+ draw 1) x)))))))

(define (entries m)
  (let loop ((i 0) (count 0))
    (if (= i (vector-length m))
        count
        (loop (+ i 1) (+ count (length (vector-ref m i)))))))

(define (transpose m)
  (let* ((n (vector-length m))
         (t (make-vector n '())))
    (do ((i (- n 1) (- i 1)))
        ((< i 0) t)
      (for-each (lambda (entry)
                  (vector-set! t (car entry) (cons (cons i (cdr entry)) (vector-ref t (car entry)))))
                (vector-ref m i)))))

(define (times-vector m v)
  (let* ((n (vector-length m))
         (w (make-vector n 0)))
    (do ((i 0 (+ i 1)))
        ((= i n) w)
      (let ((sum 0))
        (for-each (lambda (entry)
                    (set! sum (+ sum (* (cdr entry) (vector-ref v (car entry))))))
                  (vector-ref m i))
        (vector-set! w i sum)))))

(define (times-matrix a b)
  (let* ((n (vector-length a))
         (c (make-vector n '())))
    (do ((i 0 (+ i 1)))
        ((= i n) c)
      (let gather ((left (vector-ref a i)) (row '()))
        (if (null? left)
            (vector-set! c i row)
            (let ((k (caar left))
                  (a-ik (cdar left)))
              (gather (cdr left)
                      (let add ((right (vector-ref b k)) (row row))
                        (if (null? right)
                            row
                            (add (cdr right)
                                 (add-entry (caar right) (* a-ik (cdar right)) row)))))))))))

(define (trace m)
  (let loop ((i 0) (sum 0))
    (if (= i (vector-length m))
        sum
        (let ((entry (assv i (vector-ref m i))))
          (loop (+ i 1) (if entry (+ sum (cdr entry)) sum))))))

(define (run n)
  (let* ((a (make-matrix n))
         (t (transpose a))
         (aa (times-matrix a a))
         (ones (make-vector n 1))
         (powered (let loop ((k 0) (v ones))
                    (if (= k (min n 20))
                        v
                        (loop (+ k 1) (vector-map (lambda (x) (modulo x 10007)) (times-vector a v)))))))
    (list (entries a)
          (entries t)
          (entries aa)
          (trace aa)
          (equal? (times-vector aa ones) (times-vector a (times-vector a ones)))
          (equal? (transpose t) a)
          (modulo (apply + (vector->list powered)) 10007)
          (vector->list powered 0 (min 3 n))
          (apply max (map length (vector->list aa))))))
