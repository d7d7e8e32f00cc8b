;; seven-segment: the bank OCR exercise.  Account numbers of nine digits
;; are drawn in three rows of pipes and underscores, as a scanning machine
;; would print them, read back, checked and, where one stroke was lost or
;; added, mended.
;;
;; A digit is three characters wide in each row; its nine characters
;; together are the key of an association list from glyphs (strings,
;; found by assoc) to digits.  A number is valid when
;; (d1 + 2 d2 + ... + 9 d9) mod 11 is 0, d1 the rightmost digit.  The
;; rows are written through output string ports.
;;
;; n numbers are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 131, each draw x div 65536; half of them have their last digit set
;; to make them valid where it can.  A third of the drawings have one of
;; the seven strokes of one digit turned on or off (string-set! on a
;; copy).  Each is read back: a digit not in the table is ?, the number
;; ILL; an invalid number ERR.  An ILL or ERR number is mended by trying
;; every stroke of every digit turned the other way: one valid number
;; found is taken, more than one makes it AMB.
;;
;; (run n) => (n, numbers read as valid at once, ERR, ILL, mended, AMB,
;;             left unmended, a checksum of the report, the first
;;             drawing's rows and the first three report lines)

(define glyphs
  (list (cons " _ | ||_|" 0) (cons "     |  |" 1) (cons " _  _||_ " 2)
        (cons " _  _| _|" 3) (cons "   |_|  |" 4) (cons " _ |_  _|" 5)
        (cons " _ |_ |_|" 6) (cons " _   |  |" 7) (cons " _ |_||_|" 8)
        (cons " _ |_| _|" 9)))

(define (glyph-of digit)
  (let loop ((gs glyphs))
    (if (= (cdar gs) digit) (caar gs) (loop (cdr gs)))))

;; the seven strokes: (row . column) in a glyph
(define strokes '((0 . 1) (1 . 0) (1 . 1) (1 . 2) (2 . 0) (2 . 1) (2 . 2)))

(define (stroke-char column) (if (= column 1) #\_ #\|))

(define (toggle! s start row column)
  (let ((i (+ start (* row 3) column)))
    (string-set! s i (if (char=? (string-ref s i) #\space)
                         (stroke-char column)
                         #\space))))

(define (draw digits)
  (let ((rows (list (open-output-string) (open-output-string) (open-output-string))))
    (for-each (lambda (d)
                (let ((g (glyph-of d)))
                  (display (substring g 0 3) (car rows))
                  (display (substring g 3 6) (cadr rows))
                  (display (substring g 6 9) (caddr rows))))
              digits)
    (map get-output-string rows)))

(define (glyph-at rows p)
  (let ((from (* 3 p)) (to (+ (* 3 p) 3)))
    (string-append (substring (car rows) from to)
                   (substring (cadr rows) from to)
                   (substring (caddr rows) from to))))

(define (read-digit glyph)
  (let ((entry (assoc glyph glyphs)))
    (if entry (cdr entry) #f)))

(define (read-number rows)
  (let loop ((p 8) (digits '()))
    (if (< p 0)
        digits
        (loop (- p 1) (cons (read-digit (glyph-at rows p)) digits)))))

(define (valid? digits)
  (let loop ((ds (reverse digits)) (weight 1) (sum 0))
    (cond ((null? ds) (= (modulo sum 11) 0))
          ((not (car ds)) #f)
          (else (loop (cdr ds) (+ weight 1) (+ sum (* weight (car ds))))))))

(define (legible? digits)
  (not (memv #f digits)))

(define (digits->string digits)
  (list->string (map (lambda (d) (if d (integer->char (+ d 48)) #\?)) digits)))

(define (replace-at lst p x)
  (if (= p 0)
      (cons x (cdr lst))
      (cons (car lst) (replace-at (cdr lst) (- p 1) x))))

;; the valid numbers one stroke away, as strings, each once
(define (mendings rows digits)
  (let ((found '()))
    (do ((p 0 (+ p 1)))
        ((= p 9) (reverse found))
      (for-each (lambda (stroke)
                  (let ((g (string-copy (glyph-at rows p))))
                    (toggle! g 0 (car stroke) (cdr stroke))
                    (let ((d (read-digit g)))
                      (if d
                          (let ((changed (replace-at digits p d)))
                            (if (and (legible? changed) (valid? changed))
                                (let ((text (digits->string changed)))
                                  (if (not (member text found))
                                      (set! found (cons text found))))))))))
                strokes))))

(define seed 131)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-account)
  (let loop ((k 0) (digits '()))
    (if (< k 9)
        (loop (+ k 1) (cons (modulo (next-random!) 10) digits))
        (let ((digits (reverse digits)))
          (if (= (modulo (next-random!) 2) 0)
              (let* ((others (replace-at digits 8 0))
                     (sum (let add ((ds (reverse others)) (w 1) (s 0))
                            (if (null? ds) s (add (cdr ds) (+ w 1) (+ s (* w (car ds)))))))
                     (last (modulo (- 11 (modulo sum 11)) 11)))
                (if (< last 10) (replace-at digits 8 last) digits))
              digits)))))

(define (string-sum s acc)
  (do ((i 0 (+ i 1))
       (acc acc (modulo (+ (* acc 37) (char->integer (string-ref s i))) 1000003)))
      ((= i (string-length s)) acc)))

(define (run n)
  (set! seed 131)
  (let ((ok 0) (err 0) (ill 0) (mended 0) (amb 0) (unmended 0)
        (checksum 0) (first-rows #f) (lines '()))
    (do ((k 0 (+ k 1)))
        ((= k n))
      (let* ((digits (random-account))
             (rows (map string-copy (draw digits))))
        (if (= (modulo (next-random!) 3) 0)
            (let* ((p (modulo (next-random!) 9))
                   (stroke (list-ref strokes (modulo (next-random!) 7))))
              (toggle! (list-ref rows (car stroke)) (* 3 p) 0 (cdr stroke))))
        (if (not first-rows) (set! first-rows rows))
        (let* ((read (read-number rows))
               (text (digits->string read))
               (line
                (cond ((and (legible? read) (valid? read))
                       (set! ok (+ ok 1))
                       text)
                      (else
                       (if (legible? read) (set! err (+ err 1)) (set! ill (+ ill 1)))
                       (let ((found (mendings rows read)))
                         (cond ((null? found)
                                (set! unmended (+ unmended 1))
                                (string-append text (if (legible? read) " ERR" " ILL")))
                               ((null? (cdr found))
                                (set! mended (+ mended 1))
                                (car found))
                               (else
                                (set! amb (+ amb 1))
                                (string-append text " AMB"))))))))
          (set! checksum (string-sum line checksum))
          (if (< k 3) (set! lines (cons line lines))))))
    (list n ok err ill mended amb unmended checksum first-rows (reverse lines))))
