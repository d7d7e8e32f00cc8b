;; poker: hands of Texas hold'em dealt, valued and compared, the way an
;; introductory course sets card games as exercises.
;;
;; A card is a pair (rank . suit), the rank 2 .. 14 (14 an ace), the
;; suit a character #\C #\D #\H #\S; a card's name is two characters,
;; such as "TH" or "AS".  The deck is a vector shuffled by Fisher and
;; Yates with the draws.  Four players each get two cards and share
;; five on the table; each player's best hand is the best of the
;; twenty-one five-card hands among the seven, chosen by a recursion
;; that takes or leaves each card.
;;
;; A five-card hand is valued as a list: its category (0 a high card ..
;; 8 a straight flush) and then the ranks that break ties, in order.
;; The ranks are sorted by an insertion of our own, highest first;
;; equal ranks counted in an association list found by assv and changed
;; by set-cdr!, the groups put in order by size and then rank; a flush is five of one suit, a
;; straight five ranks in a row (the ace may be low: 5 4 3 2 A).  Two
;; values compare as lists, number by number.  A macro of our own adds
;; one to a vector's place.
;;
;; For each of n deals: the winners (a tie splits the pot), every
;; player's category tallied; the best hand of all the deals kept with
;; its cards' names.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 53, each
;; draw x div 65536.
;;
;; (run n) => (deals, the tally of the nine categories, wins per seat,
;;             split pots, the best hand's category name and cards, the
;;             winning values checksummed)

(define seed 53)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define-syntax vector-inc!
  (syntax-rules ()
    ((_ v i) (vector-set! v i (+ 1 (vector-ref v i))))))

(define (card-rank card) (car card))
(define (card-suit card) (cdr card))

(define rank-letters "23456789TJQKA")

(define (card-name card)
  (string (string-ref rank-letters (- (card-rank card) 2)) (card-suit card)))

