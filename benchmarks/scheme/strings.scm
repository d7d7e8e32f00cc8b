;; strings: build a text from words, split it again, intern every word with
;; string->symbol and count the words by symbol.  String-heavy: string-append,
;; string-ref, substring, string->symbol, symbol->string.
;;
;; (run n) => a list of (word count) in order of first appearance, then the
;; length of the text: (run 3) => (("alpha" 1) ("zeta" 1) ("gamma" 1) 17).

(define words
  (vector "alpha" "beta" "gamma" "delta" "epsilon" "zeta" "eta" "theta"))

(define (word-number i)
  ;; Walks all eight words, shifted by one every fourth word.
  (modulo (+ (* i 5) (quotient i 4)) (vector-length words)))

(define (build-text n)
  ;; The words number 0 .. n-1, each followed by one space.
  (let loop ((i (- n 1)) (pieces '()))
    (if (< i 0)
        (apply string-append pieces)
        (loop (- i 1) (cons (vector-ref words (word-number i)) (cons " " pieces))))))

(define (count-word! symbol table)
  ;; table is a list of (symbol . count) pairs with a dummy head; return it.
  (let find ((entry (cdr table)) (last table))
    (cond ((null? entry)
           (set-cdr! last (list (cons symbol 1)))
           table)
          ((eq? (car (car entry)) symbol)
           (set-cdr! (car entry) (+ (cdr (car entry)) 1))
           table)
          (else (find (cdr entry) entry)))))

(define (count-words text)
  (let ((size (string-length text)))
    (let scan ((start 0) (i 0) (table (list 'counts)))
      (cond ((= i size) (cdr table))
            ((char=? (string-ref text i) #\space)
             (scan (+ i 1) (+ i 1)
                   (count-word! (string->symbol (substring text start i)) table)))
            (else (scan start (+ i 1) table))))))

(define (run n)
  (let ((text (build-text n)))
    (let report ((entries (count-words text)) (out '()))
      (if (null? entries)
          (reverse (cons (string-length text) out))
          (report (cdr entries)
                  (cons (list (symbol->string (car (car entries))) (cdr (car entries)))
                        out))))))
