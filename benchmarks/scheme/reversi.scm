;; reversi: games of Reversi (Othello) between simple players, as a first
;; course on games writes the rules and a few strategies.
;;
;; The board is a vector of size * size characters, #\. empty, #\B and
;; #\W the discs, a square's row and column taken by quotient and
;; remainder.  A move is legal where, in at least one of eight
;; directions (a quoted list of (row . column) steps), a run of the
;; other side's discs ends in one's own; the moves are found by walking
;; every empty square in every direction and kept as (square . flips)
;; pairs in order of the squares.  Three players: a random one (list-ref
;; by a draw), a greedy one (the most discs flipped, the first on a tie)
;; and a positional one (the flips plus a square's weight: 20 for a
;; corner, -6 next to one, 4 on an edge, 1 elsewhere).  A side with no
;; move passes, and the game ends when neither can move; the discs are
;; counted by a do loop and handed back by values to let-values.
;;
;; n games are played, on 6 x 6 boards for even game numbers and 8 x 8
;; for odd ones, the pairs (black against white) going round positional
;; against random, random against greedy and greedy against positional.
;; The random player's moves are drawn by x -> (1103515245x + 12345) mod
;; 2^31 from x = 283, each draw x div 65536 (mod the number of moves).
;;
;; (run n) => (n, black's wins, white's wins, draws, discs summed for
;;             black and for white, moves, passes, discs flipped, a
;;             checksum of the final boards, the first game's score and
;;             its final board's rows)

(define seed 283)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define directions
  '((-1 . -1) (-1 . 0) (-1 . 1) (0 . -1) (0 . 1) (1 . -1) (1 . 0) (1 . 1)))

(define (other side)
  (if (char=? side #\B) #\W #\B))

(define (new-board size)
  (let ((board (make-vector (* size size) #\.))
        (h (- (quotient size 2) 1)))
    (vector-set! board (+ (* h size) h) #\W)
    (vector-set! board (+ (* h size) h 1) #\B)
    (vector-set! board (+ (* (+ h 1) size) h) #\B)
    (vector-set! board (+ (* (+ h 1) size) h 1) #\W)
    board))

(define (on-board? size r c)
  (and (>= r 0) (< r size) (>= c 0) (< c size)))

;; the squares flipped going from square in direction (dr . dc)
(define (flips-toward board size side square step)
  (let loop ((r (+ (quotient square size) (car step)))
             (c (+ (remainder square size) (cdr step)))
             (run '()))
    (if (not (on-board? size r c))
        '()
        (let ((disc (vector-ref board (+ (* r size) c))))
          (cond ((char=? disc side) run)
                ((char=? disc #\.) '())
                (else (loop (+ r (car step)) (+ c (cdr step))
                            (cons (+ (* r size) c) run))))))))

(define (flips-at board size side square)
  (let loop ((steps directions) (all '()))
    (if (null? steps)
        all
        (loop (cdr steps)
              (append all (flips-toward board size side square (car steps)))))))

(define (legal-moves board size side)
  (let loop ((square (- (* size size) 1)) (moves '()))
    (if (< square 0)
        moves
        (if (char=? (vector-ref board square) #\.)
            (let ((flips (flips-at board size side square)))
              (loop (- square 1)
                    (if (null? flips) moves (cons (cons square flips) moves))))
            (loop (- square 1) moves)))))

(define (weight size square)
  (let* ((r (quotient square size))
         (c (remainder square size))
         (last (- size 1))
         (edge-r? (or (= r 0) (= r last)))
         (edge-c? (or (= c 0) (= c last)))
         (near-r? (or (<= r 1) (>= r (- last 1))))
         (near-c? (or (<= c 1) (>= c (- last 1)))))
    (cond ((and edge-r? edge-c?) 20)
          ((and near-r? near-c?) -6)
          ((or edge-r? edge-c?) 4)
          (else 1))))

(define (best-move moves score)
  (let loop ((moves (cdr moves)) (best (car moves)) (best-score (score (car moves))))
    (if (null? moves)
        best
        (let ((s (score (car moves))))
          (if (> s best-score)
              (loop (cdr moves) (car moves) s)
              (loop (cdr moves) best best-score))))))

(define (choose player moves size)
  (case player
    ((random) (list-ref moves (modulo (next-random!) (length moves))))
    ((greedy) (best-move moves (lambda (m) (length (cdr m)))))
    ((positional) (best-move moves (lambda (m) (+ (length (cdr m)) (weight size (car m))))))
    (else (error "reversi: no such player" player))))

(define (count-discs board)
  (let ((black 0) (white 0))
    (do ((i 0 (+ i 1)))
        ((= i (vector-length board)) (values black white))
      (case (vector-ref board i)
        ((#\B) (set! black (+ black 1)))
        ((#\W) (set! white (+ white 1)))))))

(define moves-made 0)
(define passes 0)
(define flipped 0)

(define (play size black-player white-player)
  (let ((board (new-board size)))
    (let loop ((side #\B) (passed? #f))
      (let ((moves (legal-moves board size side)))
        (cond ((pair? moves)
               (let ((move (choose (if (char=? side #\B) black-player white-player) moves size)))
                 (vector-set! board (car move) side)
                 (for-each (lambda (square) (vector-set! board square side)) (cdr move))
                 (set! moves-made (+ moves-made 1))
                 (set! flipped (+ flipped (length (cdr move))))
                 (loop (other side) #f)))
              (passed? board)
              (else
               (set! passes (+ passes 1))
               (loop (other side) #t)))))))

(define (board-rows board size)
  (let loop ((r (- size 1)) (rows '()))
    (if (< r 0)
        rows
        (let ((row (make-string size)))
          (do ((c 0 (+ c 1)))
              ((= c size))
            (string-set! row c (vector-ref board (+ (* r size) c))))
          (loop (- r 1) (cons row rows))))))

(define pairings
  '((positional random) (random greedy) (greedy positional)))

(define (run n)
  (set! seed 283)
  (set! moves-made 0)
  (set! passes 0)
  (set! flipped 0)
  (let loop ((k 0) (black-wins 0) (white-wins 0) (draws 0) (black-discs 0) (white-discs 0)
                   (sum 0) (first '()))
    (if (= k n)
        (list n black-wins white-wins draws black-discs white-discs moves-made passes flipped sum first)
        (let* ((size (if (even? k) 6 8))
               (pairing (list-ref pairings (modulo k 3)))
               (board (play size (car pairing) (cadr pairing))))
          (let-values (((black white) (count-discs board)))
            (loop (+ k 1)
                  (if (> black white) (+ black-wins 1) black-wins)
                  (if (< black white) (+ white-wins 1) white-wins)
                  (if (= black white) (+ draws 1) draws)
                  (+ black-discs black)
                  (+ white-discs white)
                  (let checksum ((i 0) (sum sum))
                    (if (= i (vector-length board))
                        sum
                        (checksum (+ i 1)
                                  (modulo (+ (* sum 31) (char->integer (vector-ref board i))) 1000003))))
                  (if (= k 0)
                      (list black white (board-rows board size))
                      first)))))))
