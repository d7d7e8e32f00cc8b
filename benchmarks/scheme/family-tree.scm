;; family-tree: kinship worked out from a family held as an association
;; list, as a first course's "family database" exercise writes it.
;;
;; People are symbols made by string->symbol ("p0", "p1", ..).  The
;; family is a list of (child mother father) entries, a new one consed on
;; the front, read by assq; the first people have no entry.  Someone's
;; ancestors are found breadth first with their distances, a list queue
;; and an association list of those seen; the nearest common ancestor of
;; two people (the least distance summed, the first found from the first
;; on a tie) names their kinship: self, parent or child, grandparent or
;; grandchild with "great-"s, sibling, aunt-or-uncle or niece-or-nephew
;; with "great-"s, else an ordinal cousin so many times removed, or
;; unrelated; the names are counted in an association list of strings
;; by assoc and set-cdr!.  A person's generation is one more than the
;; later of their parents', by plain recursion; children are found by
;; filtering the whole family, descendants by a walk with memq.
;;
;; n families are drawn by x -> (1103515245x + 12345) mod 2^31 from
;; x = 251, each draw x div 65536: the founders (6 .. 10), the people
;; born after them (40 .. 59), for each a mother and a father among the
;; 16 born just before (the father drawn again while he is the mother),
;; then 30 pairs of people to relate.
;;
;; (run n) => (n, pairs related, pairs unrelated, siblings, cousins of
;;             any kind, distances to the common ancestors summed, the
;;             last-born's generations summed, the first-born's
;;             descendants summed, a checksum of the kinship names, the
;;             first family's first three kinships)

(define seed 251)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (person i)
  (string->symbol (string-append "p" (number->string i))))

