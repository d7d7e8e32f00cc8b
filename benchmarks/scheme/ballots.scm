;; ballots: one set of ranked ballots counted five ways (plurality,
;; instant runoff, Borda, Condorcet and Copeland), written as a civics or
;; social-choice course would.
;;
;; Candidates are symbols made by string->symbol from a list of names; a
;; ballot is a list of candidates, most preferred first, that need not name
;; them all.  Tallies are association lists in the candidates' order,
;; counted by assq and set-cdr!; a winner is the first candidate holding
;; (apply max) of the counts.  The instant runoff tallies each ballot's
;; first choice still standing (memq), stops when one holds more than half
;; of the ballots not yet exhausted (or stands alone) and otherwise drops
;; the candidate with fewest votes, the last of them in order on a tie.
;; Borda gives k - 1 - p points at place p.  The pairwise counts are a
;; vector of vectors: a ballot prefers a ranked candidate to every one
;; ranked later and to every one left off; a Condorcet winner beats every
;; other, Copeland's wins most pairings.
;;
;; n elections are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 173, each draw x div 65536: the number of candidates (3 .. 6), of
;; voters (15 .. 40), then for each ballot its length (1 .. k) and each
;; choice as an index into the candidates not yet on it.
;;
;; (run n) => (n, elections where plurality and the runoff agree, where
;;             the runoff and Borda agree, elections with a Condorcet
;;             winner, those the runoff also won, runoff rounds summed,
;;             Borda points of the winners summed, a checksum of the
;;             winners, the first election's five winners as strings)

(define seed 173)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define names '("ada" "bo" "cy" "di" "ed" "fay"))

(define (first-n lst n)
  (if (= n 0)
      '()
      (cons (car lst) (first-n (cdr lst) (- n 1)))))

(define (without x lst)
  (cond ((null? lst) '())
        ((eq? x (car lst)) (cdr lst))
        (else (cons (car lst) (without x (cdr lst))))))

(define (random-ballot candidates)
  (let ((len (+ 1 (modulo (next-random!) (length candidates)))))
    (let loop ((i 0) (left candidates) (ballot '()))
      (if (= i len)
          (reverse ballot)
          (let ((pick (list-ref left (modulo (next-random!) (length left)))))
            (loop (+ i 1) (without pick left) (cons pick ballot)))))))

(define (random-election)
  (let* ((k (+ 3 (modulo (next-random!) 4)))
         (voters (+ 15 (modulo (next-random!) 26)))
         (candidates (map string->symbol (first-n names k))))
    (let loop ((v 0) (ballots '()))
      (if (= v voters)
          (cons candidates (reverse ballots))
          (loop (+ v 1) (cons (random-ballot candidates) ballots))))))

(define (empty-tally candidates)
  (map (lambda (c) (cons c 0)) candidates))

(define (add-vote! tally who points)
  (let ((entry (assq who tally)))
    (set-cdr! entry (+ (cdr entry) points))))

(define (leader tally)
  (let ((most (apply max (map cdr tally))))
    (let loop ((t tally))
      (if (= (cdr (car t)) most)
          (car (car t))
          (loop (cdr t))))))

(define (plurality candidates ballots)
  (let ((tally (empty-tally candidates)))
    (for-each (lambda (b) (add-vote! tally (car b) 1)) ballots)
    (leader tally)))

(define (first-standing ballot standing)
  (cond ((null? ballot) #f)
        ((memq (car ballot) standing) (car ballot))
        (else (first-standing (cdr ballot) standing))))

(define (trailer tally)
  (let ((fewest (apply min (map cdr tally))))
    (let loop ((t tally) (last #f))
      (cond ((null? t) last)
            ((= (cdr (car t)) fewest) (loop (cdr t) (car (car t))))
            (else (loop (cdr t) last))))))

;; (winner . rounds)
(define (runoff candidates ballots)
  (let round ((standing candidates) (rounds 1))
    (if (null? (cdr standing))
        (cons (car standing) rounds)
        (let ((tally (empty-tally standing))
              (active 0))
          (for-each (lambda (b)
                      (let ((choice (first-standing b standing)))
                        (when choice
                          (set! active (+ active 1))
                          (add-vote! tally choice 1))))
                    ballots)
          (let ((top (leader tally)))
            (if (> (* 2 (cdr (assq top tally))) active)
                (cons top rounds)
                (round (without (trailer tally) standing) (+ rounds 1))))))))

;; (winner . points)
(define (borda candidates ballots)
  (let ((tally (empty-tally candidates))
        (k (length candidates)))
    (for-each (lambda (b)
                (let loop ((b b) (place 0))
                  (unless (null? b)
                    (add-vote! tally (car b) (- k 1 place))
                    (loop (cdr b) (+ place 1)))))
              ballots)
    (let ((who (leader tally)))
      (cons who (cdr (assq who tally))))))

(define (index-of x lst)
  (let loop ((lst lst) (i 0))
    (if (eq? (car lst) x) i (loop (cdr lst) (+ i 1)))))

(define (pairwise candidates ballots)
  (let* ((k (length candidates))
         (wins (make-vector k #f)))
    (do ((i 0 (+ i 1))) ((= i k))
      (vector-set! wins i (make-vector k 0)))
    (for-each
     (lambda (b)
       (let ((rank (make-vector k #f)))
         (let loop ((b b) (place 0))
           (unless (null? b)
             (vector-set! rank (index-of (car b) candidates) place)
             (loop (cdr b) (+ place 1))))
         (do ((i 0 (+ i 1))) ((= i k))
           (do ((j 0 (+ j 1))) ((= j k))
             (let ((ri (vector-ref rank i)) (rj (vector-ref rank j)))
               (when (and ri (not (= i j)) (or (not rj) (< ri rj)))
                 (let ((row (vector-ref wins i)))
                   (vector-set! row j (+ (vector-ref row j) 1)))))))))
     ballots)
    wins))

(define (beats? wins i j)
  (> (vector-ref (vector-ref wins i) j) (vector-ref (vector-ref wins j) i)))

(define (condorcet candidates wins)
  (let ((k (length candidates)))
    (let try ((i 0))
      (cond ((= i k) #f)
            ((let all ((j 0))
               (cond ((= j k) #t)
                     ((or (= i j) (beats? wins i j)) (all (+ j 1)))
                     (else #f)))
             (list-ref candidates i))
            (else (try (+ i 1)))))))

(define (copeland candidates wins)
  (let* ((k (length candidates))
         (tally (empty-tally candidates)))
    (do ((i 0 (+ i 1))) ((= i k))
      (do ((j 0 (+ j 1))) ((= j k))
        (when (beats? wins i j)
          (add-vote! tally (list-ref candidates i) 1))))
    (leader tally)))

(define (run n)
  (set! seed 173)
  (let loop ((e 0) (same-pr 0) (same-rb 0) (have-condorcet 0) (runoff-condorcet 0)
                   (rounds 0) (points 0) (sum 0) (first '()))
    (if (= e n)
        (list n same-pr same-rb have-condorcet runoff-condorcet rounds points sum first)
        (let* ((election (random-election))
               (candidates (car election))
               (ballots (cdr election))
               (p (plurality candidates ballots))
               (r (runoff candidates ballots))
               (b (borda candidates ballots))
               (wins (pairwise candidates ballots))
               (c (condorcet candidates wins))
               (cope (copeland candidates wins)))
          (loop (+ e 1)
                (if (eq? p (car r)) (+ same-pr 1) same-pr)
                (if (eq? (car r) (car b)) (+ same-rb 1) same-rb)
                (if c (+ have-condorcet 1) have-condorcet)
                (if (and c (eq? c (car r))) (+ runoff-condorcet 1) runoff-condorcet)
                (+ rounds (cdr r))
                (+ points (cdr b))
                (modulo (+ (* sum 31) (* 6 (index-of (car r) candidates)) (index-of cope candidates))
                        1000003)
                (if (= e 0)
                    (map symbol->string (list p (car r) (car b) (if c c 'none) cope))
                    first))))))
