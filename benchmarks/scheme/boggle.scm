;; boggle: words found on boards of letters, the Boggle way.  A board is
;; a vector of five strings of five capital letters, each made by
;; make-string and filled by string-set! with letters drawn from a string
;; in which the common letters come more often.  The word list is one
;; long string read word by word from an input string port by read-char
;; and peek-char, each word's characters gathered in a list and made a
;; string by list->string.  A word is on the board when a path of
;; neighbouring squares, none used twice, spells it: for each square a
;; plain recursion compares the word's next character, made capital by
;; char-upcase, with the square's by char=?, marks the square in a
;; vector of 25 booleans, tries the eight neighbours in turn with or over
;; a quoted list of offsets, and unmarks it; two do loops over the rows
;; and columns start it from every square and leave by call/cc as soon
;; as one start spells the word.  Words score 1 for three or four
;; letters, 2 for five, 3 for six, 5 for seven (by case on the length).
;;
;; The letters: x -> (1103515245x + 12345) mod 2^31 from x = 37, each
;; draw x div 65536, each square the letter at (draw mod 50) of the
;; letter string, row by row.
;;
;; (run n) => (the words found on n boards, the points they score, the
;;             longest word found (the first of its length), the first
;;             board's rows, the words found on it, how many of its
;;             squares are vowels)

(define side 5)

(define letters "EEEEEEEAAAAAIIIIIOOOOTTTTTNNNNSSSSRRRRHHLLLDDUUCCM")

(define dictionary
  "ant ants ate eat eats tea teas sea seat set sit site its tin tins
   ten tens net nets nest rest rats star start tart tar oat oats
   toast coast cost most host hot hat heat hate hear heart earth
   dear read dare red rod nod note tone stone store tore tree trees
   street seed need deed send sand hand land lead deal idea ideas
   aside inside side tide ride rise sire tire tired tries tried
   train rain rains ran tan than then hen den end ends tend trend
   other others rose nose note notes snore shore short sort snort
   horse house mouse louse loud cloud could cold hold old told toil
   soil oil coil lion loin line lines linen tile tiles stile slate
   least steal stale tales steel sleet eel see seen teen sheet
   these theses ease tease cease ceases seine iron irons noise
   anise arise raise aisle isle lie lies lit lot lots slot slit
   list lists silent listen tinsel enlist inlet islet unit units
   untie until nut nuts tuna dune dunes under nurse curse cure
   cured crude crest chest chose those ethos hose hoses shoe shoes
   dash rash cash crash trash hash heads shade shed hid hide chin
   chain china inch itch ditch rich arch march charm harm alarm")

;; the word list read from a port

(define (read-word port)
  ;; the characters up to the next white space, or #f at the end
  (let skip ()
    (let ((c (peek-char port)))
      (if (and (not (eof-object? c)) (char-whitespace? c))
          (begin (read-char port) (skip)))))
  (let loop ((chars '()))
    (let ((c (peek-char port)))
      (if (or (eof-object? c) (char-whitespace? c))
          (if (null? chars) #f (list->string (reverse chars)))
          (loop (cons (read-char port) chars))))))

(define (read-words text)
  (let ((port (open-input-string text)))
    (let loop ((words '()))
      (let ((word (read-word port)))
        (if word
            (loop (cons word words))
            (reverse words))))))

;; boards

(define seed 37)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-board)
  (let ((board (make-vector side)))
    (do ((r 0 (+ r 1)))
        ((= r side) board)
      (let ((row (make-string side #\space)))
        (do ((c 0 (+ c 1)))
            ((= c side))
          (string-set! row c (string-ref letters (modulo (next-draw!) (string-length letters)))))
        (vector-set! board r row)))))

(define (square board r c)
  (string-ref (vector-ref board r) c))

;; the search

(define offsets '((-1 . -1) (-1 . 0) (-1 . 1) (0 . -1) (0 . 1) (1 . -1) (1 . 0) (1 . 1)))

(define (path-from? board used word i r c)
  ;; does word, from its ith character, start at square (r, c)?
  (cond ((or (< r 0) (>= r side) (< c 0) (>= c side)) #f)
        ((vector-ref used (+ (* r side) c)) #f)
        ((not (char=? (char-upcase (string-ref word i)) (square board r c))) #f)
        ((= i (- (string-length word) 1)) #t)
        (else
         (vector-set! used (+ (* r side) c) #t)
         (let ((found (let try ((offsets offsets))
                        (and (pair? offsets)
                             (or (path-from? board used word (+ i 1)
                                             (+ r (caar offsets)) (+ c (cdar offsets)))
                                 (try (cdr offsets)))))))
           (vector-set! used (+ (* r side) c) #f)
           found))))

(define (on-board? board word)
  (let ((used (make-vector (* side side) #f)))
    (call-with-current-continuation
     (lambda (found)
       (do ((r 0 (+ r 1)))
           ((= r side))
         (do ((c 0 (+ c 1)))
             ((= c side))
           (if (path-from? board used word 0 r c)
               (found #t))))
       #f))))

(define (score word)
  (case (string-length word)
    ((3 4) 1)
    ((5) 2)
    ((6) 3)
    ((7) 5)
    (else 11)))

(define (words-on board words)
  (cond ((null? words) '())
        ((on-board? board (car words)) (cons (car words) (words-on board (cdr words))))
        (else (words-on board (cdr words)))))

(define (vowels board)
  (let ((count 0))
    (vector-for-each
     (lambda (row)
       (string-for-each (lambda (c) (if (memv c '(#\A #\E #\I #\O #\U)) (set! count (+ count 1))))
                        row))
     board)
    count))

(define (run n)
  (set! seed 37)
  (let ((words (read-words dictionary)))
    (let loop ((k 0) (found 0) (points 0) (longest "") (first-board #f) (first-words '()))
      (if (= k n)
          (list found points longest (vector->list first-board) first-words (vowels first-board))
          (let* ((board (random-board))
                 (on (words-on board words)))
            (loop (+ k 1)
                  (+ found (length on))
                  (+ points (apply + (map score on)))
                  (let pick ((on on) (longest longest))
                    (cond ((null? on) longest)
                          ((> (string-length (car on)) (string-length longest)) (pick (cdr on) (car on)))
                          (else (pick (cdr on) longest))))
                  (or first-board board)
                  (if (= k 0) on first-words)))))))
