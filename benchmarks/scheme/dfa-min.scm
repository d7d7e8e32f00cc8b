;; dfa-min: minimising deterministic automata by partition refinement
;; (Moore's algorithm), kept in lists the way a course on automata would
;; first write it.
;;
;; An automaton over the letters a and b has states 0 .. k-1, state 0 the
;; start; its table is a list of (state target-on-a target-on-b) lists
;; found by assv, and its accepting states a list searched by memv.  The
;; states reachable from 0 are found by a worklist.  The partition starts
;; as the reachable rejecting states and the reachable accepting states
;; (an empty block left out); each round splits every block by the
;; signature of its states, the list of the blocks their two targets are
;; in, grouping by assoc on the signature (equal? on lists); it stops when
;; a round makes no new block.  Blocks, and states in them, stay in the
;; order they were first met.  The minimal automaton is checked against the
;; first on every word of up to 5 letters.
;;
;; n automata of 4 .. 11 states are drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 163, each draw x div 65536:
;; the a and b targets of each state in turn, then which states accept
;; (one in three).
;;
;; (run n) => (n, reachable states summed, minimal states summed, how many
;;             were minimal already, rounds of refinement summed, words on
;;             which both agreed, the first automaton's blocks)

(define seed 163)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (keep pred lst)
  (cond ((null? lst) '())
        ((pred (car lst)) (cons (car lst) (keep pred (cdr lst))))
        (else (keep pred (cdr lst)))))

(define (random-dfa)
  (let ((k (+ 4 (modulo (next-random!) 8))))
    (let loop ((s 0) (table '()))
      (if (< s k)
          (let* ((on-a (modulo (next-random!) k))
                 (on-b (modulo (next-random!) k)))
            (loop (+ s 1) (cons (list s on-a on-b) table)))
          (let accept ((s 0) (accepting '()))
            (if (< s k)
                (accept (+ s 1)
                        (if (= (modulo (next-random!) 3) 0) (cons s accepting) accepting))
                (list k (reverse table) (reverse accepting))))))))

(define (dfa-table d) (cadr d))
(define (dfa-accepting d) (caddr d))

(define (step table state letter)
  (let ((row (assv state table)))
    (if (eq? letter 'a) (cadr row) (caddr row))))

(define (insert-sorted x lst)
  (cond ((null? lst) (list x))
        ((< x (car lst)) (cons x lst))
        (else (cons (car lst) (insert-sorted x (cdr lst))))))

(define (reachable table)
  (let loop ((todo (list 0)) (seen (list 0)))
    (if (null? todo)
        seen
        (let* ((s (car todo))
               (next (keep (lambda (t) (not (memv t seen)))
                           (let ((a (step table s 'a)) (b (step table s 'b)))
                             (if (= a b) (list a) (list a b))))))
          (loop (append (cdr todo) next)
                (let add ((next next) (seen seen))
                  (if (null? next) seen (add (cdr next) (insert-sorted (car next) seen)))))))))

(define (block-of state partition)
  (let loop ((blocks partition) (i 0))
    (if (memv state (car blocks))
        i
        (loop (cdr blocks) (+ i 1)))))

(define (split-block block table partition)
  (let loop ((states block) (groups '()))
    (if (null? states)
        (reverse (map (lambda (g) (reverse (cdr g))) groups))
        (let* ((s (car states))
               (signature (list (block-of (step table s 'a) partition)
                                (block-of (step table s 'b) partition)))
               (group (assoc signature groups)))
          (if group
              (begin
                (set-cdr! group (cons s (cdr group)))
                (loop (cdr states) groups))
              (loop (cdr states) (cons (list signature s) groups)))))))

(define (refine table partition)
  (apply append (map (lambda (block) (split-block block table partition)) partition)))

;; (blocks rounds)
(define (minimise d)
  (let* ((table (dfa-table d))
         (states (reachable table))
         (accepting (dfa-accepting d))
         (start (keep (lambda (block) (not (null? block)))
                      (list (keep (lambda (s) (not (memv s accepting))) states)
                            (keep (lambda (s) (memv s accepting)) states)))))
    (let loop ((partition start) (rounds 1))
      (let ((next (refine table partition)))
        (if (= (length next) (length partition))
            (list partition rounds)
            (loop next (+ rounds 1)))))))

(define (run-word table state word)
  (if (null? word)
      state
      (run-word table (step table state (car word)) (cdr word))))

(define (all-words len)
  (if (= len 0)
      (list '())
      (let ((shorter (all-words (- len 1))))
        (append (map (lambda (w) (cons 'a w)) shorter)
                (map (lambda (w) (cons 'b w)) shorter)))))

(define words
  (let loop ((len 0) (acc '()))
    (if (> len 5) acc (loop (+ len 1) (append acc (all-words len))))))

;; the minimal automaton's table, over block numbers
(define (quotient-table table partition)
  (let loop ((blocks partition) (i 0) (rows '()))
    (if (null? blocks)
        (reverse rows)
        (let ((s (car (car blocks))))
          (loop (cdr blocks) (+ i 1)
                (cons (list i
                            (block-of (step table s 'a) partition)
                            (block-of (step table s 'b) partition))
                      rows))))))

(define (agreements d partition)
  (let* ((table (dfa-table d))
         (small (quotient-table table partition))
         (small-accepting (let loop ((blocks partition) (i 0) (acc '()))
                            (cond ((null? blocks) acc)
                                  ((memv (car (car blocks)) (dfa-accepting d))
                                   (loop (cdr blocks) (+ i 1) (cons i acc)))
                                  (else (loop (cdr blocks) (+ i 1) acc)))))
         (start (block-of 0 partition)))
    (let loop ((ws words) (count 0))
      (if (null? ws)
          count
          (let ((big (if (memv (run-word table 0 (car ws)) (dfa-accepting d)) #t #f))
                (little (if (memv (run-word small start (car ws)) small-accepting) #t #f)))
            (loop (cdr ws) (if (eq? big little) (+ count 1) count)))))))

(define (run n)
  (set! seed 163)
  (let loop ((i 0) (reached 0) (minimal 0) (already 0) (rounds 0) (agreed 0) (first '()))
    (if (= i n)
        (list n reached minimal already rounds agreed first)
        (let* ((d (random-dfa))
               (states (reachable (dfa-table d)))
               (result (minimise d))
               (partition (car result)))
          (loop (+ i 1)
                (+ reached (length states))
                (+ minimal (length partition))
                (if (= (length partition) (length states)) (+ already 1) already)
                (+ rounds (cadr result))
                (+ agreed (agreements d partition))
                (if (= i 0) partition first))))))
