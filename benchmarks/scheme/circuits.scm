;; circuits: SICP 3.3.4's simulator of digital circuits.  A wire is a
;; procedure dispatching on messages, keeping its signal and its action
;; procedures by set!; gates add actions to their input wires that
;; schedule, after the gate's delay, the setting of their output.  The
;; agenda is a list of time segments, each a time and a queue (SICP
;; 3.3.2's queue: a front and a rear pointer moved by set-car! and
;; set-cdr!), kept in order of time by add-to-agenda!; propagate runs the
;; actions in order, counting them.  A half-adder replays SICP's example
;; under two probes; then a ripple-carry adder of 16 full adders (exercise
;; 3.30) adds n pairs of numbers: the k-th value of x -> (1103515245x +
;; 12345) mod 2^31 from x = 1, divided by 16, mod 65536, makes each
;; operand in turn, and its bits are set on the input wires.
;;
;; (run n) => (the probes' record (name time signal), how many of the n
;;             sums the adder got right, the sum of its sums, its first
;;             three sums)

(define (make-wire)
  (let ((signal-value 0)
        (action-procedures '()))
    (define (set-my-signal! new-value)
      (if (not (= signal-value new-value))
          (begin (set! signal-value new-value)
                 (call-each action-procedures))
          'done))
    (define (accept-action-procedure! proc)
      (set! action-procedures (cons proc action-procedures))
      (proc))
    (define (dispatch m)
      (cond ((eq? m 'get-signal) signal-value)
            ((eq? m 'set-signal!) set-my-signal!)
            ((eq? m 'add-action!) accept-action-procedure!)
            (else (error "Unknown operation -- WIRE" m))))
    dispatch))

(define (call-each procedures)
  (if (null? procedures)
      'done
      (begin
        ((car procedures))
        (call-each (cdr procedures)))))

(define (get-signal wire) (wire 'get-signal))

(define (set-signal! wire new-value) ((wire 'set-signal!) new-value))

(define (add-action! wire action-procedure) ((wire 'add-action!) action-procedure))

;; Gates.

(define inverter-delay 2)
(define and-gate-delay 3)
(define or-gate-delay 5)

(define (logical-not s)
  (cond ((= s 0) 1)
        ((= s 1) 0)
        (else (error "Invalid signal" s))))

(define (logical-and a b)
  (if (and (= a 1) (= b 1)) 1 0))

(define (logical-or a b)
  (if (or (= a 1) (= b 1)) 1 0))

(define (inverter input output)
  (define (invert-input)
    (let ((new-value (logical-not (get-signal input))))
      (after-delay inverter-delay
                   (lambda () (set-signal! output new-value)))))
  (add-action! input invert-input)
  'ok)

(define (and-gate a1 a2 output)
  (define (and-action-procedure)
    (let ((new-value (logical-and (get-signal a1) (get-signal a2))))
      (after-delay and-gate-delay
                   (lambda () (set-signal! output new-value)))))
  (add-action! a1 and-action-procedure)
  (add-action! a2 and-action-procedure)
  'ok)

(define (or-gate a1 a2 output)
  (define (or-action-procedure)
    (let ((new-value (logical-or (get-signal a1) (get-signal a2))))
      (after-delay or-gate-delay
                   (lambda () (set-signal! output new-value)))))
  (add-action! a1 or-action-procedure)
  (add-action! a2 or-action-procedure)
  'ok)

(define (half-adder a b s c)
  (let ((d (make-wire)) (e (make-wire)))
    (or-gate a b d)
    (and-gate a b c)
    (inverter c e)
    (and-gate d e s)
    'ok))

(define (full-adder a b c-in sum c-out)
  (let ((s (make-wire))
        (c1 (make-wire))
        (c2 (make-wire)))
    (half-adder b c-in s c1)
    (half-adder a s sum c2)
    (or-gate c1 c2 c-out)
    'ok))

;; The bits go least significant first; the carry out of the last adder
;; is returned.
(define (ripple-carry-adder as bs c-in ss)
  (if (null? as)
      c-in
      (let ((c-out (make-wire)))
        (full-adder (car as) (car bs) c-in (car ss) c-out)
        (ripple-carry-adder (cdr as) (cdr bs) c-out (cdr ss)))))

;; SICP 3.3.2's queue.

(define (front-ptr queue) (car queue))
(define (rear-ptr queue) (cdr queue))
(define (set-front-ptr! queue item) (set-car! queue item))
(define (set-rear-ptr! queue item) (set-cdr! queue item))

(define (empty-queue? queue) (null? (front-ptr queue)))

(define (make-queue) (cons '() '()))

(define (front-queue queue)
  (if (empty-queue? queue)
      (error "FRONT called with an empty queue" queue)
      (car (front-ptr queue))))

(define (insert-queue! queue item)
  (let ((new-pair (cons item '())))
    (cond ((empty-queue? queue)
           (set-front-ptr! queue new-pair)
           (set-rear-ptr! queue new-pair)
           queue)
          (else
           (set-cdr! (rear-ptr queue) new-pair)
           (set-rear-ptr! queue new-pair)
           queue))))

(define (delete-queue! queue)
  (cond ((empty-queue? queue)
         (error "DELETE! called with an empty queue" queue))
        (else
         (set-front-ptr! queue (cdr (front-ptr queue)))
         queue)))

;; The agenda.

(define (make-time-segment time queue) (cons time queue))
(define (segment-time s) (car s))
(define (segment-queue s) (cdr s))

(define (make-agenda) (list 0))
(define (current-time agenda) (car agenda))
(define (set-current-time! agenda time) (set-car! agenda time))
(define (segments agenda) (cdr agenda))
(define (set-segments! agenda segments) (set-cdr! agenda segments))
(define (first-segment agenda) (car (segments agenda)))
(define (rest-segments agenda) (cdr (segments agenda)))
(define (empty-agenda? agenda) (null? (segments agenda)))

(define (add-to-agenda! time action agenda)
  (define (belongs-before? segments)
    (or (null? segments)
        (< time (segment-time (car segments)))))
  (define (make-new-time-segment time action)
    (let ((q (make-queue)))
      (insert-queue! q action)
      (make-time-segment time q)))
  (define (add-to-segments! segments)
    (if (= (segment-time (car segments)) time)
        (insert-queue! (segment-queue (car segments)) action)
        (let ((rest (cdr segments)))
          (if (belongs-before? rest)
              (set-cdr! segments (cons (make-new-time-segment time action) (cdr segments)))
              (add-to-segments! rest)))))
  (let ((segments (segments agenda)))
    (if (belongs-before? segments)
        (set-segments! agenda (cons (make-new-time-segment time action) segments))
        (add-to-segments! segments))))

(define (remove-first-agenda-item! agenda)
  (let ((q (segment-queue (first-segment agenda))))
    (delete-queue! q)
    (if (empty-queue? q)
        (set-segments! agenda (rest-segments agenda)))))

(define (first-agenda-item agenda)
  (if (empty-agenda? agenda)
      (error "Agenda is empty -- FIRST-AGENDA-ITEM")
      (let ((first-seg (first-segment agenda)))
        (set-current-time! agenda (segment-time first-seg))
        (front-queue (segment-queue first-seg)))))

(define the-agenda (make-agenda))

(define (after-delay delay action)
  (add-to-agenda! (+ delay (current-time the-agenda)) action the-agenda))

(define (propagate)
  (if (empty-agenda? the-agenda)
      'done
      (let ((first-item (first-agenda-item the-agenda)))
        (first-item)
        (remove-first-agenda-item! the-agenda)
        (propagate))))

(define probe-record '())

(define (probe name wire)
  (add-action! wire
               (lambda ()
                 (set! probe-record
                       (cons (list name (current-time the-agenda) (get-signal wire))
                             probe-record)))))

;; The adder's bits, as wires.

(define (make-wires k)
  (if (= k 0)
      '()
      (cons (make-wire) (make-wires (- k 1)))))

(define (set-bits! wires value)
  (if (not (null? wires))
      (begin
        (set-signal! (car wires) (remainder value 2))
        (set-bits! (cdr wires) (quotient value 2)))))

(define (read-bits wires)
  (if (null? wires)
      0
      (+ (get-signal (car wires)) (* 2 (read-bits (cdr wires))))))

(define (next-random x) (modulo (+ (* 1103515245 x) 12345) 2147483648))

(define (operand x) (modulo (quotient x 16) 65536))

(define (run n)
  (set! the-agenda (make-agenda))
  (set! probe-record '())
  (let ((input-1 (make-wire))
        (input-2 (make-wire))
        (sum (make-wire))
        (carry (make-wire)))
    (probe "sum" sum)
    (probe "carry" carry)
    (half-adder input-1 input-2 sum carry)
    (set-signal! input-1 1)
    (propagate)
    (set-signal! input-2 1)
    (propagate))
  (let* ((as (make-wires 16))
         (bs (make-wires 16))
         (ss (make-wires 16))
         (c-in (make-wire))
         (c-out (ripple-carry-adder as bs c-in ss)))
    (propagate)
    (let loop ((k 0) (x 1) (right 0) (total 0) (sums '()))
      (if (= k n)
          (list (reverse probe-record)
                right
                total
                (let ((sums (reverse sums)))
                  (if (> (length sums) 3) (list (car sums) (cadr sums) (caddr sums)) sums)))
          (let* ((x (next-random x))
                 (a (operand x))
                 (x (next-random x))
                 (b (operand x)))
            (set-bits! as a)
            (set-bits! bs b)
            (propagate)
            (let ((result (+ (read-bits ss) (* 65536 (get-signal c-out)))))
              (loop (+ k 1)
                    x
                    (if (= result (+ a b)) (+ right 1) right)
                    (+ total result)
                    (cons result sums))))))))
