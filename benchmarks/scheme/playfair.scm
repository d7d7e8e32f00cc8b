;; playfair: Wheatstone's Playfair cipher, then a rail fence over its
;; output, written the way a first course on classical ciphers does.
;;
;; The key square is a 25-letter string: the keyword's letters (J read as
;; I) with repeats dropped, then the rest of the alphabet without J.  A
;; vector of 26, indexed by char->integer minus 65, gives each letter's
;; place in the square; its row and column are quotient and remainder by
;; 5.  A message keeps only its letters, upper-cased, J made I; it is cut
;; into pairs, an X put between two equal letters of a pair (a Q after an
;; X) and at the end of an odd one.  A pair in one row moves right, in one
;; column down, otherwise each letter takes the other's column; decoding
;; moves the other way (by 4).  The cipher text then goes on a rail fence
;; of 2 .. 5 rails, one output string port per rail held in a vector, and
;; is read back off the fence by counting each rail's letters.
;;
;; n messages are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 167, each draw x div 65536: the keyword, the number of words (3 ..
;; 10), before each word but the first a separator (", " one time in
;; four, else " "), each word from a list of 16, then the rails.
;;
;; (run n) => (n, letters enciphered, fillers put in, messages whose
;;             Playfair text came back, messages whose fence came back,
;;             a checksum of the fenced texts, the first key square, the
;;             first fenced text)

(define seed 167)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define keywords
  (vector "playfair" "monarchy" "keyword" "jukebox" "zephyr" "cipher" "wheatstone" "example"))

(define vocabulary
  (vector "attack" "at" "dawn" "hello" "balloon" "jazz" "meet" "the"
          "queen" "by" "moss" "bridge" "xerxes" "coffee" "jolly" "six"))

(define alphabet "ABCDEFGHIKLMNOPQRSTUVWXYZ")

