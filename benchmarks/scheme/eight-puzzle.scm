;; eight-puzzle: breadth-first search over the positions of the 8-puzzle,
;; outward from the solved board, until n boards have been seen.  A board
;; is a vector of nine tiles read row by row, 0 the blank; a move swaps
;; the blank with a tile beside it, the squares beside each square a
;; vector of lists, and each new board is a vector-copy of the one it came
;; from.  A board is numbered 0 .. 9! - 1 by its Lehmer code (for each
;; tile, how many later tiles are smaller, taken in factorial base by
;; Horner's rule), and a vector of 9! flags says which boards have been
;; seen.  The queue is a vector of define-record-type nodes (a board and
;; its distance), read at a head index carried by a named let and written
;; at a tail index held by set!; the moves from a board are tried by
;; for-each with a lambda, which leaves through call/cc as soon as the nth
;; board is seen, and the search stops there.
;;
;; (run n) => (how many boards were seen at each distance, how many were
;;             taken from the queue, the last board seen as a string of
;;             digits, its number)

(define-record-type node
  (make-node board distance)
  node?
  (board node-board)
  (distance node-distance))

(define neighbours
  '#((1 3) (0 2 4) (1 5) (0 4 6) (1 3 5 7) (2 4 8) (3 7) (4 6 8) (5 7)))

(define (blank-square board)
  (let loop ((i 0))
    (if (= (vector-ref board i) 0)
        i
        (loop (+ i 1)))))

(define (smaller-after board i)
  (do ((j (+ i 1) (+ j 1))
       (count 0 (if (< (vector-ref board j) (vector-ref board i))
                    (+ count 1)
                    count)))
      ((= j 9) count)))

(define (board-number board)
  (let loop ((i 0) (number 0))
    (if (= i 9)
        number
        (loop (+ i 1) (+ (* number (- 9 i)) (smaller-after board i))))))

(define (move board from to)
  ;; the tile at `to` slides into the blank at `from`
  (let ((new (vector-copy board)))
    (vector-set! new from (vector-ref board to))
    (vector-set! new to 0)
    new))

(define (board->string board)
  (list->string
   (map (lambda (tile) (integer->char (+ tile (char->integer #\0))))
        (vector->list board))))

(define (distance-counts queue count)
  ;; the nodes 0 .. count-1, their distances never decreasing => how many
  ;; at each distance from 0 up
  (let loop ((i 0) (distance 0) (here 0) (counts '()))
    (cond ((= i count) (reverse (cons here counts)))
          ((= (node-distance (vector-ref queue i)) distance)
           (loop (+ i 1) distance (+ here 1) counts))
          (else (loop i (+ distance 1) 0 (cons here counts))))))

(define (run n)
  (let ((goal (vector 1 2 3 4 5 6 7 8 0))
        (seen (make-vector 362880 #f))
        (queue (make-vector 181440 #f))
        (tail 1))
    (define (add-moves! node)
      ;; queue the boards one move from node's not seen before => #t as
      ;; soon as the nth board is seen, else #f
      (call-with-current-continuation
       (lambda (stop)
         (let* ((board (node-board node))
                (blank (blank-square board)))
           (for-each
            (lambda (square)
              (let* ((next (move board blank square))
                     (number (board-number next)))
                (unless (vector-ref seen number)
                  (vector-set! seen number #t)
                  (vector-set! queue tail (make-node next (+ (node-distance node) 1)))
                  (set! tail (+ tail 1))
                  (if (= tail n)
                      (stop #t)))))
            (vector-ref neighbours blank))
           #f))))
    (define (summary taken)
      (let ((last (node-board (vector-ref queue (- tail 1)))))
        (list (distance-counts queue tail)
              taken
              (board->string last)
              (board-number last))))
    (vector-set! seen (board-number goal) #t)
    (vector-set! queue 0 (make-node goal 0))
    (let loop ((head 0))
      (cond ((or (>= tail n) (= head tail)) (summary head))
            ((add-moves! (vector-ref queue head)) (summary (+ head 1)))
            (else (loop (+ head 1)))))))
