;; vigenere: texts enciphered with Vigenere's cipher and broken again
;; without the key, as a cryptography course's first lab does it.
;;
;; A plain text is words from a list run together and upper-cased by
;; char-upcase; a key is 3 .. 7 letters.  Enciphering adds the key's
;; letters round and round (char->integer, modulo 26, integer->char into
;; a make-string by string-set!).  Breaking it: for each key length 1 ..
;; 10 the text is cut into that many columns, each column's letters
;; counted in a vector of 26, and its index of coincidence, the sum of
;; f (f - 1) over N (N - 1), taken as an exact rational; the key length is
;; the first whose mean index reaches 3/50, else the one with the highest.
;; Each column's key letter is then the shift whose deciphered counts are
;; nearest English by Pearson's chi-squared, worked in floats against an
;; association list of English letter frequencies per mille read by assv
;; (the first least on a tie).  The text deciphered with the found key is
;; compared with the plain text letter by letter.
;;
;; n texts are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 229,
;; each draw x div 65536: the length wanted (120 .. 239 letters), words
;; (of 32) until it is reached, the key's length and its letters.
;;
;; (run n) => (n, key lengths found, keys found, letters deciphered
;;             right, letters in all, found lengths summed, a checksum of
;;             the cipher texts, the first text's key, the key found and
;;             the start of its cipher text)

(define seed 229)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define words
  (vector "the" "and" "that" "have" "with" "this" "from" "they"
          "will" "would" "there" "their" "what" "about" "which" "when"
          "make" "like" "time" "just" "know" "take" "people" "into"
          "year" "good" "some" "could" "them" "other" "than" "then"))

(define english
  '((#\A . 82) (#\B . 15) (#\C . 28) (#\D . 43) (#\E . 127) (#\F . 22) (#\G . 20)
    (#\H . 61) (#\I . 70) (#\J . 2) (#\K . 8) (#\L . 40) (#\M . 24) (#\N . 67)
    (#\O . 75) (#\P . 19) (#\Q . 1) (#\R . 60) (#\S . 63) (#\T . 91) (#\U . 28)
    (#\V . 10) (#\W . 24) (#\X . 2) (#\Y . 20) (#\Z . 1)))

(define (letter->number c) (- (char->integer c) 65))
(define (number->letter k) (integer->char (+ k 65)))

(define (random-text)
  (let ((wanted (+ 120 (modulo (next-random!) 120))))
    (let loop ((chars '()) (count 0))
      (if (>= count wanted)
          (list->string (reverse chars))
          (let ((word (vector-ref words (modulo (next-random!) 32))))
            (loop (append (reverse (map char-upcase (string->list word))) chars)
                  (+ count (string-length word))))))))

(define (random-key)
  (let* ((len (+ 3 (modulo (next-random!) 5)))
         (key (make-string len #\A)))
    (do ((i 0 (+ i 1))) ((= i len) key)
      (string-set! key i (number->letter (modulo (next-random!) 26))))))

(define (shift-text text key sign)
  (let* ((n (string-length text))
         (k (string-length key))
         (out (make-string n #\A)))
    (do ((i 0 (+ i 1))) ((= i n) out)
      (string-set! out i
                   (number->letter
                    (modulo (+ (letter->number (string-ref text i))
                               (* sign (letter->number (string-ref key (modulo i k)))))
                            26))))))

(define (column-counts text start step)
  (let ((counts (make-vector 26 0)))
    (do ((i start (+ i step))) ((>= i (string-length text)) counts)
      (let ((c (letter->number (string-ref text i))))
        (vector-set! counts c (+ 1 (vector-ref counts c)))))))

(define (coincidence counts)
  (let loop ((c 0) (pairs 0) (total 0))
    (if (= c 26)
        (if (< total 2) 0 (/ pairs (* total (- total 1))))
        (let ((f (vector-ref counts c)))
          (loop (+ c 1) (+ pairs (* f (- f 1))) (+ total f))))))

(define (mean-coincidence text k)
  (let loop ((j 0) (sum 0))
    (if (= j k)
        (/ sum k)
        (loop (+ j 1) (+ sum (coincidence (column-counts text j k)))))))

(define (key-length text)
  (let loop ((k 1) (best 1) (best-ic -1))
    (if (> k 10)
        best
        (let ((ic (mean-coincidence text k)))
          (cond ((>= ic 3/50) k)
                ((> ic best-ic) (loop (+ k 1) k ic))
                (else (loop (+ k 1) best best-ic)))))))

(define (chi-squared counts shift)
  ;; counts of the column read as if enciphered with the letter shift
  (let ((n (let loop ((c 0) (t 0)) (if (= c 26) t (loop (+ c 1) (+ t (vector-ref counts c)))))))
    (let loop ((c 0) (chi 0.))
      (if (= c 26)
          chi
          (let* ((observed (vector-ref counts (modulo (+ c shift) 26)))
                 (expected (/ (* (cdr (assv (number->letter c) english)) n) 1000.))
                 (d (- observed expected)))
            (loop (+ c 1) (+ chi (/ (* d d) expected))))))))

(define (best-shift counts)
  (let loop ((s 0) (best 0) (best-chi #f))
    (if (= s 26)
        best
        (let ((chi (chi-squared counts s)))
          (if (or (not best-chi) (< chi best-chi))
              (loop (+ s 1) s chi)
              (loop (+ s 1) best best-chi))))))

(define (find-key text)
  (let* ((k (key-length text))
         (key (make-string k #\A)))
    (do ((j 0 (+ j 1))) ((= j k) key)
      (string-set! key j (number->letter (best-shift (column-counts text j k)))))))

(define (letters-alike a b)
  (let loop ((i 0) (same 0))
    (if (= i (string-length a))
        same
        (loop (+ i 1) (if (char=? (string-ref a i) (string-ref b i)) (+ same 1) same)))))

(define (run n)
  (set! seed 229)
  (let loop ((t 0) (lengths 0) (keys 0) (right 0) (letters 0) (found-lengths 0) (sum 0) (first '()))
    (if (= t n)
        (list n lengths keys right letters found-lengths sum first)
        (let* ((plain (random-text))
               (key (random-key))
               (cipher (shift-text plain key 1))
               (found (find-key cipher))
               (back (shift-text cipher found -1)))
          (loop (+ t 1)
                (if (= (string-length found) (string-length key)) (+ lengths 1) lengths)
                (if (string=? found key) (+ keys 1) keys)
                (+ right (letters-alike plain back))
                (+ letters (string-length plain))
                (+ found-lengths (string-length found))
                (let walk ((i 0) (sum sum))
                  (if (= i (string-length cipher))
                      sum
                      (walk (+ i 1) (modulo (+ (* sum 29) (char->integer (string-ref cipher i))) 1000003))))
                (if (= t 0)
                    (list key found (substring cipher 0 30))
                    first))))))
