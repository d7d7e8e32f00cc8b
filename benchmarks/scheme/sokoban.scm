;; sokoban: a Sokoban move checker, as a first course writes a game's rules
;; before anyone writes a solver.
;;
;; A level is a list of strings in the usual text form: #\# a wall,
;; #\space floor, #\. a goal, #\$ a box, #\* a box on a goal, #\@ the
;; player and #\+ the player on a goal.  The board is a vector of copies
;; of the rows, changed by string-set!; the player's row and column are
;; kept in two top-level variables by set!.  A move is a letter u, d, l
;; or r whose step is read from an association list by assv; the player
;; walks onto floor or a goal, pushes a box whose far side is free, and is
;; blocked otherwise.  Moves are kept in a list, newest first, in LURD
;; notation (a push in upper case, tested by char-upper-case?), so that
;; the last one can be undone, a push pulling its box back.  After a push
;; the game is solved when no #\$ is left, or stuck when the box pushed
;; is off a goal in a corner of walls.  At the end the moves are written
;; out through a string port and played again on a fresh board, which
;; must come out equal? to the board played; the levels' own solutions
;; are checked the same way.
;;
;; n games are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 257,
;; each draw x div 65536: the level is the game's number mod 3, the number
;; of moves (40 .. 80), then each move (mod 9: 0 and 1 up, 2 and 3 down,
;; 4 and 5 left, 6 and 7 right, 8 an undo).
;;
;; (run n) => (n, walks, pushes, moves blocked, undos, games stuck,
;;             games solved, boxes on goals at the ends, replays that
;;             agree, the levels' solutions that solve, a checksum of the
;;             final boards, the first game: its moves, its outcome and
;;             its board)

(define seed 257)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define levels
  '(("#######"
     "#     #"
     "# $ . #"
     "#  @  #"
     "#######")
    ("########"
     "#   #  #"
     "# $  $ #"
     "#.##@  #"
     "#    . #"
     "########")
    ("  ##### "
     "###   # "
     "#.@$  # "
     "### $.# "
     "#.##$ # "
     "# # . ##"
     "#$ *$$.#"
     "#   .  #"
     "########")))

