;; car-wash: a day at a car wash simulated event by event, as a course on
;; discrete-event simulation sets it, the events kept in a binary heap.
;;
;; Events and cars are define-record-type records.  The future events are
;; a binary min-heap in a vector (itself in a record, the vector doubled
;; when full), ordered by time and then by the order they were made in,
;; sifted up and down by hand.  An event is made by schedule!, whose car
;; is an optional rest argument (a closing has none).  A car arrives,
;; draws its wash (basic, deluxe or super: the minutes and the price
;; handed back by values to let-values) and takes a free bay, or waits
;; in a line (a list grown at its end by append) if the line has room,
;; or drives on.  A car in the line gives up after its patience runs
;; out, unless it has reached a bay by then (memq on the line).  A
;; finished wash frees its bay for the car at the head of the line.  Arrivals stop at closing time; the cars inside are
;; still washed.  The waits are gathered in a list and summed and
;; maximised by apply.
;;
;; Days are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 349,
;; each draw x div 65536: for each day its bays (2 + mod 3) and the
;; room in its line (3 + mod 6); then, as the events happen, each car's
;; wash (mod 3), its patience if it joins the line (5 + mod 20), and the
;; minutes to the next arrival (1 + mod 7).
;;
;; (run n) => (n, cars arrived, washed, driven on, given up, minutes waited, the
;;             longest wait, minutes the bays were busy, takings, events
;;             handled, the most events pending at once, a checksum,
;;             the first day's figures)

(define seed 349)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type <event>
  (make-event time order kind who)
  event?
  (time event-time)
  (order event-order)
  (kind event-kind)
  (who event-car))

(define-record-type <car>
  (make-car number arrived minutes price)
  car?
  (number car-number)
  (arrived car-arrived)
  (minutes car-minutes)
  (price car-price))

(define-record-type <heap>
  (make-heap items size)
  heap?
  (items heap-items set-heap-items!)
  (size heap-size set-heap-size!))

;; -- the heap ---------------------------------------------------------------------

(define (earlier? a b)
  (or (< (event-time a) (event-time b))
      (and (= (event-time a) (event-time b))
           (< (event-order a) (event-order b)))))

(define (heap-swap! items i j)
  (let ((t (vector-ref items i)))
    (vector-set! items i (vector-ref items j))
    (vector-set! items j t)))

