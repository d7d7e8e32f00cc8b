;; kalah: the sowing game Kalah (six pits a side, four seeds a pit),
;; played by a minimax player against one that moves at random, as in a
;; first course on game search.
;;
;; The board is a vector of 14: pits 0-5 and store 6 are South's, pits
;; 7-12 and store 13 North's.  A move takes every seed of one of the
;; mover's pits and sows them one a pit anticlockwise, skipping the
;; other player's store.  Ending in one's own store gives another move;
;; ending in one's own empty pit with seeds opposite (pit 12 - i) takes
;; both into one's store.  When a side has no seeds the game ends and
;; each player adds the seeds left on their own side.
;;
;; The minimax player looks 3 moves ahead (another move for the same
;; player counts as one), every position a fresh copy of the vector; a
;; position at the horizon is worth its store difference, an ended game
;; its final difference.  Among equal moves it takes the nearest pit.
;; It is South in even games and North in odd ones; South moves first.
;; The random player's moves are drawn by x -> (1103515245x + 12345)
;; mod 2^31 from x = 113, each draw x div 65536.
;;
;; (run n) => (n, games won by minimax, by chance, drawn, minimax's
;;             seeds, chance's, moves made, positions looked at, the
;;             first game's last board)

(define (store-of player) (if (= player 0) 6 13))

(define (pits-of player)
  (if (= player 0) '(0 1 2 3 4 5) '(7 8 9 10 11 12)))

(define (own-pit? player i)
  (if (= player 0)
      (< i 6)
      (and (> i 6) (< i 13))))

(define (new-board)
  (let ((board (make-vector 14 4)))
    (vector-set! board 6 0)
    (vector-set! board 13 0)
    board))

(define (side-seeds board player)
  (apply + (map (lambda (i) (vector-ref board i)) (pits-of player))))

(define (game-over? board)
  (or (= (side-seeds board 0) 0) (= (side-seeds board 1) 0)))

(define (legal-moves board player)
  (let loop ((pits (pits-of player)))
    (cond ((null? pits) '())
          ((> (vector-ref board (car pits)) 0) (cons (car pits) (loop (cdr pits))))
          (else (loop (cdr pits))))))

;; sow from pit on board (changed); gives the player to move next
(define (sow! board player pit)
  (let ((skip (store-of (- 1 player)))
        (seeds (vector-ref board pit)))
    (vector-set! board pit 0)
    (let loop ((i pit) (seeds seeds))
      (if (> seeds 0)
          (let ((next (modulo (+ i 1) 14)))
            (if (= next skip)
                (loop next seeds)
                (begin
                  (vector-set! board next (+ (vector-ref board next) 1))
                  (loop next (- seeds 1)))))
          (cond ((= i (store-of player)) player)
                ((and (own-pit? player i)
                      (= (vector-ref board i) 1)
                      (> (vector-ref board (- 12 i)) 0))
                 (let ((store (store-of player)))
                   (vector-set! board store (+ (vector-ref board store)
                                               1
                                               (vector-ref board (- 12 i))))
                   (vector-set! board i 0)
                   (vector-set! board (- 12 i) 0)
                   (- 1 player)))
                (else (- 1 player)))))))

(define (final-score board player)
  (+ (vector-ref board (store-of player)) (side-seeds board player)))

(define positions 0)

(define (worth board me depth to-move)
  (set! positions (+ positions 1))
  (cond ((game-over? board) (- (final-score board me) (final-score board (- 1 me))))
        ((= depth 0) (- (vector-ref board (store-of me)) (vector-ref board (store-of (- 1 me)))))
        (else
         (let ((values-of-moves
                (map (lambda (pit)
                       (let* ((child (vector-copy board))
                              (next (sow! child to-move pit)))
                         (worth child me (- depth 1) next)))
                     (legal-moves board to-move))))
           (if (= to-move me)
               (apply max values-of-moves)
               (apply min values-of-moves))))))

(define (best-move board me)
  (let loop ((moves (legal-moves board me)) (best #f) (best-worth #f))
    (if (null? moves)
        best
        (let* ((child (vector-copy board))
               (next (sow! child me (car moves)))
               (w (worth child me 2 next)))
          (if (or (not best-worth) (> w best-worth))
              (loop (cdr moves) (car moves) w)
              (loop (cdr moves) best best-worth))))))

(define seed 113)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-move board player)
  (let ((moves (legal-moves board player)))
    (list-ref moves (modulo (next-random!) (length moves)))))

;; gives (minimax's seeds, chance's seeds, moves made, last board)
(define (play-game thinker)
  (let ((board (new-board)))
    (let loop ((to-move 0) (moves 0))
      (if (game-over? board)
          (list (final-score board thinker) (final-score board (- 1 thinker)) moves
                (vector->list board))
          (let ((pit (if (= to-move thinker)
                         (best-move board thinker)
                         (random-move board to-move))))
            (loop (sow! board to-move pit) (+ moves 1)))))))

(define (run n)
  (set! seed 113)
  (set! positions 0)
  (let loop ((g 0) (won 0) (lost 0) (drawn 0) (mine 0) (theirs 0) (moves 0) (first #f))
    (if (= g n)
        (list n won lost drawn mine theirs moves positions first)
        (let* ((result (play-game (modulo g 2)))
               (a (car result))
               (b (cadr result)))
          (loop (+ g 1)
                (if (> a b) (+ won 1) won)
                (if (< a b) (+ lost 1) lost)
                (if (= a b) (+ drawn 1) drawn)
                (+ mine a)
                (+ theirs b)
                (+ moves (caddr result))
                (or first (cadddr result)))))))
