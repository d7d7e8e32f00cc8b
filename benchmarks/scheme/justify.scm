;; justify: a text filled into lines 36 characters wide and justified on
;; both sides.  Words are put on a line while they fit (a named let over
;; the list of words, each line's words consed and reversed); each line
;; but the last then has its spare room shared among its gaps, quotient
;; spaces to every gap and one more to the first remainder of them, the
;; spaces made by make-string and joined by string-append; a line of one
;; word and the last line are padded on the right.  The lines are then
;; read back with string-ref: the widest run of spaces between two words,
;; and the words beginning with a capital (char-upper-case?).
;;
;; Word i of n is the (x mod 26)-th word of a vocabulary, for x the i-th
;; value of x -> (75x + 74) mod 65537 after x = 1 (149, 11249, ...); a
;; full stop follows it when x div 26 is a multiple of 7, and the first
;; word and every word after a full stop begin with a capital, made by
;; char-upcase and string-set! on a string-copy.
;;
;; (run n) => (lines, lines ending a sentence, lines whose gaps are not all equal,
;;             the widest gap between words, words with a capital, whether
;;             every line is 36 long, the first line, the last line)

(define width 36)

(define vocabulary
  '#("the" "quick" "brown" "fox" "jumps" "over" "a" "lazy" "dog" "while" "scheme"
     "programs" "run" "in" "python" "and" "guile" "compiles" "them" "to" "bytecode"
     "so" "every" "line" "is" "counted"))

(define (next-random x) (modulo (+ (* 75 x) 74) 65537))

(define (capitalized word)
  (let ((copy (string-copy word)))
    (string-set! copy 0 (char-upcase (string-ref copy 0)))
    copy))

(define (make-words n)
  (let loop ((i 0) (x 1) (capital #t) (words '()))
    (if (= i n)
        (reverse words)
        (let* ((x (next-random x))
               (word (vector-ref vocabulary (modulo x 26)))
               (word (if capital (capitalized word) word))
               (stop (= (modulo (quotient x 26) 7) 0)))
          (loop (+ i 1) x stop (cons (if stop (string-append word ".") word) words))))))

;; The words in lines, each line a list of the words that fit on it.
(define (fill words)
  (let loop ((words words) (line '()) (used 0) (lines '()))
    (cond ((null? words)
           (reverse (if (null? line) lines (cons (reverse line) lines))))
          ((null? line)
           (loop (cdr words) (list (car words)) (string-length (car words)) lines))
          ((<= (+ used 1 (string-length (car words))) width)
           (loop (cdr words) (cons (car words) line) (+ used 1 (string-length (car words))) lines))
          (else (loop words '() 0 (cons (reverse line) lines))))))

(define (pad-right text)
  (string-append text (make-string (- width (string-length text)) #\space)))

(define (justify-line words)
  (let ((letters (apply + (map string-length words)))
        (gaps (- (length words) 1)))
    (if (= gaps 0)
        (pad-right (car words))
        (let ((each (quotient (- width letters) gaps))
              (extra (remainder (- width letters) gaps)))
          (let loop ((words (cdr words)) (i 0) (line (car words)))
            (if (null? words)
                line
                (loop (cdr words)
                      (+ i 1)
                      (string-append line
                                     (make-string (if (< i extra) (+ each 1) each) #\space)
                                     (car words)))))))))

(define (last-line words)
  (let loop ((words (cdr words)) (line (car words)))
    (if (null? words)
        (pad-right line)
        (loop (cdr words) (string-append line " " (car words))))))

(define (justify lines)
  (let loop ((lines lines) (done '()))
    (cond ((null? lines) (reverse done))
          ((null? (cdr lines)) (reverse (cons (last-line (car lines)) done)))
          (else (loop (cdr lines) (cons (justify-line (car lines)) done))))))

(define (sentence-end? word)
  (char=? (string-ref word (- (string-length word) 1)) #\.))

;; The longest run of spaces in line that a word follows.
(define (widest-gap line)
  (let loop ((i 0) (spaces 0) (widest 0))
    (cond ((= i (string-length line)) widest)
          ((char=? (string-ref line i) #\space) (loop (+ i 1) (+ spaces 1) widest))
          (else (loop (+ i 1) 0 (max spaces widest))))))

(define (uneven? line)
  (let loop ((i 0) (spaces 0) (seen 0))
    (cond ((= i (string-length line)) #f)
          ((char=? (string-ref line i) #\space) (loop (+ i 1) (+ spaces 1) seen))
          ((= spaces 0) (loop (+ i 1) 0 seen))
          ((and (> seen 0) (not (= spaces seen))) #t)
          (else (loop (+ i 1) 0 spaces)))))

(define (capitals line)
  (let loop ((i 0) (count 0))
    (cond ((= i (string-length line)) count)
          ((and (char-upper-case? (string-ref line i))
                (or (= i 0) (char=? (string-ref line (- i 1)) #\space)))
           (loop (+ i 1) (+ count 1)))
          (else (loop (+ i 1) count)))))

(define (count-if pred items)
  (let loop ((items items) (count 0))
    (cond ((null? items) count)
          ((pred (car items)) (loop (cdr items) (+ count 1)))
          (else (loop (cdr items) count)))))

(define (run n)
  (let* ((lines (fill (make-words n)))
         (text (justify lines)))
    (list (length text)
          (count-if (lambda (line) (sentence-end? (list-ref line (- (length line) 1)))) lines)
          (count-if uneven? text)
          (apply max (map widest-gap text))
          (apply + (map capitals text))
          (= (count-if (lambda (line) (= (string-length line) width)) text) (length text))
          (car text)
          (list-ref text (- (length text) 1)))))
