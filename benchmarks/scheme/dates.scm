;; dates: calendar arithmetic in let* chains.  Leap years, month lengths by
;; case, the day of the week by Zeller's congruence, a day number counted
;; from 1 January of year 1 (checked against Zeller), and Easter Sunday by
;; the anonymous Gregorian algorithm (Meeus, Jones, Butcher).
;;
;; (run n) => over the years 1901 to 1900 + n: (months beginning on a
;;             Sunday, Friday the 13ths, leap years, Easters in March and in
;;             April, the latest Easter as (month day year) earliest year
;;             first, the sum of Easter's day of the year, the days from the
;;             first day to the last, how many first days of months Zeller
;;             and the day number agree on)

(define (leap-year? y)
  (or (and (= (remainder y 4) 0) (not (= (remainder y 100) 0)))
      (= (remainder y 400) 0)))

(define (days-in-month m y)
  (case m
    ((4 6 9 11) 30)
    ((2) (if (leap-year? y) 29 28))
    (else 31)))

;; Zeller: 0 for Saturday, 1 for Sunday, ..., 6 for Friday.
(define (day-of-week d m y)
  (let* ((m2 (if (< m 3) (+ m 12) m))
         (y2 (if (< m 3) (- y 1) y))
         (k (modulo y2 100))
         (j (quotient y2 100)))
    (modulo (+ d (quotient (* 13 (+ m2 1)) 5) k (quotient k 4) (quotient j 4) (* 5 j))
            7)))

;; Days from 1 January of year 1 (day 1) in the Gregorian calendar.
(define (day-number d m y)
  (let* ((years (- y 1))
         (before-year (+ (* 365 years)
                         (quotient years 4)
                         (- (quotient years 100))
                         (quotient years 400))))
    (let loop ((month 1) (days (+ before-year d)))
      (if (= month m)
          days
          (loop (+ month 1) (+ days (days-in-month month y)))))))

(define (easter y)
  (let* ((a (remainder y 19))
         (b (quotient y 100))
         (c (remainder y 100))
         (d (quotient b 4))
         (e (remainder b 4))
         (f (quotient (+ b 8) 25))
         (g (quotient (+ (- b f) 1) 3))
         (h (remainder (+ (* 19 a) (- b d g) 15) 30))
         (i (quotient c 4))
         (k (remainder c 4))
         (l (remainder (- (+ 32 (* 2 e) (* 2 i)) h k) 7))
         (m (quotient (+ a (* 11 h) (* 22 l)) 451))
         (month (quotient (+ h l (* -7 m) 114) 31))
         (day (+ (remainder (+ h l (* -7 m) 114) 31) 1)))
    (list month day)))

(define (run n)
  (let ((sundays 0) (fridays 0) (leaps 0) (march 0) (april 0)
        (latest '(0 0 0)) (easter-days 0) (agree 0))
    (do ((y 1901 (+ y 1)))
        ((> y (+ 1900 n)))
      (if (leap-year? y) (set! leaps (+ leaps 1)))
      (do ((m 1 (+ m 1)))
          ((> m 12))
        (let ((first (day-of-week 1 m y)))
          (if (= first 1) (set! sundays (+ sundays 1)))
          (if (= (day-of-week 13 m y) 6) (set! fridays (+ fridays 1)))
          ;; Day 1 of year 1 was a Monday, Zeller's 2.
          (if (= (modulo (+ (day-number 1 m y) 1) 7) first)
              (set! agree (+ agree 1)))))
      (let* ((date (easter y))
             (month (car date))
             (day (cadr date)))
        (if (= month 3) (set! march (+ march 1)) (set! april (+ april 1)))
        (set! easter-days (+ easter-days (+ (- (day-number day month y) (day-number 1 1 y)) 1)))
        (if (or (> month (car latest))
                (and (= month (car latest)) (> day (cadr latest))))
            (set! latest (list month day y)))))
    (list sundays fridays leaps march april latest easter-days
          (- (day-number 31 12 (+ 1900 n)) (day-number 1 1 1901))
          agree)))
