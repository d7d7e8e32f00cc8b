;; earley: Earley's recogniser for a grammar of arithmetic, as a course on
;; parsing presents it, checked against a recursive-descent recogniser.
;;
;; The grammar is an association list from nonterminal symbols to their
;; right-hand sides, read by assq; any other symbol is a terminal.  An
;; item is a list (lhs rhs dot origin); the chart is a vector of item
;; lists, one per position, and an item is added only if it is not
;; already member of its set (equal? on lists).  Each set is worked
;; through by an agenda, a list to which new items are appended:
;; prediction adds the rules of the symbol after the dot, scanning
;; moves an item over a matching token into the next set, completion
;; advances every item of the origin's set waiting for the finished
;; nonterminal.  A sentence is recognised when (S (E) 1 0) is in the
;; last set; where it is not, the first empty set says how far it got.
;; The grammar has no empty right-hand sides.
;;
;; Sentences are made by random derivations (a named let over a
;; right-hand side used as non-tail recursion, so that the draws come
;; in order), then mutated: kept, a token deleted, two neighbours
;; swapped or a terminal put in.  Every sentence is also recognised by
;; a recursive-descent recogniser of the same language (E as T with
;; + and - T after it, T as F with * and / F after it), which must
;; agree.
;;
;; Draws by x -> (1103515245x + 12345) mod 2^31 from x = 311, each draw
;; x div 65536: for each sentence its depth limit (mod 5, plus 3), the
;; derivation's choices (mod the number of rules, none past the limit),
;; then the mutation (mod 4) and its places and token.
;;
;; (run n) => (n, sentences recognised, sentences rejected, disagreements
;;             with recursive descent, tokens read, items made, how far
;;             the rejected got summed, a checksum, the first four
;;             sentences with #t or #f)

(define seed 311)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define grammar
  '((S (E))
    (E (E + T) (E - T) (T))
    (T (T * F) (T / F) (F))
    (F (lp E rp) (- F) (num) (id))))

