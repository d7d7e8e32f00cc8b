;; perm-cycles: permutations as vectors, taken apart into cycles, as an
;; abstract algebra or combinatorics course has them computed.
;;
;; A permutation of 0 .. s-1 is a vector p sending i to p[i]; p after q is
;; the vector of p[q[i]], its inverse puts i at p[i].  Its cycles are
;; found from each unmarked point in turn with a vector of marks, each
;; cycle a list from its smallest point; the cycle type is the lengths
;; sorted by insertion, largest first; the order is (apply lcm lengths)
;; and the sign the parity of s less the number of cycles.  Powers come
;; by repeated squaring.  Checked for every pair: p to its order is the
;; identity, p after its inverse too, the inverse of p after q is q's
;; inverse after p's, and signs multiply (all compared by equal? on
;; vectors).  Also the order of the commutator p q p^-1 q^-1, the orbit
;; of 0 under p and q by a breadth-first search with a list queue and
;; memv, and the orders of the out- and in-shuffles of a deck of 2s cards
;; (the card at i goes to 2i mod 2s - 1, the last staying put, or to
;; 2i + 1 mod 2s + 1).
;;
;; n pairs are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 241,
;; each draw x div 65536: s (6 .. 12), then p and q by Fisher and Yates'
;; shuffle of 0 .. s-1, each from the top down.
;;
;; (run n) => (n, checks passed, orders of p summed, orders of the
;;             commutators summed, even p's, orbit sizes summed, out- and
;;             in-shuffle orders summed, a checksum of the cycle types,
;;             the first p as a list, its cycles and its order)

(define seed 241)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (identity s)
  (let ((v (make-vector s 0)))
    (do ((i 0 (+ i 1))) ((= i s) v)
      (vector-set! v i i))))

(define (random-permutation s)
  (let ((v (identity s)))
    (do ((i (- s 1) (- i 1))) ((= i 0) v)
      (let* ((j (modulo (next-random!) (+ i 1)))
             (t (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j t)))))

(define (compose p q)
  ;; p after q
  (let* ((s (vector-length q))
         (r (make-vector s 0)))
    (do ((i 0 (+ i 1))) ((= i s) r)
      (vector-set! r i (vector-ref p (vector-ref q i))))))

(define (inverse p)
  (let* ((s (vector-length p))
         (r (make-vector s 0)))
    (do ((i 0 (+ i 1))) ((= i s) r)
      (vector-set! r (vector-ref p i) i))))

(define (power p k)
  (cond ((= k 0) (identity (vector-length p)))
        ((even? k) (let ((half (power p (quotient k 2)))) (compose half half)))
        (else (compose p (power p (- k 1))))))

(define (cycles p)
  (let* ((s (vector-length p))
         (seen (make-vector s #f)))
    (let loop ((start 0) (found '()))
      (cond ((= start s) (reverse found))
            ((vector-ref seen start) (loop (+ start 1) found))
            (else
             (let walk ((i start) (cycle '()))
               (if (vector-ref seen i)
                   (loop (+ start 1) (cons (reverse cycle) found))
                   (begin
                     (vector-set! seen i #t)
                     (walk (vector-ref p i) (cons i cycle))))))))))

(define (insert-descending x lst)
  (cond ((null? lst) (list x))
        ((>= x (car lst)) (cons x lst))
        (else (cons (car lst) (insert-descending x (cdr lst))))))

(define (cycle-type p)
  (let loop ((cs (cycles p)) (lengths '()))
    (if (null? cs)
        lengths
        (loop (cdr cs) (insert-descending (length (car cs)) lengths)))))

(define (order p)
  (apply lcm (cycle-type p)))

(define (sign p)
  (if (even? (- (vector-length p) (length (cycles p)))) 1 -1))

(define (orbit start p q)
  (let loop ((queue (list start)) (seen (list start)))
    (if (null? queue)
        (length seen)
        (let* ((i (car queue))
               (next (list (vector-ref p i) (vector-ref q i)))
               (new (let keep ((js next) (acc '()))
                      (cond ((null? js) (reverse acc))
                            ((or (memv (car js) seen) (memv (car js) acc)) (keep (cdr js) acc))
                            (else (keep (cdr js) (cons (car js) acc)))))))
          (loop (append (cdr queue) new) (append seen new))))))

(define (shuffle-permutation cards out?)
  (let ((v (make-vector cards 0)))
    (do ((i 0 (+ i 1))) ((= i cards) v)
      (vector-set! v i
                   (if out?
                       (if (= i (- cards 1)) i (modulo (* 2 i) (- cards 1)))
                       (modulo (+ (* 2 i) 1) (+ cards 1)))))))

(define (checks p q)
  (let ((e (identity (vector-length p)))
        (count 0))
    (define (check! ok) (if ok (set! count (+ count 1))))
    (check! (equal? (power p (order p)) e))
    (check! (equal? (compose p (inverse p)) e))
    (check! (equal? (inverse (compose p q)) (compose (inverse q) (inverse p))))
    (check! (= (sign (compose p q)) (* (sign p) (sign q))))
    count))

(define (run n)
  (set! seed 241)
  (let loop ((k 0) (passed 0) (orders 0) (commutators 0) (even 0) (orbits 0)
                   (outs 0) (ins 0) (sum 0) (first '()))
    (if (= k n)
        (list n passed orders commutators even orbits outs ins sum first)
        (let* ((s (+ 6 (modulo (next-random!) 7)))
               (p (random-permutation s))
               (q (random-permutation s))
               (commutator (compose (compose p q) (compose (inverse p) (inverse q)))))
          (loop (+ k 1)
                (+ passed (checks p q))
                (+ orders (order p))
                (+ commutators (order commutator))
                (if (= (sign p) 1) (+ even 1) even)
                (+ orbits (orbit 0 p q))
                (+ outs (order (shuffle-permutation (* 2 s) #t)))
                (+ ins (order (shuffle-permutation (* 2 s) #f)))
                (let add ((lengths (cycle-type p)) (sum sum))
                  (if (null? lengths)
                      (modulo (+ (* sum 7) 1) 1000003)
                      (add (cdr lengths) (modulo (+ (* sum 13) (car lengths)) 1000003))))
                (if (= k 0)
                    (list (vector->list p) (cycles p) (order p))
                    first))))))
