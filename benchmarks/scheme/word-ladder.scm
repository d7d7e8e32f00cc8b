;; word-ladder: Lewis Carroll's word ladders, found breadth first.  A
;; ladder goes from one word to another through words of the dictionary,
;; each one letter away from the last.
;;
;; The dictionary is a list of Carroll's words and n words of four
;; letters drawn from "aeinorst", merge-sorted by string<? (a merge sort
;; of our own, the merge by plain recursion), rid of repeats and put in a
;; vector, where a word is found by binary search.  A word's neighbours
;; are made by string-copy and string-set!, every position given every
;; other letter from a to z by integer->char.  The search keeps a queue
;; of two lists, the front taken from and the back added to, the back
;; reversed into the front when the front runs out, and the parent of
;; every word reached in a vector, -1 for a word not reached (#f was the
;; first draft's mark, and 0 a parent like any other; see the chest set
;; in benchmarks/README.md for the fault that made it -1, since fixed); a word is checked against
;; the target when it is taken from the queue.  The ladder is read back through the
;; parents and written with the changed letter of each step in capitals
;; by char-upcase, the steps joined by "-".
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 41, each draw
;; x div 65536; a letter the draw mod 8; then n / 50 pairs of words, each
;; an index of the dictionary by the draw mod its size.
;;
;; (run n) => (the dictionary's size, the ladder from cold to warm, its
;;             steps, the steps of the ladders between the pairs (#f
;;             where there is none), the words taken from the queues)

(define seed 41)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define carroll
  '("cold" "cord" "card" "ward" "warm" "word" "worm" "wore" "core" "care" "bold" "bolt" "boat"))

(define (random-word)
  (let ((word (make-string 4)))
    (do ((i 0 (+ i 1)))
        ((= i 4) word)
      (string-set! word i (string-ref "aeinorst" (modulo (next-random!) 8))))))

(define (merge-sort words)
  (define (merge a b)
    (cond ((null? a) b)
          ((null? b) a)
          ((string<? (car b) (car a)) (cons (car b) (merge a (cdr b))))
          (else (cons (car a) (merge (cdr a) b)))))
  (define (split words left right)
    (if (null? words)
        (merge (merge-sort left) (merge-sort right))
        (split (cdr words) right (cons (car words) left))))
  (if (or (null? words) (null? (cdr words)))
      words
      (split words '() '())))

(define (without-repeats sorted)
  (cond ((null? sorted) '())
        ((and (pair? (cdr sorted)) (string=? (car sorted) (cadr sorted)))
         (without-repeats (cdr sorted)))
        (else (cons (car sorted) (without-repeats (cdr sorted))))))

(define (lookup word dictionary)
  (let loop ((low 0) (high (- (vector-length dictionary) 1)))
    (if (> low high)
        #f
        (let* ((middle (quotient (+ low high) 2))
               (probe (vector-ref dictionary middle)))
          (cond ((string=? word probe) middle)
                ((string<? word probe) (loop low (- middle 1)))
                (else (loop (+ middle 1) high)))))))

(define (neighbours index dictionary)
  (let ((word (vector-ref dictionary index))
        (found '()))
    (do ((position 0 (+ position 1)))
        ((= position (string-length word)) (reverse found))
      (do ((code (char->integer #\a) (+ code 1)))
          ((> code (char->integer #\z)))
        (let ((letter (integer->char code)))
          (unless (char=? letter (string-ref word position))
            (let ((candidate (string-copy word)))
              (string-set! candidate position letter)
              (let ((other (lookup candidate dictionary)))
                (if other (set! found (cons other found)))))))))))

(define taken 0)

;; The ladder from `start` to `goal` (indices) as a list of indices, or #f.
(define (ladder start goal dictionary)
  (let ((parents (make-vector (vector-length dictionary) -1)))
    (vector-set! parents start start)
    (let search ((front (list start)) (back '()))
      (cond ((and (null? front) (null? back)) #f)
            ((null? front) (search (reverse back) '()))
            (else
             (let ((current (car front)))
               (set! taken (+ taken 1))
               (if (= current goal)
                   (let path ((index goal) (steps '()))
                     (if (= index start)
                         (cons start steps)
                         (path (vector-ref parents index) (cons index steps))))
                   (let add ((next (neighbours current dictionary)) (back back))
                     (cond ((null? next) (search (cdr front) back))
                           ((= (vector-ref parents (car next)) -1)
                            (vector-set! parents (car next) current)
                            (add (cdr next) (cons (car next) back)))
                           (else (add (cdr next) back)))))))))))

(define (written path dictionary)
  (let loop ((path (cdr path))
             (previous (vector-ref dictionary (car path)))
             (text (vector-ref dictionary (car path))))
    (if (null? path)
        text
        (let ((word (string-copy (vector-ref dictionary (car path)))))
          (do ((i 0 (+ i 1)))
              ((= i (string-length word)))
            (unless (char=? (string-ref word i) (string-ref previous i))
              (string-set! word i (char-upcase (string-ref word i)))))
          (loop (cdr path) (vector-ref dictionary (car path)) (string-append text "-" word))))))

(define (run n)
  (set! seed 41)
  (set! taken 0)
  (let* ((drawn (let draw ((i 0) (words carroll))
                  (if (= i n) words (draw (+ i 1) (cons (random-word) words)))))
         (dictionary (list->vector (without-repeats (merge-sort drawn))))
         (size (vector-length dictionary))
         (carroll-path (ladder (lookup "cold" dictionary) (lookup "warm" dictionary) dictionary))
         (steps (let pairs ((k 0))
                  (if (= k (quotient n 50))
                      '()
                      (let* ((a (modulo (next-random!) size))
                             (b (modulo (next-random!) size))
                             (path (ladder a b dictionary)))
                        (cons (and path (- (length path) 1)) (pairs (+ k 1))))))))
    (list size
          (written carroll-path dictionary)
          (- (length carroll-path) 1)
          steps
          taken)))
