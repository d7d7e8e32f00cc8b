;; ll-parser: an LL(1) parser made from a grammar given as data, the way
;; a compilers course builds one by hand: nullable symbols, FIRST and
;; FOLLOW sets by iteration to a fixed point, the parse table, then
;; sentences generated from the grammar and parsed back by a stack.
;;
;; The grammar is an association list from each nonterminal to its
;; alternatives, each a list of symbols, () the empty one; a symbol is a
;; terminal when assq finds no rule for it.  Sets are lists kept by memq;
;; FIRST and FOLLOW are association lists whose entries grow by
;; set-cdr!.  The table is an association list of association lists
;; from terminals to alternatives; a second alternative for the same
;; place is a conflict.  The shortest derivation of each nonterminal (in
;; terminals) is found by another fixed point, with #f for not yet known.
;;
;; A sentence is derived from program: each nonterminal takes a random
;; alternative until the derivation is eight deep, then its shortest;
;; id and num tokens carry a name or a number drawn.  A token is a pair
;; (kind . text), pushed onto the sentence by a push! macro of our own.
;; The parser keeps a stack of tree nodes, each a pair (symbol .
;; contents) whose cdr is filled in by set-cdr!: the children's nodes for
;; a nonterminal, the token matched for a terminal.  The tree's leaves
;; must give back the tokens.  Every sentence is then
;; spoiled twice, once by leaving out a token and once by swapping two
;; neighbours, and parsed again: most are refused.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 47, each
;; draw x div 65536.
;;
;; (run n) => (nullable nonterminals, FIRST entries, FOLLOW entries,
;;             table entries, conflicts, the FOLLOW set of factor,
;;             sentences, tokens, tree nodes, empty expansions, the
;;             deepest stack, whether every tree gave its tokens back,
;;             spoiled sentences refused, the tokens checksummed)

(define seed 47)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-below k) (modulo (next-random!) k))

(define-syntax push!
  (syntax-rules ()
    ((_ item place) (set! place (cons item place)))))

(define grammar
  '((program (statement program) ())
    (statement (id = expr semi) (print expr semi)
               (if expr then block else block end) (while expr do block end))
    (block (statement block) ())
    (expr (term expr-rest))
    (expr-rest (+ term expr-rest) (- term expr-rest) ())
    (term (factor term-rest))
    (term-rest (* factor term-rest) (/ factor term-rest) (% factor term-rest) ())
    (factor (lparen expr rparen) (id) (num) (- factor))))

(define (nonterminal? symbol) (assq symbol grammar))
(define nonterminals (map car grammar))

