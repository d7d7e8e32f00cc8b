;; room-booking: a day of n meetings booked into rooms, the way a first
;; program over association lists would do it.
;;
;; A meeting is an association list: its number, a title, its start and
;; end as "HH:MM" strings and its value, read by assq.  The times are
;; made by number->string with a zero put in front where needed, and
;; read back digit by digit from char->integer; each meeting is then
;; given its minutes as two more entries consed on its front.
;;
;; The work: the rooms needed, meetings taken by start and each put in
;; the first room free by then, found by member with a predicate of our
;; own as its third argument, the rooms an association list from names
;; to the minute they are free, changed by set-cdr! and grown at the end
;; by append; the most meetings one person can attend, taken greedily
;; by end; the most value, by the weighted interval scheduling table, a
;; vector filled from the left with each meeting's last compatible
;; predecessor found by binary search; the overlapping pairs, counted by
;; member with an overlap predicate down the rest of the list; the
;; busiest quarter hour, in a vector of the day's 44; the first room's
;; gaps between 08:00 and 19:00 written as "HH:MM-HH:MM"; the meetings
;; of each kind, kept in an association list searched by assoc with
;; string=? (its kind the title before the dash, found by a loop).
;; Sorting is the built-in sort with a less-than of our own, ties
;; broken by the meeting's number.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 71, each
;; draw x div 65536; a meeting starts at 08:00 plus 15 minutes times
;; draw mod 36, lasts 15 minutes times 1 + draw mod 8, is worth 1 + draw
;; mod 9, and its title is kind draw mod 6.
;;
;; (run n) => (the rooms, the meetings in each, the greedy count and its
;;             value, the best value, the meetings it takes, the
;;             overlapping pairs, the busiest quarter hour and its
;;             meetings, the first room's gaps, their minutes, the first
;;             three gaps, the count of each kind)

(define seed 71)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define kinds (vector "standup" "review" "planning" "interview" "lunch" "retro"))

(define (two-digits k)
  (if (< k 10) (string-append "0" (number->string k)) (number->string k)))

(define (minutes->time minutes)
  (string-append (two-digits (quotient minutes 60)) ":" (two-digits (remainder minutes 60))))