(define solutions
  '("lluRR" "rruulDDullLulD" "RurrddddlDRuuuuLLLrdRDrddlLdllUUdR"))

(define directions
  '((#\u -1 0) (#\d 1 0) (#\l 0 -1) (#\r 0 1)))

(define player-row 0)
(define player-col 0)

(define walks 0)
(define pushes 0)
(define blocked 0)
(define undos 0)

(define (make-board rows)
  (let ((board (make-vector (length rows))))
    (do ((i 0 (+ i 1))
         (rows rows (cdr rows)))
        ((null? rows) board)
      (vector-set! board i (string-copy (car rows))))))

(define (cell board r c)
  (string-ref (vector-ref board r) c))

(define (set-cell! board r c ch)
  (string-set! (vector-ref board r) c ch))

(define (wall? ch) (char=? ch #\#))

(define (box? ch) (or (char=? ch #\$) (char=? ch #\*)))

(define (goal? ch) (memv ch '(#\. #\* #\+)))

(define (free? ch) (or (char=? ch #\space) (char=? ch #\.)))

;; the player or a box leaves r c: a goal stays a goal
(define (leave! board r c)
  (set-cell! board r c (if (goal? (cell board r c)) #\. #\space)))

(define (put-player! board r c)
  (set-cell! board r c (if (goal? (cell board r c)) #\+ #\@)))

(define (put-box! board r c)
  (set-cell! board r c (if (goal? (cell board r c)) #\* #\$)))

(define (find-player! board)
  (let loop ((r 0) (c 0))
    (let ((row (vector-ref board r)))
      (cond ((= c (string-length row)) (loop (+ r 1) 0))
            ((memv (string-ref row c) '(#\@ #\+))
             (set! player-row r)
             (set! player-col c))
            (else (loop r (+ c 1)))))))

(define (count-char board ch)
  (let ((count 0))
    (do ((r 0 (+ r 1)))
        ((= r (vector-length board)) count)
      (string-for-each (lambda (x)
                         (if (char=? x ch)
                             (set! count (+ count 1))))
                       (vector-ref board r)))))

;; one move in the direction of the lower-case letter m: walk, push or blocked
(define (try-move! board m)
  (let* ((step (cdr (assv m directions)))
         (dr (car step))
         (dc (cadr step))
         (r (+ player-row dr))
         (c (+ player-col dc))
         (there (cell board r c)))
    (cond ((free? there)
           (leave! board player-row player-col)
           (put-player! board r c)
           (set! player-row r)
           (set! player-col c)
           'walk)
          ((and (box? there) (free? (cell board (+ r dr) (+ c dc))))
           (leave! board r c)
           (put-box! board (+ r dr) (+ c dc))
           (leave! board player-row player-col)
           (put-player! board r c)
           (set! player-row r)
           (set! player-col c)
           'push)
          (else 'blocked))))

;; take back the move m, the last one made
(define (undo! board m)
  (let* ((step (cdr (assv (char-downcase m) directions)))
         (dr (car step))
         (dc (cadr step))
         (r (- player-row dr))
         (c (- player-col dc)))
    (leave! board player-row player-col)
    (if (char-upper-case? m)
        (begin
          (leave! board (+ player-row dr) (+ player-col dc))
          (put-box! board player-row player-col)))
    (put-player! board r c)
    (set! player-row r)
    (set! player-col c)))

(define (dead-box? board r c)
  (and (char=? (cell board r c) #\$)
       (or (wall? (cell board (- r 1) c)) (wall? (cell board (+ r 1) c)))
       (or (wall? (cell board r (- c 1))) (wall? (cell board r (+ c 1))))))

;; play moves random moves on a fresh board of the level's rows
;; => (values board moves-kept outcome)
(define (play rows moves)
  (let ((board (make-board rows)))
    (find-player! board)
    (let loop ((k 0) (history '()))
      (if (= k moves)
          (values board history 'unfinished)
          (let ((r (modulo (next-random!) 9)))
            (cond ((< r 8)
                   (let ((m (string-ref "uuddllrr" r)))
                     (case (try-move! board m)
                       ((walk)
                        (set! walks (+ walks 1))
                        (loop (+ k 1) (cons m history)))
                       ((push)
                        (set! pushes (+ pushes 1))
                        (let ((step (cdr (assv m directions)))
                              (history (cons (char-upcase m) history)))
                          (cond ((= (count-char board #\$) 0)
                                 (values board history 'solved))
                                ((dead-box? board
                                            (+ player-row (car step))
                                            (+ player-col (cadr step)))
                                 (values board history 'stuck))
                                (else (loop (+ k 1) history)))))
                       (else
                        (set! blocked (+ blocked 1))
                        (loop (+ k 1) history)))))
                  ((null? history) (loop (+ k 1) history))
                  (else
                   (undo! board (car history))
                   (set! undos (+ undos 1))
                   (loop (+ k 1) (cdr history)))))))))

(define (history->lurd history)
  (let ((out (open-output-string)))
    (for-each (lambda (m) (write-char m out)) (reverse history))
    (get-output-string out)))

;; the board after the moves of lurd on a fresh board, or #f when a move
;; is not the walk or push its letter says
(define (replay rows lurd)
  (let ((board (make-board rows)))
    (find-player! board)
    (let loop ((i 0))
      (if (= i (string-length lurd))
          board
          (let* ((m (string-ref lurd i))
                 (made (try-move! board (char-downcase m))))
            (if (eq? made (if (char-upper-case? m) 'push 'walk))
                (loop (+ i 1))
                #f))))))

(define (board-checksum board sum)
  (do ((r 0 (+ r 1)))
      ((= r (vector-length board)) sum)
    (string-for-each (lambda (ch)
                       (set! sum (modulo (+ (* sum 31) (char->integer ch)) 1000003)))
                     (vector-ref board r))))

(define (solutions-that-solve)
  (let loop ((rows levels) (lurds solutions) (count 0))
    (if (null? rows)
        count
        (let ((board (replay (car rows) (car lurds))))
          (loop (cdr rows) (cdr lurds)
                (if (and board (= (count-char board #\$) 0)) (+ count 1) count))))))

(define (run n)
  (set! seed 257)
  (set! walks 0)
  (set! pushes 0)
  (set! blocked 0)
  (set! undos 0)
  (let ((solving (solutions-that-solve)))
    (let loop ((g 0) (stuck 0) (solved 0) (on-goals 0) (agree 0) (sum 0) (first '()))
      (if (= g n)
          (list n walks pushes blocked undos stuck solved on-goals agree solving sum first)
          (let ((rows (list-ref levels (modulo g 3)))
                (moves (+ 40 (modulo (next-random!) 41))))
            (let-values (((board history outcome) (play rows moves)))
              (let ((lurd (history->lurd history)))
                (loop (+ g 1)
                      (if (eq? outcome 'stuck) (+ stuck 1) stuck)
                      (if (eq? outcome 'solved) (+ solved 1) solved)
                      (+ on-goals (count-char board #\*))
                      (if (equal? (replay rows lurd) board) (+ agree 1) agree)
                      (board-checksum board sum)
                      (if (= g 0)
                          (list lurd (symbol->string outcome) (vector->list board))
                          first)))))))))
