;; elevator: two lifts in a building simulated tick by tick, each a state
;; machine stepped by case on its state symbol, as a first course on
;; simulation or on state machines writes one.
;;
;; A passenger and a lift are define-record-type records; the people
;; waiting on each floor are lists in a vector, in order of arrival, a new
;; one put at the end by append.  A lift is idle, going up, going down or
;; open.  Idle, it picks a direction: with riders aboard it keeps its
;; direction while a rider wants to go that way (the LOOK rule), else it
;; heads for its first rider's floor; empty, it opens where people wait,
;; else heads for the nearest floor where someone waits (the lower on a
;; tie).  Moving, it goes one floor a tick and opens where a rider gets off
;; or (with room) someone waits, and goes idle when it is empty and nobody
;; waits ahead.  Open, it lets off the riders for the floor, takes on those
;; waiting in order while there is room, and goes idle.  Top-level
;; counters are kept by set!.
;;
;; n buildings are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 211, each draw x div 65536: the floors (5 .. 12), the capacity
;; (4 .. 8), then for each of 150 ticks whether someone arrives (a draw
;; mod 8 below 3) and if so from where and to where (another floor).  The
;; lifts a and b start idle at the bottom and the top.
;;
;; (run n) => (n, passengers delivered, their trip times summed, their
;;             waits summed, floors moved, stops made, people left
;;             waiting and left riding at the end, a checksum of the
;;             deliveries, the first building: floors, capacity and
;;             each lift's state and floor at the end)

(define seed 211)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define-record-type passenger
  (make-passenger id from to born boarded)
  passenger?
  (id passenger-id)
  (from passenger-from)
  (to passenger-to)
  (born passenger-born)
  (boarded passenger-boarded set-passenger-boarded!))

(define-record-type lift
  (make-lift name floor state dir riders moves stops)
  lift?
  (name lift-name)
  (floor lift-floor set-lift-floor!)
  (state lift-state set-lift-state!)
  (dir lift-dir set-lift-dir!)
  (riders lift-riders set-lift-riders!)
  (moves lift-moves set-lift-moves!)
  (stops lift-stops set-lift-stops!))

(define ticks 150)