(define (heap-insert! h e)
  (if (= (heap-size h) (vector-length (heap-items h)))
      (let ((bigger (make-vector (* 2 (heap-size h)) #f)))
        (do ((i 0 (+ i 1)))
            ((= i (heap-size h)))
          (vector-set! bigger i (vector-ref (heap-items h) i)))
        (set-heap-items! h bigger)))
  (let ((items (heap-items h)))
    (vector-set! items (heap-size h) e)
    (let up ((i (heap-size h)))
      (if (> i 0)
          (let ((parent (quotient (- i 1) 2)))
            (if (earlier? (vector-ref items i) (vector-ref items parent))
                (begin (heap-swap! items i parent) (up parent))))))
    (set-heap-size! h (+ (heap-size h) 1))))

(define (heap-pop! h)
  (let* ((items (heap-items h))
         (top (vector-ref items 0))
         (size (- (heap-size h) 1)))
    (vector-set! items 0 (vector-ref items size))
    (vector-set! items size #f)
    (set-heap-size! h size)
    (let down ((i 0))
      (let* ((left (+ (* 2 i) 1))
             (right (+ left 1))
             (least (if (and (< left size) (earlier? (vector-ref items left) (vector-ref items i))) left i))
             (least (if (and (< right size) (earlier? (vector-ref items right) (vector-ref items least))) right least)))
        (if (not (= least i))
            (begin (heap-swap! items i least) (down least)))))
    top))

;; -- the day ----------------------------------------------------------------------

(define closing 480)

(define pending (make-heap (make-vector 4 #f) 0))
(define made 0)
(define most-pending 0)

(define (schedule! time kind . the-car)
  (set! made (+ made 1))
  (heap-insert! pending (make-event time made kind (if (null? the-car) #f (car the-car))))
  (set! most-pending (max most-pending (heap-size pending))))

(define (wash-kind k)
  (case k
    ((0) (values 5 8))
    ((1) (values 9 14))
    (else (values 14 20))))

;; => (arrived washed driven-on gave-up waited longest busy takings handled check)
(define (simulate-day bays room)
  (set! pending (make-heap (make-vector 4 #f) 0))
  (set! made 0)
  (let ((free bays) (line '()) (waits '())
        (arrived 0) (washed 0) (driven-on 0) (gave-up 0) (busy 0) (takings 0) (handled 0) (check 0))
    (define (start-wash! c now)
      (set! free (- free 1))
      (set! waits (cons (- now (car-arrived c)) waits))
      (set! busy (+ busy (car-minutes c)))
      (schedule! (+ now (car-minutes c)) 'finish c))
    (schedule! 0 'arrive)
    (schedule! closing 'close)
    (let loop ((open #t))
      (if (> (heap-size pending) 0)
          (let* ((e (heap-pop! pending))
                 (now (event-time e)))
            (set! handled (+ handled 1))
            (set! check (modulo (+ (* check 17) now (event-order e)) 1000003))
            (case (event-kind e)
              ((arrive)
               (if open
                   (let-values (((minutes price) (wash-kind (modulo (next-random!) 3))))
                     (let ((c (make-car arrived now minutes price)))
                       (set! arrived (+ arrived 1))
                       (cond ((> free 0) (start-wash! c now))
                             ((< (length line) room)
                              (set! line (append line (list c)))
                              (schedule! (+ now 5 (modulo (next-random!) 20)) 'give-up c))
                             (else (set! driven-on (+ driven-on 1))))
                       (schedule! (+ now 1 (modulo (next-random!) 7)) 'arrive))))
               (loop open))
              ((finish)
               (let ((c (event-car e)))
                 (set! free (+ free 1))
                 (set! washed (+ washed 1))
                 (set! takings (+ takings (car-price c)))
                 (if (pair? line)
                     (let ((next (car line)))
                       (set! line (cdr line))
                       (start-wash! next now))))
               (loop open))
              ((give-up)
               (if (memq (event-car e) line)
                   (begin
                     (set! line (remove-car (event-car e) line))
                     (set! gave-up (+ gave-up 1))))
               (loop open))
              ((close) (loop #f))))
          (list arrived washed driven-on gave-up
                (apply + waits) (if (null? waits) 0 (apply max waits))
                busy takings handled check)))))

(define (remove-car c line)
  (cond ((null? line) '())
        ((eq? (car line) c) (cdr line))
        (else (cons (car line) (remove-car c (cdr line))))))

;; the day's figures added to the totals: the longest wait kept as the
;; greatest, the checksums folded together, the rest summed
(define (add-figures totals day)
  (let add ((totals totals) (day day) (k 0))
    (cond ((null? totals) '())
          ((= k 5) (cons (max (car totals) (car day)) (add (cdr totals) (cdr day) (+ k 1))))
          ((= k 9) (list (modulo (+ (* (car totals) 31) (car day)) 1000003)))
          (else (cons (+ (car totals) (car day)) (add (cdr totals) (cdr day) (+ k 1)))))))

(define (run n)
  (set! most-pending 0)
  (set! seed 349)
  (let loop ((k 0) (totals '(0 0 0 0 0 0 0 0 0 0)) (first #f))
    (if (= k n)
        (let ((check (list-ref totals 9)))
          (append (list n)
                  (reverse (cdr (reverse totals)))
                  (list most-pending check first)))
        (let* ((bays (+ 2 (modulo (next-random!) 3)))
               (room (+ 3 (modulo (next-random!) 6)))
               (day (simulate-day bays room)))
          (loop (+ k 1)
                (add-figures totals day)
                (or first (cons bays (cons room day))))))))
