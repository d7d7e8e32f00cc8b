;; little-schemer: the star functions and the collectors of The Little
;; Schemer (chapters 5 and 8), written the book's way: atom?, cond on the
;; car, eq? for atoms, add1, and recursion down both the car and the cdr.
;; rember*, insertR*, occur*, subst*, member*, leftmost and eqlist? walk
;; nested lists of symbols; multirember&co and multiinsertLR&co hand their
;; answers to a collector, each step wrapping the collector it was given in
;; a new lambda; evens-only*&co does it over nested lists of numbers, the
;; collector at the top, the-last-friend, consing the sum and the product
;; in front.
;;
;; The lists come from x -> (1103515245x + 12345) mod 2^31 from x = 7, each
;; draw x div 65536: a list has 1 to 4 members (draw mod 4, plus one), each
;; a sublist (down to five levels for symbols, four for numbers) when a
;; draw mod 10 is under 4, else an atom: a symbol of (a b c d e f) by draw
;; mod 6, or a number, draw mod 9 plus 1.
;;
;; (run n) => (over n trees of symbols, n trees of numbers and n lats of 8
;;             symbols: the c's counted by occur*; the z's after insertR*
;;             z right of each b; the f's after subst* f for a; the trees
;;             holding an e; the trees eqlist? to themselves after rember*
;;             a; whether every tree comes back from insertR* z then
;;             rember* z; the leftmost atoms among a, b, c; multirember&co's
;;             lengths summed as 100 newlat + seen; multiinsertLR&co's new
;;             lengths, left and right insertions; evens-only*&co's odd sums,
;;             its even products summed mod 1000003, its top-level lengths)

(define seed 7)

