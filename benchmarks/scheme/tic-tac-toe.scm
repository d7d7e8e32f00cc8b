;; tic-tac-toe: games played out by minimax.  A board is a list of nine
;; symbols, x, o or _ for an empty square, read by list-ref and changed by
;; a copying list-set that conses a new list up to the square; the eight
;; lines are a quoted list of index triples.  minimax scores a board for x
;; (1 a win, -1 a loss, 0 a draw) by scoring every move with map and a
;; lambda and taking apply max for x, apply min for o; the best move is the
;; first square whose score is the best.
;;
;; Each of the n games begins with four random moves, x, o, x, o, on empty
;; squares drawn by x -> (1103515245x + 12345) mod 2^31 from x = 5 (the
;; square: draw div 65536 mod the empty squares left, counted from the
;; top left); then both players play the best move to the end.
;;
;; (run n) => (games won by x, by o, drawn; the boards scored by minimax;
;;             the last game's final board as a string, row by row)

(define lines
  '((0 1 2) (3 4 5) (6 7 8)
    (0 3 6) (1 4 7) (2 5 8)
    (0 4 8) (2 4 6)))

(define empty-board '(_ _ _ _ _ _ _ _ _))

(define (list-set lst k value)
  (if (= k 0)
      (cons value (cdr lst))
      (cons (car lst) (list-set (cdr lst) (- k 1) value))))

(define (other player)
  (if (eq? player 'x) 'o 'x))

(define (winner board)
  (let loop ((ls lines))
    (if (null? ls)
        #f
        (let ((a (list-ref board (car (car ls))))
              (b (list-ref board (cadr (car ls))))
              (c (list-ref board (caddr (car ls)))))
          (if (and (not (eq? a '_)) (eq? a b) (eq? b c))
              a
              (loop (cdr ls)))))))

(define (empty-squares board)
  (let loop ((k 8) (squares '()))
    (cond ((< k 0) squares)
          ((eq? (list-ref board k) '_) (loop (- k 1) (cons k squares)))
          (else (loop (- k 1) squares)))))

(define scored 0)

(define (minimax board player)
  (set! scored (+ scored 1))
  (let ((w (winner board)))
    (cond ((eq? w 'x) 1)
          ((eq? w 'o) -1)
          (else
           (let ((moves (empty-squares board)))
             (if (null? moves)
                 0
                 (let ((scores (map (lambda (k)
                                      (minimax (list-set board k player) (other player)))
                                    moves)))
                   (if (eq? player 'x)
                       (apply max scores)
                       (apply min scores)))))))))

(define (best-move board player)
  (let* ((moves (empty-squares board))
         (scores (map (lambda (k) (minimax (list-set board k player) (other player)))
                      moves))
         (best (if (eq? player 'x) (apply max scores) (apply min scores))))
    (let loop ((moves moves) (scores scores))
      (if (= (car scores) best)
          (car moves)
          (loop (cdr moves) (cdr scores))))))

(define seed 5)

(define (next!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-opening)
  (let loop ((board empty-board) (player 'x) (k 4))
    (if (= k 0)
        board
        (let ((moves (empty-squares board)))
          (loop (list-set board (list-ref moves (modulo (next!) (length moves))) player)
                (other player)
                (- k 1))))))

(define (play board player)
  (cond ((winner board) board)
        ((null? (empty-squares board)) board)
        (else (play (list-set board (best-move board player) player) (other player)))))

(define (board->string board)
  (apply string-append (map symbol->string board)))

(define (run n)
  (set! seed 5)
  (set! scored 0)
  (let loop ((i 0) (x-wins 0) (o-wins 0) (draws 0) (last empty-board))
    (if (= i n)
        (list x-wins o-wins draws scored (board->string last))
        (let* ((final (play (random-opening) 'x))
               (w (winner final)))
          (loop (+ i 1)
                (if (eq? w 'x) (+ x-wins 1) x-wins)
                (if (eq? w 'o) (+ o-wins 1) o-wins)
                (if (not w) (+ draws 1) draws)
                final)))))
