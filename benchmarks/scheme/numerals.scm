;; numerals: numbers written as Roman numerals and as English words, and
;; read back.  A Roman numeral is built greedily from an association list
;; of (value . letters), highest first, by string-append, and read back by
;; a loop over string-ref with case giving each letter's value, a letter
;; worth less than the next subtracted.  Words come from a vector of the
;; names below twenty, a case on the tens digit, and string-append around
;; " hundred" and " thousand"; their vowels are counted by a case on each
;; character, and the last is given a capital by char-upcase and string-set!
;; on a string-copy.
;;
;; Number k of 1..n is written as words; its Roman numeral is that of
;; (k - 1) mod 3999 + 1.
;;
;; (run n) => (the letters of all the Roman numerals, whether each reads
;;             back to its number, the first of the longest numerals, the
;;             characters of all the words, their vowels, the words for n
;;             with a capital)

(define roman-letters
  '((1000 . "M") (900 . "CM") (500 . "D") (400 . "CD") (100 . "C") (90 . "XC")
    (50 . "L") (40 . "XL") (10 . "X") (9 . "IX") (5 . "V") (4 . "IV") (1 . "I")))

(define (integer->roman k)
  (let loop ((k k) (table roman-letters) (result ""))
    (cond ((= k 0) result)
          ((>= k (car (car table)))
           (loop (- k (car (car table))) table (string-append result (cdr (car table)))))
          (else (loop k (cdr table) result)))))

(define (roman-value letter)
  (case letter
    ((#\I) 1)
    ((#\V) 5)
    ((#\X) 10)
    ((#\L) 50)
    ((#\C) 100)
    ((#\D) 500)
    ((#\M) 1000)
    (else 0)))

(define (roman->integer s)
  (let loop ((i 0) (total 0))
    (if (= i (string-length s))
        total
        (let ((value (roman-value (string-ref s i))))
          (if (and (< (+ i 1) (string-length s))
                   (< value (roman-value (string-ref s (+ i 1)))))
              (loop (+ i 1) (- total value))
              (loop (+ i 1) (+ total value)))))))

(define small-names
  '#("zero" "one" "two" "three" "four" "five" "six" "seven" "eight" "nine" "ten"
     "eleven" "twelve" "thirteen" "fourteen" "fifteen" "sixteen" "seventeen" "eighteen" "nineteen"))

(define (tens-name digit)
  (case digit
    ((2) "twenty")
    ((3) "thirty")
    ((4) "forty")
    ((5) "fifty")
    ((6) "sixty")
    ((7) "seventy")
    ((8) "eighty")
    (else "ninety")))

(define (below-hundred k)
  (cond ((< k 20) (vector-ref small-names k))
        ((= (remainder k 10) 0) (tens-name (quotient k 10)))
        (else (string-append (tens-name (quotient k 10)) "-"
                             (vector-ref small-names (remainder k 10))))))

(define (below-thousand k)
  (cond ((< k 100) (below-hundred k))
        ((= (remainder k 100) 0)
         (string-append (vector-ref small-names (quotient k 100)) " hundred"))
        (else (string-append (vector-ref small-names (quotient k 100)) " hundred "
                             (below-hundred (remainder k 100))))))

(define (number->words k)
  (cond ((< k 1000) (below-thousand k))
        ((= (remainder k 1000) 0)
         (string-append (below-thousand (quotient k 1000)) " thousand"))
        (else (string-append (below-thousand (quotient k 1000)) " thousand "
                             (below-thousand (remainder k 1000))))))

(define (vowels s)
  (let loop ((i 0) (count 0))
    (if (= i (string-length s))
        count
        (loop (+ i 1)
              (case (string-ref s i)
                ((#\a #\e #\i #\o #\u) (+ count 1))
                (else count))))))

(define (capitalized s)
  (let ((copy (string-copy s)))
    (string-set! copy 0 (char-upcase (string-ref copy 0)))
    copy))

(define (run n)
  (let loop ((k 1) (letters 0) (all-read #t) (longest "") (characters 0) (vowel-count 0))
    (if (> k n)
        (list letters all-read longest characters vowel-count (capitalized (number->words n)))
        (let* ((value (+ (modulo (- k 1) 3999) 1))
               (roman (integer->roman value))
               (words (number->words k)))
          (loop (+ k 1)
                (+ letters (string-length roman))
                (and all-read (= (roman->integer roman) value))
                (if (> (string-length roman) (string-length longest)) roman longest)
                (+ characters (string-length words))
                (+ vowel-count (vowels words)))))))
