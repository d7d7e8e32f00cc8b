;; queue-sim: SICP 3.3.2's queue, a pair of front and rear pointers moved
;; with set-car! and set-cdr!, serving a one-teller bank line.  A linear
;; congruential generator written by hand (x -> 75x + 74 mod 65537)
;; decides each minute whether a customer arrives (last digit below 4) and
;; how long a service takes (1 to 3 minutes).
;;
;; (run n) => (customers served, their total wait, the longest line,
;;             how many still wait) after n minutes

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

(define seed 1)

(define (next-random!)
  (set! seed (modulo (+ (* seed 75) 74) 65537))
  seed)

(define (run n)
  (set! seed 1)
  (let ((line (make-queue))
        (waiting 0)
        (longest 0)
        (served 0)
        (total-wait 0)
        (busy 0))
    (do ((t 0 (+ t 1)))
        ((= t n) (list served total-wait longest waiting))
      (if (< (remainder (next-random!) 10) 4)
          (begin
            (insert-queue! line t)
            (set! waiting (+ waiting 1))
            (if (> waiting longest)
                (set! longest waiting))))
      (if (> busy 0)
          (set! busy (- busy 1)))
      (if (and (= busy 0) (not (empty-queue? line)))
          (let ((arrived (front-queue line)))
            (delete-queue! line)
            (set! waiting (- waiting 1))
            (set! served (+ served 1))
            (set! total-wait (+ total-wait (- t arrived)))
            (set! busy (+ 1 (remainder (next-random!) 3))))))))
