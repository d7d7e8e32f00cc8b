;; contfrac: continued fractions of exact rationals and of floats.  The
;; terms of a rational come from floor/ (two values, taken by let-values):
;; the whole part, then the terms of the reciprocal of what is left, to
;; the end; the rational is found again from its terms by folding from
;; the right, and its convergents by the recurrence h(k) = a(k) h(k-1) +
;; h(k-2) in a named let.  A float is made exact first (its binary
;; fraction, every bit of it), and the best approximation of it with a
;; denominator at most some bound is the last convergent under the bound
;; or the semiconvergent after it, whichever is nearer; that is checked
;; against rationalize, the simplest rational within a tolerance.
;;
;; Streams are R7RS's: a stream is a promise of a pair of an item and a
;; stream, stream-cons a syntax-rules macro over delay, and stream-drop
;; the iterative lazy loop delay-force is for.  e's continued fraction
;; [2; 1, 2, 1, 1, 4, 1, 1, 6, ...] is an endless stream, its
;; convergents another made from it, the n-th of them dropped to; sqrt
;; 2's [1; 2, 2, ...] is a stream of twos that is its own tail, put after
;; the 1 in a promise made by make-promise, as the pair is already known.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 11, each draw
;; x div 65536; rational k is (a1 a2 + 1) / (b1 b2 + 1) of four draws.
;;
;; (run n) => (the terms of the n rationals counted, the largest term,
;;             how many came back whole from their terms, the last of
;;             them as "p/q", the numerator of e's n-th convergent mod
;;             1000003 and its digits, the best approximations of
;;             pi, e and sqrt 2 as floats with denominators up to 1000,
;;             how many of the n rationalize checks agreed, the 8th
;;             convergent of sqrt 2; the rationals written by
;;             number->string)

(define seed 11)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (terms q)
  (let-values (((whole rest) (floor/ (numerator q) (denominator q))))
    (if (= rest 0)
        (list whole)
        (cons whole (terms (/ (denominator q) rest))))))

(define (terms->rational ts)
  (if (null? (cdr ts))
      (car ts)
      (+ (car ts) (/ 1 (terms->rational (cdr ts))))))

;; The convergents of a list of terms, first to last.
(define (convergents ts)
  (let loop ((ts ts) (h 1) (h-1 0) (k 0) (k-1 1) (acc '()))
    (if (null? ts)
        (reverse acc)
        (let ((h+1 (+ (* (car ts) h) h-1))
              (k+1 (+ (* (car ts) k) k-1)))
          (loop (cdr ts) h+1 h k+1 k (cons (/ h+1 k+1) acc))))))

;; The nearest rational to x with a denominator at most bound: the last
;; convergent within the bound, or the largest semiconvergent after it.
(define (best-approximation x bound)
  (let loop ((ts (terms x)) (h 1) (h-1 0) (k 0) (k-1 1))
    (let ((a (car ts)))
      (if (> (+ (* a k) k-1) bound)
          (let* ((m (quotient (- bound k-1) k))
                 (semi (/ (+ (* m h) h-1) (+ (* m k) k-1)))
                 (last (/ h k)))
            (if (< (abs (- x semi)) (abs (- x last))) semi last))
          (let ((h+1 (+ (* a h) h-1))
                (k+1 (+ (* a k) k-1)))
            (if (null? (cdr ts))
                (/ h+1 k+1)
                (loop (cdr ts) h+1 h k+1 k)))))))

(define-syntax stream-cons
  (syntax-rules ()
    ((_ a b) (delay (cons a b)))))

(define (stream-car s) (car (force s)))
(define (stream-cdr s) (cdr (force s)))

(define (stream-drop s k)
  (delay-force (if (= k 0) s (stream-drop (stream-cdr s) (- k 1)))))

(define (stream-head s k)
  (if (= k 0) '() (cons (stream-car s) (stream-head (stream-cdr s) (- k 1)))))

(define (e-terms)
  (let next ((k 0))
    (stream-cons (cond ((= k 0) 2)
                       ((= (modulo k 3) 2) (* 2 (quotient (+ k 1) 3)))
                       (else 1))
                 (next (+ k 1)))))

(define (convergent-stream ts)
  (let next ((ts ts) (h 1) (h-1 0) (k 0) (k-1 1))
    (let ((h+1 (+ (* (stream-car ts) h) h-1))
          (k+1 (+ (* (stream-car ts) k) k-1)))
      (stream-cons (/ h+1 k+1) (next (stream-cdr ts) h+1 h k+1 k)))))

(define sqrt-2-terms
  (letrec ((twos (delay (cons 2 twos))))
    (make-promise (cons 1 twos))))

(define (run n)
  (set! seed 11)
  (let loop ((i 0) (count 0) (largest 0) (whole 0) (last 0) (agreed 0))
    (if (< i n)
        (let* ((a (+ (* (next-random!) (next-random!)) 1))
               (b (+ (* (next-random!) (next-random!)) 1))
               (q (/ a b))
               (ts (terms q))
               (x (exact (inexact q)))
               (best (best-approximation x (+ 10 (* 7 i)))))
          (loop (+ i 1)
                (+ count (length ts))
                (apply max largest ts)
                (if (= (terms->rational ts) q) (+ whole 1) whole)
                q
                (if (= best (rationalize x (abs (- x best)))) (+ agreed 1) agreed)))
        (let ((e-n (stream-car (stream-drop (convergent-stream (e-terms)) n))))
          (list count largest whole (number->string last)
                (modulo (numerator e-n) 1000003)
                (string-length (number->string (numerator e-n)))
                (map (lambda (x) (number->string (best-approximation (exact x) 1000)))
                     (list (* 4 (atan 1)) (exp 1) (sqrt 2)))
                agreed
                (number->string (list-ref (convergents (stream-head sqrt-2-terms 8)) 7)))))))
