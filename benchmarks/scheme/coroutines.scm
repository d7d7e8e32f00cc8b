;; coroutines: cooperative threads made of call/cc, with channels
;; between them, the way The Scheme Programming Language's light-weight
;; processes are grown into a small concurrent system.
;;
;; A thread is a procedure of no arguments waiting in the ready queue, a
;; record of a front and a back list (the back reversed onto the front
;; when the front runs out).  spawn queues a new thread; yield! captures
;; the running thread's continuation with call/cc, queues it and runs the
;; first thread waiting; a thread that returns runs the next one; when no
;; thread is left the escape continuation taken by run-threads is called.
;; A channel is a define-record-type record of a capacity and a list of
;; values; send! yields while it is full, receive! while it is empty.
;;
;; Three systems run at once: a sieve of Eratosthenes as a pipeline (a
;; thread counting 2 to n into a channel, one filter thread for each
;; prime, each spawning the next when its first number arrives, the
;; primes sent on to the main thread); ping and pong passing a number
;; back and forth n times through two channels of one place (pong
;; answering 3x + 1 to an odd x, 2x + 1 to an even one, modulo 1000003); two
;; producers of n/2 tagged numbers each and two consumers sharing one
;; channel of three places, each consumer's sum and order of receipt
;; kept.  Every yield is counted.
;;
;; No draws: the order of the threads is the program's.
;;
;; (run n) => (the primes below n, their sum, the largest, ping-pong's
;;             last number, each consumer's count and sum, the order of
;;             receipt as a checksum, the yields, the most threads
;;             waiting at once)

;; -- the ready queue ---------------------------------------------------------------

(define-record-type queue
  (make-queue front back)
  queue?
  (front queue-front set-queue-front!)
  (back queue-back set-queue-back!))

(define (queue-empty? q) (and (null? (queue-front q)) (null? (queue-back q))))

(define (queue-length q) (+ (length (queue-front q)) (length (queue-back q))))

(define (enqueue! q x) (set-queue-back! q (cons x (queue-back q))))

(define (dequeue! q)
  (when (null? (queue-front q))
    (set-queue-front! q (reverse (queue-back q)))
    (set-queue-back! q '()))
  (let ((x (car (queue-front q))))
    (set-queue-front! q (cdr (queue-front q)))
    x))

;; -- threads -------------------------------------------------------------------------

(define ready (make-queue '() '()))
(define finish #f)
(define yields 0)
(define most-waiting 0)

(define (dispatch)
  (if (queue-empty? ready)
      (finish 'done)
      ((dequeue! ready))))

(define (spawn thunk)
  (enqueue! ready (lambda () (thunk) (dispatch)))
  (let ((waiting (queue-length ready)))
    (if (> waiting most-waiting) (set! most-waiting waiting))))

(define (yield!)
  (set! yields (+ yields 1))
  (call-with-current-continuation
   (lambda (k)
     (enqueue! ready (lambda () (k #f)))
     (dispatch))))

(define (run-threads main)
  (call-with-current-continuation
   (lambda (k)
     (set! finish k)
     (spawn main)
     (dispatch))))

;; -- channels ------------------------------------------------------------------------

(define-record-type channel
  (make-channel capacity items)
  channel?
  (capacity channel-capacity)
  (items channel-items set-channel-items!))

(define (new-channel capacity) (make-channel capacity '()))

(define (send! channel value)
  (if (= (length (channel-items channel)) (channel-capacity channel))
      (begin (yield!) (send! channel value))
      (set-channel-items! channel (append (channel-items channel) (list value)))))

(define (receive! channel)
  (if (null? (channel-items channel))
      (begin (yield!) (receive! channel))
      (let ((value (car (channel-items channel))))
        (set-channel-items! channel (cdr (channel-items channel)))
        value)))

;; -- the three systems ---------------------------------------------------------------

(define (counter n out)
  (lambda ()
    (do ((i 2 (+ i 1))) ((= i n) (send! out 'done))
      (send! out i))))

(define (sieve-filter in primes)
  (lambda ()
    (let ((p (receive! in)))
      (if (eq? p 'done)
          (send! primes 'done)
          (let ((out (new-channel 2)))
            (send! primes p)
            (spawn (sieve-filter out primes))
            (let loop ()
              (let ((x (receive! in)))
                (cond ((eq? x 'done) (send! out 'done))
                      ((= 0 (modulo x p)) (loop))
                      (else (send! out x) (loop))))))))))

(define (ping rounds to from result)
  (lambda ()
    (let loop ((k 0) (value 0))
      (if (= k rounds)
          (begin (set-car! result value)
                 (send! to 'done))
          (begin (send! to value)
                 (loop (+ k 1) (receive! from)))))))

(define (pong to from)
  (lambda ()
    (let loop ()
      (let ((value (receive! from)))
        (unless (eq? value 'done)
          (send! to (modulo (if (odd? value) (+ (* 3 value) 1) (+ (* 2 value) 1)) 1000003))
          (loop))))))

(define (producer tag count out)
  (lambda ()
    (do ((i 0 (+ i 1))) ((= i count) (send! out 'done))
      (send! out (+ (* tag 1000) i))
      (if (= 0 (modulo i 7)) (yield!)))))

(define (consumer shared tally order)
  ;; tally is (count . sum); order a list of one checksum
  (lambda ()
    (let loop ()
      (let ((value (receive! shared)))
        (unless (eq? value 'done)
          (set-car! tally (+ (car tally) 1))
          (set-cdr! tally (+ (cdr tally) value))
          (set-car! order (modulo (+ (* (car order) 31) value) 1000003))
          (loop))))))

(define (run n)
  (set! ready (make-queue '() '()))
  (set! yields 0)
  (set! most-waiting 0)
  (let ((primes (list 0 0 0))               ; count, sum, largest
        (last-ping (list #f))
        (tally-a (cons 0 0))
        (tally-b (cons 0 0))
        (order (list 0)))
    (run-threads
     (lambda ()
       (let ((numbers (new-channel 2))
             (found (new-channel 4))
             (there (new-channel 1))
             (back (new-channel 1))
             (shared (new-channel 3)))
         (spawn (counter n numbers))
         (spawn (sieve-filter numbers found))
         (spawn (ping n there back last-ping))
         (spawn (pong back there))
         (spawn (producer 1 (quotient n 2) shared))
         (spawn (producer 2 (quotient n 2) shared))
         (spawn (consumer shared tally-a order))
         (spawn (consumer shared tally-b order))
         (let loop ()
           (let ((p (receive! found)))
             (unless (eq? p 'done)
               (set-car! primes (+ (car primes) 1))
               (set-car! (cdr primes) (+ (cadr primes) p))
               (set-car! (cddr primes) (max (caddr primes) p))
               (loop)))))))
    (list (car primes) (cadr primes) (caddr primes) (car last-ping)
          (list (car tally-a) (cdr tally-a)) (list (car tally-b) (cdr tally-b))
          (car order) yields most-waiting)))
