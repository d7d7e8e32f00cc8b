;; scheduler: a multilevel feedback queue scheduling n processes on one
;; CPU, tick by tick, the way an operating systems course simulates it.
;;
;; Processes are define-record-type records with mutable fields (their
;; bursts left, level, state, the tick they became ready, time waited,
;; the tick they finished); the three ready queues are records of a
;; front and a back pair, appended to by set-cdr!; arrivals and the ends
;; of I/O are events, records of a time, a sequence number, a kind and a
;; process, kept in a binary heap in a vector that doubles when full.
;;
;; Each tick: the events due are taken from the heap (an arrival enters
;; level 0, a process back from I/O its own level); every 200 ticks all
;; waiting processes are boosted to level 0; a running process is
;; preempted when a higher level has someone ready; an idle CPU takes
;; the first process of the highest level not empty; the running
;; process runs one tick.  A process that uses its whole quantum (4, 8,
;; 16 ticks by level) drops a level; one that ends its burst first
;; keeps its level and blocks for its I/O; after its last burst it is
;; done.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 41, each
;; draw x div 65536: a process arrives draw mod 100 ticks after the one
;; before, has 1 + draw mod 4 CPU bursts of 1 + draw mod 20 ticks (one
;; in five 20 + draw mod 60), each but the last followed by I/O of 5 +
;; draw mod 30 ticks.
;;
;; (run n) => (the last tick, busy and idle ticks, dispatches,
;;             preemptions, demotions, boosts, dispatches by level, the
;;             mean turnaround as an exact ratio, total and longest wait,
;;             the order of finishing as a checksum, the first five done)

(define seed 41)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type process
  (make-process pid arrival bursts level state ready-since waited finished)
  process?
  (pid process-pid)
  (arrival process-arrival)
  (bursts process-bursts set-process-bursts!)      ; (cpu io cpu io ... cpu), the first one under way
  (level process-level set-process-level!)
  (state process-state set-process-state!)
  (ready-since process-ready-since set-process-ready-since!)
  (waited process-waited set-process-waited!)
  (finished process-finished set-process-finished!))

;; -- FIFO queues of pairs ------------------------------------------------------

(define-record-type queue
  (make-queue front back)
  queue?
  (front queue-front set-queue-front!)
  (back queue-back set-queue-back!))

(define (new-queue) (make-queue '() '()))

(define (queue-empty? q) (null? (queue-front q)))

(define (enqueue! q x)
  (let ((cell (list x)))
    (if (null? (queue-front q))
        (set-queue-front! q cell)
        (set-cdr! (queue-back q) cell))
    (set-queue-back! q cell)))

(define (dequeue! q)
  (let ((x (car (queue-front q))))
    (set-queue-front! q (cdr (queue-front q)))
    x))

