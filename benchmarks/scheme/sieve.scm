;; sieve: the sieve of Eratosthenes on a vector of booleans with nested do
;; loops, then a count of twin primes.
;;
;; (run n) => (primes-below-n twin-pairs).

(define (sieve n)
  (let ((prime (make-vector n #t)))
    (vector-set! prime 0 #f)
    (vector-set! prime 1 #f)
    (do ((i 2 (+ i 1)))
        ((> (* i i) n) prime)
      (if (vector-ref prime i)
          (do ((j (* i i) (+ j i)))
              ((>= j n))
            (vector-set! prime j #f))))))

(define (run n)
  (let ((prime (sieve n)))
    (do ((i 2 (+ i 1))
         (count 0 (if (vector-ref prime i) (+ count 1) count))
         (twins 0 (if (and (vector-ref prime i) (< (+ i 2) n) (vector-ref prime (+ i 2)))
                      (+ twins 1)
                      twins)))
        ((= i n) (list count twins)))))
