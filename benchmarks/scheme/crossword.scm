;; crossword: small crossword grids filled from a word list by
;; backtracking, as an exercise on search writes it.
;;
;; A grid is a vector of strings, #\# a block and #\. an empty cell.  Its
;; slots are the runs of three or more open cells across and down, found
;; in reading order by nested do loops and kept as define-record-type
;; records (across or down, the list of (row . column) cells, the clue
;; number, the word in it or #f); the clue numbers go up with the slots'
;; first cells.  The search takes the open slot with the fewest
;; candidates (words of its length not yet used that agree with the
;; letters in place; the first such slot on a tie, a dead end at once if
;; one has none) and tries its candidates in turn.  A word is written in
;; with string-set! inside dynamic-wind, whose after thunk wipes the
;; letters it added and empties the slot, so the grid comes back clean
;; whether the search returns or escapes.  The first fill is taken by a
;; call/cc escape from the depths of the search, and the fills are then
;; counted up to five by another escape.
;;
;; n puzzles are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 263, each draw x div 65536: the template (mod 4), then the word
;; list is shuffled in a vector by Fisher and Yates (from the top, each
;; place swapped with a draw mod its index + 1), the shuffles following
;; each other, and the words are put in a vector of lists by length in
;; the shuffled order.
;;
;; (run n) => (n, puzzles filled, searches' nodes to the first fill,
;;             nodes of the counts, fills counted, a checksum of the
;;             first fills, the first puzzle's first fill as clues)

(define seed 263)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define templates
  '(("...#..."
     ".#...#."
     "...#...")
    ("....#"
     ".#..#"
     "....#")
    ("#...."
     ".#..#"
     "....."
     "#..#."
     "....#")
    ("...."
     ".##."
     ".##."
     "....")))

(define words
  '("ace" "add" "ago" "aim" "ale" "and" "ape" "are" "art" "ask" "awe" "bad" "bat" "bee" "bid"
    "bit" "boy" "bus" "can" "car" "cow" "cub" "cut" "day" "dew" "dig" "dog" "dry" "ear" "egg"
    "elk" "end" "eve" "fan" "fat" "few" "fin" "fly" "fox" "fur" "gas" "gum" "hat" "hid" "hit"
    "hop" "hub" "hug" "hut" "ink" "ion" "jam" "jaw" "jog" "keg" "kid" "kit" "lad" "law" "leg"
    "lie" "log" "low" "man" "mat" "mob" "mud" "nap" "nod" "oak" "oat" "oil" "one" "ore" "pad"
    "pan" "pea" "pen" "pie" "pin" "pod" "pun" "rag" "rat" "ray" "rim" "row" "rug" "sap" "sea"
    "sky" "sod" "sow" "spy" "tab" "tan" "tar" "ten" "tin" "toe" "top" "tub" "urn" "vat" "vow"
    "wax" "wig" "yak" "zoo"
    "able" "aged" "army" "aunt" "baby" "bake" "band" "barn" "bath" "beam" "bear" "bell" "bird"
    "body" "bone" "boot" "cake" "came" "cane" "card" "cart" "cave" "coal" "code" "cold" "cook"
    "cord" "corn" "crew" "cure" "dare" "date" "deal" "deck" "deer" "dial" "dine" "dock" "door"
    "dove" "dune" "earl" "edge" "even" "exam" "fact" "fame" "fate" "film" "fire" "five" "flat"
    "foam" "font" "fork" "fort" "fuel" "gate" "gift" "glow" "goat" "golf" "hail" "hall" "hate"
    "heat" "hero" "hill" "home" "hook" "horn" "idea" "isle" "kite" "lace" "lamb" "land" "last"
    "lawn" "leaf" "line" "list" "loaf" "loft" "lore" "mane" "mask" "meal" "mile" "mill" "mine"
    "mist" "moon" "moss" "nail" "neat" "nest" "oven" "page" "pain" "pale" "park" "pine" "plan"
    "poem" "pond" "pool" "port" "ramp" "rate" "rice" "ring" "robe" "role" "room" "rose" "rule"
    "sale" "sand" "seat" "silk" "song" "tale" "tank" "team" "tile" "tone" "tune" "veil" "vote"
    "wine" "wire" "wood" "yarn"
    "about" "adore" "agent" "album" "alien" "alone" "angel" "apple" "arena" "aside" "baker"
    "baton" "berry" "blade" "board" "brain" "brick" "cabin" "camel" "candy" "cargo" "cedar"
    "chair" "chest" "cigar" "clerk" "cloak" "cloud" "couch" "crane" "cream" "crown" "cycle"
    "decal" "demon" "diner" "dozen" "dream" "earth" "elbow" "ember" "entry" "fable" "feast"
    "fiber" "flame" "focus" "frame" "gavel" "given" "glove" "grain" "guard" "habit" "heron"
    "hotel" "human" "image" "irony" "jewel" "kayak" "lapel" "latch" "lemon" "liner" "lotus"
    "lyric" "magic" "manor" "medal" "metal" "minor" "modem" "money" "motel" "mural" "navel"
    "never" "north" "ocean" "opera" "organ" "owner" "panel" "pasta" "pearl" "petal" "pilot"
    "place" "plaza" "poker" "power" "prism" "radio" "ranch" "rebel" "relic" "rifle" "river"
    "rodeo" "rotor" "royal" "saint" "salon" "sauce" "sedan" "shelf" "sitar" "snake" "sonar"
    "spine" "sugar" "talon" "tiger" "title" "topaz" "tower" "trout" "tutor" "uncle" "valid"
    "value" "venom" "vocal" "water" "wheat" "woman" "yacht"))

