;; matching: workers matched to jobs by augmenting paths (Kuhn's
;; algorithm), the matching checked by Konig's theorem, as a course on
;; graph algorithms sets it.
;;
;; Workers and jobs are symbols made by string->symbol (w0, w1, ...,
;; j0, j1, ...).  The graph is an association list from each worker to
;; the jobs it can do, read by assq.  The matching is an association
;; list from job to worker, changed by set-cdr! or grown by cons.  For
;; each worker in turn a depth-first search looks for an augmenting
;; path: a job not yet visited in this search (memq on a list of the
;; visited) is taken if it is free or if its worker can move to another.
;; A greedy matching (each worker the first free job on its list) is
;; made first to compare.  Konig's theorem is then checked: from every
;; unmatched worker a breadth-first search (a list queue) follows edges
;; out of the matching from workers and matched edges back from jobs; the
;; workers it does not reach and the jobs it does reach must cover every
;; edge and be as many as the matched pairs.  The pairs are put in order
;; by an insertion sort written by hand, on the workers' numbers read
;; back from their names.
;;
;; Graphs are drawn by x -> (1103515245x + 12345) mod 2^31 from x = 347,
;; each draw x div 65536: for each graph its workers (20 + mod 20), its
;; jobs (the workers less 5, plus mod 10), then for each worker how many
;; jobs it can do (1 + mod 4) and each job (mod the jobs; a job already
;; on the list is drawn again).
;;
;; (run n) => (n, pairs matched, pairs matched greedily, graphs where
;;             every worker got a job, graphs where the cover covers,
;;             graphs where it is as large as the matching, searches
;;             run, jobs visited, a checksum of the matchings, the first
;;             graph's matching in order of the workers)

(define seed 347)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (name prefix k)
  (string->symbol (string-append prefix (number->string k))))

(define (number-of sym)
  (let ((s (symbol->string sym)))
    (string->number (substring s 1 (string-length s)))))

;; -- drawing a graph --------------------------------------------------------------

