;; minesweeper: games of Minesweeper played by a program that deduces
;; what it can and guesses when it must, the way a first course has
;; students write the game and then a player for it.
;;
;; The games take turns at the three classic boards: 9 by 9 with 10
;; mines, 16 by 16 with 40 and 16 by 30 with 99.  A board is a vector
;; of row vectors, three of them: the mines (booleans), the counts of
;; mines around each cell, and what the player sees (the symbols hidden,
;; shown and flagged).  The first click is drawn, and no mine is put on
;; it or next to it; the mines are drawn cell by cell, a cell drawn
;; twice drawn again.  Showing a cell with no mine around it shows its
;; neighbours too, by a recursion that goes as deep as the empty region
;; is wide.  Showing a mine ends the game at once: the player's moves
;; run inside call/cc, and the mine calls the escape.
;;
;; The player goes over the board row by row: a shown number whose
;; flagged neighbours are as many as it says has its other hidden
;; neighbours shown; one whose hidden and flagged neighbours together
;; are as many has the hidden ones flagged.  When a whole pass changes
;; nothing, it has won if every cell without a mine is shown, and else
;; guesses: the k-th hidden cell, k drawn.  Each finished board is
;; written row by row into output string ports (. hidden, F flagged, *
;; the mine that went off, - an empty cell, else its count).
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 79, each
;; draw x div 65536.
;;
;; (run n) => (n, games won, games lost, guesses, cells shown, flags,
;;             passes over a board, the boards' characters checksummed,
;;             the first board's rows)

(define seed 79)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define (make-grid rows cols init)
  (let ((grid (make-vector rows)))
    (do ((r 0 (+ r 1)))
        ((= r rows) grid)
      (vector-set! grid r (make-vector cols init)))))

(define (grid-ref grid r c) (vector-ref (vector-ref grid r) c))
(define (grid-set! grid r c x) (vector-set! (vector-ref grid r) c x))
(define (grid-rows grid) (vector-length grid))
(define (grid-cols grid) (vector-length (vector-ref grid 0)))

(define (for-each-neighbour grid r c proc)
  (do ((dr -1 (+ dr 1)))
      ((> dr 1))
    (do ((dc -1 (+ dc 1)))
        ((> dc 1))
      (let ((rr (+ r dr))
            (cc (+ c dc)))
        (when (and (not (and (= dr 0) (= dc 0)))
                   (>= rr 0) (< rr (grid-rows grid))
                   (>= cc 0) (< cc (grid-cols grid)))
          (proc rr cc))))))