(define-record-type slot
  (make-slot across? cells number word)
  slot?
  (across? slot-across?)
  (cells slot-cells)
  (number slot-number set-slot-number!)
  (word slot-word set-slot-word!))

(define nodes 0)

(define (make-grid rows)
  (list->vector (map string-copy rows)))

(define (grid-ref grid r c)
  (string-ref (vector-ref grid r) c))

(define (grid-set! grid r c ch)
  (string-set! (vector-ref grid r) c ch))

(define (open-cell? grid r c)
  (and (>= r 0) (< r (vector-length grid))
       (>= c 0) (< c (string-length (vector-ref grid 0)))
       (not (char=? (grid-ref grid r c) #\#))))

;; the open cells from r c on, one step of dr dc at a time
(define (run-from grid r c dr dc)
  (if (open-cell? grid r c)
      (cons (cons r c) (run-from grid (+ r dr) (+ c dc) dr dc))
      '()))

(define (find-slots grid)
  (let ((height (vector-length grid))
        (width (string-length (vector-ref grid 0)))
        (slots '()))
    (do ((r 0 (+ r 1)))
        ((= r height))
      (do ((c 0 (+ c 1)))
          ((= c width))
        (if (and (open-cell? grid r c) (not (open-cell? grid r (- c 1))))
            (let ((cells (run-from grid r c 0 1)))
              (if (>= (length cells) 3)
                  (set! slots (cons (make-slot #t cells 0 #f) slots)))))
        (if (and (open-cell? grid r c) (not (open-cell? grid (- r 1) c)))
            (let ((cells (run-from grid r c 1 0)))
              (if (>= (length cells) 3)
                  (set! slots (cons (make-slot #f cells 0 #f) slots)))))))
    (let loop ((rest (reverse slots)) (last #f) (number 0))
      (if (pair? rest)
          (let* ((start (car (slot-cells (car rest))))
                 (number (if (equal? start last) number (+ number 1))))
            (set-slot-number! (car rest) number)
            (loop (cdr rest) start number))))
    (reverse slots)))

(define (fits? grid cells word)
  (let loop ((cells cells) (i 0))
    (or (null? cells)
        (let ((ch (grid-ref grid (caar cells) (cdar cells))))
          (and (or (char=? ch #\.) (char=? ch (string-ref word i)))
               (loop (cdr cells) (+ i 1)))))))

(define (candidates grid slot by-length used)
  (let loop ((ws (vector-ref by-length (length (slot-cells slot)))) (found '()))
    (cond ((null? ws) (reverse found))
          ((and (not (member (car ws) used))
                (fits? grid (slot-cells slot) (car ws)))
           (loop (cdr ws) (cons (car ws) found)))
          (else (loop (cdr ws) found)))))

(define (empty-cells grid cells)
  (cond ((null? cells) '())
        ((char=? (grid-ref grid (caar cells) (cdar cells)) #\.)
         (cons (car cells) (empty-cells grid (cdr cells))))
        (else (empty-cells grid (cdr cells)))))

(define (write-word! grid cells word)
  (do ((cells cells (cdr cells))
       (i 0 (+ i 1)))
      ((null? cells))
    (grid-set! grid (caar cells) (cdar cells) (string-ref word i))))

;; calls (on-fill) at every way of filling the open slots; the grid and
;; the slots are as they were when it returns or is escaped from
(define (search grid slots by-length on-fill)
  (define (fill used)
    (set! nodes (+ nodes 1))
    (let pick ((rest slots) (best #f) (best-words '()))
      (cond ((null? rest)
             (if best
                 (try-each best best-words used)
                 (on-fill)))
            ((slot-word (car rest)) (pick (cdr rest) best best-words))
            (else
             (let ((ws (candidates grid (car rest) by-length used)))
               (cond ((null? ws) #f)
                     ((or (not best) (< (length ws) (length best-words)))
                      (pick (cdr rest) (car rest) ws))
                     (else (pick (cdr rest) best best-words))))))))
  (define (try-each slot ws used)
    (if (pair? ws)
        (let* ((word (car ws))
               (cells (slot-cells slot))
               (added (empty-cells grid cells)))
          (dynamic-wind
           (lambda ()
             (write-word! grid cells word)
             (set-slot-word! slot word))
           (lambda () (fill (cons word used)))
           (lambda ()
             (set-slot-word! slot #f)
             (for-each (lambda (cell) (grid-set! grid (car cell) (cdr cell) #\.)) added)))
          (try-each slot (cdr ws) used))))
  (fill '()))

(define (clues slots)
  (map (lambda (s)
         (string-append (number->string (slot-number s))
                        (if (slot-across? s) "A " "D ")
                        (slot-word s)))
       slots))

(define (first-fill grid slots by-length)
  (call-with-current-continuation
   (lambda (return)
     (search grid slots by-length (lambda () (return (clues slots))))
     #f)))

(define (count-fills grid slots by-length most)
  (let ((count 0))
    (call-with-current-continuation
     (lambda (stop)
       (search grid slots by-length
               (lambda ()
                 (set! count (+ count 1))
                 (if (= count most) (stop count))))
       count))))

(define (shuffle! v)
  (do ((i (- (vector-length v) 1) (- i 1)))
      ((< i 1) v)
    (let* ((j (modulo (next-random!) (+ i 1)))
           (t (vector-ref v i)))
      (vector-set! v i (vector-ref v j))
      (vector-set! v j t))))

(define (by-length v)
  (let ((table (make-vector 6 '())))
    (do ((i (- (vector-length v) 1) (- i 1)))
        ((< i 0) table)
      (let ((len (string-length (vector-ref v i))))
        (vector-set! table len (cons (vector-ref v i) (vector-ref table len)))))))

(define (checksum-clues entries sum)
  (if (null? entries)
      sum
      (let loop ((i 0) (sum sum))
        (if (= i (string-length (car entries)))
            (checksum-clues (cdr entries) sum)
            (loop (+ i 1)
                  (modulo (+ (* sum 31) (char->integer (string-ref (car entries) i))) 1000003))))))

(define (run n)
  (set! seed 263)
  (set! nodes 0)
  (let ((v (list->vector words)))
    (let loop ((p 0) (filled 0) (first-nodes 0) (fills 0) (sum 0) (first '()))
      (if (= p n)
          (list n filled first-nodes (- nodes first-nodes) fills sum first)
          (let* ((template (list-ref templates (modulo (next-random!) 4)))
                 (table (by-length (shuffle! v)))
                 (grid (make-grid template))
                 (slots (find-slots grid))
                 (before nodes)
                 (entries (first-fill grid slots table))
                 (first-nodes (+ first-nodes (- nodes before)))
                 (count (count-fills grid slots table 5)))
            (loop (+ p 1)
                  (if entries (+ filled 1) filled)
                  first-nodes
                  (+ fills count)
                  (if entries (checksum-clues entries sum) sum)
                  (if (= p 0) entries first)))))))