(define (fold-j c)
  (if (char=? c #\J) #\I c))

(define (make-square keyword)
  (let loop ((chars (append (map (lambda (c) (fold-j (char-upcase c))) (string->list keyword))
                            (string->list alphabet)))
             (kept '()))
    (cond ((null? chars) (list->string (reverse kept)))
          ((memv (car chars) kept) (loop (cdr chars) kept))
          (else (loop (cdr chars) (cons (car chars) kept))))))

(define (square-places square)
  (let ((places (make-vector 26 #f)))
    (do ((i 0 (+ i 1)))
        ((= i 25) places)
      (vector-set! places (- (char->integer (string-ref square i)) 65) i))))

(define (place-of places c)
  (vector-ref places (- (char->integer c) 65)))

(define (message-letters text)
  (let ((out '()))
    (string-for-each
     (lambda (c)
       (when (char-alphabetic? c)
         (set! out (cons (fold-j (char-upcase c)) out))))
     text)
    (reverse out)))

(define (filler-for c)
  (if (char=? c #\X) #\Q #\X))

;; the pairs as a list of two-letter lists; the fillers counted in a box
(define (make-pairs letters fillers)
  (let loop ((rest letters) (pairs '()))
    (cond ((null? rest) (reverse pairs))
          ((null? (cdr rest))
           (set-car! fillers (+ (car fillers) 1))
           (reverse (cons (list (car rest) (filler-for (car rest))) pairs)))
          ((char=? (car rest) (cadr rest))
           (set-car! fillers (+ (car fillers) 1))
           (loop (cdr rest) (cons (list (car rest) (filler-for (car rest))) pairs)))
          (else
           (loop (cddr rest) (cons (list (car rest) (cadr rest)) pairs))))))

(define (code-pair square places pair shift)
  (let* ((i (place-of places (car pair)))
         (j (place-of places (cadr pair)))
         (ri (quotient i 5)) (ci (remainder i 5))
         (rj (quotient j 5)) (cj (remainder j 5)))
    (cond ((= ri rj)
           (list (string-ref square (+ (* ri 5) (modulo (+ ci shift) 5)))
                 (string-ref square (+ (* rj 5) (modulo (+ cj shift) 5)))))
          ((= ci cj)
           (list (string-ref square (+ (* (modulo (+ ri shift) 5) 5) ci))
                 (string-ref square (+ (* (modulo (+ rj shift) 5) 5) cj))))
          (else
           (list (string-ref square (+ (* ri 5) cj))
                 (string-ref square (+ (* rj 5) ci)))))))

(define (code-text square places text shift)
  (let ((out (open-output-string)))
    (let loop ((i 0))
      (if (< i (string-length text))
          (let ((coded (code-pair square places
                                  (list (string-ref text i) (string-ref text (+ i 1)))
                                  shift)))
            (write-char (car coded) out)
            (write-char (cadr coded) out)
            (loop (+ i 2)))
          (get-output-string out)))))

(define (pairs->string pairs)
  (list->string (apply append pairs)))

(define (next-rail rail down? rails)
  (cond ((= rails 1) 0)
        ((and down? (= rail (- rails 1))) (- rail 1))
        ((and (not down?) (= rail 0)) 1)
        (down? (+ rail 1))
        (else (- rail 1))))

(define (fence text rails)
  (let ((ports (make-vector rails #f)))
    (do ((r 0 (+ r 1))) ((= r rails))
      (vector-set! ports r (open-output-string)))
    (let loop ((i 0) (rail 0) (down? #t))
      (when (< i (string-length text))
        (write-char (string-ref text i) (vector-ref ports rail))
        (let ((next (next-rail rail down? rails)))
          (loop (+ i 1) next (> next rail)))))
    (let join ((r 0) (parts '()))
      (if (= r rails)
          (apply string-append (reverse parts))
          (join (+ r 1) (cons (get-output-string (vector-ref ports r)) parts))))))

(define (unfence text rails)
  (let* ((len (string-length text))
         (rail-of (make-vector len 0))
         (counts (make-vector rails 0))
         (starts (make-vector rails 0))
         (out (make-string len #\space)))
    (let loop ((i 0) (rail 0) (down? #t))
      (when (< i len)
        (vector-set! rail-of i rail)
        (vector-set! counts rail (+ (vector-ref counts rail) 1))
        (let ((next (next-rail rail down? rails)))
          (loop (+ i 1) next (> next rail)))))
    (do ((r 1 (+ r 1))) ((= r rails))
      (vector-set! starts r (+ (vector-ref starts (- r 1)) (vector-ref counts (- r 1)))))
    (do ((i 0 (+ i 1))) ((= i len) out)
      (let ((r (vector-ref rail-of i)))
        (string-set! out i (string-ref text (vector-ref starts r)))
        (vector-set! starts r (+ (vector-ref starts r) 1))))))

(define (random-message)
  (let ((count (+ 3 (modulo (next-random!) 8)))
        (out (open-output-string)))
    (do ((i 0 (+ i 1))) ((= i count) (get-output-string out))
      (when (> i 0)
        (write-string (if (= (modulo (next-random!) 4) 0) ", " " ") out))
      (write-string (vector-ref vocabulary (modulo (next-random!) 16)) out))))

(define (checksum-text sum text)
  (let loop ((i 0) (sum sum))
    (if (= i (string-length text))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref text i))) 1000003)))))

(define (run n)
  (set! seed 167)
  (let ((fillers (list 0)))
    (let loop ((k 0) (letters 0) (plain-ok 0) (fence-ok 0) (sum 0) (first-square "") (first-text ""))
      (if (= k n)
          (list n letters (car fillers) plain-ok fence-ok sum first-square first-text)
          (let* ((square (make-square (vector-ref keywords (modulo (next-random!) 8))))
                 (places (square-places square))
                 (message (random-message))
                 (rails (+ 2 (modulo (next-random!) 4)))
                 (plain (pairs->string (make-pairs (message-letters message) fillers)))
                 (secret (code-text square places plain 1))
                 (fenced (fence secret rails)))
            (loop (+ k 1)
                  (+ letters (string-length plain))
                  (if (string=? (code-text square places secret 4) plain) (+ plain-ok 1) plain-ok)
                  (if (string=? (unfence fenced rails) secret) (+ fence-ok 1) fence-ok)
                  (checksum-text sum fenced)
                  (if (= k 0) square first-square)
                  (if (= k 0) fenced first-text)))))))
