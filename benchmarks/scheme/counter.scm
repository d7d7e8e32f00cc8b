;; counter: a message-passing counter object, a closure whose variable is
;; changed with set!, called n times.  (run n) => n.

(define (make-counter)
  (let ((count 0))
    (lambda (message)
      (cond ((eq? message 'increment)
             (set! count (+ count 1))
             count)
            ((eq? message 'value) count)
            ((eq? message 'reset)
             (set! count 0)
             count)
            (else (error "counter: unknown message" message))))))

(define (run n)
  (let ((counter (make-counter)))
    (let loop ((i 0))
      (if (< i n)
          (begin
            (counter 'increment)
            (loop (+ i 1)))
          (counter 'value)))))
