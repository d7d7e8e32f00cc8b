;; rope: a text editor's buffer kept as a rope, a binary tree whose
;; leaves hold short strings, the way a data-structures course builds
;; one.
;;
;; A rope is a leaf (a record holding a string) or a node (a record
;; holding its two halves, its length and its depth).  Joining two ropes
;; makes a node, unless both are leaves short enough to be one leaf
;; (twenty-four characters at most).  A rope is cut in two at a place by
;; a recursion that gives both halves back as two values (let-values),
;; joining what it passes on the way up; inserting is cutting and
;; joining twice, deleting is cutting twice.  A character is found by
;; walking down, going right less the left half's length.  The text of a
;; range is written leaf by leaf into an output string port.  When the
;; tree grows deeper than twenty-four, it is rebuilt balanced from the
;; list of its leaves.
;;
;; The session: 3 + n/40 words typed at the end, then n edits, each chosen
;; by a draw: insert a word somewhere (4 in 10), delete up to 12
;; characters (2 in 10), cut up to 20 characters and paste them
;; elsewhere (1 in 10), upper-case up to 8 characters (1 in 10), or look
;; (2 in 10): three characters read (checksummed) and the e's counted in
;; up to 40 characters.  The same edits are made on a plain string by
;; substring and string-append, and the rope's text must equal it after
;; every 250th edit and at the end.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 61, each
;; draw x div 65536.
;;
;; (run n) => (n, the text's length, the rope's depth, its leaves, the
;;             rebuilds, the checks passed, the spans upper-cased, the
;;             characters read checksummed, the e's seen, whether the
;;             rope's text is the string's, the first 40 characters)

(define seed 61)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define-record-type leaf
  (make-leaf text)
  leaf?
  (text leaf-text))

(define-record-type node
  (make-node left right size depth)
  node?
  (left node-left)
  (right node-right)
  (size node-size)
  (depth node-depth))

(define leaf-limit 24)
(define depth-limit 24)

(define empty-rope (make-leaf ""))

(define (rope-length rope)
  (if (leaf? rope)
      (string-length (leaf-text rope))
      (node-size rope)))

(define (rope-depth rope)
  (if (leaf? rope)
      0
      (node-depth rope)))

(define (rope-join a b)
  (cond ((= (rope-length a) 0) b)
        ((= (rope-length b) 0) a)
        ((and (leaf? a) (leaf? b) (<= (+ (rope-length a) (rope-length b)) leaf-limit))
         (make-leaf (string-append (leaf-text a) (leaf-text b))))
        (else (make-node a b (+ (rope-length a) (rope-length b))
                         (+ 1 (max (rope-depth a) (rope-depth b)))))))

(define (rope-ref rope i)
  (if (leaf? rope)
      (string-ref (leaf-text rope) i)
      (let ((k (rope-length (node-left rope))))
        (if (< i k)
            (rope-ref (node-left rope) i)
            (rope-ref (node-right rope) (- i k))))))

;; The characters before place i, and those from i on.
(define (rope-split rope i)
  (if (leaf? rope)
      (let ((text (leaf-text rope)))
        (values (make-leaf (substring text 0 i))
                (make-leaf (substring text i (string-length text)))))
      (let ((k (rope-length (node-left rope))))
        (cond ((= i k) (values (node-left rope) (node-right rope)))
              ((< i k)
               (let-values (((a b) (rope-split (node-left rope) i)))
                 (values a (rope-join b (node-right rope)))))
              (else
               (let-values (((a b) (rope-split (node-right rope) (- i k))))
                 (values (rope-join (node-left rope) a) b)))))))

(define (rope-insert rope i piece)
  (let-values (((a b) (rope-split rope i)))
    (rope-join (rope-join a piece) b)))

;; The rope without the characters from i up to j, and those characters.
(define (rope-delete rope i j)
  (let-values (((a rest) (rope-split rope i)))
    (let-values (((cut b) (rope-split rest (- j i))))
      (values (rope-join a b) cut))))