;; Nullable nonterminals.
(define (find-nullable)
  (let loop ((nullable '()))
    (let ((more (let scan ((rules grammar) (nullable nullable))
                  (cond ((null? rules) nullable)
                        ((and (not (memq (car (car rules)) nullable))
                              (let try ((alternatives (cdr (car rules))))
                                (and (pair? alternatives)
                                     (or (let all ((symbols (car alternatives)))
                                           (or (null? symbols)
                                               (and (memq (car symbols) nullable) (all (cdr symbols)))))
                                         (try (cdr alternatives))))))
                         (scan (cdr rules) (cons (car (car rules)) nullable)))
                        (else (scan (cdr rules) nullable))))))
      (if (= (length more) (length nullable)) nullable (loop more)))))

(define (make-sets) (map list nonterminals))

;; Put the items not there into symbol's set; #t if any was new.
(define (add-all! sets symbol items)
  (let ((entry (assq symbol sets)))
    (let loop ((items items) (changed #f))
      (cond ((null? items) changed)
            ((memq (car items) (cdr entry)) (loop (cdr items) changed))
            (else (set-cdr! entry (cons (car items) (cdr entry)))
                  (loop (cdr items) #t))))))

(define (first-of-sequence symbols first nullable)
  (cond ((null? symbols) '())
        ((not (nonterminal? (car symbols))) (list (car symbols)))
        ((memq (car symbols) nullable)
         (append (cdr (assq (car symbols) first)) (first-of-sequence (cdr symbols) first nullable)))
        (else (cdr (assq (car symbols) first)))))

(define (sequence-nullable? symbols nullable)
  (or (null? symbols)
      (and (memq (car symbols) nullable) (sequence-nullable? (cdr symbols) nullable))))

(define (find-first nullable)
  (let ((first (make-sets)))
    (let loop ()
      (let ((changed #f))
        (for-each (lambda (rule)
                    (for-each (lambda (alternative)
                                (when (add-all! first (car rule) (first-of-sequence alternative first nullable))
                                  (set! changed #t)))
                              (cdr rule)))
                  grammar)
        (if changed (loop) first)))))

(define (find-follow first nullable)
  (let ((follow (make-sets)))
    (add-all! follow 'program '(eof))
    (let loop ()
      (let ((changed #f))
        (for-each
         (lambda (rule)
           (for-each
            (lambda (alternative)
              (let walk ((symbols alternative))
                (when (pair? symbols)
                  (when (nonterminal? (car symbols))
                    (when (add-all! follow (car symbols) (first-of-sequence (cdr symbols) first nullable))
                      (set! changed #t))
                    (when (and (sequence-nullable? (cdr symbols) nullable)
                               (add-all! follow (car symbols) (cdr (assq (car rule) follow))))
                      (set! changed #t)))
                  (walk (cdr symbols)))))
            (cdr rule)))
         grammar)
        (if changed (loop) follow)))))

(define conflicts 0)

(define (make-table first follow nullable)
  (let ((table (make-sets)))
    (define (enter! symbol terminal alternative)
      (let* ((row (assq symbol table))
             (old (assq terminal (cdr row))))
        (cond ((not old) (set-cdr! row (cons (cons terminal alternative) (cdr row))))
              ((not (eq? (cdr old) alternative)) (set! conflicts (+ conflicts 1))))))
    (for-each (lambda (rule)
                (for-each (lambda (alternative)
                            (for-each (lambda (terminal) (enter! (car rule) terminal alternative))
                                      (first-of-sequence alternative first nullable))
                            (when (sequence-nullable? alternative nullable)
                              (for-each (lambda (terminal) (enter! (car rule) terminal alternative))
                                        (cdr (assq (car rule) follow)))))
                          (cdr rule)))
              grammar)
    table))

;; The fewest terminals each nonterminal derives, and the alternative
;; that gives them.
(define (find-shortest)
  (let ((lengths (map (lambda (symbol) (cons symbol #f)) nonterminals)))
    (define (length-of symbols)
      (let loop ((symbols symbols) (total 0))
        (cond ((null? symbols) total)
              ((not (nonterminal? (car symbols))) (loop (cdr symbols) (+ total 1)))
              ((cdr (assq (car symbols) lengths))
               => (lambda (k) (loop (cdr symbols) (+ total k))))
              (else #f))))
    (let loop ()
      (let ((changed #f))
        (for-each (lambda (rule)
                    (for-each (lambda (alternative)
                                (let ((k (length-of alternative))
                                      (entry (assq (car rule) lengths)))
                                  (when (and k (or (not (cdr entry)) (< k (cdr entry))))
                                    (set-cdr! entry k)
                                    (set! changed #t))))
                              (cdr rule)))
                  grammar)
        (if changed
            (loop)
            (map (lambda (rule)
                   (cons (car rule)
                         (let pick ((alternatives (cdr rule)))
                           (if (= (length-of (car alternatives)) (cdr (assq (car rule) lengths)))
                               (car alternatives)
                               (pick (cdr alternatives))))))
                 grammar))))))

(define names (vector "x" "y" "total" "count" "i" "limit"))

;; The tokens of a sentence derived from symbol, in order.
(define (derive symbol depth shortest)
  (let ((tokens '()))
    (let walk ((symbol symbol) (depth depth))
      (cond ((eq? symbol 'id) (push! (cons 'id (vector-ref names (random-below 6))) tokens))
            ((eq? symbol 'num) (push! (cons 'num (number->string (random-below 100))) tokens))
            ((not (nonterminal? symbol)) (push! (cons symbol (symbol->string symbol)) tokens))
            (else
             (let* ((alternatives (cdr (assq symbol grammar)))
                    (chosen (if (< depth 8)
                                (list-ref alternatives (random-below (length alternatives)))
                                (cdr (assq symbol shortest)))))
               (for-each (lambda (child) (walk child (+ depth 1))) chosen)))))
    (reverse tokens)))

(define deepest-stack 0)

;; The tree of the tokens, or #f.
(define (parse tokens table)
  (let ((root (cons 'program #f))
        (input (append tokens (list (cons 'eof "")))))
    (let loop ((stack (list root)) (input input))
      (set! deepest-stack (max deepest-stack (length stack)))
      (if (null? stack)
          (and (eq? (car (car input)) 'eof) root)
          (let* ((node (car stack))
                 (symbol (car node))
                 (lookahead (car (car input))))
            (if (nonterminal? symbol)
                (let ((entry (assq lookahead (cdr (assq symbol table)))))
                  (and entry
                       (let ((children (map (lambda (child) (cons child #f)) (cdr entry))))
                         (set-cdr! node children)
                         (loop (append children (cdr stack)) input))))
                (and (eq? symbol lookahead)
                     (begin (set-cdr! node (car input))
                            (loop (cdr stack) (cdr input))))))))))

;; The leaves, the nodes and the empty expansions of a tree.
(define (leaves tree)
  (cond ((not (nonterminal? (car tree))) (list (cdr tree)))
        (else (apply append (map leaves (cdr tree))))))

(define (count-nodes tree)
  (if (nonterminal? (car tree))
      (let loop ((children (cdr tree)) (nodes 1) (empty (if (null? (cdr tree)) 1 0)))
        (if (null? children)
            (cons nodes empty)
            (let ((counts (count-nodes (car children))))
              (loop (cdr children) (+ nodes (car counts)) (+ empty (cdr counts))))))
      (cons 1 0)))

(define (without tokens k)
  (if (= k 0) (cdr tokens) (cons (car tokens) (without (cdr tokens) (- k 1)))))

(define (swapped tokens k)
  (if (= k 0)
      (cons (cadr tokens) (cons (car tokens) (cddr tokens)))
      (cons (car tokens) (swapped (cdr tokens) (- k 1)))))

(define (sorted-names symbols)
  (let insert-all ((symbols symbols) (sorted '()))
    (if (null? symbols)
        sorted
        (insert-all (cdr symbols)
                    (let insert ((name (symbol->string (car symbols))) (sorted sorted))
                      (cond ((null? sorted) (list name))
                            ((string<? name (car sorted)) (cons name sorted))
                            (else (cons (car sorted) (insert name (cdr sorted))))))))))

(define (total-entries sets) (apply + (map (lambda (entry) (length (cdr entry))) sets)))

(define (run n)
  (set! seed 47)
  (set! conflicts 0)
  (set! deepest-stack 0)
  (let* ((nullable (find-nullable))
         (first (find-first nullable))
         (follow (find-follow first nullable))
         (table (make-table first follow nullable))
         (shortest (find-shortest)))
    (let loop ((k 0) (tokens-seen 0) (nodes 0) (empty 0) (fringe-ok #t) (refused 0) (checksum 0))
      (if (= k n)
          (list (length nullable) (total-entries first) (total-entries follow) (total-entries table)
                conflicts (sorted-names (cdr (assq 'factor follow)))
                n tokens-seen nodes empty deepest-stack fringe-ok refused checksum)
          (let* ((tokens (derive 'program 0 shortest))
                 (tree (parse tokens table))
                 (counts (count-nodes tree))
                 (count (length tokens))
                 (refused-here
                  (if (< count 2)
                      0
                      (let* ((gone (without tokens (random-below count)))
                             (turned (swapped tokens (random-below (- count 1)))))
                        (+ (if (parse gone table) 0 1)
                           (if (parse turned table) 0 1))))))
            (loop (+ k 1)
                  (+ tokens-seen count)
                  (+ nodes (car counts))
                  (+ empty (cdr counts))
                  (and fringe-ok (equal? (leaves tree) tokens))
                  (+ refused refused-here)
                  (let fold ((tokens tokens) (sum checksum))
                    (if (null? tokens)
                        sum
                        (fold (cdr tokens)
                              (let chars ((text (cdr (car tokens))) (i 0) (sum sum))
                                (if (= i (string-length text))
                                    (modulo (+ (* sum 31) 32) 1000003)
                                    (chars text (+ i 1)
                                           (modulo (+ (* sum 31) (char->integer (string-ref text i)))
                                                   1000003)))))))))))))