(define (new-deck)
  (let ((deck (make-vector 52)))
    (do ((suits '(#\C #\D #\H #\S) (cdr suits))
         (i 0 (+ i 13)))
        ((null? suits) deck)
      (do ((rank 2 (+ rank 1)))
          ((> rank 14))
        (vector-set! deck (+ i (- rank 2)) (cons rank (car suits)))))))

(define (shuffle! deck)
  (do ((i (- (vector-length deck) 1) (- i 1)))
      ((= i 0) deck)
    (let* ((j (random-below (+ i 1)))
           (card (vector-ref deck i)))
      (vector-set! deck i (vector-ref deck j))
      (vector-set! deck j card))))

;; Highest first.
(define (sort-ranks ranks)
  (let insert-all ((ranks ranks) (sorted '()))
    (if (null? ranks)
        sorted
        (insert-all (cdr ranks)
                    (let insert ((r (car ranks)) (sorted sorted))
                      (cond ((null? sorted) (list r))
                            ((>= r (car sorted)) (cons r sorted))
                            (else (cons (car sorted) (insert r (cdr sorted))))))))))

;; ((count . rank) ...), largest groups first, then higher ranks.
(define (rank-groups ranks)
  (let count ((ranks ranks) (counts '()))
    (if (pair? ranks)
        (let ((entry (assv (car ranks) counts)))
          (if entry
              (begin (set-cdr! entry (+ 1 (cdr entry)))
                     (count (cdr ranks) counts))
              (count (cdr ranks) (cons (cons (car ranks) 1) counts))))
        (let insert-all ((counts counts) (sorted '()))
          (if (null? counts)
              sorted
              (insert-all (cdr counts)
                          (let insert ((g (cons (cdr (car counts)) (car (car counts)))) (sorted sorted))
                            (cond ((null? sorted) (list g))
                                  ((or (> (car g) (car (car sorted)))
                                       (and (= (car g) (car (car sorted))) (> (cdr g) (cdr (car sorted)))))
                                   (cons g sorted))
                                  (else (cons (car sorted) (insert g (cdr sorted))))))))))))

(define (flush? hand)
  (let ((suit (card-suit (car hand))))
    (let loop ((cards (cdr hand)))
      (or (null? cards)
          (and (char=? (card-suit (car cards)) suit) (loop (cdr cards)))))))

;; The top rank of a straight, or #f; ranks sorted, highest first.
(define (straight-top ranks)
  (cond ((equal? ranks '(14 5 4 3 2)) 5)
        ((let loop ((ranks ranks))
           (or (null? (cdr ranks))
               (and (= (car ranks) (+ 1 (cadr ranks))) (loop (cdr ranks)))))
         (car ranks))
        (else #f)))

(define (hand-value hand)
  (let* ((ranks (sort-ranks (map card-rank hand)))
         (groups (rank-groups ranks))
         (counts (map car groups))
         (tie-ranks (map cdr groups))
         (flush (flush? hand))
         (top (straight-top ranks)))
    (cond ((and flush top) (list 8 top))
          ((equal? counts '(4 1)) (cons 7 tie-ranks))
          ((equal? counts '(3 2)) (cons 6 tie-ranks))
          (flush (cons 5 ranks))
          (top (list 4 top))
          ((equal? counts '(3 1 1)) (cons 3 tie-ranks))
          ((equal? counts '(2 2 1)) (cons 2 tie-ranks))
          ((equal? counts '(2 1 1 1)) (cons 1 tie-ranks))
          (else (cons 0 ranks)))))

(define (value<? a b)
  (cond ((null? a) #f)
        ((< (car a) (car b)) #t)
        ((> (car a) (car b)) #f)
        (else (value<? (cdr a) (cdr b)))))

;; Every way of choosing k of the cards.
(define (choose cards k)
  (cond ((= k 0) '(()))
        ((< (length cards) k) '())
        (else (append (map (lambda (rest) (cons (car cards) rest)) (choose (cdr cards) (- k 1)))
                      (choose (cdr cards) k)))))

;; (value . hand) of the best five of the cards.
(define (best-hand cards)
  (let loop ((hands (choose cards 5)) (best #f))
    (if (null? hands)
        best
        (let ((value (hand-value (car hands))))
          (loop (cdr hands)
                (if (or (not best) (value<? (car best) value))
                    (cons value (car hands))
                    best))))))

(define (category-name k)
  (case k
    ((0) "high card") ((1) "pair") ((2) "two pairs") ((3) "three of a kind") ((4) "straight")
    ((5) "flush") ((6) "full house") ((7) "four of a kind") (else "straight flush")))

(define (run n)
  (set! seed 53)
  (let ((tally (make-vector 9 0))
        (wins (make-vector 4 0))
        (deck (new-deck)))
    (let loop ((deal 0) (splits 0) (best #f) (checksum 0))
      (if (= deal n)
          (list n (vector->list tally) (vector->list wins) splits
                (cons (category-name (car (car best))) (map card-name (cdr best)))
                checksum)
          (begin
            (shuffle! deck)
            (let* ((table (list (vector-ref deck 8) (vector-ref deck 9) (vector-ref deck 10)
                                (vector-ref deck 11) (vector-ref deck 12)))
                   (hands (let seat ((p 0))
                            (if (= p 4)
                                '()
                                (cons (best-hand (cons (vector-ref deck (* 2 p))
                                                       (cons (vector-ref deck (+ (* 2 p) 1)) table)))
                                      (seat (+ p 1))))))
                   (top (let find ((hands (cdr hands)) (top (car (car hands))))
                          (cond ((null? hands) top)
                                ((value<? top (car (car hands))) (find (cdr hands) (car (car hands))))
                                (else (find (cdr hands) top)))))
                   (winners (let count ((hands hands) (p 0) (winners '()))
                              (cond ((null? hands) (reverse winners))
                                    ((equal? (car (car hands)) top) (count (cdr hands) (+ p 1) (cons p winners)))
                                    (else (count (cdr hands) (+ p 1) winners))))))
              (for-each (lambda (hand) (vector-inc! tally (car (car hand)))) hands)
              (for-each (lambda (p) (vector-inc! wins p)) winners)
              (loop (+ deal 1)
                    (if (> (length winners) 1) (+ splits 1) splits)
                    (let ((leader (let pick ((hands hands))
                                    (if (equal? (car (car hands)) top) (car hands) (pick (cdr hands))))))
                      (if (or (not best) (value<? (car best) (car leader))) leader best))
                    (let fold ((xs top) (sum checksum))
                      (if (null? xs) sum (fold (cdr xs) (modulo (+ (* sum 31) (car xs)) 1000003)))))))))))
