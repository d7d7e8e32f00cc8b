;; char-class: classify every character of a text: letters (upper and lower
;; case), digits, white space and the rest, and fold case while counting.
;;
;; (run n) => (upper lower digits spaces other vowels) over n copies of a line.

(define line "Call me Ishmael. Some years ago - never mind how long precisely - having 7 or 8 coins...\tand nothing!")

(define (vowel? c)
  (memv (char-downcase c) '(#\a #\e #\i #\o #\u)))

(define (classify s counts)
  ;; counts is a vector: upper lower digits spaces other vowels
  (do ((i 0 (+ i 1)))
      ((= i (string-length s)) counts)
    (let ((c (string-ref s i)))
      (cond ((char-upper-case? c) (vector-set! counts 0 (+ (vector-ref counts 0) 1)))
            ((char-lower-case? c) (vector-set! counts 1 (+ (vector-ref counts 1) 1)))
            ((char-numeric? c) (vector-set! counts 2 (+ (vector-ref counts 2) 1)))
            ((char-whitespace? c) (vector-set! counts 3 (+ (vector-ref counts 3) 1)))
            (else (vector-set! counts 4 (+ (vector-ref counts 4) 1))))
      (if (and (char-alphabetic? c) (vowel? c))
          (vector-set! counts 5 (+ (vector-ref counts 5) 1))))))

(define (run n)
  (let ((counts (make-vector 6 0)))
    (do ((i 0 (+ i 1)))
        ((= i n) (vector->list counts))
      (classify line counts))))
