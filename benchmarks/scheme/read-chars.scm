;; read-chars: an input string port read a character at a time with
;; read-char and peek-char until eof-object?: words, lines and the
;; longest word of a text.
;;
;; (run n) => (words lines longest-length) of the text repeated n times.

(define text "The quick brown fox\njumps over the lazy dog.\nPack my box with\nfive dozen good liquor jugs!\n")

(define (repeat-text n)
  (let loop ((k 0) (parts '()))
    (if (= k n)
        (apply string-append parts)
        (loop (+ k 1) (cons text parts)))))

(define (scan port)
  (let loop ((words 0) (lines 0) (longest 0) (current 0))
    (let ((c (read-char port)))
      (cond ((eof-object? c)
             (list (if (> current 0) (+ words 1) words) lines (max longest current)))
            ((char-alphabetic? c)
             (loop words lines longest (+ current 1)))
            (else
             (let ((ended (> current 0)))
               (loop (if ended (+ words 1) words)
                     (if (char=? c #\newline) (+ lines 1) lines)
                     (max longest current)
                     0)))))))

(define (count-doubles port)
  (let loop ((n 0))
    (let ((c (read-char port)))
      (if (eof-object? c)
          n
          (loop (if (and (not (eof-object? (peek-char port))) (char=? c (peek-char port))) (+ n 1) n))))))

(define (run n)
  (let ((s (repeat-text n)))
    (append (scan (open-input-string s))
            (list (count-doubles (open-input-string s))))))