(define (digit c)
  (- (char->integer c) (char->integer #\0)))

(define (time->minutes text)
  (+ (* 60 (+ (* 10 (digit (string-ref text 0))) (digit (string-ref text 1))))
     (* 10 (digit (string-ref text 3)))
     (digit (string-ref text 4))))

(define (get meeting key)
  (cdr (assq key meeting)))

(define (random-meeting id)
  (let* ((start (+ 480 (* 15 (modulo (next-random!) 36))))
         (end (+ start (* 15 (+ 1 (modulo (next-random!) 8)))))
         (value (+ 1 (modulo (next-random!) 9)))
         (kind (vector-ref kinds (modulo (next-random!) 6))))
    (list (cons 'id id)
          (cons 'title (string-append kind "-" (number->string id)))
          (cons 'start (minutes->time start))
          (cons 'end (minutes->time end))
          (cons 'value value))))

(define (with-minutes meeting)
  (cons (cons 'from (time->minutes (get meeting 'start)))
        (cons (cons 'to (time->minutes (get meeting 'end)))
              meeting)))

(define (by-start a b)
  (or (< (get a 'from) (get b 'from))
      (and (= (get a 'from) (get b 'from)) (< (get a 'id) (get b 'id)))))

(define (by-end a b)
  (or (< (get a 'to) (get b 'to))
      (and (= (get a 'to) (get b 'to)) (< (get a 'id) (get b 'id)))))

(define (overlaps? a b)
  (and (< (get a 'from) (get b 'to)) (< (get b 'from) (get a 'to))))

;; The rooms (name . free-from) in the order they were opened, and the
;; bookings (id . room name), as two values.
(define (book meetings)
  (let loop ((meetings (sort meetings by-start)) (rooms '()) (bookings '()))
    (if (null? meetings)
        (values rooms (reverse bookings))
        (let* ((meeting (car meetings))
               (free (member meeting rooms (lambda (m room) (<= (cdr room) (get m 'from))))))
          (if free
              (begin
                (set-cdr! (car free) (get meeting 'to))
                (loop (cdr meetings) rooms (cons (cons (get meeting 'id) (caar free)) bookings)))
              (let ((name (string-append "room-" (number->string (+ (length rooms) 1)))))
                (loop (cdr meetings)
                      (append rooms (list (cons name (get meeting 'to))))
                      (cons (cons (get meeting 'id) name) bookings))))))))

(define (greedy meetings)
  (let loop ((meetings (sort meetings by-end)) (last-end 0) (count 0) (value 0))
    (cond ((null? meetings) (list count value))
          ((>= (get (car meetings) 'from) last-end)
           (loop (cdr meetings) (get (car meetings) 'to) (+ count 1) (+ value (get (car meetings) 'value))))
          (else (loop (cdr meetings) last-end count value)))))

;; The best total value of meetings no two of which overlap, and how
;; many meetings it takes.
(define (best-value meetings)
  (let* ((sorted (list->vector (sort meetings by-end)))
         (n (vector-length sorted))
         (table (make-vector (+ n 1) 0))
         (taken (make-vector (+ n 1) 0)))
    ;; The number of meetings, among the first j, that end by `time`.
    (define (ending-by time j)
      (let search ((low 0) (high j))
        (if (= low high)
            low
            (let ((middle (quotient (+ low high) 2)))
              (if (<= (get (vector-ref sorted middle) 'to) time)
                  (search (+ middle 1) high)
                  (search low middle))))))
    (do ((j 0 (+ j 1)))
        ((= j n) (list (vector-ref table n) (vector-ref taken n)))
      (let* ((meeting (vector-ref sorted j))
             (before (ending-by (get meeting 'from) j))
             (with (+ (get meeting 'value) (vector-ref table before)))
             (without (vector-ref table j)))
        (if (> with without)
            (begin (vector-set! table (+ j 1) with)
                   (vector-set! taken (+ j 1) (+ 1 (vector-ref taken before))))
            (begin (vector-set! table (+ j 1) without)
                   (vector-set! taken (+ j 1) (vector-ref taken j))))))))

(define (overlapping-pairs meetings)
  (let outer ((meetings meetings) (pairs 0))
    (if (null? meetings)
        pairs
        (let inner ((rest (cdr meetings)) (pairs pairs))
          (let ((hit (member (car meetings) rest overlaps?)))
            (if hit
                (inner (cdr hit) (+ pairs 1))
                (outer (cdr meetings) pairs)))))))

(define (busiest meetings)
  (let ((slots (make-vector 44 0)))
    (for-each (lambda (meeting)
                (do ((slot (quotient (- (get meeting 'from) 480) 15) (+ slot 1)))
                    ((= slot (quotient (- (get meeting 'to) 480) 15)))
                  (vector-set! slots slot (+ (vector-ref slots slot) 1))))
              meetings)
    (let loop ((slot 0) (best 0) (count 0))
      (cond ((= slot 44) (list (minutes->time (+ 480 (* 15 best))) count))
            ((> (vector-ref slots slot) count) (loop (+ slot 1) slot (vector-ref slots slot)))
            (else (loop (+ slot 1) best count))))))

;; The gaps in one room's day, in order, as (from . to) in minutes.
(define (gaps meetings bookings room)
  (let loop ((booked (sort (filter (lambda (meeting)
                                     (string=? (cdr (assv (get meeting 'id) bookings)) room))
                                   meetings)
                           by-start))
             (free-from 480)
             (found '()))
    (cond ((null? booked)
           (reverse (if (< free-from 1140) (cons (cons free-from 1140) found) found)))
          ((< free-from (get (car booked) 'from))
           (loop (cdr booked) (get (car booked) 'to) (cons (cons free-from (get (car booked) 'from)) found)))
          (else (loop (cdr booked) (max free-from (get (car booked) 'to)) found)))))

(define (kind-of title)
  (let loop ((i 0))
    (if (char=? (string-ref title i) #\-)
        (substring title 0 i)
        (loop (+ i 1)))))

(define (count-kinds meetings)
  (let loop ((meetings meetings) (table '()))
    (if (null? meetings)
        (reverse table)
        (let* ((kind (kind-of (get (car meetings) 'title)))
               (entry (assoc kind table string=?)))
          (if entry
              (begin (set-cdr! entry (+ (cdr entry) 1))
                     (loop (cdr meetings) table))
              (loop (cdr meetings) (cons (cons kind 1) table)))))))

(define (run n)
  (set! seed 71)
  (let* ((meetings (let loop ((id 0) (made '()))
                     (if (= id n)
                         (reverse made)
                         (loop (+ id 1) (cons (with-minutes (random-meeting id)) made))))))
    (let-values (((rooms bookings) (book meetings)))
      (let* ((loads (map (lambda (room)
                           (let count ((bookings bookings) (k 0))
                             (cond ((null? bookings) k)
                                   ((string=? (cdar bookings) (car room)) (count (cdr bookings) (+ k 1)))
                                   (else (count (cdr bookings) k)))))
                         rooms))
             (free (gaps meetings bookings "room-1")))
        (list (length rooms)
              loads
              (greedy meetings)
              (best-value meetings)
              (overlapping-pairs meetings)
              (busiest meetings)
              (length free)
              (apply + (map (lambda (gap) (- (cdr gap) (car gap))) free))
              (map (lambda (gap) (string-append (minutes->time (car gap)) "-" (minutes->time (cdr gap))))
                   (if (> (length free) 3) (list-head-3 free) free))
              (map (lambda (entry) (list (car entry) (cdr entry))) (count-kinds meetings)))))))

(define (list-head-3 items)
  (list (car items) (cadr items) (caddr items)))