(define (lay-mines rows cols mines r0 c0)
  (let ((grid (make-grid rows cols #f)))
    (let loop ((placed 0))
      (if (= placed mines)
          grid
          (let* ((r (random-below rows))
                 (c (random-below cols)))
            (if (or (grid-ref grid r c)
                    (and (<= (abs (- r r0)) 1) (<= (abs (- c c0)) 1)))
                (loop placed)
                (begin
                  (grid-set! grid r c #t)
                  (loop (+ placed 1)))))))))

(define (count-mines mines)
  (let ((counts (make-grid (grid-rows mines) (grid-cols mines) 0)))
    (do ((r 0 (+ r 1)))
        ((= r (grid-rows mines)) counts)
      (do ((c 0 (+ c 1)))
          ((= c (grid-cols mines)))
        (for-each-neighbour mines r c
                            (lambda (rr cc)
                              (when (grid-ref mines rr cc)
                                (grid-set! counts r c (+ 1 (grid-ref counts r c))))))))))

(define (render mines counts seen)
  (let loop ((r (- (grid-rows seen) 1)) (lines '()))
    (if (< r 0)
        lines
        (let ((port (open-output-string)))
          (do ((c 0 (+ c 1)))
              ((= c (grid-cols seen)))
            (write-char (case (grid-ref seen r c)
                          ((hidden) #\.)
                          ((flagged) #\F)
                          (else (cond ((grid-ref mines r c) #\*)
                                      ((= 0 (grid-ref counts r c)) #\-)
                                      (else (string-ref "012345678" (grid-ref counts r c))))))
                        port))
          (loop (- r 1) (cons (get-output-string port) lines))))))

;; One game: (won? guesses shown flags passes rows).
(define (play rows cols mine-count)
  (let* ((r0 (random-below rows))
         (c0 (random-below cols))
         (mines (lay-mines rows cols mine-count r0 c0))
         (counts (count-mines mines))
         (seen (make-grid rows cols 'hidden))
         (shown 0) (flags 0) (guesses 0) (passes 0))
    (define (finish won)
      (list won guesses shown flags passes (render mines counts seen)))
    (call-with-current-continuation
     (lambda (boom)
       (define (show! r c)
         (when (eq? (grid-ref seen r c) 'hidden)
           (grid-set! seen r c 'shown)
           (set! shown (+ shown 1))
           (when (grid-ref mines r c)
             (boom (finish #f)))
           (when (= 0 (grid-ref counts r c))
             (for-each-neighbour seen r c show!))))
       (define (deduce! r c)
         (let ((hidden 0) (flagged 0) (count (grid-ref counts r c)))
           (for-each-neighbour seen r c
                               (lambda (rr cc)
                                 (case (grid-ref seen rr cc)
                                   ((hidden) (set! hidden (+ hidden 1)))
                                   ((flagged) (set! flagged (+ flagged 1))))))
           (cond ((= hidden 0) #f)
                 ((= flagged count)
                  (for-each-neighbour seen r c
                                      (lambda (rr cc)
                                        (when (eq? (grid-ref seen rr cc) 'hidden)
                                          (show! rr cc))))
                  #t)
                 ((= (+ flagged hidden) count)
                  (for-each-neighbour seen r c
                                      (lambda (rr cc)
                                        (when (eq? (grid-ref seen rr cc) 'hidden)
                                          (grid-set! seen rr cc 'flagged)
                                          (set! flags (+ flags 1)))))
                  #t)
                 (else #f))))
       (define (pass!)
         (set! passes (+ passes 1))
         (let ((changed #f))
           (do ((r 0 (+ r 1)))
               ((= r rows) changed)
             (do ((c 0 (+ c 1)))
                 ((= c cols))
               (when (and (eq? (grid-ref seen r c) 'shown)
                          (> (grid-ref counts r c) 0)
                          (deduce! r c))
                 (set! changed #t))))))
       (define (guess!)
         (set! guesses (+ guesses 1))
         (let ((k (random-below (- (* rows cols) shown flags))))
           (let find ((r 0) (c 0) (k k))
             (cond ((= c cols) (find (+ r 1) 0 k))
                   ((not (eq? (grid-ref seen r c) 'hidden)) (find r (+ c 1) k))
                   ((= k 0) (show! r c))
                   (else (find r (+ c 1) (- k 1)))))))
       (show! r0 c0)
       (let loop ()
         (cond ((pass!) (loop))
               ((= shown (- (* rows cols) mine-count)) (finish #t))
               (else (guess!) (loop))))))))

(define boards '((9 9 10) (16 16 40) (16 30 99)))

(define (run n)
  (set! seed 79)
  (let loop ((g 0) (won 0) (lost 0) (guesses 0) (shown 0) (flags 0) (passes 0) (checksum 0) (first #f))
    (if (= g n)
        (list n won lost guesses shown flags passes checksum first)
        (let* ((board (list-ref boards (modulo g 3)))
               (game (apply play board))
               (lines (list-ref game 5)))
          (loop (+ g 1)
                (if (car game) (+ won 1) won)
                (if (car game) lost (+ lost 1))
                (+ guesses (list-ref game 1))
                (+ shown (list-ref game 2))
                (+ flags (list-ref game 3))
                (+ passes (list-ref game 4))
                (let add-lines ((lines lines) (sum checksum))
                  (if (null? lines)
                      sum
                      (add-lines (cdr lines)
                                 (let add ((i 0) (sum sum))
                                   (if (= i (string-length (car lines)))
                                       sum
                                       (add (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref (car lines) i)))
                                                            1000003)))))))
                (or first lines))))))
