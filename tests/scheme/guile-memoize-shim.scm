;; Guile-only stand-ins for the host primitives memoize, memoize-clear!
;; and memoize-stats, so that scheme_src/etaoin/substring-value-memo.scm
;; can be tested under guile before our interpreter exists.  Not portable:
;; uses guile's hash tables.
;;
;; (memoize f)          a procedure like f that remembers its results,
;;                      keyed on the whole argument list by equal?
;; (memoize-clear! m)   forget everything m remembers, and reset its counts
;; (memoize-stats m)    an alist ((hits . h) (misses . n) (size . entries))

;; memoized procedure -> its record #(table hits misses)
(define memoize-records (make-weak-key-hash-table))

(define memoize
  (lambda (f)
    (let* ((record (vector (make-hash-table) 0 0))
           (memoized
            (lambda args
              (let ((found (hash-get-handle (vector-ref record 0) args)))
                (if found
                    (begin
                      (vector-set! record 1 (+ (vector-ref record 1) 1))
                      (cdr found))
                    (let ((result (apply f args)))
                      (vector-set! record 2 (+ (vector-ref record 2) 1))
                      (hash-set! (vector-ref record 0) args result)
                      result))))))
      (hashq-set! memoize-records memoized record)
      memoized)))

(define memoize-record
  (lambda (who m)
    (or (hashq-ref memoize-records m)
        (error (string-append who ": not a memoized procedure") m))))

(define memoize-clear!
  (lambda (m)
    (let ((record (memoize-record "memoize-clear!" m)))
      (hash-clear! (vector-ref record 0))
      (vector-set! record 1 0)
      (vector-set! record 2 0))))

(define memoize-stats
  (lambda (m)
    (let ((record (memoize-record "memoize-stats" m)))
      (list (cons 'hits (vector-ref record 1))
            (cons 'misses (vector-ref record 2))
            (cons 'size (hash-count (const #t) (vector-ref record 0)))))))
