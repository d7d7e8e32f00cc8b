;; lcs: the longest common subsequence of two strings by dynamic
;; programming, the table a vector of vectors filled by two nested do
;; loops, then the subsequence read back from the table.
;;
;; (run n) => (length of the subsequence, its first ten characters) for
;; two pseudo-random strings of n letters.

(define (make-table rows cols)
  (let ((t (make-vector rows)))
    (do ((i 0 (+ i 1)))
        ((= i rows) t)
      (vector-set! t i (make-vector cols 0)))))

(define (table-ref t i j) (vector-ref (vector-ref t i) j))

(define (table-set! t i j v) (vector-set! (vector-ref t i) j v))

(define (lcs-table a b)
  (let* ((n (string-length a))
         (m (string-length b))
         (t (make-table (+ n 1) (+ m 1))))
    (do ((i 1 (+ i 1)))
        ((> i n) t)
      (do ((j 1 (+ j 1)))
          ((> j m))
        (if (char=? (string-ref a (- i 1)) (string-ref b (- j 1)))
            (table-set! t i j (+ 1 (table-ref t (- i 1) (- j 1))))
            (table-set! t i j (max (table-ref t (- i 1) j)
                                   (table-ref t i (- j 1)))))))))

(define (lcs a b)
  (let ((t (lcs-table a b)))
    (let walk ((i (string-length a)) (j (string-length b)) (acc '()))
      (cond ((or (= i 0) (= j 0)) (list->string acc))
            ((char=? (string-ref a (- i 1)) (string-ref b (- j 1)))
             (walk (- i 1) (- j 1) (cons (string-ref a (- i 1)) acc)))
            ((>= (table-ref t (- i 1) j) (table-ref t i (- j 1)))
             (walk (- i 1) j acc))
            (else (walk i (- j 1) acc))))))

(define (pseudo-text n seed)
  (let loop ((k 0) (x seed) (chars '()))
    (if (= k n)
        (list->string chars)
        (loop (+ k 1)
              (modulo (+ (* x 1103) 12345) 65536)
              (cons (string-ref "acgt" (modulo (quotient x 7) 4)) chars)))))

(define (run n)
  (let ((s (lcs (pseudo-text n 1) (pseudo-text n 2))))
    (list (string-length s)
          (substring s 0 (min 10 (string-length s))))))
