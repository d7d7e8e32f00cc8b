;; word-wrap: filling and justifying paragraphs, the way an exercise on
;; strings as lists of characters would do it.
;;
;; A paragraph is made of words drawn from a fixed list, joined by one to
;; three spaces and now and then a newline.  It is split into words by
;; hand: string->list, then a walk that gathers the characters between
;; whitespace (char-whitespace?) and turns each run into a string by
;; list->string.  The words are filled greedily into lines of at most w
;; characters; every line but the last is then justified, the spaces
;; needed handed out one at a time to the gaps from the left; a word longer
;; than the width stands on a line of its own.
;;
;; n paragraphs of 20 to 59 words are drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 137, each draw x div 65536,
;; and each is set at widths 16, 28 and 40.
;;
;; (run n) => (n, words read, lines made, lines justified, the spaces added,
;;             a checksum of every line, the first paragraph's lines at 16)

(define seed 137)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define vocabulary
  '#("the" "a" "quick" "brown" "fox" "jumps" "over" "lazy" "dog" "and"
     "runs" "far" "away" "from" "hunters" "who" "never" "rest" "in"
     "winter" "extraordinarily" "small" "towns" "by" "river"))

(define (make-paragraph)
  (let ((count (+ 20 (modulo (next-random!) 40))))
    (let loop ((k 0) (chars '()))
      (if (= k count)
          (list->string (reverse chars))
          (let* ((word (vector-ref vocabulary
                                   (modulo (next-random!) (vector-length vocabulary))))
                 (gap (modulo (next-random!) 8))
                 (sep (cond ((= gap 0) (list #\newline))
                            ((= gap 1) (list #\space #\space #\space))
                            ((= gap 2) (list #\space #\space))
                            (else (list #\space)))))
            (loop (+ k 1)
                  (append (reverse sep) (reverse (string->list word)) chars)))))))

;; the words of a text, in order
(define (split-words text)
  (let loop ((chars (string->list text)) (word '()) (words '()))
    (cond ((null? chars)
           (reverse (if (null? word) words (cons (list->string (reverse word)) words))))
          ((char-whitespace? (car chars))
           (loop (cdr chars) '()
                 (if (null? word) words (cons (list->string (reverse word)) words))))
          (else (loop (cdr chars) (cons (car chars) word) words)))))

;; greedy filling: a list of lines, each a list of words
(define (fill words width)
  (let loop ((words words) (line '()) (len 0) (lines '()))
    (cond ((null? words)
           (reverse (if (null? line) lines (cons (reverse line) lines))))
          ((null? line)
           (loop (cdr words) (list (car words)) (string-length (car words)) lines))
          ((<= (+ len 1 (string-length (car words))) width)
           (loop (cdr words) (cons (car words) line)
                 (+ len 1 (string-length (car words))) lines))
          (else
           (loop words '() 0 (cons (reverse line) lines))))))

(define (make-spaces k)
  (make-string k #\space))

(define spaces-added 0)

(define (justify line width)
  (let* ((letters (apply + (map string-length line)))
         (gaps (- (length line) 1)))
    (if (= gaps 0)
        (car line)
        (let* ((room (- width letters))
               (each (quotient room gaps))
               (extra (remainder room gaps)))
          (set! spaces-added (+ spaces-added (- room gaps)))
          (let loop ((words (cdr line)) (i 0) (out (list (car line))))
            (if (null? words)
                (apply string-append (reverse out))
                (loop (cdr words) (+ i 1)
                      (cons (car words)
                            (cons (make-spaces (if (< i extra) (+ each 1) each)) out)))))))))

(define (join-words line)
  (if (null? (cdr line))
      (car line)
      (string-append (car line) " " (join-words (cdr line)))))

(define (set-paragraph words width)
  (let loop ((lines (fill words width)) (out '()))
    (cond ((null? lines) (reverse out))
          ((null? (cdr lines)) (loop '() (cons (join-words (car lines)) out)))
          (else (loop (cdr lines) (cons (justify (car lines) width) out))))))

(define (string-checksum s acc)
  (let loop ((chars (string->list s)) (acc acc))
    (if (null? chars)
        acc
        (loop (cdr chars) (modulo (+ (* acc 31) (char->integer (car chars))) 1000003)))))

(define (run n)
  (set! seed 137)
  (set! spaces-added 0)
  (let loop ((i 0) (words-read 0) (lines 0) (justified 0) (checksum 0) (first '()))
    (if (= i n)
        (list n words-read lines justified spaces-added checksum first)
        (let* ((words (split-words (make-paragraph)))
               (sets (map (lambda (w) (set-paragraph words w)) '(16 28 40)))
               (all (apply append sets)))
          (loop (+ i 1)
                (+ words-read (length words))
                (+ lines (length all))
                (+ justified (apply + (map (lambda (s) (- (length s) 1)) sets)))
                (let sum ((ls all) (acc checksum))
                  (if (null? ls) acc (sum (cdr ls) (string-checksum (car ls) acc))))
                (if (= i 0) (car sets) first))))))
