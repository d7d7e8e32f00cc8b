;; gap-buffer: n editing sessions on short texts, each text held in a
;; gap buffer and, beside it, in a list of characters edited by list
;; surgery; every edit undone at the end.
;;
;; The gap buffer is a closure over a string, the gap's two ends and a
;; count of growths, answering messages by case with the arguments as a
;; rest list: insert copies a string into the gap by string-copy!
;; (growing the string to twice its size first when the gap is too
;; small), delete takes characters before the cursor and returns them
;; (substring), goto moves the gap by string-copy! within the one string
;; (the regions may overlap), char-at reads across the gap, text joins
;; the two sides.  The list is a header pair followed by the characters:
;; an insertion splices a string->list in by list-tail and set-cdr!, a
;; deletion unlinks the cells by set-cdr!.  Each edit that changes the
;; text pushes its inverse on an undo list; a word made upper case is
;; taken out and put back through string-map.  A search looks for a word
;; from the cursor by char-at.  Every tenth edit and at the end the two
;; texts are compared; then the undo list is run and the text must be
;; the first one again.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 113, each
;; draw x div 65536.  A session starts from the opening line of a verse
;; (draw mod 4) and makes 40 edits, each draw mod 10: 0-3 insert a word
;; (draw mod 10) and a space, or a newline when draw mod 5 is 0; 4 delete
;; 1 + draw mod 6 characters, no more than the cursor has before it; 5-6
;; move by draw mod 41 - 20, kept in the text; 7 go to draw mod (size +
;; 1); 8 make the letters from the cursor on upper case; 9 search for a
;; word (draw mod 10).
;;
;; (run n) => (the characters, lines and words of the final texts, the
;;             buffers' growths, the searches that found their word,
;;             the comparisons that failed, whether every undo restored
;;             the first text, a checksum of the final texts, the first
;;             session's final text)

(define seed 113)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define openings
  (vector "the owl and the pussycat went to sea"
          "in a beautiful pea green boat"
          "they took some honey and plenty of money"
          "wrapped up in a five pound note"))

(define vocabulary
  (vector "owl" "cat" "sea" "boat" "honey" "money" "note" "ring" "moon" "sand"))

