;; caesar: a Caesar cipher over a text with string-map and a lambda,
;; char->integer and integer->char; cracked by trying the 26 shifts and
;; scoring each with string-for-each and a counter set! in a closure.
;;
;; (run n) => how many of n enciphered texts were cracked to their key.

(define (shift-char c k)
  (cond ((char-upper-case? c)
         (integer->char (+ 65 (modulo (+ (- (char->integer c) 65) k) 26))))
        ((char-lower-case? c)
         (integer->char (+ 97 (modulo (+ (- (char->integer c) 97) k) 26))))
        (else c)))

(define (encrypt text k)
  (string-map (lambda (c) (shift-char c k)) text))

(define (score text)
  (let ((count 0))
    (string-for-each
     (lambda (c)
       (if (memv (char-downcase c) '(#\e #\t #\a #\o))
           (set! count (+ count 1))))
     text)
    count))

(define (crack cipher)
  (let loop ((k 0) (best 0) (best-score -1))
    (if (= k 26)
        best
        (let ((s (score (encrypt cipher (- 26 k)))))
          (if (> s best-score)
              (loop (+ k 1) k s)
              (loop (+ k 1) best best-score))))))

(define plain
  "The quick brown fox jumps over the lazy dog, and then it eats a tomato at the station.")

(define (run n)
  (let loop ((i 0) (cracked 0))
    (if (= i n)
        cracked
        (let ((key (modulo (* i 7) 26)))
          (loop (+ i 1)
                (if (= (crack (encrypt plain key)) key) (+ cracked 1) cracked))))))
