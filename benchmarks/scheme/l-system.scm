;; l-system: Lindenmayer systems grown by rewriting strings and drawn by
;; a turtle on a square grid, the way a course on formal languages (or
;; on computer graphics) sets them.
;;
;; Four systems with right-angle turns, each a symbol naming it, an
;; axiom and rules from characters to strings found by assv: the dragon
;; curve, Hilbert's curve, a quadratic Koch curve and a branching plant
;; with [ and ].  A generation is written character by character into an
;; output string port, a character with a rule replaced by its string,
;; any other copied.  A system grows until its string holds at least n
;; characters.
;;
;; The turtle reads the first n characters, dispatching by case: F steps
;; forward one unit, + turns left and - right, [ pushes its place and
;; heading on a stack (a list), ] pops them; other characters do
;; nothing.  The points it reaches go into a hash table of our own, a
;; vector of n/4 + 1 buckets of (x . y) pairs found by member; a point
;; reached again is counted.
;;
;; (run n) => (n, for each system: its name, the generations, the
;;             string's length, the F's among the n characters, the points
;;             reached, those reached again, the box around them as
;;             (min-x max-x min-y max-y), the deepest stack, where the
;;             turtle ends as (x y heading), the longest bucket; then the
;;             first system's points checksummed in the order first
;;             reached)

(define systems
  (list (list 'dragon "FX" (list (cons #\X "X+YF+") (cons #\Y "-FX-Y")))
        (list 'hilbert "A" (list (cons #\A "+BF-AFA-FB+") (cons #\B "-AF+BFB+FA-")))
        (list 'koch "F" (list (cons #\F "F+F-F-F+F")))
        (list 'plant "X" (list (cons #\X "F[+X]F[-X]+X") (cons #\F "FF")))))

(define (rewrite text rules)
  (let ((port (open-output-string)))
    (string-for-each (lambda (c)
                       (let ((rule (assv c rules)))
                         (if rule
                             (display (cdr rule) port)
                             (write-char c port))))
                     text)
    (get-output-string port)))

;; The string grown to n characters or more, and the generations it took.
(define (grow axiom rules n)
  (let loop ((text axiom) (generations 0))
    (if (>= (string-length text) n)
        (values text generations)
        (loop (rewrite text rules) (+ generations 1)))))

(define (make-table n) (make-vector (+ 1 (quotient n 4)) '()))

(define (bucket table x y)
  (modulo (+ (* x 7919) y) (vector-length table)))

;; Puts the point in; answers whether it was there already.
(define (table-add! table x y)
  (let* ((b (bucket table x y))
         (point (cons x y)))
    (if (member point (vector-ref table b))
        #t
        (begin (vector-set! table b (cons point (vector-ref table b)))
               #f))))

(define (longest-bucket table)
  (let loop ((b 0) (longest 0))
    (if (= b (vector-length table))
        longest
        (loop (+ b 1) (max longest (length (vector-ref table b)))))))

;; Heading 0 east, 1 north, 2 west, 3 south.
(define (step-x heading) (case heading ((0) 1) ((2) -1) (else 0)))
(define (step-y heading) (case heading ((1) 1) ((3) -1) (else 0)))

(define (draw text n)
  (let ((table (make-table n))
        (order '()))
    (table-add! table 0 0)
    (set! order (list (cons 0 0)))
    (let loop ((i 0) (x 0) (y 0) (heading 0) (stack '()) (depth 0) (deepest 0)
               (forward 0) (points 1) (again 0) (min-x 0) (max-x 0) (min-y 0) (max-y 0))
      (if (= i n)
          (values (list forward points again (list min-x max-x min-y max-y) deepest (list x y heading)
                        (longest-bucket table))
                  (reverse order))
          (case (string-ref text i)
            ((#\F)
             (let ((x (+ x (step-x heading)))
                   (y (+ y (step-y heading))))
               (if (table-add! table x y)
                   (loop (+ i 1) x y heading stack depth deepest (+ forward 1) points (+ again 1)
                         min-x max-x min-y max-y)
                   (begin
                     (set! order (cons (cons x y) order))
                     (loop (+ i 1) x y heading stack depth deepest (+ forward 1) (+ points 1) again
                           (min min-x x) (max max-x x) (min min-y y) (max max-y y))))))
            ((#\+) (loop (+ i 1) x y (modulo (+ heading 1) 4) stack depth deepest forward points again
                         min-x max-x min-y max-y))
            ((#\-) (loop (+ i 1) x y (modulo (+ heading 3) 4) stack depth deepest forward points again
                         min-x max-x min-y max-y))
            ((#\[) (loop (+ i 1) x y heading (cons (list x y heading) stack) (+ depth 1)
                         (max deepest (+ depth 1)) forward points again min-x max-x min-y max-y))
            ((#\]) (let ((saved (car stack)))
                     (loop (+ i 1) (car saved) (cadr saved) (caddr saved) (cdr stack) (- depth 1) deepest
                           forward points again min-x max-x min-y max-y)))
            (else (loop (+ i 1) x y heading stack depth deepest forward points again
                        min-x max-x min-y max-y)))))))

(define (run n)
  (let loop ((systems systems) (results '()) (checksum #f))
    (if (null? systems)
        (append (list n) (reverse results) (list checksum))
        (let* ((system (car systems))
               (name (car system)))
          (let-values (((text generations) (grow (cadr system) (caddr system) n)))
            (let-values (((figures order) (draw text n)))
              (loop (cdr systems)
                    (cons (append (list (symbol->string name) generations (string-length text)) figures)
                          results)
                    (or checksum
                        (let sum ((points order) (total 0))
                          (if (null? points)
                              total
                              (sum (cdr points)
                                   (modulo (+ (* total 31) (* 7 (car (car points))) (cdr (car points)))
                                           1000003))))))))))))