(define (draw-jobs count jobs)
  (let loop ((taken '()))
    (if (= (length taken) count)
        (reverse taken)
        (let ((job (name "j" (modulo (next-random!) jobs))))
          (if (memq job taken)
              (loop taken)
              (loop (cons job taken)))))))

;; => (workers jobs graph)
(define (make-graph)
  (let* ((workers (+ 20 (modulo (next-random!) 20)))
         (jobs (+ (- workers 5) (modulo (next-random!) 10))))
    (let loop ((w 0) (graph '()))
      (if (= w workers)
          (list workers jobs (reverse graph))
          (let* ((count (+ 1 (modulo (next-random!) 4)))
                 (can-do (draw-jobs (min count jobs) jobs)))
            (loop (+ w 1) (cons (cons (name "w" w) can-do) graph)))))))

(define (jobs-of worker graph) (cdr (assq worker graph)))

;; -- the matching --------------------------------------------------------------------

(define match '())      ; job -> worker
(define visited '())
(define searches 0)
(define visits 0)

(define (owner job)
  (let ((entry (assq job match)))
    (and entry (cdr entry))))

(define (assign! job worker)
  (let ((entry (assq job match)))
    (if entry
        (set-cdr! entry worker)
        (set! match (cons (cons job worker) match)))))

(define (augment! worker graph)
  (let try ((jobs (jobs-of worker graph)))
    (cond ((null? jobs) #f)
          ((memq (car jobs) visited) (try (cdr jobs)))
          (else
           (let ((job (car jobs)))
             (set! visited (cons job visited))
             (set! visits (+ visits 1))
             (if (or (not (owner job))
                     (augment! (owner job) graph))
                 (begin (assign! job worker) #t)
                 (try (cdr jobs))))))))

(define (kuhn! graph)
  (set! match '())
  (for-each (lambda (entry)
              (set! visited '())
              (set! searches (+ searches 1))
              (augment! (car entry) graph))
            graph)
  (length match))

(define (greedy graph)
  (let loop ((graph graph) (taken '()) (count 0))
    (if (null? graph)
        count
        (let find ((jobs (cdar graph)))
          (cond ((null? jobs) (loop (cdr graph) taken count))
                ((memq (car jobs) taken) (find (cdr jobs)))
                (else (loop (cdr graph) (cons (car jobs) taken) (+ count 1))))))))

;; -- Konig's cover ---------------------------------------------------------------------

(define (matched-job worker)
  (let loop ((pairs match))
    (cond ((null? pairs) #f)
          ((eq? (cdar pairs) worker) (caar pairs))
          (else (loop (cdr pairs))))))

;; => the workers and jobs reached by alternating paths from unmatched workers
(define (alternating-reach graph)
  (let loop ((queue (let free ((entries graph))
                      (cond ((null? entries) '())
                            ((matched-job (caar entries)) (free (cdr entries)))
                            (else (cons (caar entries) (free (cdr entries)))))))
             (reached '()))
    (cond ((null? queue) reached)
          ((memq (car queue) reached) (loop (cdr queue) reached))
          (else
           (let* ((worker (car queue))
                  (reached (cons worker reached))
                  (new-jobs (let pick ((jobs (jobs-of worker graph)))
                              (cond ((null? jobs) '())
                                    ((or (memq (car jobs) reached)
                                         (eq? (owner (car jobs)) worker))
                                     (pick (cdr jobs)))
                                    (else (cons (car jobs) (pick (cdr jobs))))))))
             (loop (append (cdr queue)
                           (let back ((jobs new-jobs))
                             (cond ((null? jobs) '())
                                   ((owner (car jobs)) (cons (owner (car jobs)) (back (cdr jobs))))
                                   (else (back (cdr jobs))))))
                   (append new-jobs reached)))))))

;; => (covers-every-edge? . size): the workers not reached and the jobs reached
(define (konig-cover graph jobs)
  (let* ((reached (alternating-reach graph))
         (in-cover? (lambda (v)
                      (if (char=? (string-ref (symbol->string v) 0) #\w)
                          (not (memq v reached))
                          (memq v reached)))))
    (let loop ((entries graph) (ok #t) (size 0))
      (if (null? entries)
          (let count-jobs ((j 0) (size size))
            (cond ((= j jobs) (cons ok size))
                  ((memq (name "j" j) reached) (count-jobs (+ j 1) (+ size 1)))
                  (else (count-jobs (+ j 1) size))))
          (let* ((worker (caar entries))
                 (worker-in (in-cover? worker))
                 (covered (let all ((can-do (cdar entries)))
                            (cond ((null? can-do) #t)
                                  ((or worker-in (in-cover? (car can-do))) (all (cdr can-do)))
                                  (else #f)))))
            (loop (cdr entries) (and ok covered) (if worker-in (+ size 1) size)))))))

;; -- order -------------------------------------------------------------------------------

(define (insert pair sorted)
  (cond ((null? sorted) (list pair))
        ((< (number-of (cdr pair)) (number-of (cdar sorted))) (cons pair sorted))
        (else (cons (car sorted) (insert pair (cdr sorted))))))

(define (insertion-sort pairs)
  (let loop ((pairs pairs) (sorted '()))
    (if (null? pairs)
        sorted
        (loop (cdr pairs) (insert (car pairs) sorted)))))

(define (pair->string pair)
  (string-append (symbol->string (cdr pair)) "-" (symbol->string (car pair))))

(define (run n)
  (set! seed 347)
  (set! searches 0)
  (set! visits 0)
  (let loop ((k 0) (matched 0) (greedily 0) (everyone 0) (covering 0) (konig 0) (check 0) (first #f))
    (if (= k n)
        (list n matched greedily everyone covering konig searches visits check first)
        (let* ((drawn (make-graph))
               (workers (car drawn))
               (jobs (cadr drawn))
               (graph (caddr drawn))
               (greedy-size (greedy graph))
               (size (kuhn! graph))
               (cover (konig-cover graph jobs))
               (cover-size (cdr cover))
               (ordered (insertion-sort match)))
          (loop (+ k 1)
                (+ matched size)
                (+ greedily greedy-size)
                (if (= size workers) (+ everyone 1) everyone)
                (if (car cover) (+ covering 1) covering)
                (if (= cover-size size) (+ konig 1) konig)
                (let sum ((pairs ordered) (check check))
                  (if (null? pairs)
                      check
                      (sum (cdr pairs)
                           (modulo (+ (* check 41) (* 64 (number-of (cdar pairs))) (number-of (caar pairs)))
                                   1000003))))
                (or first (map pair->string ordered)))))))
