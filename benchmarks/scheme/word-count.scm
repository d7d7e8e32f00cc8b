;; word-count: count words with an association list keyed by strings: the
;; text split with string->list and char-alphabetic?, words made with
;; list->string and char-downcase, looked up with assoc (equal? on strings)
;; and counted with set-cdr!.
;;
;; (run n) => ((word count) ...) for n copies of a paragraph, in order of
;; first appearance.

(define paragraph
  "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the season of Darkness.")

(define (words-of text)
  (let loop ((chars (string->list text)) (word '()) (words '()))
    (cond ((null? chars)
           (reverse (if (null? word) words (cons (list->string (reverse word)) words))))
          ((char-alphabetic? (car chars))
           (loop (cdr chars) (cons (char-downcase (car chars)) word) words))
          ((null? word) (loop (cdr chars) word words))
          (else (loop (cdr chars) '() (cons (list->string (reverse word)) words))))))

(define (count-words words table)
  (if (null? words)
      table
      (let ((entry (assoc (car words) table)))
        (if entry
            (begin (set-cdr! entry (+ (cdr entry) 1))
                   (count-words (cdr words) table))
            (count-words (cdr words) (append table (list (cons (car words) 1))))))))

(define (run n)
  (let loop ((i 0) (table '()))
    (if (= i n)
        (map (lambda (entry) (list (car entry) (cdr entry))) table)
        (loop (+ i 1) (count-words (words-of paragraph) table)))))
