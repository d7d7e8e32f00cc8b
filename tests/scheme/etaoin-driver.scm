;; Print etaoin values for the words read from standard input.
;;
;; Load etaoin-given.scm and one version of substring-value first, e.g.
;;   guile -l etaoin-given.scm -l substring-value-tree.scm \
;;         -s tests/scheme/etaoin-driver.scm < words
;; Input: Scheme strings, one datum per word.  Output, one line per word:
;; the value of the whole word, then cm's move (- for the empty word),
;; then the value of every piece, by length 1, 2, ..., each length's
;; pieces in order of their starting position, all separated by spaces.
;; Plain R7RS, so it can drive our own interpreter too.

(define print-pieces
  (lambda (s)
    (let by-length ((len 1))
      (if (<= len (string-length s))
          (begin
            (let by-start ((low 0))
              (if (<= (+ low len) (string-length s))
                  (begin
                    (display " ")
                    (display (substring-value s len low))
                    (by-start (+ low 1)))))
            (by-length (+ len 1)))))))

(define print-word
  (lambda (s)
    (display (substring-value s (string-length s) 0))
    (display " ")
    (display (if (= (string-length s) 0) '- (cm s)))
    (print-pieces s)
    (newline)))

(let loop ((word (read)))
  (if (not (eof-object? word))
      (begin
        (print-word word)
        (loop (read)))))
