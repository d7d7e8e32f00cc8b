;; automaton: elementary cellular automata (rules 30, 90 and 110) on a ring
;; of cells held in a bytevector, one byte a cell.  A rule's table is a
;; bytevector of eight entries, entry k the k-th binary digit of the rule;
;; a new cell is the entry at 4 * left + 2 * centre + right.  Each step
;; writes the next generation into a second bytevector, and the two are
;; swapped.  Every loop is a do loop over indices with bytevector-u8-ref
;; and bytevector-u8-set!.  The live cells are counted each generation and
;; summed; the last generation is checksummed the Adler-32 way (two sums
;; modulo 65521) and its middle shown as a string of # and . characters.
;;
;; The ring has 2t + 3 cells, one live cell in the middle, and runs t
;; steps: rule 90's live cells after t steps are then 2 to the number of
;; ones in t's binary digits.
;;
;; (run t) => for each of rules 30, 90, 110: (live cells at the end, live
;;            cells summed over the generations, Adler-32 of the end);
;;            then whether rule 90 agrees with 2^(ones of t), and the
;;            middle 21 cells (all of them, if fewer) of rule 30's last
;;            generation

(define (rule-table rule)
  (let ((table (make-bytevector 8 0)))
    (do ((k 0 (+ k 1))
         (r rule (quotient r 2)))
        ((= k 8) table)
      (bytevector-u8-set! table k (remainder r 2)))))

(define (step! table from to width)
  (do ((i 0 (+ i 1)))
      ((= i width) to)
    (let ((left (bytevector-u8-ref from (if (= i 0) (- width 1) (- i 1))))
          (centre (bytevector-u8-ref from i))
          (right (bytevector-u8-ref from (if (= i (- width 1)) 0 (+ i 1)))))
      (bytevector-u8-set! to i (bytevector-u8-ref table (+ (* 4 left) (* 2 centre) right))))))

(define (live-cells cells)
  (do ((i 0 (+ i 1))
       (count 0 (+ count (bytevector-u8-ref cells i))))
      ((= i (bytevector-length cells)) count)))

(define (adler32 cells)
  (do ((i 0 (+ i 1))
       (a 1 (modulo (+ a (bytevector-u8-ref cells i)) 65521))
       (b 0 (modulo (+ b a (bytevector-u8-ref cells i)) 65521)))
      ((= i (bytevector-length cells)) (+ (* b 65536) a))))

(define (middle-string cells count)
  (let ((text (make-string count #\.))
        (start (quotient (- (bytevector-length cells) count) 2)))
    (do ((i 0 (+ i 1)))
        ((= i count) text)
      (if (= (bytevector-u8-ref cells (+ start i)) 1)
          (string-set! text i #\#)))))

;; Run a rule t steps from one live cell; return the last generation and
;; the live cells summed over all t + 1 generations.
(define (evolve rule t)
  (let* ((width (+ (* 2 t) 3))
         (table (rule-table rule))
         (cells (make-bytevector width 0))
         (spare (make-bytevector width 0)))
    (bytevector-u8-set! cells (quotient width 2) 1)
    (do ((step 0 (+ step 1))
         (total (live-cells cells)))
        ((= step t) (cons cells total))
      (step! table cells spare width)
      (let ((next spare))
        (set! spare cells)
        (set! cells next))
      (set! total (+ total (live-cells cells))))))

(define (binary-ones n)
  (do ((n n (quotient n 2))
       (ones 0 (+ ones (remainder n 2))))
      ((= n 0) ones)))

(define (summary result)
  (list (live-cells (car result)) (cdr result) (adler32 (car result))))

(define (run t)
  (let ((r30 (evolve 30 t))
        (r90 (evolve 90 t))
        (r110 (evolve 110 t)))
    (list (summary r30)
          (summary r90)
          (summary r110)
          (= (live-cells (car r90)) (expt 2 (binary-ones t)))
          (middle-string (car r30) (min 21 (bytevector-length (car r30)))))))
