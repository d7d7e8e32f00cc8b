;; matrix-chain: the order in which to multiply a chain of matrices, by
;; dynamic programming over tables of vectors, the way an algorithms
;; course sets the problem.
;;
;; Matrix i (1 .. n) is d(i-1) by d(i); the n + 1 dimensions are drawn
;; between 5 and 64.  The cheapest cost of the product of matrices i ..
;; j is found bottom up, by do loops over the chain's length, its start
;; and the place k to cut it, into a table made as a vector of vectors
;; (each row its own vector), the best cut kept in a second table and
;; the dearest cost in a third.  It is found again top down, by a
;; recursion that remembers what it has worked out in a fourth table
;; (#f where nothing yet).  The best order is written as a formula such
;; as ((A1A2)A3) into an output string port, the formula's deepest
;; parenthesis found by a walk over its characters.
;;
;; Then a short chain of six matrices is multiplied for real: its
;; dimensions drawn between 1 and 4, its entries exact fractions (a
;; numerator from -4 to 4 over a denominator from 1 to 4), once in the
;; best order the table gives and once left to right; the two products
;; must be equal? and the multiplications counted on the way must be
;; the table's cost.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 71, each
;; draw x div 65536.
;;
;; (run n) => (n, the cheapest cost, the dearest cost, the cost left to
;;             right, whether the recursion agrees, the formula's length,
;;             its deepest parenthesis, the formula checksummed, its first
;;             30 characters, the short chain's cost, whether both products
;;             agree and their count is that cost, the product's entries
;;             added up, written as a fraction)

(define seed 71)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define (make-table rows cols init)
  (let ((table (make-vector rows)))
    (do ((i 0 (+ i 1)))
        ((= i rows) table)
      (vector-set! table i (make-vector cols init)))))

(define (table-ref table i j) (vector-ref (vector-ref table i) j))
(define (table-set! table i j x) (vector-set! (vector-ref table i) j x))

