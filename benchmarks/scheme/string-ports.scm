;; string-ports: text built through an output string port with
;; write-string, write, write-char and display, then read back with
;; get-output-string.
;;
;; (run n) => the total length of n formatted rows.

(define (format-row i)
  (let ((out (open-output-string)))
    (write-string "row " out)
    (write i out)
    (write-char #\: out)
    (let loop ((j 0))
      (when (< j 5)
        (write-char #\space out)
        (display (* i j) out)
        (loop (+ j 1))))
    (write-string " | " out)
    (write (list 'id i) out)
    (get-output-string out)))

(define (run n)
  (let loop ((i 0) (total 0))
    (if (= i n)
        total
        (loop (+ i 1) (+ total (string-length (format-row i)))))))
