;; The etaoin lab's substring-value by dynamic programming.
;;
;; Instead of recursing, fill a table from the shortest pieces up.  Row k
;; of the table is a vector holding the values of the k-letter pieces of
;; the len letters from low: entry j is the piece starting at low + j.
;; Row 0 is all zeros (empty pieces); each entry of row k needs only two
;; entries of row k - 1, the piece without its first letter (j + 1) and
;; the piece without its last letter (j).  Row len has one entry: the answer.
;; Time and space grow like len^2.
;;
;; Uses char-value from the handed-out etaoin-given.scm; loads nothing and
;; needs no memoize.

(define substring-value
  (lambda (s len low)
    (let ((rows (make-vector (+ len 1))))
      (vector-set! rows 0 (make-vector (+ len 1) 0))
      (let fill-row ((k 1))
        (if (<= k len)
            (let ((shorter (vector-ref rows (- k 1)))
                  (row (make-vector (+ (- len k) 1))))
              (let fill-entry ((j 0))
                (if (<= j (- len k))
                    (begin
                      (vector-set!
                       row j
                       (max (- (char-value (string-ref s (+ low j)))
                               (vector-ref shorter (+ j 1)))
                            (- (char-value (string-ref s (+ low j (- k 1))))
                               (vector-ref shorter j))))
                      (fill-entry (+ j 1)))))
              (vector-set! rows k row)
              (fill-row (+ k 1)))))
      (vector-ref (vector-ref rows len) 0))))

;; The value of a whole string, handy for testing: (string-value "then") => 10.
(define string-value
  (lambda (s)
    (substring-value s (string-length s) 0)))
