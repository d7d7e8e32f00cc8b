;; bits: bit twiddling in portable Scheme, which has no bitwise operators:
;; and, or and xor of two non-negative integers by recursion on their
;; lowest bits (remainder by 2) and the rest (quotient by 2); a population
;; count and a Gray code decoder each a do loop with two variables and no
;; body; the Gray code n xor n div 2; bits reversed in a fixed width; a
;; parity.  Then the game of Nim, played with its winning rule: the mover
;; makes the xor of the heaps (the nim-sum) zero when it can, else takes
;; one stone from the first heap that has any; whoever takes the last
;; stone wins.
;;
;; The numbers 0 .. n-1 are taken through every procedure.  The Nim games
;; (n div 50 of them, at least one) start from heaps drawn by
;; x -> (1103515245x + 12345) mod 2^31 from x = 3, each draw x div 65536:
;; 3 to 5 heaps (draw mod 3, plus 3) of 1 to 40 stones (draw mod 40, plus 1).
;;
;; (run n) => (the bits set in 0 .. n-1; whether each Gray code is one bit
;;             from the last and decodes back; the sum of the Gray codes;
;;             the xor of 0 .. n-1; the sum of i and 3i; the sum of i or
;;             i div 4; the sum of the 16-bit reversals; the numbers of odd
;;             parity; the Nim games, won by the first player, whether that
;;             was every game whose nim-sum was not zero at the start, the
;;             moves made)

(define (bit-and a b)
  (if (or (= a 0) (= b 0))
      0
      (+ (* 2 (bit-and (quotient a 2) (quotient b 2)))
         (if (and (odd? a) (odd? b)) 1 0))))

(define (bit-or a b)
  (cond ((= a 0) b)
        ((= b 0) a)
        (else (+ (* 2 (bit-or (quotient a 2) (quotient b 2)))
                 (if (or (odd? a) (odd? b)) 1 0)))))

(define (bit-xor a b)
  (cond ((= a 0) b)
        ((= b 0) a)
        (else (+ (* 2 (bit-xor (quotient a 2) (quotient b 2)))
                 (if (eq? (odd? a) (odd? b)) 0 1)))))

(define (popcount n)
  (do ((n n (quotient n 2))
       (count 0 (+ count (remainder n 2))))
      ((= n 0) count)))

(define (gray n)
  (bit-xor n (quotient n 2)))

(define (gray->binary g)
  (do ((g g (quotient g 2))
       (b 0 (bit-xor b g)))
      ((= g 0) b)))

(define (reverse-bits n width)
  (let loop ((n n) (width width) (r 0))
    (if (= width 0)
        r
        (loop (quotient n 2) (- width 1) (+ (* 2 r) (remainder n 2))))))

(define (parity n)
  (remainder (popcount n) 2))

;; Nim.  Heaps are a list of stone counts.

(define (nim-sum heaps)
  (if (null? heaps)
      0
      (bit-xor (car heaps) (nim-sum (cdr heaps)))))

(define (take-from heaps k count)
  (if (= k 0)
      (cons (- (car heaps) count) (cdr heaps))
      (cons (car heaps) (take-from (cdr heaps) (- k 1) count))))

(define (winning-move heaps)
  ;; a list (heap-index stones-taken), or #f when the nim-sum is zero
  (let ((s (nim-sum heaps)))
    (if (= s 0)
        #f
        (let loop ((hs heaps) (k 0))
          (let ((target (bit-xor (car hs) s)))
            (if (< target (car hs))
                (list k (- (car hs) target))
                (loop (cdr hs) (+ k 1))))))))

(define (first-nonempty heaps)
  (let loop ((hs heaps) (k 0))
    (if (> (car hs) 0) k (loop (cdr hs) (+ k 1)))))

(define (all-empty? heaps)
  (or (null? heaps)
      (and (= (car heaps) 0) (all-empty? (cdr heaps)))))

(define (play-nim heaps)
  ;; => (the winner . the moves made), the first player 0, the second 1
  (let loop ((heaps heaps) (player 0) (moves 0))
    (let* ((move (winning-move heaps))
           (next (if move
                     (take-from heaps (car move) (cadr move))
                     (take-from heaps (first-nonempty heaps) 1))))
      (if (all-empty? next)
          (cons player (+ moves 1))
          (loop next (- 1 player) (+ moves 1))))))

(define seed 3)

(define (next!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-heaps)
  (let loop ((k (+ 3 (modulo (next!) 3))) (heaps '()))
    (if (= k 0)
        heaps
        (loop (- k 1) (cons (+ 1 (modulo (next!) 40)) heaps)))))

(define (run n)
  (set! seed 3)
  (let loop ((i 0) (bits 0) (gray-ok #t) (gray-sum 0) (xor-all 0) (and-sum 0) (or-sum 0)
             (reversed 0) (odd-parity 0))
    (if (< i n)
        (loop (+ i 1)
              (+ bits (popcount i))
              (and gray-ok
                   (= (gray->binary (gray i)) i)
                   (= (popcount (bit-xor (gray i) (gray (+ i 1)))) 1))
              (+ gray-sum (gray i))
              (bit-xor xor-all i)
              (+ and-sum (bit-and i (* 3 i)))
              (+ or-sum (bit-or i (quotient i 4)))
              (+ reversed (reverse-bits i 16))
              (+ odd-parity (parity i)))
        (let games ((g (max 1 (quotient n 50))) (first-wins 0) (rule-holds #t) (moves 0))
          (if (= g 0)
              (list bits gray-ok gray-sum xor-all and-sum or-sum reversed odd-parity
                    first-wins rule-holds moves)
              (let* ((heaps (random-heaps))
                     (result (play-nim heaps))
                     (first-won (= (car result) 0)))
                (games (- g 1)
                       (if first-won (+ first-wins 1) first-wins)
                       (and rule-holds (eq? first-won (not (= (nim-sum heaps) 0))))
                       (+ moves (cdr result)))))))))
