;; catalogue: a small library's catalogue of n books, kept the way a
;; first course keeps records before it meets define-record-type.
;;
;; A book is a vector #(id title author year genre copies on-loan lent)
;; read and changed through accessors of our own.  Titles are an
;; article, an adjective and a noun, sometimes "of the" another noun, in
;; mixed case; one book in ten is another edition of an earlier one (the
;; same author, its title as it was or upper-cased, another year).
;;
;; Three orders by a merge sort of our own over lists, its less-than
;; made by compare-by from any number of keys (an accessor, a less-than
;; and a sameness test, taken in turn until two books differ): the shelf
;; (author and filing title, the title less a leading "the", "a" or
;; "an", by string-ci<?, then year), the new arrivals (latest year first,
;; then title by string<?) and the genres (by name, most lent first,
;; then id).  Editions and authors are found next to each other on the
;; shelf by string-ci=?, initials counted by assv on char-upcase'd
;; characters.  Patrons borrow and return books, each one's loans an
;; association list entry grown by append and cut by set-cdr!, a book
;; with no copy left queuing its patrons in a vector of lists.  Titles
;; are searched for words by a char-ci=? scan, and citations written with
;; each title word capitalized by string->list and list->string.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 31, each
;; draw x div 65536.
;;
;; (run n) => (editions, authors, initials, loans, waits, returns, served
;;             from a queue, each genre's (name books lent most-lent-id),
;;             the busiest decade and its books, the shelf's checksum, the
;;             newest five ids, the arrivals' checksum, search hits, the
;;             first two and the last citation on the shelf)

(define seed 31)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (pick options) (vector-ref options (modulo (next-random!) (vector-length options))))

(define articles (vector "The " "the " "A " "An " "" "" ""))
(define adjectives (vector "silent" "Crimson" "lost" "Golden" "hidden" "last"
                           "Broken" "winter" "Iron" "distant" "secret" "Pale"))
(define nouns (vector "River" "garden" "Empire" "tower" "Letters" "sea"
                      "Orchard" "kingdom" "Mirror" "harbour" "night" "Machine"))
(define surnames (vector "Okafor" "Lindqvist" "o'Brien" "Nakamura" "Dubois" "McAllister"
                         "van Dijk" "Rossi" "Ahmed" "Kowalski" "de la Cruz" "Smith"))
(define given-names (vector "Ada" "Bela" "Chen" "Dara" "Emil" "Farah" "Goran" "Hana"))
(define genres (vector 'fiction 'history 'science 'poetry 'travel 'cookery))

(define (book-id b) (vector-ref b 0))
(define (book-title b) (vector-ref b 1))
(define (book-author b) (vector-ref b 2))
(define (book-year b) (vector-ref b 3))
(define (book-genre b) (vector-ref b 4))
(define (book-copies b) (vector-ref b 5))
(define (book-on-loan b) (vector-ref b 6))
(define (book-lent b) (vector-ref b 7))
(define (set-book-on-loan! b k) (vector-set! b 6 k))
(define (set-book-lent! b k) (vector-set! b 7 k))

(define (make-book id shelf)
  (let* ((again (and (> id 0) (= 0 (modulo (next-random!) 10))))
         (old (and again (vector-ref shelf (modulo (next-random!) id))))
         (title (if again
                    (if (= 0 (modulo (next-random!) 2))
                        (string-upcase (book-title old))
                        (book-title old))
                    (let* ((article (pick articles))
                           (adjective (pick adjectives))
                           (noun (pick nouns)))
                      (if (= 0 (modulo (next-random!) 3))
                          (string-append article adjective " " noun " of the " (pick nouns))
                          (string-append article adjective " " noun)))))
         (author (if again
                     (book-author old)
                     (let* ((surname (pick surnames)) (given (pick given-names)))
                       (string-append surname ", " given))))
         (year (+ 1850 (modulo (next-random!) 175)))
         (genre (pick genres))
         (copies (+ 1 (modulo (next-random!) 3))))
    (vector id title author year genre copies 0 0)))

(define (starts-ci? text prefix)
  (and (>= (string-length text) (string-length prefix))
       (string-ci=? (substring text 0 (string-length prefix)) prefix)))

(define (filing-title book)
  (let ((title (book-title book)))
    (cond ((starts-ci? title "the ") (substring title 4 (string-length title)))
          ((starts-ci? title "an ") (substring title 3 (string-length title)))
          ((starts-ci? title "a ") (substring title 2 (string-length title)))
          (else title))))

