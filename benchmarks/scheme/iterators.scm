;; iterators: generators made of closures over mutable state.  A generator
;; is a procedure of no arguments that hands out its next value each time
;; it is called, and the unique list `done` when it has none left; its
;; state lives in variables of the let around the lambda, changed with
;; set!.  Generators are made from a range, from a recurrence, and from
;; other generators (map, filter, take, zip, interleave), then drained by a
;; fold.
;;
;; (run n) => (the sum of the squares of the odd numbers below n; the sum
;;             of i(n + i) for i below n; how many of the first n Fibonacci
;;             numbers taken mod 1000 are even; how many of n numbers of the
;;             generator x -> (21x + 13) mod 10000 from 1 are above all
;;             before them; the length of 0..n-1 and 100..99+n interleaved,
;;             and the sum of position times value over it, from 1)

(define done (list 'done))

(define (done? value) (eq? value done))

(define (range-gen from to)
  (let ((next from))
    (lambda ()
      (if (>= next to)
          done
          (let ((value next))
            (set! next (+ next 1))
            value)))))

(define (fibonacci-mod-gen m)
  (let ((a 0) (b 1))
    (lambda ()
      (let ((value a))
        (set! a b)
        (set! b (modulo (+ value b) m))
        value))))

(define (random-gen seed)
  (let ((x seed))
    (lambda ()
      (set! x (modulo (+ (* 21 x) 13) 10000))
      x)))

(define (map-gen f gen)
  (lambda ()
    (let ((value (gen)))
      (if (done? value) done (f value)))))

(define (filter-gen keep? gen)
  (lambda ()
    (let loop ()
      (let ((value (gen)))
        (cond ((done? value) done)
              ((keep? value) value)
              (else (loop)))))))

(define (take-gen k gen)
  (let ((left k))
    (lambda ()
      (if (= left 0)
          done
          (begin
            (set! left (- left 1))
            (gen))))))

(define (zip-gen f gen1 gen2)
  (lambda ()
    (let* ((a (gen1))
           (b (gen2)))
      (if (or (done? a) (done? b))
          done
          (f a b)))))

;; Values from gen1 and gen2 in turn, until the one whose turn it is is done.
(define (interleave-gen gen1 gen2)
  (let ((first-turn #t))
    (lambda ()
      (let ((value (if first-turn (gen1) (gen2))))
        (set! first-turn (not first-turn))
        value))))

;; Values paired with their positions from 1, as two-element lists.
(define (number-gen gen)
  (let ((position 0))
    (lambda ()
      (let ((value (gen)))
        (if (done? value)
            done
            (begin
              (set! position (+ position 1))
              (list position value)))))))

(define (gen-fold f init gen)
  (let loop ((acc init))
    (let ((value (gen)))
      (if (done? value)
          acc
          (loop (f acc value))))))

(define (gen-count gen)
  (gen-fold (lambda (count value) (+ count 1)) 0 gen))

;; How many values are above every value before them.
(define (count-records gen)
  (let ((best #f) (records 0))
    (gen-fold (lambda (acc value)
                (if (or (not best) (> value best))
                    (begin
                      (set! best value)
                      (set! records (+ records 1))))
                records)
              0
              gen)))

(define (run n)
  (list (gen-fold + 0 (map-gen (lambda (x) (* x x))
                               (filter-gen odd? (range-gen 0 n))))
        (gen-fold + 0 (zip-gen * (range-gen 0 n) (range-gen n (* 2 n))))
        (gen-count (filter-gen even? (take-gen n (fibonacci-mod-gen 1000))))
        (count-records (take-gen n (random-gen 1)))
        (gen-count (interleave-gen (range-gen 0 n) (range-gen 100 (+ 100 n))))
        (gen-fold (lambda (sum pair) (+ sum (* (car pair) (cadr pair))))
                  0
                  (number-gen (interleave-gen (range-gen 0 n) (range-gen 100 (+ 100 n)))))))
