;; morse: International Morse code sent and received, the way a first
;; programming course on trees and strings writes it.
;;
;; The code is an association list from characters (A .. Z, 0 .. 9) to
;; strings of dots and dashes.  A message is encoded into a string port,
;; a letter's code after a space, a word after " / ".  It is decoded two
;; ways: by walking a tree built from the table, each node a vector
;; #(letter dot-child dash-child) grown by vector-set! as codes are put
;; in, the signal read by string-ref; and by cutting the signal into
;; pieces at the spaces and finding each piece by assoc on the code
;; strings.  Its length in Morse time units (dot 1, dash 3, gaps of 1
;; inside a letter, 3 between letters and 7 between words) is counted by
;; case over the characters.  Then every letter is sent once more with one
;; of its symbols flipped, and the tree says whether it reads as another
;; letter or as none.
;;
;; n messages are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 199, each draw x div 65536: the number of words (2 .. 7), each
;; word's length (1 .. 7) and letters (of the 36), then, letter by letter,
;; the place of the symbol flipped.
;;
;; (run n) => (n, symbols sent, dots, dashes, time units, messages the
;;             tree read back, messages assoc read back, flips read as
;;             another letter, flips read as none, a checksum of the
;;             signals, the first message, its signal)

(define seed 199)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define code
  '((#\A . ".-") (#\B . "-...") (#\C . "-.-.") (#\D . "-..") (#\E . ".")
    (#\F . "..-.") (#\G . "--.") (#\H . "....") (#\I . "..") (#\J . ".---")
    (#\K . "-.-") (#\L . ".-..") (#\M . "--") (#\N . "-.") (#\O . "---")
    (#\P . ".--.") (#\Q . "--.-") (#\R . ".-.") (#\S . "...") (#\T . "-")
    (#\U . "..-") (#\V . "...-") (#\W . ".--") (#\X . "-..-") (#\Y . "-.--")
    (#\Z . "--..") (#\0 . "-----") (#\1 . ".----") (#\2 . "..---")
    (#\3 . "...--") (#\4 . "....-") (#\5 . ".....") (#\6 . "-....")
    (#\7 . "--...") (#\8 . "---..") (#\9 . "----.")))

(define symbols "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

(define (make-node) (vector #f #f #f))

(define (build-tree)
  (let ((root (make-node)))
    (for-each
     (lambda (entry)
       (let walk ((node root) (i 0))
         (if (= i (string-length (cdr entry)))
             (vector-set! node 0 (car entry))
             (let ((slot (if (char=? (string-ref (cdr entry) i) #\.) 1 2)))
               (unless (vector-ref node slot)
                 (vector-set! node slot (make-node)))
               (walk (vector-ref node slot) (+ i 1))))))
     code)
    root))

(define tree (build-tree))

(define by-code (map (lambda (entry) (cons (cdr entry) (car entry))) code))

(define (random-message)
  (let ((words (+ 2 (modulo (next-random!) 6)))
        (out (open-output-string)))
    (do ((w 0 (+ w 1))) ((= w words) (get-output-string out))
      (when (> w 0) (write-char #\space out))
      (let ((len (+ 1 (modulo (next-random!) 7))))
        (do ((i 0 (+ i 1))) ((= i len))
          (write-char (string-ref symbols (modulo (next-random!) 36)) out))))))

(define (encode text)
  (let ((out (open-output-string))
        (start? #t))
    (string-for-each
     (lambda (c)
       (cond ((char=? c #\space)
              (display " /" out))
             (else
              (unless start? (write-char #\space out))
              (display (cdr (assv c code)) out)))
       (set! start? #f))
     text)
    (get-output-string out)))

;; reads the tree along a code; #f when no letter is there
(define (tree-letter code-string)
  (let walk ((node tree) (i 0))
    (cond ((not node) #f)
          ((= i (string-length code-string)) (vector-ref node 0))
          (else (walk (vector-ref node (if (char=? (string-ref code-string i) #\.) 1 2))
                      (+ i 1))))))

(define (decode-by-tree signal)
  (let ((out (open-output-string))
        (len (string-length signal)))
    (let loop ((i 0) (node tree))
      (cond ((= i len)
             (when (vector-ref node 0) (write-char (vector-ref node 0) out))
             (get-output-string out))
            (else
             (case (string-ref signal i)
               ((#\.) (loop (+ i 1) (vector-ref node 1)))
               ((#\-) (loop (+ i 1) (vector-ref node 2)))
               ((#\/) (write-char #\space out) (loop (+ i 1) tree))
               (else
                (when (vector-ref node 0) (write-char (vector-ref node 0) out))
                (loop (+ i 1) tree))))))))

(define (pieces signal)
  (let loop ((chars (string->list signal)) (piece '()) (out '()))
    (cond ((null? chars)
           (reverse (if (null? piece) out (cons (list->string (reverse piece)) out))))
          ((char=? (car chars) #\space)
           (loop (cdr chars) '() (if (null? piece) out (cons (list->string (reverse piece)) out))))
          (else (loop (cdr chars) (cons (car chars) piece) out)))))

(define (decode-by-assoc signal)
  (let ((out (open-output-string)))
    (for-each (lambda (piece)
                (if (string=? piece "/")
                    (write-char #\space out)
                    (write-char (cdr (assoc piece by-code)) out)))
              (pieces signal))
    (get-output-string out)))

;; units: a symbol and the gap of 1 after it, 2 more at each space and at
;; the slash (3 between letters, 7 between words), the last gap taken off
(define (time-units signal)
  (let loop ((i 0) (units 0) (gap 0))
    (if (= i (string-length signal))
        (- units gap)
        (case (string-ref signal i)
          ((#\.) (loop (+ i 1) (+ units 2) 1))
          ((#\-) (loop (+ i 1) (+ units 4) 1))
          ((#\/) (loop (+ i 1) (+ units 2) 0))
          (else (loop (+ i 1) (+ units 2) 0))))))

(define (flipped code-string place)
  (let ((copy (string-copy code-string)))
    (string-set! copy place (if (char=? (string-ref copy place) #\.) #\- #\.))
    copy))

(define (count-char c s)
  (let loop ((i 0) (count 0))
    (cond ((= i (string-length s)) count)
          ((char=? (string-ref s i) c) (loop (+ i 1) (+ count 1)))
          (else (loop (+ i 1) count)))))

(define (run n)
  (set! seed 199)
  (let loop ((k 0) (sent 0) (dots 0) (dashes 0) (units 0) (tree-ok 0) (assoc-ok 0)
                   (other 0) (none 0) (sum 0) (first '()))
    (if (= k n)
        (list n sent dots dashes units tree-ok assoc-ok other none sum first)
        (let* ((text (random-message))
               (signal (encode text))
               (d (count-char #\. signal))
               (h (count-char #\- signal))
               (misread (let flip ((cs (string->list text)) (other 0) (none 0))
                          (cond ((null? cs) (cons other none))
                                ((char=? (car cs) #\space) (flip (cdr cs) other none))
                                (else
                                 (let* ((c (cdr (assv (car cs) code)))
                                        (read (tree-letter
                                               (flipped c (modulo (next-random!) (string-length c))))))
                                   (if read
                                       (flip (cdr cs) (+ other 1) none)
                                       (flip (cdr cs) other (+ none 1)))))))))
          (loop (+ k 1)
                (+ sent d h)
                (+ dots d)
                (+ dashes h)
                (+ units (time-units signal))
                (if (string=? (decode-by-tree signal) text) (+ tree-ok 1) tree-ok)
                (if (string=? (decode-by-assoc signal) text) (+ assoc-ok 1) assoc-ok)
                (+ other (car misread))
                (+ none (cdr misread))
                (let add ((i 0) (sum sum))
                  (if (= i (string-length signal))
                      sum
                      (add (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref signal i))) 1000003))))
                (if (= k 0) (list text signal) first))))))
