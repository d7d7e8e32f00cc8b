;; Play etaoin against the computer: (play-etaoin word first)
;;
;; word is the starting string; first is 'human or 'computer.  Each turn
;; shows the word with the positions already taken (Y for you, C for the
;; computer), the letters left, and both scores.  On your turn type first
;; or last (f or l for short); why explains the computer's last move by
;; its two net values; quit, or the end of input, stops the game.  The
;; computer moves with cm, taking the first letter when cm says either.
;; Returns the winner, human, computer or tie, or stopped.
;;
;; Load etaoin-given.scm (char-value, cm) and one version of
;; substring-value before calling play-etaoin.

(define play-etaoin
  (lambda (word first)
    (cond ((not (string? word))
           (error "play-etaoin: the word must be a string" word))
          ((not (or (eq? first 'human) (eq? first 'computer)))
           (error "play-etaoin: first must be human or computer" first))
          (else
           (display "Etaoin with ")
           (write word)
           (display ": take letters from either end; e 1, t 2, a 3, o 4, i 5, n 6, others 7.")
           (newline)
           (etaoin-turn word
                        (make-vector (string-length word) #f)
                        0
                        (string-length word)
                        first
                        0
                        0
                        #f)))))

;; One turn.  owners records who took each position; the len letters
;; from low are still there; mover is whose turn it is; last is the
;; (low . len) the computer faced on its latest move, or #f.
(define etaoin-turn
  (lambda (word owners low len mover you me last)
    (etaoin-show word owners low len you me)
    (cond ((= len 0) (etaoin-finish you me))
          ((eq? mover 'computer)
           (let ((end (if (eq? (cm (substring word low (+ low len))) 'last)
                          'last
                          'first)))
             (display "I take ")
             (etaoin-take word owners low len end 'computer)
             (etaoin-turn word owners
                          (if (eq? end 'first) (+ low 1) low)
                          (- len 1)
                          'human
                          you
                          (+ me (etaoin-points word low len end))
                          (cons low len))))
          (else
           (let ((end (etaoin-ask word last)))
             (if (eq? end 'stop)
                 (begin
                   (display "Game stopped.")
                   (newline)
                   'stopped)
                 (begin
                   (display "You take ")
                   (etaoin-take word owners low len end 'human)
                   (etaoin-turn word owners
                                (if (eq? end 'first) (+ low 1) low)
                                (- len 1)
                                'computer
                                (+ you (etaoin-points word low len end))
                                me
                                last))))))))

;; Read the human's move until it is first or last; answer why on the way.
;; Returns first, last or stop.
(define etaoin-ask
  (lambda (word last)
    (display "Your move (first, last, why, quit)? ")
    (flush-output-port)
    (let ((answer (read)))
      (cond ((eof-object? answer)
             (newline)
             (display "End of input.")
             (newline)
             'stop)
            ((or (eq? answer 'first) (eq? answer 'f)) 'first)
            ((or (eq? answer 'last) (eq? answer 'l)) 'last)
            ((eq? answer 'quit) 'stop)
            ((eq? answer 'why)
             (etaoin-why word last)
             (etaoin-ask word last))
            (else
             (display "Please type first, last, f, l, why or quit.")
             (newline)
             (etaoin-ask word last))))))

;; Explain the computer's latest move by the two net values cm compared.
;; The computer never has to explain a one-letter move: that move ends
;; the game.
(define etaoin-why
  (lambda (word last)
    (if (not last)
        (begin
          (display "I have not moved yet.")
          (newline))
        (let* ((low (car last))
               (len (cdr last))
               (left (substring word low (+ low len))))
          (display "I faced ")
          (write left)
          (display ":")
          (newline)
          ;; let*, not let, so that the first end is explained first
          (let* ((f (etaoin-explain-end left 'first))
                 (l (etaoin-explain-end left 'last)))
            (display "So I took the ")
            (display (if (> l f) "last" "first"))
            (display " letter")
            (display (if (= f l) ": both were equally good." "."))
            (newline))))))

;; Show, for one end of left, its points minus the value of what would
;; be left to the opponent, and return that net value.
(define etaoin-explain-end
  (lambda (left end)
    (let* ((n (string-length left))
           (at (if (eq? end 'first) 0 (- n 1)))
           (rest-low (if (eq? end 'first) 1 0))
           (points (char-value (string-ref left at)))
           (rest-value (substring-value left (- n 1) rest-low))
           (net (- points rest-value)))
      (display "  taking the ")
      (display end)
      (display " letter, ")
      (display (string-ref left at))
      (display ", nets ")
      (display points)
      (display " - ")
      (etaoin-show-number rest-value)
      (display " = ")
      (display net)
      (display ", since ")
      (write (substring left rest-low (+ rest-low (- n 1))))
      (display " is worth ")
      (display rest-value)
      (display " to you")
      (newline)
      net)))

(define etaoin-show-number
  (lambda (n)
    (if (< n 0)
        (begin (display "(") (display n) (display ")"))
        (display n))))

;; The points of the letter at one end of the len letters from low.
(define etaoin-points
  (lambda (word low len end)
    (char-value (string-ref word (if (eq? end 'first) low (+ low len -1))))))

;; Mark the letter at one end as taken by who, and say which it was.
(define etaoin-take
  (lambda (word owners low len end who)
    (let ((at (if (eq? end 'first) low (+ low len -1))))
      (vector-set! owners at who)
      (display "the ")
      (display end)
      (display " letter, ")
      (display (string-ref word at))
      (display ", for ")
      (display (char-value (string-ref word at)))
      (display (if (= (char-value (string-ref word at)) 1) " point." " points."))
      (newline))))

;; Print the word, who took each position, the letters left and the scores.
(define etaoin-show
  (lambda (word owners low len you me)
    (newline)
    (display "  ")
    (let letters ((i 0))
      (if (< i (string-length word))
          (begin
            (display " ")
            (display (string-ref word i))
            (letters (+ i 1)))))
    (newline)
    (display "  ")
    (let marks ((i 0))
      (if (< i (string-length word))
          (begin
            (display " ")
            (display (cond ((eq? (vector-ref owners i) 'human) "Y")
                           ((eq? (vector-ref owners i) 'computer) "C")
                           (else ".")))
            (marks (+ i 1)))))
    (newline)
    (display "Left: ")
    (write (substring word low (+ low len)))
    (display "   You: ")
    (display you)
    (display "   Computer: ")
    (display me)
    (newline)))

(define etaoin-finish
  (lambda (you me)
    (display "Game over. ")
    (cond ((> you me)
           (display "You win by ")
           (display (- you me))
           (display ".")
           (newline)
           'human)
          ((> me you)
           (display "I win by ")
           (display (- me you))
           (display ".")
           (newline)
           'computer)
          (else
           (display "A tie.")
           (newline)
           'tie))))
