;; radix: numbers written and read in other bases with number->string and
;; string->number, strings reversed through string->list and list->string,
;; palindromes found with string=?.
;;
;; (run n) => (binary palindromes, decimal palindromes, a checksum) over 1..n.

(define (reverse-string s)
  (list->string (reverse (string->list s))))

(define (palindrome? s)
  (string=? s (reverse-string s)))

(define (run n)
  (let loop ((i 1) (binary 0) (decimal 0) (sum 0))
    (if (> i n)
        (list binary decimal sum)
        (let ((b2 (number->string i 2))
              (b10 (number->string i))
              (b16 (number->string i 16)))
          (loop (+ i 1)
                (if (palindrome? b2) (+ binary 1) binary)
                (if (palindrome? b10) (+ decimal 1) decimal)
                (+ sum (string->number (reverse-string b16) 16) (string-length b2)))))))
