;; connect-four: Connect Four between a random player and two depth-limited
;; minimax players, as a first course on game search writes it.
;;
;; The board is a vector of six rows, each a vector of seven cells (0
;; empty, 1 and 2 the players), row 0 at the bottom; a vector of column
;; heights says where the next disc of a column lands.  A disc is dropped
;; and taken back by vector-set!.  Whether the disc just dropped wins is
;; found by counting equal discs both ways along four directions, a
;; call/cc escape leaving the for-each over the directions at the first
;; line of four.  The minimax player searches in negamax form: every
;; column tried in the order centre first, the value of a move the win
;; bonus if it wins, the board's score if the depth is used up, else the
;; opponent's best negated; the loop over the columns is a named let
;; used as non-tail recursion, the best of this column and of the rest.
;; The score counts every window of four cells on the board: a window
;; holding only one side's discs is worth 1, 4 or 32 for one, two or
;; three of them, to that side, and every disc in the centre column 3.
;;
;; Games are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 307,
;; each draw x div 65536: each game opens with two random moves, then
;; every move of the random player is a draw (mod the number of open
;; columns, taken left to right).  Game k pits, by k mod 3, random
;; against depth 2, depth 1 against depth 2, or depth 2 against depth 1.
;;
;; (run n) => (n, first-player wins, second-player wins, draws, moves
;;             played, positions searched, wins of the deeper search over
;;             the shallower, a checksum of the final boards, the last
;;             final board as six strings, top row first)

(define seed 307)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define rows 6)
(define columns 7)
(define win-bonus 100000)
(define searched 0)

