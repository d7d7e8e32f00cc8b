;; streams: SICP's lazy streams made of cons and delay, read with force:
;; the integers from 2, sieved by stream-filter into the primes.
;;
;; (run n) => the prime at index n (the first is 2).

(define (stream-car s) (car s))
(define (stream-cdr s) (force (cdr s)))

(define (integers-from n)
  (cons n (delay (integers-from (+ n 1)))))

(define (stream-filter keep? s)
  (if (keep? (stream-car s))
      (cons (stream-car s)
            (delay (stream-filter keep? (stream-cdr s))))
      (stream-filter keep? (stream-cdr s))))

(define (sieve s)
  (let ((p (stream-car s)))
    (cons p
          (delay (sieve (stream-filter (lambda (x) (not (= 0 (remainder x p))))
                                       (stream-cdr s)))))))

(define (stream-ref s n)
  (if (= n 0)
      (stream-car s)
      (stream-ref (stream-cdr s) (- n 1))))

(define (run n)
  (stream-ref (sieve (integers-from 2)) n))
