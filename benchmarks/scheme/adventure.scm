;; adventure: a small text adventure driven by tables.  The map is a quoted
;; association list from rooms to their exits, each exit a pair of a
;; direction and a room, read by assq; the items lying in each room are an
;; association list copied from a quoted one at the start and changed by
;; set-cdr!; what the player carries is a list held by set!, searched by
;; memq.  Commands are lists like (go north) or (drop coin), carried out by
;; case on the verb; every command answers with a sentence made by
;; string-append and symbol->string, and the sentences are summed up
;; character by character with string-for-each and char->integer.  A dark
;; room can be entered only with the lamp, carried or lying there; the
;; shed is locked until the player comes with the key; a treasure dropped
;; in the hall scores 10 and goes back to the room it was first found in.
;;
;; The player: each of n commands is drawn by x -> (1103515245x + 12345)
;; mod 2^31 from x = 17, each draw x div 65536, from draw mod 10: 0 to 3
;; go in a direction (the next draw mod 6), 4 and 5 take the first item in
;; the room, 6 and 7 drop a carried item (the next draw mod how many are
;; carried), 8 look, 9 inventory.
;;
;; (run n) => (the room the player ends in, the score, the moves made, the
;;             moves refused, the items carried, the characters answered
;;             and the sum of their codes, the visits to each room)

(define exits
  '((hall (north . library) (east . kitchen) (south . garden) (west . study))
    (library (south . hall) (up . attic))
    (kitchen (west . hall) (down . cellar))
    (cellar (up . kitchen))
    (garden (north . hall) (east . shed))
    (shed (west . garden))
    (attic (down . library))
    (study (east . hall))))

(define directions '(north south east west up down))

(define starting-items
  '((hall)
    (library book)
    (kitchen lamp bread)
    (cellar ruby)
    (garden key)
    (shed coin)
    (attic crown pearl)
    (study map)))

(define treasures '(ruby coin crown pearl))

(define dark-rooms '(cellar attic))

;; the state of the game

(define here 'hall)
(define carried '())
(define items '())
(define visits '())
(define score 0)
(define moves 0)
(define refused 0)
(define shed-locked #t)

(define (start-game!)
  (set! here 'hall)
  (set! carried '())
  (set! items (map (lambda (entry) (cons (car entry) (list-copy (cdr entry))))
                   starting-items))
  (set! visits (map (lambda (entry) (cons (car entry) 0)) exits))
  (set! score 0)
  (set! moves 0)
  (set! refused 0)
  (set! shed-locked #t)
  (visit! 'hall))

(define (visit! room)
  (let ((entry (assq room visits)))
    (set-cdr! entry (+ (cdr entry) 1))))

(define (words syms)
  (cond ((null? syms) "")
        ((null? (cdr syms)) (symbol->string (car syms)))
        (else (string-append (symbol->string (car syms)) " " (words (cdr syms))))))

(define (remove-item item lst)
  (cond ((null? lst) '())
        ((eq? (car lst) item) (cdr lst))
        (else (cons (car lst) (remove-item item (cdr lst))))))

(define (home-of item)
  (let loop ((rooms starting-items))
    (if (memq item (cdr (car rooms)))
        (car (car rooms))
        (loop (cdr rooms)))))

;; the verbs

(define (go dir)
  (let ((exit (assq dir (cdr (assq here exits)))))
    (cond ((not exit)
           (set! refused (+ refused 1))
           (string-append "You cannot go " (symbol->string dir)
                          " from the " (symbol->string here) "."))
          ((and (memq (cdr exit) dark-rooms) (not (lit? (cdr exit))))
           (set! refused (+ refused 1))
           (string-append "It is too dark to go " (symbol->string dir) " without the lamp."))
          ((and (eq? (cdr exit) 'shed) shed-locked)
           (cond ((memq 'key carried)
                  (set! shed-locked #f)
                  (set! here 'shed)
                  (set! moves (+ moves 1))
                  (visit! here)
                  "You unlock the shed with the key and go in.")
                 (else
                  (set! refused (+ refused 1))
                  "The shed is locked.")))
          (else
           (set! here (cdr exit))
           (set! moves (+ moves 1))
           (visit! here)
           (string-append "You go " (symbol->string dir)
                          " to the " (symbol->string here) ".")))))

(define (lit? room)
  (or (memq 'lamp carried)
      (memq 'lamp (cdr (assq room items)))))

(define (take)
  (let ((entry (assq here items)))
    (if (null? (cdr entry))
        "There is nothing here to take."
        (let ((item (cadr entry)))
          (set-cdr! entry (cddr entry))
          (set! carried (cons item carried))
          (string-append "Taken: the " (symbol->string item) ".")))))

(define (drop item)
  (set! carried (remove-item item carried))
  (if (and (eq? here 'hall) (memq item treasures))
      (let ((home (assq (home-of item) items)))
        (set! score (+ score 10))
        (set-cdr! home (cons item (cdr home)))
        (string-append "The " (symbol->string item) " glitters and vanishes. Your score is "
                       (number->string score) "."))
      (let ((entry (assq here items)))
        (set-cdr! entry (cons item (cdr entry)))
        (string-append "Dropped: the " (symbol->string item) "."))))

(define (look)
  (let ((things (cdr (assq here items))))
    (string-append "You are in the " (symbol->string here)
                   ". Exits: " (words (map car (cdr (assq here exits))))
                   ". You see "
                   (if (null? things) "nothing" (words things))
                   ".")))

(define (inventory)
  (if (null? carried)
      "You carry nothing."
      (string-append "You carry: " (words carried) ".")))

(define (execute command)
  (case (car command)
    ((go) (go (cadr command)))
    ((take) (take))
    ((drop) (if (null? carried) "You carry nothing." (drop (cadr command))))
    ((look) (look))
    ((inventory) (inventory))
    (else (string-append "I do not know how to " (symbol->string (car command)) "."))))

;; the player

(define seed 17)

(define (next!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (next-command)
  (let ((r (modulo (next!) 10)))
    (cond ((< r 4) (list 'go (list-ref directions (modulo (next!) 6))))
          ((< r 6) (list 'take))
          ((< r 8) (if (null? carried)
                       (list 'drop)
                       (list 'drop (list-ref carried (modulo (next!) (length carried))))))
          ((= r 8) (list 'look))
          (else (list 'inventory)))))

(define (run n)
  (set! seed 17)
  (start-game!)
  (let ((characters 0)
        (codes 0))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let ((answer (execute (next-command))))
        (set! characters (+ characters (string-length answer)))
        (string-for-each
         (lambda (c) (set! codes (+ codes (char->integer c))))
         answer)))
    (list (symbol->string here) score moves refused (map symbol->string carried)
          characters codes (map cdr visits))))
