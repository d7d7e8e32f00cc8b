;; intervals: closed intervals as pairs (start . end), sorted by a merge
;; sort of our own that takes the order as a procedure less?, then merged
;; where they overlap or touch.  The sort splits a list by dealing its
;; elements alternately onto two lists and merges the sorted halves by
;; plain (non-tail) recursion, calling less? on the heads.  Two orders are
;; passed: by start then end, and by length, longest first, then start.
;; Points are tested against every interval by a counting loop.
;;
;; Interval i of n takes two values of x -> (75x + 74) mod 65537, starting
;; from x = 1 (149, 11249, ...): it starts at the first mod 10n and is the
;; second mod 25 plus 1 long.
;;
;; (run n) => (intervals after merging, the length they cover, the widest
;;             gap between them, the longest merged interval as (start end),
;;             the longest given interval as (start end), the intervals
;;             holding the points 0, n, 2n, ..., 9n summed over the points,
;;             whether the merged intervals are in order and apart)

(define (next-random x) (modulo (+ (* 75 x) 74) 65537))

(define (make-intervals n)
  (let loop ((i 0) (x 1) (intervals '()))
    (if (= i n)
        (reverse intervals)
        (let* ((x1 (next-random x))
               (x2 (next-random x1))
               (start (modulo x1 (* 10 n))))
          (loop (+ i 1) x2 (cons (cons start (+ start (modulo x2 25) 1)) intervals))))))

(define (deal items)
  (let loop ((items items) (left '()) (right '()))
    (if (null? items)
        (cons left right)
        (loop (cdr items) (cons (car items) right) left))))

(define (merge-lists a b less?)
  (cond ((null? a) b)
        ((null? b) a)
        ((less? (car b) (car a)) (cons (car b) (merge-lists a (cdr b) less?)))
        (else (cons (car a) (merge-lists (cdr a) b less?)))))

(define (sort-list items less?)
  (if (or (null? items) (null? (cdr items)))
      items
      (let ((halves (deal items)))
        (merge-lists (sort-list (car halves) less?)
                     (sort-list (cdr halves) less?)
                     less?))))

(define (interval-length interval) (- (cdr interval) (car interval)))

(define (by-start a b)
  (or (< (car a) (car b))
      (and (= (car a) (car b)) (< (cdr a) (cdr b)))))

(define (by-length a b)
  (or (> (interval-length a) (interval-length b))
      (and (= (interval-length a) (interval-length b)) (< (car a) (car b)))))

;; Intervals sorted by start, merged where one starts before the last ends.
(define (merge-overlapping sorted)
  (if (null? sorted)
      '()
      (let loop ((rest (cdr sorted)) (current (car sorted)) (merged '()))
        (cond ((null? rest) (reverse (cons current merged)))
              ((<= (car (car rest)) (cdr current))
               (loop (cdr rest)
                     (cons (car current) (max (cdr current) (cdr (car rest))))
                     merged))
              (else (loop (cdr rest) (car rest) (cons current merged)))))))

(define (covered merged)
  (if (null? merged)
      0
      (+ (interval-length (car merged)) (covered (cdr merged)))))

(define (widest-gap merged)
  (let loop ((rest merged) (widest 0))
    (if (or (null? rest) (null? (cdr rest)))
        widest
        (loop (cdr rest) (max widest (- (car (cadr rest)) (cdr (car rest))))))))

(define (holding point intervals)
  (let loop ((rest intervals) (count 0))
    (cond ((null? rest) count)
          ((and (<= (car (car rest)) point) (<= point (cdr (car rest))))
           (loop (cdr rest) (+ count 1)))
          (else (loop (cdr rest) count)))))

(define (apart? merged)
  (or (null? merged)
      (null? (cdr merged))
      (and (< (cdr (car merged)) (car (cadr merged)))
           (apart? (cdr merged)))))

(define (as-list interval) (list (car interval) (cdr interval)))

(define (run n)
  (let* ((intervals (make-intervals n))
         (merged (merge-overlapping (sort-list intervals by-start)))
         (longest-merged (car (sort-list merged by-length)))
         (longest-given (car (sort-list intervals by-length))))
    (list (length merged)
          (covered merged)
          (widest-gap merged)
          (as-list longest-merged)
          (as-list longest-given)
          (let loop ((k 0) (sum 0))
            (if (= k 10)
                sum
                (loop (+ k 1) (+ sum (holding (* k n) intervals)))))
          (apart? merged))))
