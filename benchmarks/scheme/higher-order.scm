;; higher-order: procedures handed to map, filter, for-each and sort, as
;; teaching code writes list work.  Measures the primitives' calls back into
;; Scheme (closures and primitives alike) and the lists they build.
;;
;; (run n) => (sum of the odd squares below n^2, a total over an
;; association list, the median key, the largest doubled key).

(define (run n)
  (let* ((xs (iota n))
         (squares (map (lambda (x) (* x x)) xs))
         (odd-squares (filter odd? squares))
         (table (map cons xs (map (lambda (x) (modulo (* x 7919) n)) xs)))
         (keys (sort (map cdr table) <))
         (doubled (map (lambda (k) (* 2 k)) keys))
         (total 0))
    (for-each (lambda (entry) (set! total (+ total (car entry) (cdr entry)))) table)
    (list (apply + odd-squares) total (list-ref keys (quotient n 2)) (list-ref doubled (- n 1)))))
