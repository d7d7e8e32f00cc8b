;; stable-marriage: the stable marriage problem by Gale and Shapley, for
;; n men and n women, each with a list of the other side in order of
;; preference, a permutation made by a Fisher-Yates shuffle of a vector
;; (a do loop counting down, each place swapped with one at or below it)
;; turned into a list.  The ranks, the place of each person in each list,
;; are a vector of vectors made by vector-map over the lists.
;;
;; The proposers are kept on a list of the free, taken from its front;
;; each proposes to the first one left on their list (a vector of the
;; rest of each list, cdr'd down), who is engaged to them if free (#f in
;; a vector of partners) or if she (or he) ranks them above her partner,
;; who is then free again, put on the front of the list.  The matching
;; and the number of proposals come back as two values.  Both sides
;; propose in turn: the men's matching is the best stable one for every
;; man, the women's the best for every woman.  A matching is stable if
;; no man prefers a woman who prefers him to her partner: checked for
;; every man and every woman before his wife, by for-each inside
;; call/cc, left at the first pair that would elope.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 37, each draw
;; x div 65536, the place swapped with place i the draw mod (i + 1); the
;; men's lists first, man 0's first, then the women's.
;;
;; (run n) => (the proposals when men propose, when women propose,
;;             whether both matchings are stable, the men's ranks of
;;             their wives summed in each, the women's ranks of their
;;             husbands summed in each, the couples in both, man 0's
;;             wife in each)

(define seed 37)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (shuffled n)
  (let ((v (make-vector n 0)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (vector-set! v i i))
    (do ((i (- n 1) (- i 1)))
        ((< i 1) (vector->list v))
      (let* ((j (modulo (next-random!) (+ i 1)))
             (t (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j t)))))

(define (preferences n)
  (let ((lists (make-vector n '())))
    (do ((i 0 (+ i 1)))
        ((= i n) lists)
      (vector-set! lists i (shuffled n)))))

(define (ranks-of lists)
  (vector-map (lambda (prefs)
                (let ((rank (make-vector (length prefs) 0)))
                  (let loop ((prefs prefs) (r 0))
                    (if (null? prefs)
                        rank
                        (begin
                          (vector-set! rank (car prefs) r)
                          (loop (cdr prefs) (+ r 1)))))))
              lists))

(define (iota-list n)
  (let loop ((i (- n 1)) (lst '()))
    (if (< i 0) lst (loop (- i 1) (cons i lst)))))

;; proposers' lists and the acceptors' ranks => (values partner-of-acceptor proposals)
(define (gale-shapley proposer-lists acceptor-ranks)
  (let* ((n (vector-length proposer-lists))
         (left (vector-copy proposer-lists))
         (partner (make-vector n #f)))
    (let loop ((free (iota-list n)) (proposals 0))
      (if (null? free)
          (values partner proposals)
          (let* ((p (car free))
                 (a (car (vector-ref left p)))
                 (current (vector-ref partner a)))
            (vector-set! left p (cdr (vector-ref left p)))
            (cond ((not current)
                   (vector-set! partner a p)
                   (loop (cdr free) (+ proposals 1)))
                  ((< (vector-ref (vector-ref acceptor-ranks a) p)
                      (vector-ref (vector-ref acceptor-ranks a) current))
                   (vector-set! partner a p)
                   (loop (cons current (cdr free)) (+ proposals 1)))
                  (else
                   (loop free (+ proposals 1)))))))))

(define (inverse partner)
  (let ((other (make-vector (vector-length partner) #f)))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length partner)) other)
      (vector-set! other (vector-ref partner i) i))))

(define (stable? wife-of husband-of men-lists women-ranks)
  (call-with-current-continuation
   (lambda (return)
     (do ((m 0 (+ m 1)))
         ((= m (vector-length wife-of)) #t)
       (let ((wife (vector-ref wife-of m)))
         (let walk ((prefs (vector-ref men-lists m)))
           (unless (= (car prefs) wife)
             (let* ((w (car prefs))
                    (ranks (vector-ref women-ranks w)))
               (if (< (vector-ref ranks m) (vector-ref ranks (vector-ref husband-of w)))
                   (return #f)))
             (walk (cdr prefs)))))))))

(define (rank-sum partner-of ranks)
  (let loop ((i 0) (sum 0))
    (if (= i (vector-length partner-of))
        sum
        (loop (+ i 1) (+ sum (vector-ref (vector-ref ranks i) (vector-ref partner-of i)))))))

(define (run n)
  (set! seed 37)
  (let* ((men-lists (preferences n))
         (women-lists (preferences n))
         (men-ranks (ranks-of men-lists))
         (women-ranks (ranks-of women-lists)))
    (let-values (((husband-of men-proposals) (gale-shapley men-lists women-ranks))
                 ((wife-of* women-proposals) (gale-shapley women-lists men-ranks)))
      (let ((wife-of (inverse husband-of))
            (husband-of* (inverse wife-of*)))
        (list men-proposals
              women-proposals
              (list (stable? wife-of husband-of men-lists women-ranks)
                    (stable? wife-of* husband-of* men-lists women-ranks))
              (list (rank-sum wife-of men-ranks) (rank-sum wife-of* men-ranks))
              (list (rank-sum husband-of women-ranks) (rank-sum husband-of* women-ranks))
              (let count ((m 0) (same 0))
                (cond ((= m n) same)
                      ((= (vector-ref wife-of m) (vector-ref wife-of* m)) (count (+ m 1) (+ same 1)))
                      (else (count (+ m 1) same))))
              (list (vector-ref wife-of 0) (vector-ref wife-of* 0)))))))