(define floors 0)
(define capacity 0)
(define waiting (make-vector 1 '()))
(define next-id 0)
(define delivered 0)
(define trip-total 0)
(define wait-total 0)
(define checksum 0)

(define (any? ok? lst)
  (cond ((null? lst) #f)
        ((ok? (car lst)) #t)
        (else (any? ok? (cdr lst)))))

(define (someone-waiting? f)
  (pair? (vector-ref waiting f)))

(define (waiting-above? f)
  (let loop ((g (+ f 1)))
    (cond ((>= g floors) #f)
          ((someone-waiting? g) #t)
          (else (loop (+ g 1))))))

(define (waiting-below? f)
  (let loop ((g (- f 1)))
    (cond ((< g 0) #f)
          ((someone-waiting? g) #t)
          (else (loop (- g 1))))))

(define (nearest-waiting f)
  ;; the nearest other floor where someone waits, the lower on a tie; #f if none
  (let loop ((d 1))
    (let ((below (- f d)) (above (+ f d)))
      (cond ((and (< below 0) (>= above floors)) #f)
            ((and (>= below 0) (someone-waiting? below)) below)
            ((and (< above floors) (someone-waiting? above)) above)
            (else (loop (+ d 1)))))))

(define (arrive! t)
  (let* ((from (modulo (next-random!) floors))
         (to (modulo (next-random!) (- floors 1)))
         (to (if (>= to from) (+ to 1) to))
         (p (make-passenger next-id from to t #f)))
    (set! next-id (+ next-id 1))
    (vector-set! waiting from (append (vector-ref waiting from) (list p)))))

(define (head-for! lift dir)
  (set-lift-dir! lift dir)
  (set-lift-state! lift dir))

(define (open! lift)
  (set-lift-stops! lift (+ (lift-stops lift) 1))
  (set-lift-state! lift 'open))

(define (choose! lift)
  (let ((f (lift-floor lift))
        (riders (lift-riders lift)))
    (cond ((pair? riders)
           (head-for! lift
                      (cond ((and (eq? (lift-dir lift) 'up)
                                  (any? (lambda (p) (> (passenger-to p) f)) riders))
                             'up)
                            ((and (eq? (lift-dir lift) 'down)
                                  (any? (lambda (p) (< (passenger-to p) f)) riders))
                             'down)
                            ((> (passenger-to (car riders)) f) 'up)
                            (else 'down))))
          ((someone-waiting? f) (open! lift))
          (else
           (let ((g (nearest-waiting f)))
             (if g
                 (head-for! lift (if (> g f) 'up 'down))))))))

(define (move! lift delta)
  (let ((f (+ (lift-floor lift) delta))
        (riders (lift-riders lift)))
    (set-lift-floor! lift f)
    (set-lift-moves! lift (+ (lift-moves lift) 1))
    (cond ((or (any? (lambda (p) (= (passenger-to p) f)) riders)
               (and (someone-waiting? f) (< (length riders) capacity)))
           (open! lift))
          ((and (null? riders)
                (not (if (> delta 0) (waiting-above? f) (waiting-below? f))))
           (set-lift-state! lift 'idle)))))

(define (deliver! p f t)
  (set! delivered (+ delivered 1))
  (set! trip-total (+ trip-total (- t (passenger-born p))))
  (set! wait-total (+ wait-total (- (passenger-boarded p) (passenger-born p))))
  (set! checksum (modulo (+ (* checksum 31) (* 16 (passenger-id p)) f) 1000003)))

(define (open-doors! lift t)
  (let ((f (lift-floor lift)))
    (let loop ((riders (lift-riders lift)) (staying '()))
      (cond ((null? riders) (set-lift-riders! lift (reverse staying)))
            ((= (passenger-to (car riders)) f)
             (deliver! (car riders) f t)
             (loop (cdr riders) staying))
            (else (loop (cdr riders) (cons (car riders) staying)))))
    (let loop ((queue (vector-ref waiting f)))
      (if (and (pair? queue) (< (length (lift-riders lift)) capacity))
          (begin
            (set-passenger-boarded! (car queue) t)
            (set-lift-riders! lift (append (lift-riders lift) (list (car queue))))
            (loop (cdr queue)))
          (vector-set! waiting f queue)))
    (set-lift-state! lift 'idle)))

(define (step! lift t)
  (case (lift-state lift)
    ((idle) (choose! lift))
    ((up) (move! lift 1))
    ((down) (move! lift -1))
    ((open) (open-doors! lift t))
    (else (error "elevator: no such state" (lift-state lift)))))

(define (simulate)
  (set! floors (+ 5 (modulo (next-random!) 8)))
  (set! capacity (+ 4 (modulo (next-random!) 5)))
  (set! waiting (make-vector floors '()))
  (let ((lifts (list (make-lift 'a 0 'idle 'none '() 0 0)
                     (make-lift 'b (- floors 1) 'idle 'none '() 0 0))))
    (do ((t 0 (+ t 1)))
        ((= t ticks) lifts)
      (if (< (modulo (next-random!) 8) 3)
          (arrive! t))
      (for-each (lambda (lift) (step! lift t)) lifts))))

(define (count-waiting)
  (let loop ((f 0) (total 0))
    (if (= f floors)
        total
        (loop (+ f 1) (+ total (length (vector-ref waiting f)))))))

(define (run n)
  (set! seed 211)
  (set! next-id 0)
  (set! delivered 0)
  (set! trip-total 0)
  (set! wait-total 0)
  (set! checksum 0)
  (let loop ((b 0) (moves 0) (stops 0) (left 0) (riding 0) (first '()))
    (if (= b n)
        (list n delivered trip-total wait-total moves stops left riding checksum first)
        (let* ((lifts (simulate))
               (a (car lifts))
               (z (cadr lifts)))
          (loop (+ b 1)
                (+ moves (lift-moves a) (lift-moves z))
                (+ stops (lift-stops a) (lift-stops z))
                (+ left (count-waiting))
                (+ riding (length (lift-riders a)) (length (lift-riders z)))
                (if (= b 0)
                    (list floors capacity
                          (symbol->string (lift-state a)) (lift-floor a)
                          (symbol->string (lift-state z)) (lift-floor z))
                    first))))))