(define terminals '(num id + - * / lp rp))

(define (nonterminal? sym) (assq sym grammar))

(define (rules-for sym) (cdr (assq sym grammar)))

;; the rule taken past the depth limit: the last, which does not recurse
(define (last-rule sym)
  (let loop ((rules (rules-for sym)))
    (if (null? (cdr rules)) (car rules) (loop (cdr rules)))))

(define (generate sym depth limit)
  (if (not (nonterminal? sym))
      (list sym)
      (let ((rhs (if (>= depth limit)
                     (last-rule sym)
                     (let ((rules (rules-for sym)))
                       (list-ref rules (modulo (next-random!) (length rules)))))))
        (let loop ((rhs rhs))
          (if (null? rhs)
              '()
              (let* ((first (generate (car rhs) (+ depth 1) limit))
                     (rest (loop (cdr rhs))))
                (append first rest)))))))

;; -- mutations --------------------------------------------------------------

(define (delete-at lst k)
  (if (= k 0)
      (cdr lst)
      (cons (car lst) (delete-at (cdr lst) (- k 1)))))

(define (insert-at lst k x)
  (if (= k 0)
      (cons x lst)
      (cons (car lst) (insert-at (cdr lst) (- k 1) x))))

(define (swap-at lst k)
  (if (= k 0)
      (if (null? (cdr lst))
          lst
          (cons (cadr lst) (cons (car lst) (cddr lst))))
      (cons (car lst) (swap-at (cdr lst) (- k 1)))))

(define (mutate tokens)
  (let ((kind (modulo (next-random!) 4))
        (len (length tokens)))
    (case kind
      ((0) tokens)
      ((1) (delete-at tokens (modulo (next-random!) len)))
      ((2) (swap-at tokens (modulo (next-random!) len)))
      (else
       (let* ((k (modulo (next-random!) (+ len 1)))
              (x (list-ref terminals (modulo (next-random!) (length terminals)))))
         (insert-at tokens k x))))))

;; -- Earley ---------------------------------------------------------------

(define (make-item lhs rhs dot origin) (list lhs rhs dot origin))
(define (item-lhs item) (car item))
(define (item-rhs item) (cadr item))
(define (item-dot item) (caddr item))
(define (item-origin item) (cadddr item))

(define (next-symbol item)
  (let ((rest (list-tail (item-rhs item) (item-dot item))))
    (if (null? rest) #f (car rest))))

(define (advance item)
  (make-item (item-lhs item) (item-rhs item) (+ (item-dot item) 1) (item-origin item)))

(define items-made 0)

;; => (accepted? . position of the first empty set, or the length)
(define (recognise tokens)
  (let* ((n (length tokens))
         (words (list->vector tokens))
         (chart (make-vector (+ n 1) '())))
    (define (add! i item)
      (if (member item (vector-ref chart i))
          #f
          (begin
            (set! items-made (+ items-made 1))
            (vector-set! chart i (cons item (vector-ref chart i)))
            #t)))
    (for-each (lambda (rhs) (add! 0 (make-item 'S rhs 0 0))) (rules-for 'S))
    (let next-set ((i 0))
      (cond ((> i n)
             (cons (if (member (make-item 'S '(E) 1 0) (vector-ref chart n)) #t #f) n))
            ((null? (vector-ref chart i)) (cons #f i))
            (else
             (let agenda ((todo (reverse (vector-ref chart i))))
               (if (null? todo)
                   (next-set (+ i 1))
                   (let* ((item (car todo))
                          (sym (next-symbol item))
                          (new '()))
                     (cond ((not sym)
                            (for-each (lambda (waiting)
                                        (if (and (eq? (next-symbol waiting) (item-lhs item))
                                                 (add! i (advance waiting)))
                                            (set! new (cons (advance waiting) new))))
                                      (reverse (vector-ref chart (item-origin item)))))
                           ((nonterminal? sym)
                            (for-each (lambda (rhs)
                                        (let ((predicted (make-item sym rhs 0 i)))
                                          (if (add! i predicted)
                                              (set! new (cons predicted new)))))
                                      (rules-for sym)))
                           ((and (< i n) (eq? sym (vector-ref words i)))
                            (add! (+ i 1) (advance item))))
                     (agenda (append (cdr todo) (reverse new)))))))))))

;; -- recursive descent ------------------------------------------------------

;; each takes the tokens left and gives back those after what it read, or #f
(define (parse-e tokens)
  (let loop ((rest (parse-t tokens)))
    (if (and rest (pair? rest) (memq (car rest) '(+ -)))
        (loop (parse-t (cdr rest)))
        rest)))

(define (parse-t tokens)
  (let loop ((rest (parse-f tokens)))
    (if (and rest (pair? rest) (memq (car rest) '(* /)))
        (loop (parse-f (cdr rest)))
        rest)))

(define (parse-f tokens)
  (cond ((null? tokens) #f)
        ((memq (car tokens) '(num id)) (cdr tokens))
        ((eq? (car tokens) '-) (parse-f (cdr tokens)))
        ((eq? (car tokens) 'lp)
         (let ((rest (parse-e (cdr tokens))))
           (if (and rest (pair? rest) (eq? (car rest) 'rp))
               (cdr rest)
               #f)))
        (else #f)))

(define (descent-accepts? tokens)
  (let ((rest (parse-e tokens)))
    (and rest (null? rest))))

;; -- the run ----------------------------------------------------------------

(define (sentence->string tokens)
  (if (null? tokens)
      ""
      (let loop ((text (symbol->string (car tokens))) (tokens (cdr tokens)))
        (if (null? tokens)
            text
            (loop (string-append text " " (symbol->string (car tokens))) (cdr tokens))))))

(define (token-code sym)
  (let loop ((ts terminals) (k 1))
    (if (eq? (car ts) sym) k (loop (cdr ts) (+ k 1)))))

(define (run n)
  (set! seed 311)
  (set! items-made 0)
  (let loop ((k 0) (yes 0) (no 0) (disagree 0) (tokens-read 0) (reached 0) (check 0) (shown '()))
    (if (= k n)
        (list n yes no disagree tokens-read items-made reached check (reverse shown))
        (let* ((limit (+ 3 (modulo (next-random!) 5)))
               (tokens (mutate (generate 'S 0 limit)))
               (outcome (recognise tokens))
               (accepted (car outcome))
               (check (let sum ((ts tokens) (check check))
                        (if (null? ts)
                            (modulo (+ (* check 3) (if accepted 1 2)) 1000003)
                            (sum (cdr ts) (modulo (+ (* check 11) (token-code (car ts))) 1000003))))))
          (loop (+ k 1)
                (if accepted (+ yes 1) yes)
                (if accepted no (+ no 1))
                (if (eq? accepted (descent-accepts? tokens)) disagree (+ disagree 1))
                (+ tokens-read (length tokens))
                (if accepted reached (+ reached (cdr outcome)))
                check
                (if (< k 4)
                    (cons (list (sentence->string tokens) accepted) shown)
                    shown))))))