(define (make-gap-buffer initial)
  (let ((text (make-string 8 #\space))
        (gap-start 0)
        (gap-end 8)
        (grows 0))
    (define (size)
      (- (string-length text) (- gap-end gap-start)))
    (define (grow! needed)
      (let* ((old-capacity (string-length text))
             (capacity (let double ((capacity (* 2 old-capacity)))
                         (if (>= (- capacity (size)) needed) capacity (double (* 2 capacity)))))
             (tail (- old-capacity gap-end))
             (new (make-string capacity #\space)))
        (string-copy! new 0 text 0 gap-start)
        (string-copy! new (- capacity tail) text gap-end old-capacity)
        (set! text new)
        (set! gap-end (- capacity tail))
        (set! grows (+ grows 1))))
    (define (insert! s)
      (when (< (- gap-end gap-start) (string-length s))
        (grow! (string-length s)))
      (string-copy! text gap-start s)
      (set! gap-start (+ gap-start (string-length s))))
    (define (delete! k)
      (let ((removed (substring text (- gap-start k) gap-start)))
        (set! gap-start (- gap-start k))
        removed))
    (define (goto! position)
      (cond ((< position gap-start)
             (let ((count (- gap-start position)))
               (string-copy! text (- gap-end count) text position gap-start)
               (set! gap-start position)
               (set! gap-end (- gap-end count))))
            ((> position gap-start)
             (let ((count (- position gap-start)))
               (string-copy! text gap-start text gap-end (+ gap-end count))
               (set! gap-start position)
               (set! gap-end (+ gap-end count))))))
    (define (char-at i)
      (string-ref text (if (< i gap-start) i (+ i (- gap-end gap-start)))))
    (insert! initial)
    (lambda (message . arguments)
      (case message
        ((insert) (insert! (car arguments)))
        ((delete) (delete! (car arguments)))
        ((goto) (goto! (car arguments)))
        ((cursor) gap-start)
        ((size) (size))
        ((char-at) (char-at (car arguments)))
        ((text) (string-append (substring text 0 gap-start)
                               (substring text gap-end (string-length text))))
        ((grows) grows)
        (else (error "gap buffer: unknown message" message))))))

(define (list-insert! document position s)
  (let ((cell (list-tail document position)))
    (set-cdr! cell (append (string->list s) (cdr cell)))))

(define (list-delete! document position k)
  (let ((cell (list-tail document (- position k))))
    (set-cdr! cell (list-tail (cdr cell) k))))

;; Where word next starts at or after the cursor, or #f.
(define (search buffer word)
  (let ((size (buffer 'size)) (word-length (string-length word)))
    (let try ((start (buffer 'cursor)))
      (cond ((> (+ start word-length) size) #f)
            ((let match ((k 0))
               (or (= k word-length)
                   (and (char=? (buffer 'char-at (+ start k)) (string-ref word k))
                        (match (+ k 1)))))
             start)
            (else (try (+ start 1)))))))

;; The letters from the cursor up to the next character that is not one.
(define (letters-ahead buffer)
  (let loop ((i (buffer 'cursor)))
    (if (and (< i (buffer 'size)) (char-alphabetic? (buffer 'char-at i)))
        (loop (+ i 1))
        (- i (buffer 'cursor)))))

(define (count-words text)
  (let ((words 0) (inside #f))
    (string-for-each
     (lambda (c)
       (cond ((char-whitespace? c) (set! inside #f))
             ((not inside) (set! inside #t) (set! words (+ words 1)))))
     text)
    words))

(define (count-lines text)
  (let ((lines 1))
    (string-for-each (lambda (c) (when (char=? c #\newline) (set! lines (+ lines 1)))) text)
    lines))

(define (checksum-text text sum)
  (let ((sum sum))
    (string-for-each (lambda (c) (set! sum (modulo (+ (* sum 31) (char->integer c)) 1000003))) text)
    sum))

;; One session: its final text and (growths found mismatches undone) as
;; two values.
(define (session)
  (let* ((initial (vector-ref openings (modulo (next-random!) 4)))
         (buffer (make-gap-buffer initial))
         (document (cons 'header (string->list initial)))
         (undo '())
         (found 0)
         (mismatches 0))
    (define (compare!)
      (unless (string=? (buffer 'text) (list->string (cdr document)))
        (set! mismatches (+ mismatches 1))))
    (define (insert! s)
      (list-insert! document (buffer 'cursor) s)
      (buffer 'insert s)
      (set! undo (cons (list 'remove (buffer 'cursor) (string-length s)) undo)))
    (define (delete! k)
      (list-delete! document (buffer 'cursor) k)
      (let ((removed (buffer 'delete k)))
        (set! undo (cons (list 'restore (buffer 'cursor) removed) undo))
        removed))
    (do ((edit 1 (+ edit 1)))
        ((> edit 40))
      (case (modulo (next-random!) 10)
        ((0 1 2 3)
         (let ((word (vector-ref vocabulary (modulo (next-random!) 10))))
           (insert! (if (= (modulo (next-random!) 5) 0) "\n" (string-append word " ")))))
        ((4)
         (delete! (min (buffer 'cursor) (+ 1 (modulo (next-random!) 6)))))
        ((5 6)
         (buffer 'goto (max 0 (min (buffer 'size)
                                   (+ (buffer 'cursor) (- (modulo (next-random!) 41) 20))))))
        ((7)
         (buffer 'goto (modulo (next-random!) (+ (buffer 'size) 1))))
        ((8)
         (let ((k (letters-ahead buffer)))
           (when (> k 0)
             (buffer 'goto (+ (buffer 'cursor) k))
             (insert! (string-map char-upcase (delete! k))))))
        (else
         (let ((at (search buffer (vector-ref vocabulary (modulo (next-random!) 10)))))
           (when at
             (set! found (+ found 1))
             (buffer 'goto at)))))
      (when (= (modulo edit 10) 0)
        (compare!)))
    (compare!)
    (let ((final (buffer 'text)))
      (for-each (lambda (step)
                  (buffer 'goto (cadr step))
                  (if (eq? (car step) 'remove)
                      (buffer 'delete (caddr step))
                      (buffer 'insert (caddr step))))
                undo)
      (values final (list (buffer 'grows) found mismatches (string=? (buffer 'text) initial))))))

(define (run n)
  (set! seed 113)
  (let loop ((k 0) (characters 0) (lines 0) (words 0) (grows 0) (found 0) (mismatches 0)
             (undone #t) (sum 0) (first #f))
    (if (= k n)
        (list characters lines words grows found mismatches undone sum first)
        (let-values (((final counts) (session)))
          (loop (+ k 1)
                (+ characters (string-length final))
                (+ lines (count-lines final))
                (+ words (count-words final))
                (+ grows (car counts))
                (+ found (cadr counts))
                (+ mismatches (caddr counts))
                (and undone (cadddr counts))
                (checksum-text final sum)
                (or first final))))))