;; Append all of from to the end of to, leaving from empty.
(define (queue-move-all! from to)
  (unless (queue-empty? from)
    (if (queue-empty? to)
        (set-queue-front! to (queue-front from))
        (set-cdr! (queue-back to) (queue-front from)))
    (set-queue-back! to (queue-back from))
    (set-queue-front! from '())))

;; -- the event heap --------------------------------------------------------------

(define-record-type event
  (make-event time sequence kind process)
  event?
  (time event-time)
  (sequence event-sequence)
  (kind event-kind)
  (process event-process))

(define (event<? a b)
  (or (< (event-time a) (event-time b))
      (and (= (event-time a) (event-time b)) (< (event-sequence a) (event-sequence b)))))

(define heap (make-vector 16 #f))
(define heap-size 0)
(define events-made 0)

(define (heap-swap! i j)
  (let ((t (vector-ref heap i)))
    (vector-set! heap i (vector-ref heap j))
    (vector-set! heap j t)))

(define (heap-push! time kind process)
  (when (= heap-size (vector-length heap))
    (let ((bigger (make-vector (* 2 heap-size) #f)))
      (do ((i 0 (+ i 1))) ((= i heap-size))
        (vector-set! bigger i (vector-ref heap i)))
      (set! heap bigger)))
  (vector-set! heap heap-size (make-event time events-made kind process))
  (set! events-made (+ events-made 1))
  (let up ((i heap-size))
    (let ((parent (quotient (- i 1) 2)))
      (when (and (> i 0) (event<? (vector-ref heap i) (vector-ref heap parent)))
        (heap-swap! i parent)
        (up parent))))
  (set! heap-size (+ heap-size 1)))

(define (heap-pop!)
  (let ((top (vector-ref heap 0)))
    (set! heap-size (- heap-size 1))
    (vector-set! heap 0 (vector-ref heap heap-size))
    (vector-set! heap heap-size #f)
    (let down ((i 0))
      (let* ((left (+ (* 2 i) 1))
             (right (+ left 1))
             (smallest (if (and (< left heap-size) (event<? (vector-ref heap left) (vector-ref heap i))) left i))
             (smallest (if (and (< right heap-size) (event<? (vector-ref heap right) (vector-ref heap smallest)))
                           right
                           smallest)))
        (unless (= smallest i)
          (heap-swap! i smallest)
          (down smallest))))
    top))

;; -- the simulation ------------------------------------------------------------

(define (random-bursts)
  (let loop ((count (+ 1 (modulo (next-random!) 4))) (bursts '()))
    (if (= count 0)
        (reverse (cdr bursts))                       ; no I/O after the last burst
        (let* ((cpu (if (= 0 (modulo (next-random!) 5))
                        (+ 20 (modulo (next-random!) 60))
                        (+ 1 (modulo (next-random!) 20))))
               (io (+ 5 (modulo (next-random!) 30))))
          (loop (- count 1) (cons io (cons cpu bursts)))))))

(define (quantum level) (vector-ref #(4 8 16) level))

(define (run n)
  (set! seed 41)
  (set! heap (make-vector 16 #f))
  (set! heap-size 0)
  (set! events-made 0)
  (let loop ((k 0) (arrival 0))
    (when (< k n)
      (let* ((next-arrival (+ arrival (modulo (next-random!) 100)))
             (p (make-process k next-arrival (random-bursts) 0 'new 0 0 #f)))
        (heap-push! next-arrival 'arrive p)
        (loop (+ k 1) next-arrival))))
  (let ((queues (vector (new-queue) (new-queue) (new-queue)))
        (by-level (make-vector 3 0))
        (busy 0) (idle 0) (dispatches 0) (preemptions 0) (demotions 0) (boosts 0)
        (done '()) (done-count 0))
    (define (make-ready! p now)
      (set-process-state! p 'ready)
      (set-process-ready-since! p now)
      (enqueue! (vector-ref queues (process-level p)) p))
    (define (highest-ready)
      (cond ((not (queue-empty? (vector-ref queues 0))) 0)
            ((not (queue-empty? (vector-ref queues 1))) 1)
            ((not (queue-empty? (vector-ref queues 2))) 2)
            (else #f)))
    (let tick ((now 0) (running #f) (used 0))
      (if (= done-count n)
          (let ((turnaround (apply + (map (lambda (p) (- (process-finished p) (process-arrival p))) done)))
                (waits (map process-waited done)))
            (list now busy idle dispatches preemptions demotions boosts (vector->list by-level)
                  (number->string (/ turnaround n)) (apply + waits) (apply max waits)
                  (let fold ((ps (reverse done)) (sum 0))
                    (if (null? ps) sum (fold (cdr ps) (modulo (+ (* sum 31) (process-pid (car ps))) 1000003))))
                  (map process-pid (reverse (list-tail done (- done-count (min 5 done-count)))))))
          (begin
            (let events ()
              (when (and (> heap-size 0) (<= (event-time (vector-ref heap 0)) now))
                (let ((e (heap-pop!)))
                  (case (event-kind e)
                    ((arrive) (make-ready! (event-process e) now))
                    ((io-done)
                     (let ((p (event-process e)))
                       (set-process-bursts! p (cdr (process-bursts p)))
                       (make-ready! p now)))))
                (events)))
            (when (and (> now 0) (= 0 (modulo now 200)))
              (set! boosts (+ boosts 1))
              (for-each (lambda (level)
                          (let walk ((cells (queue-front (vector-ref queues level))))
                            (unless (null? cells)
                              (set-process-level! (car cells) 0)
                              (walk (cdr cells))))
                          (queue-move-all! (vector-ref queues level) (vector-ref queues 0)))
                        '(1 2)))
            (let* ((best (highest-ready))
                   (preempt (and running best (< best (process-level running)))))
              (when preempt
                (set! preemptions (+ preemptions 1))
                (make-ready! running now))
              (let ((running (if (or preempt (not running))
                                 (and best
                                      (let ((p (dequeue! (vector-ref queues best))))
                                        (set! dispatches (+ dispatches 1))
                                        (vector-set! by-level best (+ 1 (vector-ref by-level best)))
                                        (set-process-waited! p (+ (process-waited p) (- now (process-ready-since p))))
                                        (set-process-state! p 'running)
                                        p))
                                 running))
                    (used (if (or preempt (not running)) 0 used)))
                (if (not running)
                    (begin (set! idle (+ idle 1))
                           (tick (+ now 1) #f 0))
                    (let ((left (- (car (process-bursts running)) 1)))
                      (set! busy (+ busy 1))
                      (set-car! (process-bursts running) left)
                      (cond ((= left 0)
                             (if (null? (cdr (process-bursts running)))
                                 (begin (set-process-state! running 'done)
                                        (set-process-finished! running (+ now 1))
                                        (set! done (cons running done))
                                        (set! done-count (+ done-count 1)))
                                 (begin (set-process-state! running 'blocked)
                                        (set-process-bursts! running (cdr (process-bursts running)))
                                        (heap-push! (+ now 1 (car (process-bursts running))) 'io-done running)))
                             (tick (+ now 1) #f 0))
                            ((= (+ used 1) (quantum (process-level running)))
                             (when (< (process-level running) 2)
                               (set! demotions (+ demotions 1))
                               (set-process-level! running (+ (process-level running) 1)))
                             (make-ready! running (+ now 1))
                             (tick (+ now 1) #f 0))
                            (else (tick (+ now 1) running (+ used 1)))))))))))))