(define (random-family)
  ;; (people . family), the people in order of birth
  (let* ((founders (+ 6 (modulo (next-random!) 5)))
         (total (+ founders 40 (modulo (next-random!) 20))))
    (let loop ((i founders) (family '()))
      (if (= i total)
          (cons (let names ((k (- total 1)) (acc '()))
                  (if (< k 0) acc (names (- k 1) (cons (person k) acc))))
                family)
          (let* ((window (min i 16))
                 (mother (- i 1 (modulo (next-random!) window)))
                 (father (let again ((f (- i 1 (modulo (next-random!) window))))
                           (if (= f mother)
                               (again (- i 1 (modulo (next-random!) window)))
                               f))))
            (loop (+ i 1)
                  (cons (list (person i) (person mother) (person father)) family)))))))

(define (parents who family)
  (let ((entry (assq who family)))
    (if entry (cdr entry) '())))

(define (ancestors who family)
  ;; ((ancestor . distance) ...) in the order found, who itself first at 0
  (let loop ((queue (list (cons who 0))) (seen (list (cons who 0))))
    (if (null? queue)
        (reverse seen)
        (let* ((here (car queue))
               (new (let keep ((ps (parents (car here) family)) (acc '()))
                      (cond ((null? ps) (reverse acc))
                            ((or (assq (car ps) seen) (assq (car ps) acc)) (keep (cdr ps) acc))
                            (else (keep (cdr ps) (cons (cons (car ps) (+ (cdr here) 1)) acc)))))))
          (loop (append (cdr queue) new) (append (reverse new) seen))))))

(define (greats k)
  (if (= k 0) "" (string-append "great-" (greats (- k 1)))))

(define (ordinal k)
  (string-append (number->string k)
                 (cond ((and (>= (remainder k 100) 11) (<= (remainder k 100) 13)) "th")
                       ((= (remainder k 10) 1) "st")
                       ((= (remainder k 10) 2) "nd")
                       ((= (remainder k 10) 3) "rd")
                       (else "th"))))

(define (kin-name da db)
  (cond ((and (= da 0) (= db 0)) "self")
        ((= da 0) (case db
                    ((1) "parent")
                    (else (string-append (greats (- db 2)) "grandparent"))))
        ((= db 0) (case da
                    ((1) "child")
                    (else (string-append (greats (- da 2)) "grandchild"))))
        ((and (= da 1) (= db 1)) "sibling")
        ((= da 1) (string-append (greats (- db 2)) "aunt-or-uncle"))
        ((= db 1) (string-append (greats (- da 2)) "niece-or-nephew"))
        (else
         (let ((removed (abs (- da db))))
           (string-append (ordinal (- (min da db) 1)) " cousin"
                          (case removed
                            ((0) "")
                            ((1) " once removed")
                            ((2) " twice removed")
                            (else (string-append " " (number->string removed) " times removed"))))))))

;; (name . distance summed), or #f when unrelated
(define (kinship a b family)
  (let ((of-b (ancestors b family)))
    (let loop ((of-a (ancestors a family)) (best #f) (best-da 0) (best-db 0))
      (if (null? of-a)
          (and best (cons (kin-name best-da best-db) (+ best-da best-db)))
          (let ((there (assq (car (car of-a)) of-b)))
            (if (and there (or (not best) (< (+ (cdr (car of-a)) (cdr there)) (+ best-da best-db))))
                (loop (cdr of-a) (car (car of-a)) (cdr (car of-a)) (cdr there))
                (loop (cdr of-a) best best-da best-db)))))))

(define (generation who family)
  (let ((ps (parents who family)))
    (if (null? ps)
        0
        (+ 1 (max (generation (car ps) family) (generation (cadr ps) family))))))

(define (children who family)
  (let loop ((entries family) (found '()))
    (cond ((null? entries) found)
          ((memq who (cdr (car entries))) (loop (cdr entries) (cons (car (car entries)) found)))
          (else (loop (cdr entries) found)))))

(define (descendants who family)
  (let walk ((todo (children who family)) (seen '()))
    (cond ((null? todo) (length seen))
          ((memq (car todo) seen) (walk (cdr todo) seen))
          (else (walk (append (children (car todo) family) (cdr todo)) (cons (car todo) seen))))))

(define (count! tally name)
  (let ((entry (assoc name tally)))
    (if entry
        (begin (set-cdr! entry (+ (cdr entry) 1)) tally)
        (cons (cons name 1) tally))))

(define (tally-of tally name)
  (let ((entry (assoc name tally)))
    (if entry (cdr entry) 0)))

(define (cousin? name)
  (let ((n (string-length name)))
    (let loop ((i 0))
      (cond ((> (+ i 6) n) #f)
            ((string=? (substring name i (+ i 6)) "cousin") #t)
            (else (loop (+ i 1)))))))

(define (run n)
  (set! seed 251)
  (let loop ((f 0) (tally '()) (distance 0) (generations 0) (offspring 0) (sum 0) (first '()))
    (if (= f n)
        (list n
              (apply + (map cdr (let drop ((t tally))
                                  (cond ((null? t) '())
                                        ((string=? (car (car t)) "unrelated") (drop (cdr t)))
                                        (else (cons (car t) (drop (cdr t))))))))
              (tally-of tally "unrelated")
              (tally-of tally "sibling")
              (apply + (map (lambda (entry) (if (cousin? (car entry)) (cdr entry) 0)) tally))
              distance generations offspring sum first)
        (let* ((made (random-family))
               (people (list->vector (car made)))
               (family (cdr made)))
          (let pairs ((q 0) (tally tally) (distance distance) (sum sum) (names '()))
            (if (= q 30)
                (loop (+ f 1) tally distance
                      (+ generations (generation (vector-ref people (- (vector-length people) 1)) family))
                      (+ offspring (descendants (vector-ref people 0) family))
                      sum
                      (if (= f 0) (reverse names) first))
                (let* ((a (vector-ref people (modulo (next-random!) (vector-length people))))
                       (b (vector-ref people (modulo (next-random!) (vector-length people))))
                       (kin (kinship a b family))
                       (name (if kin (car kin) "unrelated")))
                  (pairs (+ q 1)
                         (count! tally name)
                         (if kin (+ distance (cdr kin)) distance)
                         (let add ((cs (string->list name)) (sum sum))
                           (if (null? cs)
                               sum
                               (add (cdr cs) (modulo (+ (* sum 31) (char->integer (car cs))) 1000003))))
                         (if (< q 3) (cons name names) names)))))))))
