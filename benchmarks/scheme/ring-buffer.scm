;; ring-buffer: a double-ended queue kept in a vector used as a ring,
;; made as an object the SICP 3.1 way.  make-deque returns a dispatch
;; procedure closing over the vector, the index of the front and the
;; count, all changed by set!; a message is a symbol told apart by case,
;; its argument a rest argument.  Indices wrap by modulo; a full ring is
;; copied, front first, into a vector twice as long by a do loop.
;; make-deque is a case-lambda: no argument for room for 4, or the room.
;; (d 'ends) returns the front and the back as two values, taken by
;; let-values.
;;
;; Three uses: the largest of every window of 10 numbers in a row of n
;; (the deque holds indices whose numbers fall from front to back: a new
;; index drops the smaller ones at the back, the front leaves when it is
;; out of the window); a round-robin scheduler giving each of n/10 jobs
;; (a pair of its number and the work left, changed by set-cdr!) 7 units
;; at a time, a job not finished put back at the end, or at the front
;; when less than 4 units are left; and n/20 phrases tested for
;; palindromes, their letters made lower case by char-downcase and put
;; in a deque by string-for-each, then taken off both ends at once.
;;
;; The numbers: x -> (1103515245x + 12345) mod 2^31 from x = 43, each
;; draw x div 65536: the row's numbers draw mod 1000, then each job's
;; work draw mod 50 + 1.
;;
;; (run n) => (the largest of each window summed, the room of the
;;             window's deque at the end, the scheduler's turns, the
;;             jobs' finishing times summed, the first five jobs to
;;             finish, the room of its deque, how many phrases are
;;             palindromes)

(define make-deque
  (case-lambda
    (() (make-deque 4))
    ((room)
     (let ((items (make-vector room #f))
           (front 0)
           (count 0))
       (define (index k)
         (modulo (+ front k) (vector-length items)))
       (define (grow!)
         (let ((bigger (make-vector (* 2 (vector-length items)) #f)))
           (do ((k 0 (+ k 1)))
               ((= k count))
             (vector-set! bigger k (vector-ref items (index k))))
           (set! items bigger)
           (set! front 0)))
       (define (push-back! x)
         (if (= count (vector-length items)) (grow!))
         (vector-set! items (index count) x)
         (set! count (+ count 1)))
       (define (push-front! x)
         (if (= count (vector-length items)) (grow!))
         (set! front (index (- (vector-length items) 1)))
         (vector-set! items front x)
         (set! count (+ count 1)))
       (define (pop-front!)
         (if (= count 0) (error "pop-front!: empty deque"))
         (let ((x (vector-ref items front)))
           (vector-set! items front #f)
           (set! front (index 1))
           (set! count (- count 1))
           x))
       (define (pop-back!)
         (if (= count 0) (error "pop-back!: empty deque"))
         (let* ((k (index (- count 1)))
                (x (vector-ref items k)))
           (vector-set! items k #f)
           (set! count (- count 1))
           x))
       (lambda (message . args)
         (case message
           ((push-back!) (push-back! (car args)))
           ((push-front!) (push-front! (car args)))
           ((pop-front!) (pop-front!))
           ((pop-back!) (pop-back!))
           ((front) (vector-ref items front))
           ((back) (vector-ref items (index (- count 1))))
           ((ends) (values (vector-ref items front) (vector-ref items (index (- count 1)))))
           ((size) count)
           ((empty?) (= count 0))
           ((room) (vector-length items))
           (else (error "deque: unknown message" message))))))))

(define seed 43)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

;; the largest of each window

(define (window-maxima numbers width)
  ;; => (values the maxima summed, the deque's room)
  (let ((d (make-deque)))
    (let loop ((i 0) (sum 0))
      (if (= i (vector-length numbers))
          (values sum (d 'room))
          (let ((x (vector-ref numbers i)))
            (let drop ()
              (if (and (not (d 'empty?)) (<= (vector-ref numbers (d 'back)) x))
                  (begin (d 'pop-back!) (drop))))
            (d 'push-back! i)
            (if (<= (d 'front) (- i width))
                (d 'pop-front!))
            (loop (+ i 1)
                  (if (>= i (- width 1))
                      (+ sum (vector-ref numbers (d 'front)))
                      sum)))))))

;; round robin

(define (round-robin jobs quantum)
  ;; jobs: a list of (number . work) => (turns, finishing times summed, finishing order, room)
  (let ((d (make-deque)))
    (for-each (lambda (job) (d 'push-back! (cons (car job) (cdr job)))) jobs)
    (let loop ((clock 0) (turns 0) (finished 0) (order '()))
      (if (d 'empty?)
          (list turns finished (reverse order) (d 'room))
          (let* ((job (d 'pop-front!))
                 (slice (min quantum (cdr job)))
                 (clock (+ clock slice)))
            (set-cdr! job (- (cdr job) slice))
            (cond ((= (cdr job) 0)
                   (loop clock (+ turns 1) (+ finished clock) (cons (car job) order)))
                  ((< (cdr job) 4)
                   (d 'push-front! job)
                   (loop clock (+ turns 1) finished order))
                  (else
                   (d 'push-back! job)
                   (loop clock (+ turns 1) finished order))))))))

;; palindromes

(define phrases
  '("A man, a plan, a canal: Panama" "Never odd or even" "Was it a car or a cat I saw?"
    "Step on no pets" "Able was I ere I saw Elba" "Madam, in Eden, I'm Adam"
    "No lemon, no melon" "This is not one" "Dammit, I'm mad!" "Eva, can I see bees in a cave?"
    "A Santa at NASA" "Palindromes are rare" "Red rum, sir, is murder" "Yo, banana boy!"
    "Some men interpret nine memos" "Top spot" "Never a foot too far, even"
    "Mr. Owl ate my metal worm" "Go hang a salami, I'm a lasagna hog" "Not quite a palindrome"))

(define (palindrome? phrase)
  (let ((d (make-deque 8)))
    (string-for-each (lambda (c)
                       (if (char-alphabetic? c)
                           (d 'push-back! (char-downcase c))))
                     phrase)
    (let loop ()
      (if (< (d 'size) 2)
          #t
          (let-values (((first last) (d 'ends)))
            (and (char=? first last)
                 (begin (d 'pop-front!)
                        (d 'pop-back!)
                        (loop))))))))

(define (take-first k items)
  (if (or (= k 0) (null? items))
      '()
      (cons (car items) (take-first (- k 1) (cdr items)))))

(define (run n)
  (set! seed 43)
  (let ((numbers (make-vector n 0)))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (vector-set! numbers i (modulo (next-draw!) 1000)))
    (let-values (((sum room) (window-maxima numbers 10)))
      (let* ((jobs (let make ((j 0) (jobs '()))
                     (if (= j (quotient n 10))
                         (reverse jobs)
                         (let ((work (+ (modulo (next-draw!) 50) 1)))
                           (make (+ j 1) (cons (cons j work) jobs))))))
             (schedule (round-robin jobs 7))
             (palindromes (let count ((i 0) (found 0))
                            (if (= i (quotient n 20))
                                found
                                (count (+ i 1)
                                       (if (palindrome? (list-ref phrases (modulo i (length phrases))))
                                           (+ found 1)
                                           found))))))
        (list sum
              room
              (car schedule)
              (cadr schedule)
              (take-first 5 (caddr schedule))
              (cadddr schedule)
              palindromes)))))
