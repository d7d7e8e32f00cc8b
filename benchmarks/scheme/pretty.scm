;; pretty: a nested list printed with indentation to an output string port;
;; the depth is a parameter (make-parameter, parameterize), the port closed
;; over by dynamic-wind's before and after thunks counting entries.
;;
;; (run n) => (length of the printed text, lines, entries) for n trees.

(define depth (make-parameter 0))

(define entries 0)

(define (indent port)
  (do ((i 0 (+ i 1))) ((= i (depth)))
    (write-string "  " port)))

(define (show tree port)
  (dynamic-wind
   (lambda () (set! entries (+ entries 1)))
   (lambda ()
     (cond ((pair? tree)
            (indent port)
            (write-string "(" port)
            (newline port)
            (parameterize ((depth (+ (depth) 1)))
              (for-each (lambda (t) (show t port)) tree))
            (indent port)
            (write-string ")" port)
            (newline port))
           (else
            (indent port)
            (write tree port)
            (newline port))))
   (lambda () #t)))

(define (tree k)
  (list k (list (* k 2) (list 'leaf (+ k 1)) "s") (list (- k 1) 'x)))

(define (count-lines s)
  (let loop ((i 0) (n 0))
    (if (= i (string-length s))
        n
        (loop (+ i 1) (if (char=? (string-ref s i) #\newline) (+ n 1) n)))))

(define (run n)
  (set! entries 0)
  (let ((port (open-output-string)))
    (do ((k 0 (+ k 1))) ((= k n))
      (show (tree k) port))
    (let ((s (get-output-string port)))
      (list (string-length s) (count-lines s) entries))))