(define board (make-vector rows #f))
(define heights (make-vector columns 0))

(define (clear-board!)
  (do ((r 0 (+ r 1)))
      ((= r rows))
    (vector-set! board r (make-vector columns 0)))
  (vector-fill! heights 0))

(define (cell r c) (vector-ref (vector-ref board r) c))

(define (open? c) (< (vector-ref heights c) rows))

(define (drop! c player)
  (let ((r (vector-ref heights c)))
    (vector-set! (vector-ref board r) c player)
    (vector-set! heights c (+ r 1))
    r))

(define (undo! c)
  (let ((r (- (vector-ref heights c) 1)))
    (vector-set! (vector-ref board r) c 0)
    (vector-set! heights c r)))

(define (on-board? r c)
  (and (>= r 0) (< r rows) (>= c 0) (< c columns)))

;; how many discs of player's lie next to (r, c) going (dr, dc), not counting (r, c)
(define (run-length r c dr dc player)
  (let loop ((r (+ r dr)) (c (+ c dc)) (count 0))
    (if (and (on-board? r c) (= (cell r c) player))
        (loop (+ r dr) (+ c dc) (+ count 1))
        count)))

(define directions '((0 . 1) (1 . 0) (1 . 1) (1 . -1)))

(define (wins-at? r c player)
  (call-with-current-continuation
   (lambda (return)
     (for-each (lambda (d)
                 (let ((dr (car d)) (dc (cdr d)))
                   (if (>= (+ 1 (run-length r c dr dc player)
                              (run-length r c (- dr) (- dc) player))
                           4)
                       (return #t))))
               directions)
     #f)))

(define (full?)
  (let loop ((c 0))
    (cond ((= c columns) #t)
          ((open? c) #f)
          (else (loop (+ c 1))))))

(define (other player) (- 3 player))

(define window-worth (vector 0 1 4 32 0))

;; the worth of the window of four from (r, c) going (dr, dc), to player
(define (window-score r c dr dc player)
  (let loop ((k 0) (mine 0) (theirs 0))
    (if (= k 4)
        (cond ((= theirs 0) (vector-ref window-worth mine))
              ((= mine 0) (- (vector-ref window-worth theirs)))
              (else 0))
        (let ((v (cell (+ r (* k dr)) (+ c (* k dc)))))
          (cond ((= v player) (loop (+ k 1) (+ mine 1) theirs))
                ((= v 0) (loop (+ k 1) mine theirs))
                (else (loop (+ k 1) mine (+ theirs 1))))))))

(define (score player)
  (let ((total 0))
    (do ((r 0 (+ r 1)))
        ((= r rows))
      (let ((v (cell r 3)))
        (cond ((= v player) (set! total (+ total 3)))
              ((not (= v 0)) (set! total (- total 3)))))
      (do ((c 0 (+ c 1)))
          ((= c columns))
        (for-each (lambda (d)
                    (let ((dr (car d)) (dc (cdr d)))
                      (if (on-board? (+ r (* 3 dr)) (+ c (* 3 dc)))
                          (set! total (+ total (window-score r c dr dc player))))))
                  directions)))
    total))

(define search-order '(3 2 4 1 5 0 6))

;; the value of trying column c for player, who is to move
(define (try-column c player depth)
  (set! searched (+ searched 1))
  (let* ((r (drop! c player))
         (value (cond ((wins-at? r c player) (+ win-bonus depth))
                      ((= depth 1) (score player))
                      ((full?) 0)
                      (else (- (negamax (other player) (- depth 1)))))))
    (undo! c)
    value))

(define (negamax player depth)
  (let loop ((cols search-order))
    (cond ((null? cols) (- (* 2 win-bonus)))
          ((open? (car cols))
           (let* ((here (try-column (car cols) player depth))
                  (rest (loop (cdr cols))))
             (max here rest)))
          (else (loop (cdr cols))))))

(define (best-column player depth)
  (let loop ((cols search-order) (best #f) (best-value 0))
    (cond ((null? cols) best)
          ((open? (car cols))
           (let ((value (try-column (car cols) player depth)))
             (if (or (not best) (> value best-value))
                 (loop (cdr cols) (car cols) value)
                 (loop (cdr cols) best best-value))))
          (else (loop (cdr cols) best best-value)))))

(define (open-columns)
  (let loop ((c (- columns 1)) (found '()))
    (cond ((< c 0) found)
          ((open? c) (loop (- c 1) (cons c found)))
          (else (loop (- c 1) found)))))

(define (random-column)
  (let ((cols (open-columns)))
    (list-ref cols (modulo (next-random!) (length cols)))))

;; a player is its search depth, 0 for the random player
(define (choose depth player)
  (if (= depth 0)
      (random-column)
      (best-column player depth)))

;; => the winner (1 or 2) or 0 for a draw, and the moves played, as a pair
(define (play-game depth-1 depth-2)
  (clear-board!)
  (let loop ((player 1) (moves 0))
    (if (full?)
        (cons 0 moves)
        (let* ((c (if (< moves 2)
                      (random-column)
                      (choose (if (= player 1) depth-1 depth-2) player)))
               (r (drop! c player)))
          (if (wins-at? r c player)
              (cons player (+ moves 1))
              (loop (other player) (+ moves 1)))))))

(define (board-checksum sum)
  (do ((r 0 (+ r 1)))
      ((= r rows) sum)
    (do ((c 0 (+ c 1)))
        ((= c columns))
      (set! sum (modulo (+ (* sum 7) (cell r c)) 1000003)))))

(define (board-rows)
  (let loop ((r 0) (found '()))
    (if (= r rows)
        found
        (let ((line (make-string columns #\.)))
          (do ((c 0 (+ c 1)))
              ((= c columns))
            (case (cell r c)
              ((1) (string-set! line c #\x))
              ((2) (string-set! line c #\o))))
          (loop (+ r 1) (cons line found))))))

(define (run n)
  (set! seed 307)
  (set! searched 0)
  (let loop ((k 0) (first-wins 0) (second-wins 0) (draws 0) (moves 0) (deeper 0) (check 0))
    (if (= k n)
        (list n first-wins second-wins draws moves searched deeper check (board-rows))
        (let* ((kind (modulo k 3))
               (depth-1 (case kind ((0) 0) ((1) 1) (else 2)))
               (depth-2 (case kind ((0) 2) ((1) 2) (else 1)))
               (outcome (play-game depth-1 depth-2))
               (winner (car outcome))
               (deeper-won (cond ((= winner 0) #f)
                                 ((= winner 1) (> depth-1 depth-2))
                                 (else (> depth-2 depth-1)))))
          (loop (+ k 1)
                (if (= winner 1) (+ first-wins 1) first-wins)
                (if (= winner 2) (+ second-wins 1) second-wins)
                (if (= winner 0) (+ draws 1) draws)
                (+ moves (cdr outcome))
                (if deeper-won (+ deeper 1) deeper)
                (board-checksum check))))))
