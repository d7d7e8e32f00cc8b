;; palindromes: the longest palindromic substring and the number of
;; palindromic substrings, found twice: by expanding around every centre
;; (string-ref from both ends, a case-lambda taking one centre or two,
;; returning the palindrome's start and length as two values received by
;; let-values), and by Manacher's algorithm over a vector of the
;; characters with #f between them.  The texts are a prefix of the
;; Thue-Morse word, doubled by string-append of its complement (string-map
;; with a lambda), and a word of a's and b's from x -> (31421x + 6927) mod
;; 65536 (b when x is at least 32768), built by list->string; string-for-each
;; counts each text's a's.
;;
;; (run n) => for the Thue-Morse prefix and the random word of n
;;            characters: (longest length, its start, palindromic
;;            substrings, whether Manacher agrees, a's); then the random
;;            word's longest palindrome

;; The palindrome centred on one character or between two: start, length.
(define expand
  (case-lambda
    ((text centre) (expand text centre centre))
    ((text left right)
     (let loop ((left left) (right right))
       (if (and (>= left 0)
                (< right (string-length text))
                (char=? (string-ref text left) (string-ref text right)))
           (loop (- left 1) (+ right 1))
           (values (+ left 1) (- right left 1)))))))

;; (longest-length longest-start count) by expanding around each centre:
;; the odd palindromes centred on i, then the even ones after i.
(define (palindromes-by-centres text)
  (let ((n (string-length text)))
    (let loop ((i 0) (best 0) (best-start 0) (count 0))
      (if (= i n)
          (list best best-start count)
          (let-values (((odd-start odd-length) (expand text i))
                       ((even-start even-length) (expand text i (+ i 1))))
            (let* ((count (+ count (quotient (+ odd-length 1) 2) (quotient even-length 2)))
                   (best-start (if (> odd-length best) odd-start best-start))
                   (best (max best odd-length))
                   (best-start (if (> even-length best) even-start best-start))
                   (best (max best even-length)))
              (loop (+ i 1) best best-start count)))))))

;; Manacher: position 2i + 1 of the vector holds character i, the others
;; #f; radius[i] is the length, in the text, of the longest palindrome
;; centred on position i.
(define (palindromes-by-manacher text)
  (let* ((n (string-length text))
         (m (+ (* 2 n) 1))
         (chars (make-vector m #f))
         (radius (make-vector m 0)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (vector-set! chars (+ (* 2 i) 1) (string-ref text i)))
    (let loop ((i 0) (centre 0) (right 0) (best 0) (best-start 0) (count 0))
      (if (= i m)
          (list best best-start count)
          (let grow ((r (if (< i right)
                            (min (- right i) (vector-ref radius (- (* 2 centre) i)))
                            0)))
            (if (and (>= (- i r 1) 0)
                     (< (+ i r 1) m)
                     (eqv? (vector-ref chars (- i r 1)) (vector-ref chars (+ i r 1))))
                (grow (+ r 1))
                (begin
                  (vector-set! radius i r)
                  (loop (+ i 1)
                        (if (> (+ i r) right) i centre)
                        (max right (+ i r))
                        (max best r)
                        (if (> r best) (quotient (- i r) 2) best-start)
                        (+ count (quotient (+ r 1) 2))))))))))

(define (complement text)
  (string-map (lambda (c) (if (char=? c #\a) #\b #\a)) text))

(define (thue-morse n)
  (let loop ((text "a"))
    (if (>= (string-length text) n)
        (substring text 0 n)
        (loop (string-append text (complement text))))))

(define (random-word n)
  (let loop ((k 0) (x 1) (chars '()))
    (if (= k n)
        (list->string (reverse chars))
        (let ((x (modulo (+ (* 31421 x) 6927) 65536)))
          (loop (+ k 1) x (cons (if (>= x 32768) #\b #\a) chars))))))

(define (count-a text)
  (let ((count 0))
    (string-for-each (lambda (c) (if (char=? c #\a) (set! count (+ count 1)))) text)
    count))

(define (report text)
  (let ((by-centres (palindromes-by-centres text))
        (by-manacher (palindromes-by-manacher text)))
    (append by-centres
            (list (equal? by-centres by-manacher) (count-a text)))))

(define (run n)
  (let* ((word (random-word n))
         (longest (palindromes-by-centres word)))
    (list (report (thue-morse n))
          (report word)
          (substring word (cadr longest) (+ (cadr longest) (car longest))))))