;; The cheapest costs, the best cuts and the dearest costs of the chain
;; whose dimensions are the vector dims, as three tables.
(define (chain-order dims)
  (let* ((n (- (vector-length dims) 1))
         (cost (make-table (+ n 1) (+ n 1) 0))
         (cut (make-table (+ n 1) (+ n 1) 0))
         (worst (make-table (+ n 1) (+ n 1) 0)))
    (do ((len 2 (+ len 1)))
        ((> len n))
      (do ((i 1 (+ i 1)))
          ((> i (+ (- n len) 1)))
        (let ((j (+ i len -1)))
          (table-set! cost i j #f)
          (do ((k i (+ k 1)))
              ((= k j))
            (let ((here (* (vector-ref dims (- i 1)) (vector-ref dims k) (vector-ref dims j))))
              (let ((best (+ (table-ref cost i k) (table-ref cost (+ k 1) j) here))
                    (dear (+ (table-ref worst i k) (table-ref worst (+ k 1) j) here)))
                (when (or (not (table-ref cost i j)) (< best (table-ref cost i j)))
                  (table-set! cost i j best)
                  (table-set! cut i j k))
                (when (> dear (table-ref worst i j))
                  (table-set! worst i j dear))))))))
    (values cost cut worst)))

(define (memo-cost dims)
  (let* ((n (- (vector-length dims) 1))
         (memo (make-table (+ n 1) (+ n 1) #f)))
    (define (best i j)
      (cond ((= i j) 0)
            ((table-ref memo i j))
            (else
             (let loop ((k i) (found #f))
               (if (= k j)
                   (begin (table-set! memo i j found) found)
                   (let ((c (+ (best i k) (best (+ k 1) j)
                               (* (vector-ref dims (- i 1)) (vector-ref dims k) (vector-ref dims j)))))
                     (loop (+ k 1) (if (or (not found) (< c found)) c found))))))))
    (best 1 n)))

(define (write-order cut i j port)
  (if (= i j)
      (begin (write-char #\A port) (display i port))
      (let ((k (table-ref cut i j)))
        (write-char #\( port)
        (write-order cut i k port)
        (write-order cut (+ k 1) j port)
        (write-char #\) port))))

(define (deepest formula)
  (let loop ((i 0) (depth 0) (most 0))
    (if (= i (string-length formula))
        most
        (case (string-ref formula i)
          ((#\() (loop (+ i 1) (+ depth 1) (max most (+ depth 1))))
          ((#\)) (loop (+ i 1) (- depth 1) most))
          (else (loop (+ i 1) depth most))))))

;; A matrix is a vector of row vectors; multiplications are counted in a box.
(define (random-matrix rows cols)
  (let ((m (make-table rows cols 0)))
    (do ((i 0 (+ i 1)))
        ((= i rows) m)
      (do ((j 0 (+ j 1)))
          ((= j cols))
        (let* ((top (- (random-below 9) 4))
               (bottom (+ 1 (random-below 4))))
          (table-set! m i j (/ top bottom)))))))

(define (multiply a b counter)
  (let* ((rows (vector-length a))
         (inner (vector-length b))
         (cols (vector-length (vector-ref b 0)))
         (c (make-table rows cols 0)))
    (do ((i 0 (+ i 1)))
        ((= i rows) c)
      (do ((j 0 (+ j 1)))
          ((= j cols))
        (do ((k 0 (+ k 1))
             (sum 0 (+ sum (* (table-ref a i k) (table-ref b k j)))))
            ((= k inner) (table-set! c i j sum))
          (set-car! counter (+ (car counter) 1)))))))

(define (multiply-in-order matrices cut i j counter)
  (if (= i j)
      (vector-ref matrices i)
      (let ((k (table-ref cut i j)))
        (multiply (multiply-in-order matrices cut i k counter)
                  (multiply-in-order matrices cut (+ k 1) j counter)
                  counter))))

(define (short-chain)
  (let ((dims (make-vector 7))
        (matrices (make-vector 7 #f)))
    (do ((i 0 (+ i 1)))
        ((= i 7))
      (vector-set! dims i (+ 1 (random-below 4))))
    (do ((i 1 (+ i 1)))
        ((= i 7))
      (vector-set! matrices i (random-matrix (vector-ref dims (- i 1)) (vector-ref dims i))))
    (let-values (((cost cut worst) (chain-order dims)))
      (let* ((counter (list 0))
             (best (multiply-in-order matrices cut 1 6 counter))
             (plain (let loop ((i 2) (product (vector-ref matrices 1)))
                      (if (= i 7)
                          product
                          (loop (+ i 1) (multiply product (vector-ref matrices i) (list 0)))))))
        (list (table-ref cost 1 6)
              (and (equal? best plain) (= (car counter) (table-ref cost 1 6)))
              (number->string
               (let add-rows ((i 0) (sum 0))
                 (if (= i (vector-length best))
                     sum
                     (add-rows (+ i 1)
                               (let add ((j 0) (sum sum))
                                 (if (= j (vector-length (vector-ref best i)))
                                     sum
                                     (add (+ j 1) (+ sum (table-ref best i j))))))))))))))

(define (run n)
  (set! seed 71)
  (let ((dims (make-vector (+ n 1))))
    (do ((i 0 (+ i 1)))
        ((> i n))
      (vector-set! dims i (+ 5 (random-below 60))))
    (let-values (((cost cut worst) (chain-order dims)))
      (let* ((formula (let ((port (open-output-string)))
                        (write-order cut 1 n port)
                        (get-output-string port)))
             (left-to-right (do ((k 2 (+ k 1))
                                 (sum 0 (+ sum (* (vector-ref dims 0) (vector-ref dims (- k 1)) (vector-ref dims k)))))
                                ((> k n) sum))))
        (append (list n (table-ref cost 1 n) (table-ref worst 1 n) left-to-right
                      (= (memo-cost dims) (table-ref cost 1 n))
                      (string-length formula) (deepest formula)
                      (let loop ((i 0) (sum 0))
                        (if (= i (string-length formula))
                            sum
                            (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref formula i))) 1000003))))
                      (substring formula 0 (min 30 (string-length formula))))
                (short-chain))))))
