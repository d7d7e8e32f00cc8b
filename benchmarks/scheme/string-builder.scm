;; string-builder: building strings piece by piece and scanning them by index:
;; reverse each word, a Caesar shift with integer->char, palindrome tests.
;;
;; (run n) => (palindromes length-of-last-text checksum) after n rounds.

(define words (vector "level" "rotor" "scheme" "lambda" "racecar" "noon" "python" "civic"))

(define (string-reverse s)
  (let loop ((i 0) (acc ""))
    (if (= i (string-length s))
        acc
        (loop (+ i 1) (string-append (string (string-ref s i)) acc)))))

(define (palindrome? s)
  (let loop ((i 0) (j (- (string-length s) 1)))
    (cond ((>= i j) #t)
          ((char=? (string-ref s i) (string-ref s j)) (loop (+ i 1) (- j 1)))
          (else #f))))

(define (caesar s k)
  (list->string
   (map (lambda (c)
          (integer->char (+ 97 (modulo (+ (- (char->integer c) 97) k) 26))))
        (string->list s))))

(define (checksum s)
  (let loop ((i 0) (sum 0))
    (if (= i (string-length s))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (let loop ((i 0) (palindromes 0) (text "") (sum 0))
    (if (= i n)
        (list palindromes (string-length text) sum)
        (let* ((w (vector-ref words (modulo i 8)))
               (r (string-reverse w))
               (c (caesar r (modulo i 26)))
               (t (string-append w "-" c)))
          (loop (+ i 1)
                (if (palindrome? r) (+ palindromes 1) palindromes)
                t
                (modulo (+ sum (checksum t)) 1000003))))))