(define (write-range rope i j port)
  (cond ((>= i j) #f)
        ((leaf? rope) (display (substring (leaf-text rope) i j) port))
        (else
         (let ((k (rope-length (node-left rope))))
           (when (< i k)
             (write-range (node-left rope) i (min j k) port))
           (when (> j k)
             (write-range (node-right rope) (max 0 (- i k)) (- j k) port))))))

(define (rope-substring rope i j)
  (let ((port (open-output-string)))
    (write-range rope i j port)
    (get-output-string port)))

(define (rope->string rope)
  (rope-substring rope 0 (rope-length rope)))

;; The leaves that hold something, left to right, before rest.
(define (rope-leaves rope rest)
  (cond ((leaf? rope)
         (if (= (rope-length rope) 0) rest (cons rope rest)))
        (else (rope-leaves (node-left rope) (rope-leaves (node-right rope) rest)))))

(define (rebalance rope)
  (let ((leaves (list->vector (rope-leaves rope '()))))
    (let build ((lo 0) (hi (vector-length leaves)))
      (cond ((= lo hi) empty-rope)
            ((= (+ lo 1) hi) (vector-ref leaves lo))
            (else (let ((mid (quotient (+ lo hi) 2)))
                    (rope-join (build lo mid) (build mid hi))))))))

(define letters "etaoinshrdlucmfwypvbgkjqxz")

;; Two to seven letters, the commoner ones likelier.
(define (random-word)
  (let* ((len (+ 2 (random-below 6)))
         (word (make-string len)))
    (do ((i 0 (+ i 1)))
        ((= i len) word)
      (let* ((a (random-below 26))
             (b (random-below 26)))
        (string-set! word i (string-ref letters (min a b)))))))

(define (run n)
  (set! seed 61)
  (let ((rope empty-rope)
        (text "")
        (rebuilds 0)
        (checks 0)
        (upper-cased 0)
        (checksum 0)
        (e-count 0))
    (do ((i 0 (+ i 1)))
        ((= i (+ 3 (quotient n 40))))
      (let ((word (string-append (random-word) " ")))
        (set! rope (rope-insert rope (rope-length rope) (make-leaf word)))
        (set! text (string-append text word))))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let ((op (random-below 10))
            (len (rope-length rope)))
        (case op
          ((0 1 2 3)
           (let* ((at (random-below (+ len 1)))
                  (word (random-word)))
             (set! rope (rope-insert rope at (make-leaf word)))
             (set! text (string-append (substring text 0 at) word (substring text at len)))))
          ((4 5)
           (when (> len 0)
             (let* ((at (random-below len))
                    (end (min len (+ at 1 (random-below 12)))))
               (let-values (((rest cut) (rope-delete rope at end)))
                 (set! rope rest)
                 (set! text (string-append (substring text 0 at) (substring text end len)))))))
          ((6)
           (when (> len 0)
             (let* ((at (random-below len))
                    (end (min len (+ at 1 (random-below 20))))
                    (left (- len (- end at)))
                    (to (random-below (+ left 1))))
               (let-values (((rest cut) (rope-delete rope at end)))
                 (set! rope (rope-insert rest to cut))
                 (let ((piece (substring text at end))
                       (short (string-append (substring text 0 at) (substring text end len))))
                   (set! text (string-append (substring short 0 to) piece (substring short to left))))))))
          ((7)
           (when (> len 0)
             (let* ((at (random-below len))
                    (end (min len (+ at 1 (random-below 8))))
                    (piece (string-upcase (rope-substring rope at end))))
               (let-values (((rest cut) (rope-delete rope at end)))
                 (set! rope (rope-insert rest at (make-leaf piece))))
               (set! text (string-append (substring text 0 at) piece (substring text end len)))
               (set! upper-cased (+ upper-cased 1)))))
          (else
           (when (> len 0)
             (do ((k 0 (+ k 1)))
                 ((= k 3))
               (let ((c (rope-ref rope (random-below len))))
                 (set! checksum (modulo (+ (* checksum 31) (char->integer c)) 1000003))))
             (let* ((at (random-below len))
                    (span (rope-substring rope at (min len (+ at 40)))))
               (string-for-each (lambda (c)
                                  (when (char=? c #\e)
                                    (set! e-count (+ e-count 1))))
                                span)))))
        (when (> (rope-depth rope) depth-limit)
          (set! rope (rebalance rope))
          (set! rebuilds (+ rebuilds 1)))
        (when (= 0 (modulo (+ i 1) 250))
          (when (string=? (rope->string rope) text)
            (set! checks (+ checks 1))))))
    (list n (rope-length rope) (rope-depth rope) (length (rope-leaves rope '())) rebuilds checks
          upper-cased checksum e-count (string=? (rope->string rope) text)
          (rope-substring rope 0 (min 40 (rope-length rope))))))
