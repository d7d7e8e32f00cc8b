;; tak: Takeuchi's function, nested recursive calls with three arguments.
;;
;; (run x y z) => (tak x y z); (run 18 12 6) => 7 after 63,609 calls of tak.
;; Measures calls whose arguments are themselves non-tail calls.

(define (tak x y z)
  (if (not (< y x))
      z
      (tak (tak (- x 1) y z)
           (tak (- y 1) z x)
           (tak (- z 1) x y))))

(define (run x y z)
  (tak x y z))
