;; bwt: the Burrows-Wheeler transform of n texts, then move-to-front and
;; run-length coding, and every step undone.
;;
;; A text is words drawn from a small vocabulary, joined by spaces with
;; string-append.  Its rotations are numbered by where they start and put
;; in order by a merge sort of our own over the list of those numbers:
;; the list cut in two by list-tail and set-cdr!, the halves merged by
;; plain recursion, two rotations compared character by character with
;; string-ref at indices taken modulo the length (equal rotations by
;; their starts).  The transform is the last column, the character
;; before each rotation's start, and the row where the text itself
;; stands.  It is undone the textbook way: the characters counted in a
;; vector indexed by char->integer, each row's rank among the rows
;; ending in its character, and from the text's row back to the start,
;; each row's predecessor found from its character's first row plus its
;; rank.
;;
;; Move-to-front over the 27 characters (space, a to z) held in a list:
;; a character's place found by a named let, the character cut out by
;; set-cdr! on the cell before it and consed on the front; decoding
;; moves the same way.  Runs are counted by string-for-each in the text
;; and in its transform (which gathers like letters together), and the
;; zeros of the move-to-front output, which the runs become.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 53, each
;; draw x div 65536; a text has 4 + draw mod 12 words, each word the
;; vocabulary's entry draw mod 12.
;;
;; (run n) => (the characters in all, the sum of the texts' rows, the
;;             runs in the texts and in their transforms, the zeros of
;;             move-to-front, whether every transform was undone,
;;             whether every move-to-front was undone, a checksum of
;;             every transform, the first text's transform)

(define seed 53)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define vocabulary
  (vector "banana" "bandana" "cabana" "an" "a" "nab" "abba" "baba" "can" "nan" "ban" "canal"))

(define (random-text)
  (let loop ((words (+ 4 (modulo (next-random!) 12))) (text ""))
    (if (= words 0)
        text
        (let ((word (vector-ref vocabulary (modulo (next-random!) 12))))
          (loop (- words 1)
                (if (string=? text "") word (string-append text " " word)))))))

;; Is the rotation starting at i before the one starting at j?
(define (rotation<? text i j)
  (let ((n (string-length text)))
    (let loop ((k 0))
      (if (= k n)
          (< i j)
          (let ((a (string-ref text (modulo (+ i k) n)))
                (b (string-ref text (modulo (+ j k) n))))
            (cond ((char<? a b) #t)
                  ((char<? b a) #f)
                  (else (loop (+ k 1)))))))))

(define (merge a b less?)
  (cond ((null? a) b)
        ((null? b) a)
        ((less? (car b) (car a)) (cons (car b) (merge a (cdr b) less?)))
        (else (cons (car a) (merge (cdr a) b less?)))))

;; Sorts a list made for it: the list is cut in place.
(define (merge-sort! items less?)
  (let ((n (length items)))
    (if (< n 2)
        items
        (let* ((last-of-front (list-tail items (- (quotient n 2) 1)))
               (back (cdr last-of-front)))
          (set-cdr! last-of-front '())
          (merge (merge-sort! items less?) (merge-sort! back less?) less?)))))

(define (iota-list n)
  (let loop ((k (- n 1)) (acc '()))
    (if (< k 0) acc (loop (- k 1) (cons k acc)))))

;; The transform and the row of the text itself, as two values.
(define (transform text)
  (let* ((n (string-length text))
         (rows (merge-sort! (iota-list n) (lambda (i j) (rotation<? text i j))))
         (last-column (list->string
                       (map (lambda (start) (string-ref text (modulo (+ start n -1) n))) rows))))
    (let loop ((rows rows) (row 0))
      (if (= (car rows) 0)
          (values last-column row)
          (loop (cdr rows) (+ row 1))))))

(define (untransform last-column row)
  (let* ((n (string-length last-column))
         (counts (make-vector 128 0))
         (firsts (make-vector 128 0))
         (ranks (make-vector n 0))
         (text (make-string n #\space)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let ((code (char->integer (string-ref last-column i))))
        (vector-set! ranks i (vector-ref counts code))
        (vector-set! counts code (+ (vector-ref counts code) 1))))
    (do ((code 0 (+ code 1))
         (total 0 (+ total (vector-ref counts code))))
        ((= code 128))
      (vector-set! firsts code total))
    (do ((k (- n 1) (- k 1))
         (row row (+ (vector-ref firsts (char->integer (string-ref last-column row)))
                     (vector-ref ranks row))))
        ((< k 0) text)
      (string-set! text k (string-ref last-column row)))))

(define alphabet " abcdefghijklmnopqrstuvwxyz")

;; The list with the element at position k (k > 0) moved to the front.
(define (move-to-front! table k)
  (let* ((before (list-tail table (- k 1)))
         (cell (cdr before)))
    (set-cdr! before (cdr cell))
    (set-cdr! cell table)
    cell))

(define (mtf-encode text)
  (let ((table (string->list alphabet))
        (out '()))
    (string-for-each
     (lambda (c)
       (let ((k (let find ((rest table) (k 0))
                  (if (char=? (car rest) c) k (find (cdr rest) (+ k 1))))))
         (set! out (cons k out))
         (if (> k 0) (set! table (move-to-front! table k)))))
     text)
    (reverse out)))

(define (mtf-decode codes)
  (let loop ((codes codes) (table (string->list alphabet)) (out '()))
    (if (null? codes)
        (list->string (reverse out))
        (let* ((k (car codes))
               (c (list-ref table k)))
          (loop (cdr codes)
                (if (> k 0) (move-to-front! table k) table)
                (cons c out))))))

(define (runs text)
  (let ((count 0) (previous #f))
    (string-for-each
     (lambda (c)
       (unless (and previous (char=? c previous))
         (set! count (+ count 1)))
       (set! previous c))
     text)
    count))

(define (checksum-text text sum)
  (let loop ((i 0) (sum sum))
    (if (= i (string-length text))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref text i))) 1000003)))))

(define (run n)
  (set! seed 53)
  (let loop ((k 0) (characters 0) (rows 0) (text-runs 0) (bwt-runs 0) (zeros 0)
             (undone #t) (mtf-undone #t) (sum 0) (first #f))
    (if (= k n)
        (list characters rows text-runs bwt-runs zeros undone mtf-undone sum first)
        (let ((text (random-text)))
          (let-values (((last-column row) (transform text)))
            (let ((codes (mtf-encode last-column)))
              (loop (+ k 1)
                    (+ characters (string-length text))
                    (+ rows row)
                    (+ text-runs (runs text))
                    (+ bwt-runs (runs last-column))
                    (+ zeros (length (filter zero? codes)))
                    (and undone (string=? (untransform last-column row) text))
                    (and mtf-undone (string=? (mtf-decode codes) last-column))
                    (checksum-text last-column sum)
                    (or first last-column))))))))
