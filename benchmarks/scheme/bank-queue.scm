;; bank-queue: a discrete-event simulation of a bank's tellers, as a
;; course on simulation would first write it.
;;
;; Customers and events are records (define-record-type).  The future
;; events are one list kept in order of time by insertion: a new event goes
;; after every event at its time or before, so events at the same time
;; happen in the order they were made.  The waiting line is a list that
;; customers join at the back by append.  An arrival takes the lowest free
;; teller or joins the line; a departure frees its teller, which takes the
;; first customer waiting.  Each departure writes a report line through a
;; string port (display of numbers and write-string of words).
;;
;; n days are run; each day has 30 .. 59 customers and 2 .. 4 tellers, the
;; first customer coming at time 0, the next 1 .. 8 minutes after the one
;; before, each needing 2 .. 15 minutes, all drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 151, each draw x div 65536
;; (a customer's service drawn when it arrives, then the next's gap).
;;
;; (run n) => (n, customers served, total wait, longest wait, longest line,
;;             the last closing time, the reports' length, a checksum of
;;             the reports, the first day's first three report lines)

(define-record-type customer
  (make-customer id arrival service start)
  customer?
  (id customer-id)
  (arrival customer-arrival)
  (service customer-service)
  (start customer-start set-customer-start!))

(define-record-type event
  (make-event time kind who teller)
  event?
  (time event-time)
  (kind event-kind)
  (who event-who)
  (teller event-teller))

(define seed 151)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (insert-event e events)
  (cond ((null? events) (list e))
        ((< (event-time e) (event-time (car events))) (cons e events))
        (else (cons (car events) (insert-event e (cdr events))))))

(define (free-teller tellers)
  (let loop ((j 0))
    (cond ((= j (vector-length tellers)) #f)
          ((not (vector-ref tellers j)) j)
          (else (loop (+ j 1))))))

(define (report-line time c teller)
  (let ((out (open-output-string)))
    (write-string "t=" out)
    (display time out)
    (write-string " customer " out)
    (display (customer-id c) out)
    (write-string " left teller " out)
    (display (+ teller 1) out)
    (write-string " after waiting " out)
    (display (- (customer-start c) (customer-arrival c)) out)
    (get-output-string out)))

;; one day: the statistics as a list
(define (simulate-day count teller-count)
  (let ((tellers (make-vector teller-count #f))
        (report (open-output-string)))
    (let loop ((events (list (make-event 0 'arrive 1 #f)))
               (line '()) (served 0) (wait 0) (longest 0) (longest-line 0)
               (closing 0) (lines '()))
      (if (null? events)
          (list served wait longest longest-line closing (get-output-string report) (reverse lines))
          (let* ((e (car events))
                 (t (event-time e))
                 (events (cdr events)))
            (case (event-kind e)
              ((arrive)
               (let* ((c (make-customer (event-who e) t (+ 2 (modulo (next-random!) 14)) #f))
                      (events (if (< (event-who e) count)
                                  (insert-event (make-event (+ t 1 (modulo (next-random!) 8))
                                                            'arrive (+ (event-who e) 1) #f)
                                                events)
                                  events))
                      (j (free-teller tellers)))
                 (if j
                     (begin
                       (set-customer-start! c t)
                       (vector-set! tellers j c)
                       (loop (insert-event (make-event (+ t (customer-service c)) 'leave c j) events)
                             line served wait longest longest-line closing lines))
                     (let ((line (append line (list c))))
                       (loop events line served wait longest
                             (max longest-line (length line)) closing lines)))))
              ((leave)
               (let* ((c (event-who e))
                      (j (event-teller e))
                      (waited (- (customer-start c) (customer-arrival c)))
                      (text (report-line t c j)))
                 (write-string text report)
                 (newline report)
                 (vector-set! tellers j #f)
                 (let ((lines (if (< (length lines) 3) (cons text lines) lines)))
                   (if (null? line)
                       (loop events line (+ served 1) (+ wait waited) (max longest waited)
                             longest-line t lines)
                       (let ((next (car line)))
                         (set-customer-start! next t)
                         (vector-set! tellers j next)
                         (loop (insert-event (make-event (+ t (customer-service next)) 'leave next j)
                                             events)
                               (cdr line) (+ served 1) (+ wait waited) (max longest waited)
                               longest-line t lines))))))))))))

(define (string-checksum s acc)
  (let loop ((i 0) (acc acc))
    (if (= i (string-length s))
        acc
        (loop (+ i 1) (modulo (+ (* acc 31) (char->integer (string-ref s i))) 1000003)))))

(define (run n)
  (set! seed 151)
  (let loop ((day 0) (served 0) (wait 0) (longest 0) (longest-line 0)
             (closing 0) (length-sum 0) (checksum 0) (first '()))
    (if (= day n)
        (list n served wait longest longest-line closing length-sum checksum first)
        (let* ((count (+ 30 (modulo (next-random!) 30)))
               (teller-count (+ 2 (modulo (next-random!) 3)))
               (stats (simulate-day count teller-count))
               (report (list-ref stats 5)))
          (loop (+ day 1)
                (+ served (list-ref stats 0))
                (+ wait (list-ref stats 1))
                (max longest (list-ref stats 2))
                (max longest-line (list-ref stats 3))
                (list-ref stats 4)
                (+ length-sum (string-length report))
                (string-checksum report checksum)
                (if (= day 0) (list-ref stats 6) first))))))