;; A less-than from keys, each a list (accessor less-than same?).
(define (compare-by . keys)
  (lambda (a b)
    (let loop ((keys keys))
      (if (null? keys)
          #f
          (let* ((key (car keys))
                 (x ((car key) a))
                 (y ((car key) b)))
            (cond (((cadr key) x y) #t)
                  (((caddr key) x y) (loop (cdr keys)))
                  (else #f)))))))

(define (take items k)
  (if (or (= k 0) (null? items)) '() (cons (car items) (take (cdr items) (- k 1)))))

(define (merge-lists a b less?)
  (cond ((null? a) b)
        ((null? b) a)
        ((less? (car b) (car a)) (cons (car b) (merge-lists a (cdr b) less?)))
        (else (cons (car a) (merge-lists (cdr a) b less?)))))

(define (merge-sort items less?)
  (let ((n (length items)))
    (if (< n 2)
        items
        (let ((half (quotient n 2)))
          (merge-lists (merge-sort (take items half) less?)
                       (merge-sort (list-tail items half) less?)
                       less?)))))

(define shelf-order
  (compare-by (list book-author string-ci<? string-ci=?)
              (list filing-title string-ci<? string-ci=?)
              (list book-year < =)))

(define arrival-order
  (compare-by (list book-year > =)
              (list book-title string<? string=?)))

(define (genre-name book) (symbol->string (book-genre book)))

(define genre-order
  (compare-by (list genre-name string<? string=?)
              (list book-lent > =)
              (list book-id < =)))

(define (count-runs items same?)
  ;; How many runs of neighbours the same by same?, and how many of them hold more than one.
  (let loop ((items items) (runs 0) (long 0) (in-long #f))
    (cond ((null? items) (list runs long))
          ((and (pair? (cdr items)) (same? (car items) (cadr items)))
           (loop (cdr items) (if in-long runs (+ runs 1)) (if in-long long (+ long 1)) #t))
          (else (loop (cdr items) (if in-long runs (+ runs 1)) long #f)))))

(define (same-author? a b) (string-ci=? (book-author a) (book-author b)))

(define (same-work? a b) (and (same-author? a b) (string-ci=? (filing-title a) (filing-title b))))

(define (initials shelf)
  (let loop ((books shelf) (table '()))
    (if (null? books)
        (map (lambda (entry) (list (string (car entry)) (cdr entry)))
             (merge-sort table (lambda (a b) (char<? (car a) (car b)))))
        (let* ((letter (char-upcase (string-ref (book-author (car books)) 0)))
               (entry (assv letter table)))
          (if entry
              (begin (set-cdr! entry (+ (cdr entry) 1)) (loop (cdr books) table))
              (loop (cdr books) (cons (cons letter 1) table)))))))

(define (lend! book patron loans)
  ;; Give patron a copy of book; return the loans table.
  (set-book-lent! book (+ (book-lent book) 1))
  (let ((entry (assv patron loans)))
    (if entry
        (begin (set-cdr! entry (append (cdr entry) (list (book-id book)))) loans)
        (cons (list patron (book-id book)) loans))))

;; Patrons borrow and return books for 4n draws: (loans waits returns served).
(define (circulate! shelf patrons)
  (let ((n (vector-length shelf))
        (queues (make-vector (vector-length shelf) '())))
    (let loop ((event 0) (loans '()) (lent 0) (waits 0) (returns 0) (served 0))
      (if (= event (* 4 n))
          (list lent waits returns served)
          (if (< (modulo (next-random!) 3) 2)
              (let* ((book (vector-ref shelf (modulo (next-random!) n)))
                     (patron (modulo (next-random!) patrons)))
                (if (< (book-on-loan book) (book-copies book))
                    (begin
                      (set-book-on-loan! book (+ (book-on-loan book) 1))
                      (loop (+ event 1) (lend! book patron loans) (+ lent 1) waits returns served))
                    (let ((id (book-id book)))
                      (vector-set! queues id (append (vector-ref queues id) (list patron)))
                      (loop (+ event 1) loans lent (+ waits 1) returns served))))
              (let* ((patron (modulo (next-random!) patrons))
                     (entry (assv patron loans)))
                (if (or (not entry) (null? (cdr entry)))
                    (loop (+ event 1) loans lent waits returns served)
                    (let* ((id (cadr entry))
                           (book (vector-ref shelf id))
                           (waiting (vector-ref queues id)))
                      (set-cdr! entry (cddr entry))
                      (if (null? waiting)
                          (begin
                            (set-book-on-loan! book (- (book-on-loan book) 1))
                            (loop (+ event 1) loans lent waits (+ returns 1) served))
                          (begin
                            (vector-set! queues id (cdr waiting))
                            (loop (+ event 1) (lend! book (car waiting) loans)
                                  lent waits (+ returns 1) (+ served 1))))))))))))

(define (genre-report books)
  ;; books in genre order: (name count lent most-lent-id) for each genre.
  (let loop ((books books) (report '()))
    (cond ((null? books) (reverse report))
          ((and (pair? report) (string=? (car (car report)) (genre-name (car books))))
           (let ((entry (car report)))
             (loop (cdr books)
                   (cons (list (car entry) (+ (cadr entry) 1) (+ (caddr entry) (book-lent (car books)))
                               (cadddr entry))
                         (cdr report)))))
          (else (loop (cdr books)
                      (cons (list (genre-name (car books)) 1 (book-lent (car books)) (book-id (car books)))
                            report))))))

(define (busiest-decade shelf)
  (let ((counts (make-vector 18 0)))
    (vector-for-each (lambda (book)
                       (let ((d (- (quotient (book-year book) 10) 185)))
                         (vector-set! counts d (+ (vector-ref counts d) 1))))
                     shelf)
    (do ((d 1 (+ d 1))
         (best 0 (if (> (vector-ref counts d) (vector-ref counts best)) d best)))
        ((= d 18) (list (* 10 (+ best 185)) (vector-ref counts best))))))

(define (contains-ci? text word)
  (let ((n (string-length text)) (m (string-length word)))
    (let outer ((i 0))
      (cond ((> (+ i m) n) #f)
            ((let inner ((j 0))
               (or (= j m)
                   (and (char-ci=? (string-ref text (+ i j)) (string-ref word j))
                        (inner (+ j 1)))))
             #t)
            (else (outer (+ i 1)))))))

(define (checksum numbers)
  (let loop ((numbers numbers) (sum 0))
    (if (null? numbers) sum (loop (cdr numbers) (modulo (+ (* sum 31) (car numbers)) 1000003)))))

(define small-words '("of" "the" "a" "an"))

(define (capitalize word first?)
  (let ((chars (map char-downcase (string->list word))))
    (if (and (not first?) (member word small-words string-ci=?))
        (list->string chars)
        (list->string (cons (char-upcase (car chars)) (cdr chars))))))

(define (split-words text)
  (let loop ((chars (string->list text)) (word '()) (words '()))
    (cond ((null? chars)
           (reverse (if (null? word) words (cons (list->string (reverse word)) words))))
          ((char=? (car chars) #\space)
           (loop (cdr chars) '() (if (null? word) words (cons (list->string (reverse word)) words))))
          (else (loop (cdr chars) (cons (car chars) word) words)))))

(define (citation book)
  (let* ((author (book-author book))
         (comma (let find ((i 0)) (if (char=? (string-ref author i) #\,) i (find (+ i 1)))))
         (words (split-words (book-title book))))
    (string-append (string-upcase (substring author 0 comma)) ", "
                   (string (string-ref author (+ comma 2))) ". ("
                   (number->string (book-year book)) "). "
                   (capitalize (car words) #t)
                   (apply string-append (map (lambda (w) (string-append " " (capitalize w #f))) (cdr words)))
                   ".")))

(define (run n)
  (set! seed 31)
  (let ((shelf (make-vector n #f)))
    (do ((id 0 (+ id 1))) ((= id n))
      (vector-set! shelf id (make-book id shelf)))
    (let* ((circulation (circulate! shelf (+ 5 (quotient n 20))))
           (books (vector->list shelf))
           (on-shelf (merge-sort books shelf-order))
           (arrivals (merge-sort books arrival-order))
           (by-genre (merge-sort books genre-order))
           (hits (apply + (map (lambda (noun)
                                 (let count ((books books) (k 0))
                                   (cond ((null? books) k)
                                         ((contains-ci? (book-title (car books)) noun) (count (cdr books) (+ k 1)))
                                         (else (count (cdr books) k)))))
                               (map string-downcase (vector->list nouns))))))
      (append (list (cadr (count-runs on-shelf same-work?))
                    (car (count-runs on-shelf same-author?))
                    (initials on-shelf))
              circulation
              (list (genre-report by-genre)
                    (busiest-decade shelf)
                    (checksum (map book-id on-shelf))
                    (map book-id (take arrivals 5))
                    (checksum (map book-id arrivals))
                    hits
                    (list (citation (car on-shelf)) (citation (cadr on-shelf)) (citation (car (last-pair on-shelf)))))))))