(define (next!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (add1 n) (+ n 1))

(define (atom? x)
  (and (not (pair? x)) (not (null? x))))

(define (random-symbol)
  (list-ref '(a b c d e f) (modulo (next!) 6)))

(define (random-number)
  (add1 (modulo (next!) 9)))

(define (make-tree depth make-atom)
  (let loop ((k (add1 (modulo (next!) 4))) (l '()))
    (if (= k 0)
        l
        (loop (- k 1)
              (cons (if (and (> depth 0) (< (modulo (next!) 10) 4))
                        (make-tree (- depth 1) make-atom)
                        (make-atom))
                    l)))))

(define (make-lat k)
  (if (= k 0)
      '()
      (let ((a (random-symbol)))
        (cons a (make-lat (- k 1))))))

(define (rember* a l)
  (cond ((null? l) '())
        ((atom? (car l))
         (cond ((eq? (car l) a) (rember* a (cdr l)))
               (else (cons (car l) (rember* a (cdr l))))))
        (else (cons (rember* a (car l)) (rember* a (cdr l))))))

(define (insertR* new old l)
  (cond ((null? l) '())
        ((atom? (car l))
         (cond ((eq? (car l) old)
                (cons old (cons new (insertR* new old (cdr l)))))
               (else (cons (car l) (insertR* new old (cdr l))))))
        (else (cons (insertR* new old (car l))
                    (insertR* new old (cdr l))))))

(define (occur* a l)
  (cond ((null? l) 0)
        ((atom? (car l))
         (cond ((eq? (car l) a) (add1 (occur* a (cdr l))))
               (else (occur* a (cdr l)))))
        (else (+ (occur* a (car l)) (occur* a (cdr l))))))

(define (subst* new old l)
  (cond ((null? l) '())
        ((atom? (car l))
         (cond ((eq? (car l) old) (cons new (subst* new old (cdr l))))
               (else (cons (car l) (subst* new old (cdr l))))))
        (else (cons (subst* new old (car l)) (subst* new old (cdr l))))))

(define (member* a l)
  (cond ((null? l) #f)
        ((atom? (car l))
         (or (eq? (car l) a) (member* a (cdr l))))
        (else (or (member* a (car l)) (member* a (cdr l))))))

(define (leftmost l)
  (cond ((atom? (car l)) (car l))
        (else (leftmost (car l)))))

(define (eqlist? l1 l2)
  (cond ((and (null? l1) (null? l2)) #t)
        ((or (null? l1) (null? l2)) #f)
        (else (and (same? (car l1) (car l2))
                   (eqlist? (cdr l1) (cdr l2))))))

(define (same? s1 s2)
  (cond ((and (atom? s1) (atom? s2)) (eq? s1 s2))
        ((or (atom? s1) (atom? s2)) #f)
        (else (eqlist? s1 s2))))

(define (multirember&co a lat col)
  (cond ((null? lat) (col '() '()))
        ((eq? (car lat) a)
         (multirember&co a (cdr lat)
                         (lambda (newlat seen)
                           (col newlat (cons (car lat) seen)))))
        (else
         (multirember&co a (cdr lat)
                         (lambda (newlat seen)
                           (col (cons (car lat) newlat) seen))))))

(define (multiinsertLR&co new oldL oldR lat col)
  (cond ((null? lat) (col '() 0 0))
        ((eq? (car lat) oldL)
         (multiinsertLR&co new oldL oldR (cdr lat)
                           (lambda (newlat L R)
                             (col (cons new (cons oldL newlat)) (add1 L) R))))
        ((eq? (car lat) oldR)
         (multiinsertLR&co new oldL oldR (cdr lat)
                           (lambda (newlat L R)
                             (col (cons oldR (cons new newlat)) L (add1 R)))))
        (else
         (multiinsertLR&co new oldL oldR (cdr lat)
                           (lambda (newlat L R)
                             (col (cons (car lat) newlat) L R))))))

(define (evens-only*&co l col)
  (cond ((null? l) (col '() 1 0))
        ((atom? (car l))
         (cond ((even? (car l))
                (evens-only*&co (cdr l)
                                (lambda (newl p s)
                                  (col (cons (car l) newl) (* (car l) p) s))))
               (else
                (evens-only*&co (cdr l)
                                (lambda (newl p s)
                                  (col newl p (+ (car l) s)))))))
        (else
         (evens-only*&co (car l)
                         (lambda (al ap as)
                           (evens-only*&co (cdr l)
                                           (lambda (dl dp ds)
                                             (col (cons al dl) (* ap dp) (+ as ds)))))))))

(define (the-last-friend newl product sum)
  (cons sum (cons product newl)))

(define (run n)
  (set! seed 7)
  (let loop ((i 0) (cs 0) (zs 0) (fs 0) (with-e 0) (unchanged 0) (all-back #t) (left-abc 0)
             (rember-co 0) (lr-length 0) (lr-left 0) (lr-right 0)
             (odd-sums 0) (even-products 0) (top-lengths 0))
    (if (= i n)
        (list cs zs fs with-e unchanged all-back left-abc rember-co lr-length lr-left lr-right
              odd-sums even-products top-lengths)
        (let* ((t (make-tree 5 random-symbol))
               (nums (make-tree 4 random-number))
               (lat (make-lat 8))
               (with-z (insertR* 'z 'b t))
               (co (multirember&co 'a lat
                                   (lambda (newlat seen)
                                     (+ (* 100 (length newlat)) (length seen)))))
               (lr (multiinsertLR&co 'x 'b 'c lat
                                     (lambda (newlat L R) (list (length newlat) L R))))
               (evens (evens-only*&co nums the-last-friend)))
          (loop (+ i 1)
                (+ cs (occur* 'c t))
                (+ zs (occur* 'z with-z))
                (+ fs (occur* 'f (subst* 'f 'a t)))
                (if (member* 'e t) (+ with-e 1) with-e)
                (if (eqlist? (rember* 'a t) t) (+ unchanged 1) unchanged)
                (and all-back (eqlist? (rember* 'z with-z) t))
                (if (memq (leftmost t) '(a b c)) (+ left-abc 1) left-abc)
                (+ rember-co co)
                (+ lr-length (car lr))
                (+ lr-left (cadr lr))
                (+ lr-right (caddr lr))
                (+ odd-sums (car evens))
                (modulo (+ even-products (cadr evens)) 1000003)
                (+ top-lengths (length (cddr evens))))))))
