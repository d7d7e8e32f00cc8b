;; markdown: a small Markdown-to-HTML converter, as an exercise on strings
;; and string ports writes one.
;;
;; The text is cut into lines by scanning for #\newline with string-ref.
;; A first pass gathers the reference definitions, lines "[name]: url",
;; into an association list keyed by the names' strings (read by assoc).
;; The blocks are then read line by line: # to ### headings, "- " list
;; items gathered into one list, other lines gathered into a paragraph
;; until a blank line.  Inline text is scanned character by character:
;; **strong**, *emphasis* and `code` spans, reference links
;; [text][name] (left as they stand when the name is not defined), and
;; & < > escaped.  Everything is written to one output string port; the
;; tags around a span are written by dynamic-wind, its before thunk the
;; opening tag and its after thunk the closing one, the inside rendered
;; by the same scanner.  The opening tag takes its attributes as rest
;; arguments.  What was made is counted in an association list keyed by
;; strings, grown by set-cdr!, and every page's tags are checked to
;; nest properly by a stack kept in a list.
;;
;; Documents are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 331, each draw x div 65536: for each document the number of blocks
;; (5 + mod 10), each block's kind (mod 6: 0 a heading, its level 1 + mod
;; 3 and words 2 + mod 4; 1 to 3 a paragraph of 1 + mod 3 lines of
;; 3 + mod 8 words; 4 a list of 2 + mod 4 items of 2 + mod 5 words; 5 a
;; reference definition, its name mod 6), each word's form (mod 12: 0
;; emphasis, 1 strong, 2 code, 3 a link, else plain) and the word (mod
;; the vocabulary's length), then for a link its name (mod 6).
;;
;; (run n) => (n, characters of markdown, characters of HTML, the counts
;;             (headings, paragraphs, items, lists, em, strong, code,
;;             links, missing links), pages whose tags nest, a checksum
;;             of the HTML, the first page's first four lines)

(define seed 331)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define vocabulary
  (vector "scheme" "lambda" "list" "car" "cdr" "tail" "call" "a<b" "x&y" "port"
          "string" "vector" "closure" "macro" "b>a" "loop" "frame" "stack"))

(define reference-names (vector "r7rs" "sicp" "htdp" "tspl" "guile" "wiki"))

;; -- making documents ---------------------------------------------------------

(define (random-word out)
  (let* ((form (modulo (next-random!) 12))
         (word (vector-ref vocabulary (modulo (next-random!) (vector-length vocabulary)))))
    (case form
      ((0) (display "*" out) (display word out) (display "*" out))
      ((1) (display "**" out) (display word out) (display "**" out))
      ((2) (display "`" out) (display word out) (display "`" out))
      ((3) (let ((name (vector-ref reference-names (modulo (next-random!) 6))))
             (display "[" out) (display word out) (display "][" out)
             (display name out) (display "]" out)))
      (else (display word out)))))

(define (random-words count out)
  (do ((k 0 (+ k 1)))
      ((= k count))
    (if (> k 0) (write-char #\space out))
    (random-word out)))

(define (make-document)
  (let ((out (open-output-string))
        (blocks (+ 5 (modulo (next-random!) 10))))
    (do ((b 0 (+ b 1)))
        ((= b blocks))
      (let ((kind (modulo (next-random!) 6)))
        (cond ((= kind 0)
               (let* ((level (+ 1 (modulo (next-random!) 3)))
                      (words (+ 2 (modulo (next-random!) 4))))
                 (display (make-string level #\#) out)
                 (write-char #\space out)
                 (random-words words out)
                 (newline out)))
              ((<= kind 3)
               (let ((lines (+ 1 (modulo (next-random!) 3))))
                 (do ((l 0 (+ l 1)))
                     ((= l lines))
                   (random-words (+ 3 (modulo (next-random!) 8)) out)
                   (newline out))))
              ((= kind 4)
               (let ((items (+ 2 (modulo (next-random!) 4))))
                 (do ((i 0 (+ i 1)))
                     ((= i items))
                   (display "- " out)
                   (random-words (+ 2 (modulo (next-random!) 5)) out)
                   (newline out))))
              (else
               (let ((name (vector-ref reference-names (modulo (next-random!) 6))))
                 (display "[" out) (display name out) (display "]: http://example.org/" out)
                 (display name out) (newline out))))
        (newline out)))
    (get-output-string out)))

;; -- counting ----------------------------------------------------------------------

(define counts '())

(define (bump! what)
  (let ((entry (assoc what counts)))
    (if entry
        (set-cdr! entry (+ (cdr entry) 1))
        (set! counts (cons (cons what 1) counts)))))

(define (count-of what)
  (let ((entry (assoc what counts)))
    (if entry (cdr entry) 0)))

;; -- lines and references -------------------------------------------------------

(define (split-lines text)
  (let loop ((i 0) (start 0) (lines '()))
    (cond ((= i (string-length text))
           (reverse (if (< start i) (cons (substring text start i) lines) lines)))
          ((char=? (string-ref text i) #\newline)
           (loop (+ i 1) (+ i 1) (cons (substring text start i) lines)))
          (else (loop (+ i 1) start lines)))))

(define (find-char text ch from end)
  (let loop ((i from))
    (cond ((>= i end) #f)
          ((char=? (string-ref text i) ch) i)
          (else (loop (+ i 1))))))

;; => (name . url) for a line "[name]: url", else #f
(define (reference-definition line)
  (let ((len (string-length line)))
    (and (> len 0)
         (char=? (string-ref line 0) #\[)
         (let ((close (find-char line #\] 1 len)))
           (and close
                (< (+ close 2) len)
                (char=? (string-ref line (+ close 1)) #\:)
                (char=? (string-ref line (+ close 2)) #\space)
                (cons (substring line 1 close) (substring line (+ close 3) len)))))))

(define (collect-references lines)
  (let loop ((lines lines) (refs '()))
    (cond ((null? lines) refs)
          ((reference-definition (car lines))
           => (lambda (def)
                (if (assoc (car def) refs)
                    (loop (cdr lines) refs)
                    (loop (cdr lines) (cons def refs)))))
          (else (loop (cdr lines) refs)))))

;; -- inline text ----------------------------------------------------------------

(define (open-tag out tag . attributes)
  (write-char #\< out)
  (display tag out)
  (let loop ((attributes attributes))
    (if (pair? attributes)
        (begin
          (write-char #\space out)
          (display (car attributes) out)
          (display "=\"" out)
          (display (cadr attributes) out)
          (write-char #\" out)
          (loop (cddr attributes)))))
  (write-char #\> out))

(define (with-tag out tag attributes thunk)
  (dynamic-wind
   (lambda () (apply open-tag out tag attributes))
   thunk
   (lambda () (display "</" out) (display tag out) (write-char #\> out))))

(define (write-escaped ch out)
  (case ch
    ((#\<) (display "&lt;" out))
    ((#\>) (display "&gt;" out))
    ((#\&) (display "&amp;" out))
    (else (write-char ch out))))

(define (find-double-star text from end)
  (let loop ((i from))
    (cond ((>= (+ i 1) end) #f)
          ((and (char=? (string-ref text i) #\*) (char=? (string-ref text (+ i 1)) #\*)) i)
          (else (loop (+ i 1))))))

;; a span whose inside is scanned again, counted by its tag and written inside it
(define (render-span tag text from to refs out)
  (bump! tag)
  (with-tag out tag '() (lambda () (render-inline text from to refs out))))

(define (render-inline text start end refs out)
  (let loop ((i start))
    (if (< i end)
        (let ((ch (string-ref text i)))
          (cond ((and (char=? ch #\*) (< (+ i 1) end) (char=? (string-ref text (+ i 1)) #\*))
                 (let ((close (find-double-star text (+ i 2) end)))
                   (if close
                       (begin
                         (render-span "strong" text (+ i 2) close refs out)
                         (loop (+ close 2)))
                       (begin (display "**" out) (loop (+ i 2))))))
                ((char=? ch #\*)
                 (let ((close (find-char text #\* (+ i 1) end)))
                   (if close
                       (begin
                         (render-span "em" text (+ i 1) close refs out)
                         (loop (+ close 1)))
                       (begin (write-char ch out) (loop (+ i 1))))))
                ((char=? ch #\`)
                 (let ((close (find-char text #\` (+ i 1) end)))
                   (if close
                       (begin
                         (bump! "code")
                         (with-tag out "code" '()
                                   (lambda ()
                                     (do ((j (+ i 1) (+ j 1)))
                                         ((= j close))
                                       (write-escaped (string-ref text j) out))))
                         (loop (+ close 1)))
                       (begin (write-char ch out) (loop (+ i 1))))))
                ((char=? ch #\[)
                 (let* ((close (find-char text #\] (+ i 1) end))
                        (name-end (and close
                                       (< (+ close 1) end)
                                       (char=? (string-ref text (+ close 1)) #\[)
                                       (find-char text #\] (+ close 2) end)))
                        (ref (and name-end (assoc (substring text (+ close 2) name-end) refs))))
                   (cond (ref
                          (bump! "link")
                          (with-tag out "a" (list "href" (cdr ref))
                                    (lambda () (render-inline text (+ i 1) close refs out)))
                          (loop (+ name-end 1)))
                         (else
                          (if name-end (bump! "missing"))
                          (write-char ch out)
                          (loop (+ i 1))))))
                (else (write-escaped ch out) (loop (+ i 1))))))))

;; -- blocks -------------------------------------------------------------------------

(define (blank? line)
  (let loop ((i 0))
    (cond ((= i (string-length line)) #t)
          ((char=? (string-ref line i) #\space) (loop (+ i 1)))
          (else #f))))

(define (heading-level line)
  (let loop ((i 0))
    (cond ((and (< i (string-length line)) (char=? (string-ref line i) #\#)) (loop (+ i 1)))
          ((and (> i 0) (< i (string-length line)) (char=? (string-ref line i) #\space)) i)
          (else 0))))

(define (item? line)
  (and (>= (string-length line) 2)
       (char=? (string-ref line 0) #\-)
       (char=? (string-ref line 1) #\space)))

(define (join-lines lines)
  (let loop ((lines (cdr lines)) (text (car lines)))
    (if (null? lines)
        text
        (loop (cdr lines) (string-append text " " (car lines))))))

(define (flush-paragraph! para refs out)
  (if (pair? para)
      (let ((text (join-lines (reverse para))))
        (bump! "p")
        (with-tag out "p" '()
                  (lambda () (render-inline text 0 (string-length text) refs out)))
        (newline out))))

(define (flush-list! items refs out)
  (if (pair? items)
      (begin
        (bump! "ul")
        (with-tag out "ul" '()
                  (lambda ()
                    (newline out)
                    (for-each (lambda (item)
                                (bump! "li")
                                (with-tag out "li" '()
                                          (lambda () (render-inline item 2 (string-length item) refs out)))
                                (newline out))
                              (reverse items))))
        (newline out))))

(define (convert text)
  (let* ((lines (split-lines text))
         (refs (collect-references lines))
         (out (open-output-string)))
    (let loop ((lines lines) (para '()) (items '()))
      (cond ((null? lines)
             (flush-paragraph! para refs out)
             (flush-list! items refs out)
             (get-output-string out))
            ((or (blank? (car lines)) (reference-definition (car lines)))
             (flush-paragraph! para refs out)
             (flush-list! items refs out)
             (loop (cdr lines) '() '()))
            ((> (heading-level (car lines)) 0)
             (let* ((line (car lines))
                    (level (heading-level line))
                    (tag (string #\h (integer->char (+ 48 level)))))
               (flush-paragraph! para refs out)
               (flush-list! items refs out)
               (bump! "h")
               (with-tag out tag '()
                         (lambda () (render-inline line (+ level 1) (string-length line) refs out)))
               (newline out)
               (loop (cdr lines) '() '())))
            ((item? (car lines))
             (flush-paragraph! para refs out)
             (loop (cdr lines) '() (cons (car lines) items)))
            (else
             (flush-list! items refs out)
             (loop (cdr lines) (cons (car lines) para) '()))))))

;; -- checking the tags ----------------------------------------------------------------

(define (tags-nest? html)
  (let loop ((i 0) (stack '()))
    (if (= i (string-length html))
        (null? stack)
        (if (char=? (string-ref html i) #\<)
            (let* ((close (find-char html #\> i (string-length html)))
                   (space (find-char html #\space i close))
                   (closing? (char=? (string-ref html (+ i 1)) #\/))
                   (name (substring html (if closing? (+ i 2) (+ i 1)) (or space close))))
              (cond ((not closing?) (loop (+ close 1) (cons name stack)))
                    ((and (pair? stack) (string=? (car stack) name)) (loop (+ close 1) (cdr stack)))
                    (else #f)))
            (loop (+ i 1) stack)))))

(define (first-lines text count)
  (let loop ((lines (split-lines text)) (k 0))
    (if (or (null? lines) (= k count))
        '()
        (cons (car lines) (loop (cdr lines) (+ k 1))))))

(define (run n)
  (set! seed 331)
  (set! counts '())
  (let loop ((k 0) (md-chars 0) (html-chars 0) (nested 0) (check 0) (shown #f))
    (if (= k n)
        (list n md-chars html-chars
              (map count-of '("h" "p" "li" "ul" "em" "strong" "code" "link" "missing"))
              nested check shown)
        (let* ((text (make-document))
               (html (convert text)))
          (loop (+ k 1)
                (+ md-chars (string-length text))
                (+ html-chars (string-length html))
                (if (tags-nest? html) (+ nested 1) nested)
                (let sum ((i 0) (check check))
                  (if (= i (string-length html))
                      check
                      (sum (+ i 1) (modulo (+ (* check 31) (char->integer (string-ref html i))) 1000003))))
                (or shown (first-lines html 4)))))))
