;; cache-sim: page replacement in an operating system's memory, four
;; policies simulated side by side, the way an operating-systems course
;; sets them.
;;
;; A run is a string of n references to 100 pages with locality: a
;; working set of twelve pages that moves every 200 references, each
;; reference in it 17 times in 20 and anywhere otherwise.  Each policy
;; is an object made by a procedure that keeps its state in its closure
;; and answers messages, dispatched by case: (cache 'access page) says
;; whether the page was there (and brings it in if not), (cache
;; 'contents) lists the pages held.
;;
;; FIFO keeps the pages in a ring of a vector, in order of arrival, and
;; which pages are held in a vector of booleans by page.  LRU keeps them
;; in a doubly linked list of records with mutable fields, most recent
;; first behind a sentinel, found through an association list from
;; pages to records (assv); a hit moves its record to the front, a miss
;; with the list full drops the last.  CLOCK keeps frames in a vector
;; with a use bit each and a hand that goes round clearing bits until it
;; finds one clear.  OPT (Belady's) knows the future: the place of each
;; reference's next use, worked out by a walk from the end, and it drops
;; the page whose next use is farthest.
;;
;; Each policy is run at 4, 8, 16 and 32 frames; a simulation gives its
;; hits and misses as two values.  OPT must do at least as well as
;; every other, and LRU must never do worse with more frames.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 83, each
;; draw x div 65536.
;;
;; (run n) => (n, each policy's name and its hits at the four sizes,
;;             whether OPT is best, whether LRU gains with frames, the
;;             misses added up, the pages LRU holds at the end with 8
;;             frames, most recent first, the same for CLOCK from its hand)

(define seed 83)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define page-count 100)

(define (make-references n)
  (let ((refs (make-vector n 0)))
    (let loop ((i 0) (base 0))
      (if (= i n)
          refs
          (let ((base (if (= 0 (modulo i 200)) (random-below (- page-count 12)) base)))
            (vector-set! refs i (if (< (random-below 20) 17)
                                    (+ base (random-below 12))
                                    (random-below page-count)))
            (loop (+ i 1) base))))))

;; The pages a ring of frames holds, from place start round to the one before.
(define (ring-pages ring start)
  (let ((frames (vector-length ring)))
    (let loop ((k 0) (pages '()))
      (if (= k frames)
          (reverse pages)
          (let ((page (vector-ref ring (modulo (+ start k) frames))))
            (loop (+ k 1) (if page (cons page pages) pages)))))))

;; -- FIFO -------------------------------------------------------------------

(define (make-fifo frames)
  (let ((ring (make-vector frames #f))
        (held (make-vector page-count #f))
        (next 0))
    (lambda (message . args)
      (case message
        ((access)
         (let ((page (car args)))
           (if (vector-ref held page)
               #t
               (let ((old (vector-ref ring next)))
                 (when old
                   (vector-set! held old #f))
                 (vector-set! ring next page)
                 (vector-set! held page #t)
                 (set! next (modulo (+ next 1) frames))
                 #f))))
        ((contents) (ring-pages ring next))
        (else (error "fifo: unknown message" message))))))

;; -- LRU --------------------------------------------------------------------

(define-record-type entry
  (make-entry page prev next)
  entry?
  (page entry-page)
  (prev entry-prev set-entry-prev!)
  (next entry-next set-entry-next!))

(define (make-lru frames)
  (let ((sentinel (make-entry #f #f #f))
        (index '())
        (size 0))
    (set-entry-prev! sentinel sentinel)
    (set-entry-next! sentinel sentinel)
    (define (unlink! e)
      (set-entry-next! (entry-prev e) (entry-next e))
      (set-entry-prev! (entry-next e) (entry-prev e)))
    (define (push-front! e)
      (set-entry-next! e (entry-next sentinel))
      (set-entry-prev! e sentinel)
      (set-entry-prev! (entry-next sentinel) e)
      (set-entry-next! sentinel e))
    (define (forget page)
      (let loop ((pairs index))
        (cond ((null? pairs) '())
              ((= (car (car pairs)) page) (cdr pairs))
              (else (cons (car pairs) (loop (cdr pairs)))))))
    (lambda (message . args)
      (case message
        ((access)
         (let* ((page (car args))
                (found (assv page index)))
           (cond (found
                  (unlink! (cdr found))
                  (push-front! (cdr found))
                  #t)
                 (else
                  (when (= size frames)
                    (let ((last (entry-prev sentinel)))
                      (unlink! last)
                      (set! index (forget (entry-page last)))
                      (set! size (- size 1))))
                  (let ((e (make-entry page #f #f)))
                    (push-front! e)
                    (set! index (cons (cons page e) index))
                    (set! size (+ size 1)))
                  #f))))
        ((contents)
         (let loop ((e (entry-next sentinel)) (pages '()))
           (if (eq? e sentinel)
               (reverse pages)
               (loop (entry-next e) (cons (entry-page e) pages)))))
        (else (error "lru: unknown message" message))))))

;; -- CLOCK ------------------------------------------------------------------

(define (make-clock frames)
  (let ((slots (make-vector frames #f))
        (used (make-vector frames #f))
        (where (make-vector page-count #f))
        (hand 0))
    (lambda (message . args)
      (case message
        ((access)
         (let* ((page (car args))
                (slot (vector-ref where page)))
           (if slot
               (begin (vector-set! used slot #t) #t)
               (let find ()
                 (if (vector-ref used hand)
                     (begin (vector-set! used hand #f)
                            (set! hand (modulo (+ hand 1) frames))
                            (find))
                     (let ((old (vector-ref slots hand)))
                       (when old
                         (vector-set! where old #f))
                       (vector-set! slots hand page)
                       (vector-set! used hand #t)
                       (vector-set! where page hand)
                       (set! hand (modulo (+ hand 1) frames))
                       #f))))))
        ((contents) (ring-pages slots hand))
        (else (error "clock: unknown message" message))))))

;; -- OPT --------------------------------------------------------------------

;; For each reference, the place of the next reference to its page (n if none).
(define (next-uses refs)
  (let* ((n (vector-length refs))
         (next (make-vector n n))
         (last (make-vector page-count n)))
    (do ((i (- n 1) (- i 1)))
        ((< i 0) next)
      (vector-set! next i (vector-ref last (vector-ref refs i)))
      (vector-set! last (vector-ref refs i) i))))

(define (make-opt frames next)
  (let ((held '())
        (when-next (make-vector page-count 0))
        (time 0))
    (lambda (message . args)
      (case message
        ((access)
         (let ((page (car args))
               (hit #f))
           (if (memv page held)
               (set! hit #t)
               (begin
                 (when (= (length held) frames)
                   (let ((victim (let loop ((pages (cdr held)) (far (car held)))
                                   (cond ((null? pages) far)
                                         ((> (vector-ref when-next (car pages)) (vector-ref when-next far))
                                          (loop (cdr pages) (car pages)))
                                         (else (loop (cdr pages) far))))))
                     (set! held (let drop ((pages held))
                                  (if (= (car pages) victim)
                                      (cdr pages)
                                      (cons (car pages) (drop (cdr pages))))))))
                 (set! held (cons page held))))
           (vector-set! when-next page (vector-ref next time))
           (set! time (+ time 1))
           hit))
        ((contents) held)
        (else (error "opt: unknown message" message))))))

;; -- the simulations ----------------------------------------------------------

(define (simulate cache refs)
  (let loop ((i 0) (hits 0) (misses 0))
    (if (= i (vector-length refs))
        (values hits misses)
        (if (cache 'access (vector-ref refs i))
            (loop (+ i 1) (+ hits 1) misses)
            (loop (+ i 1) hits (+ misses 1))))))

(define sizes '(4 8 16 32))

(define (run n)
  (set! seed 83)
  (let* ((refs (make-references n))
         (next (next-uses refs))
         (makers (list (cons "fifo" make-fifo)
                       (cons "lru" make-lru)
                       (cons "clock" make-clock)
                       (cons "opt" (lambda (frames) (make-opt frames next)))))
         (misses 0)
         (lru-8 #f)
         (clock-8 #f)
         (table
          (map (lambda (maker)
                 (cons (car maker)
                       (map (lambda (frames)
                              (let ((cache ((cdr maker) frames)))
                                (let-values (((hits missed) (simulate cache refs)))
                                  (set! misses (+ misses missed))
                                  (when (= frames 8)
                                    (cond ((string=? (car maker) "lru") (set! lru-8 (cache 'contents)))
                                          ((string=? (car maker) "clock") (set! clock-8 (cache 'contents)))))
                                  hits)))
                            sizes)))
               makers))
         (opt (cdr (assoc "opt" table)))
         (lru (cdr (assoc "lru" table))))
    (list n table
          (let every ((rows table))
            (or (null? rows)
                (and (let each ((hits (cdr (car rows))) (best opt))
                       (or (null? hits)
                           (and (<= (car hits) (car best)) (each (cdr hits) (cdr best)))))
                     (every (cdr rows)))))
          (let rising ((hits lru))
            (or (null? (cdr hits))
                (and (<= (car hits) (cadr hits)) (rising (cdr hits)))))
          misses lru-8 clock-8)))
