;; bowling: two scoring katas, bowling and tennis, written with nested cond.
;;
;; Bowling: a game is the list of its rolls (pins knocked down).  It is
;; scored a frame at a time by plain recursion: a strike is 10 and the
;; next two rolls, a spare 10 and the next roll, else the frame's two
;; rolls; the rolls are read by car, cadr and caddr.  Each game is also
;; written out as a score card by string-append ("X" a strike, "/" a
;; spare, "-" a miss, else the digit, frames joined by "|"), and its
;; running totals listed frame by frame; the rolls of ten pins counted.
;;
;; Tennis: points won by player one or two are called after each point as
;; the kata calls them ("fifteen-love", "thirty-all", "deuce", "advantage
;; player two", "win for player one"), the names of the points given by
;; case on the number of points; the calls' characters are counted and
;; the games, deuces and the longest game tallied.
;;
;; The rolls and points: x -> (1103515245x + 12345) mod 2^31 from
;; x = 23, each draw x div 65536.  A frame's first roll is a draw mod 11,
;; its second (when the first is not 10) a draw mod (11 - the first); in
;; the tenth frame a strike earns two bonus rolls, drawn as a frame's two
;; (the second mod 11 again after a second strike), a spare one, drawn
;; mod 11.  Then 10n points, each won by player one when a draw is even.
;;
;; (run n) => (the total of n games' scores, the best score, how many rolls
;;             of ten pins, the characters of all their cards, the last
;;             game's card and running totals; the games won by players
;;             one and two, the deuces called, the characters called,
;;             the longest game in points, the last call)

(define seed 23)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (roll-below k)
  (modulo (next-draw!) k))

;; a game's rolls

(define (tenth-frame)
  (let ((first (roll-below 11)))
    (if (= first 10)
        (let ((bonus1 (roll-below 11)))
          (if (= bonus1 10)
              (list first bonus1 (roll-below 11))
              (list first bonus1 (roll-below (- 11 bonus1)))))
        (let ((second (roll-below (- 11 first))))
          (if (= (+ first second) 10)
              (list first second (roll-below 11))
              (list first second))))))

(define (make-game)
  (let frame ((k 1))
    (if (= k 10)
        (tenth-frame)
        (let ((first (roll-below 11)))
          (if (= first 10)
              (cons first (frame (+ k 1)))
              (let ((second (roll-below (- 11 first))))
                (cons first (cons second (frame (+ k 1))))))))))

;; scoring

(define (strike? rolls) (= (car rolls) 10))

(define (spare? rolls) (= (+ (car rolls) (cadr rolls)) 10))

(define (frame-score rolls)
  (cond ((strike? rolls) (+ 10 (cadr rolls) (caddr rolls)))
        ((spare? rolls) (+ 10 (caddr rolls)))
        (else (+ (car rolls) (cadr rolls)))))

(define (next-frame rolls)
  (if (strike? rolls) (cdr rolls) (cddr rolls)))

(define (score-game rolls)
  (let frame ((k 1) (rolls rolls))
    (if (> k 10)
        0
        (+ (frame-score rolls) (frame (+ k 1) (next-frame rolls))))))

(define (running-totals rolls)
  (let frame ((k 1) (rolls rolls) (total 0))
    (if (> k 10)
        '()
        (let ((total (+ total (frame-score rolls))))
          (cons total (frame (+ k 1) (next-frame rolls) total))))))

(define (count-tens rolls)
  (cond ((null? rolls) 0)
        ((= (car rolls) 10) (+ 1 (count-tens (cdr rolls))))
        (else (count-tens (cdr rolls)))))

;; the score card

(define (mark pins)
  (cond ((= pins 10) "X")
        ((= pins 0) "-")
        (else (number->string pins))))

(define (tenth-card rolls)
  ;; the tenth frame's rolls, each marked; a spare where two rolls after a
  ;; fresh rack make ten
  (let walk ((rolls rolls) (fresh #t))
    (cond ((null? rolls) "")
          ((and fresh (pair? (cdr rolls)) (< (car rolls) 10)
                (= (+ (car rolls) (cadr rolls)) 10))
           (string-append (mark (car rolls)) "/" (walk (cddr rolls) #t)))
          ((= (car rolls) 10)
           (string-append "X" (walk (cdr rolls) #t)))
          (else
           (string-append (mark (car rolls)) (walk (cdr rolls) #f))))))

(define (card rolls)
  (let frame ((k 1) (rolls rolls))
    (cond ((= k 10) (tenth-card rolls))
          ((strike? rolls) (string-append "X|" (frame (+ k 1) (cdr rolls))))
          ((spare? rolls)
           (string-append (mark (car rolls)) "/|" (frame (+ k 1) (cddr rolls))))
          (else
           (string-append (mark (car rolls)) (mark (cadr rolls)) "|"
                          (frame (+ k 1) (cddr rolls)))))))

;; tennis

(define (point-name points)
  (case points
    ((0) "love")
    ((1) "fifteen")
    ((2) "thirty")
    ((3) "forty")
    (else "more")))

(define (tennis-call a b)
  (cond ((and (>= a 4) (>= (- a b) 2)) "win for player one")
        ((and (>= b 4) (>= (- b a) 2)) "win for player two")
        ((and (>= a 3) (= a b)) "deuce")
        ((= a b) (string-append (point-name a) "-all"))
        ((and (>= a 4) (= (- a b) 1)) "advantage player one")
        ((and (>= b 4) (= (- b a) 1)) "advantage player two")
        (else (string-append (point-name a) "-" (point-name b)))))

(define (game-over? a b)
  (or (and (>= a 4) (>= (- a b) 2))
      (and (>= b 4) (>= (- b a) 2))))

(define (play-tennis points)
  ;; => (games one, games two, deuces, characters, longest game, last call)
  (let loop ((left points) (a 0) (b 0) (one 0) (two 0) (deuces 0) (chars 0)
             (longest 0) (last ""))
    (if (= left 0)
        (list one two deuces chars longest last)
        (let* ((a2 (if (even? (next-draw!)) (+ a 1) a))
               (b2 (if (= a2 a) (+ b 1) b))
               (call (tennis-call a2 b2))
               (deuces (if (string=? call "deuce") (+ deuces 1) deuces))
               (chars (+ chars (string-length call))))
          (cond ((not (game-over? a2 b2))
                 (loop (- left 1) a2 b2 one two deuces chars longest call))
                ((> a2 b2)
                 (loop (- left 1) 0 0 (+ one 1) two deuces chars
                       (max longest (+ a2 b2)) call))
                (else
                 (loop (- left 1) 0 0 one (+ two 1) deuces chars
                       (max longest (+ a2 b2)) call)))))))

(define (run n)
  (set! seed 23)
  (let loop ((k 0) (total 0) (best 0) (tens 0) (marks 0) (last '()))
    (if (= k n)
        (append (list total best tens marks (card last) (running-totals last))
                (play-tennis (* 10 n)))
        (let* ((game (make-game))
               (score (score-game game)))
          (loop (+ k 1) (+ total score) (max best score)
                (+ tens (count-tens game))
                (+ marks (string-length (card game)))
                game)))))
