;; skyline: the outline of a city's buildings against the sky, found
;; twice, the way an algorithms course sets the problem.
;;
;; A building is a list (left height right), left < right.  The n
;; buildings are drawn in order of their left edges, which move on by a
;; 0 to 14 units each time; each is 1 to 24 units wide and 1 to 100 high.
;; A skyline is a list of key points (x . h): from x on, up to the next
;; key point, the outline stands at height h; the last key point has
;; height 0, and no two neighbours share a height.
;;
;; First by divide and conquer: the buildings are held in a vector, a
;; range of them is cut in two at half its length (truncate/ gives the
;; half), and the two skylines are merged by walking both lists at
;; once, keeping the height of each and giving a key point wherever the
;; greater of the two changes.  Then by a sweep: the buildings standing
;; at the line are kept in a list ordered by height, tallest first, each
;; put in by a walk down the list; the line moves to the next left edge
;; or the nearest right edge of one standing, whichever comes first.
;; The two outlines must be equal?.
;;
;; From the outline: the area under it by a do loop with two variables
;; over neighbouring key points, the stretches of bare ground between
;; its first and last points, the widest stretch at the greatest height,
;; and the height at 3n points of the city by binary search over a
;; vector of the key points.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 29, each
;; draw x div 65536.
;;
;; (run n) => (key points, area, stretches of bare ground, the widest
;;             stretch at the greatest height as (from to height), whether
;;             the sweep agrees, the most buildings standing at once, the
;;             heights at the points checksummed, the first five key
;;             points as (x h) lists)

(define seed 29)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (make-building left height right) (list left height right))
(define (building-left b) (car b))
(define (building-height b) (cadr b))
(define (building-right b) (caddr b))

(define (random-city n)
  (let loop ((k 0) (left 0) (city '()))
    (if (= k n)
        (reverse city)
        (let* ((left (+ left (modulo (next-random!) 15)))
               (width (+ 1 (modulo (next-random!) 24)))
               (height (+ 1 (modulo (next-random!) 100))))
          (loop (+ k 1) left (cons (make-building left height (+ left width)) city))))))

;; Two skylines into one.
(define (merge-skylines a b)
  (let loop ((a a) (b b) (ha 0) (hb 0) (last 0) (out '()))
    (cond ((and (null? a) (null? b)) (reverse out))
          ((or (null? b) (and (pair? a) (< (car (car a)) (car (car b)))))
           (let* ((x (car (car a))) (ha (cdr (car a))) (h (max ha hb)))
             (if (= h last)
                 (loop (cdr a) b ha hb last out)
                 (loop (cdr a) b ha hb h (cons (cons x h) out)))))
          ((or (null? a) (< (car (car b)) (car (car a))))
           (let* ((x (car (car b))) (hb (cdr (car b))) (h (max ha hb)))
             (if (= h last)
                 (loop a (cdr b) ha hb last out)
                 (loop a (cdr b) ha hb h (cons (cons x h) out)))))
          (else
           (let* ((x (car (car a))) (ha (cdr (car a))) (hb (cdr (car b))) (h (max ha hb)))
             (if (= h last)
                 (loop (cdr a) (cdr b) ha hb last out)
                 (loop (cdr a) (cdr b) ha hb h (cons (cons x h) out))))))))

;; The skyline of buildings start .. start + count - 1 of the vector.
(define (skyline-of city start count)
  (if (= count 1)
      (let ((b (vector-ref city start)))
        (list (cons (building-left b) (building-height b))
              (cons (building-right b) 0)))
      (let-values (((half odd) (truncate/ count 2)))
        (merge-skylines (skyline-of city start half)
                        (skyline-of city (+ start half) (+ half odd))))))

;; The sweep.  standing: buildings, tallest first.
(define (insert-by-height b standing)
  (cond ((null? standing) (list b))
        ((>= (building-height b) (building-height (car standing))) (cons b standing))
        (else (cons (car standing) (insert-by-height b (cdr standing))))))

(define (nearest-right standing)
  (let loop ((standing standing) (best #f))
    (cond ((null? standing) best)
          ((or (not best) (< (building-right (car standing)) best))
           (loop (cdr standing) (building-right (car standing))))
          (else (loop (cdr standing) best)))))

(define (still-standing x standing)
  (cond ((null? standing) '())
        ((<= (building-right (car standing)) x) (still-standing x (cdr standing)))
        (else (cons (car standing) (still-standing x (cdr standing))))))

(define most-standing 0)

(define (sweep city)
  (let loop ((waiting city) (standing '()) (last 0) (out '()))
    (if (and (null? waiting) (null? standing))
        (reverse out)
        (let* ((next-left (if (null? waiting) #f (building-left (car waiting))))
               (next-right (nearest-right standing))
               (x (cond ((not next-left) next-right)
                        ((not next-right) next-left)
                        (else (min next-left next-right)))))
          (let take ((waiting waiting) (standing (still-standing x standing)))
            (if (and (pair? waiting) (= (building-left (car waiting)) x))
                (take (cdr waiting) (insert-by-height (car waiting) standing))
                (let ((h (if (null? standing) 0 (building-height (car standing)))))
                  (set! most-standing (max most-standing (length standing)))
                  (if (= h last)
                      (loop waiting standing last out)
                      (loop waiting standing h (cons (cons x h) out))))))))))

(define (area skyline)
  (do ((points skyline (cdr points))
       (sum 0 (if (null? (cdr points))
                  sum
                  (+ sum (* (cdr (car points)) (- (car (cadr points)) (car (car points))))))))
      ((null? points) sum)))

(define (bare-stretches skyline)
  (let loop ((points skyline) (count 0))
    (cond ((null? (cdr points)) count)
          ((= 0 (cdr (car points))) (loop (cdr points) (+ count 1)))
          (else (loop (cdr points) count)))))

(define (widest-at-top skyline)
  (let ((top (apply max (map cdr skyline))))
    (let loop ((points skyline) (best #f))
      (cond ((null? (cdr points)) best)
            ((and (= (cdr (car points)) top)
                  (or (not best)
                      (> (- (car (cadr points)) (car (car points))) (- (cadr best) (car best)))))
             (loop (cdr points) (list (car (car points)) (car (cadr points)) top)))
            (else (loop (cdr points) best))))))

;; The height at x: the last key point at or before x, by halving.
(define (height-at points x)
  (if (< x (car (vector-ref points 0)))
      0
      (let search ((low 0) (high (- (vector-length points) 1)))
        (if (= low high)
            (cdr (vector-ref points low))
            (let ((middle (quotient (+ low high 1) 2)))
              (if (<= (car (vector-ref points middle)) x)
                  (search middle high)
                  (search low (- middle 1))))))))

(define (first-points skyline k)
  (if (or (= k 0) (null? skyline))
      '()
      (cons (list (car (car skyline)) (cdr (car skyline)))
            (first-points (cdr skyline) (- k 1)))))

(define (run n)
  (set! seed 29)
  (set! most-standing 0)
  (let* ((city (random-city n))
         (skyline (skyline-of (list->vector city) 0 n))
         (swept (sweep city))
         (points (list->vector skyline))
         (end (car (vector-ref points (- (vector-length points) 1))))
         (checksum (do ((k 0 (+ k 1))
                        (sum 0 (modulo (+ (* sum 31) (height-at points (- (modulo (next-random!) (+ end 10)) 5)))
                                       1000003)))
                       ((= k (* 3 n)) sum))))
    (list (length skyline)
          (area skyline)
          (bare-stretches skyline)
          (widest-at-top skyline)
          (equal? skyline swept)
          most-standing
          checksum
          (first-points skyline 5))))
