;; permutations: SICP 2.2.3's permutations of a set.  For each x of the
;; list, every permutation of the list without x, with x put in front;
;; flatmap and remove written by hand, plain recursion, map with lambdas.
;;
;; (run n) => (how many permutations of 1..n, how many of them leave no
;;             number in its place (derangements), the inversions summed
;;             over all of them, the sum of k * the permutation read as
;;             decimal digits over the k-th permutation, mod 1000003)

(define (flatmap proc seq)
  (if (null? seq)
      '()
      (append (proc (car seq)) (flatmap proc (cdr seq)))))

(define (remove item seq)
  (cond ((null? seq) '())
        ((= item (car seq)) (remove item (cdr seq)))
        (else (cons (car seq) (remove item (cdr seq))))))

(define (permutations s)
  (if (null? s)
      (list '())
      (flatmap (lambda (x)
                 (map (lambda (p) (cons x p))
                      (permutations (remove x s))))
               s)))

(define (enumerate-interval low high)
  (if (> low high)
      '()
      (cons low (enumerate-interval (+ low 1) high))))

(define (derangement? p)
  (let loop ((p p) (i 1))
    (cond ((null? p) #t)
          ((= (car p) i) #f)
          (else (loop (cdr p) (+ i 1))))))

(define (count-smaller x lst)
  (cond ((null? lst) 0)
        ((< (car lst) x) (+ 1 (count-smaller x (cdr lst))))
        (else (count-smaller x (cdr lst)))))

(define (inversions p)
  (if (null? p)
      0
      (+ (count-smaller (car p) (cdr p)) (inversions (cdr p)))))

(define (digits->number p)
  (let loop ((p p) (value 0))
    (if (null? p)
        value
        (loop (cdr p) (+ (* value 10) (car p))))))

(define (run n)
  (let ((perms (permutations (enumerate-interval 1 n))))
    (let loop ((ps perms) (k 1) (deranged 0) (inverted 0) (checksum 0))
      (if (null? ps)
          (list (length perms) deranged inverted checksum)
          (let ((p (car ps)))
            (loop (cdr ps)
                  (+ k 1)
                  (if (derangement? p) (+ deranged 1) deranged)
                  (+ inverted (inversions p))
                  (modulo (+ checksum (* k (digits->number p))) 1000003)))))))
