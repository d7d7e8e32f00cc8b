;; markov: a Markov chain of word pairs over "The House That Jack Built".
;; The rhyme is made from its clauses, each verse "this is" and the
;; clauses from the newest back to the first, by append.  The chain is an
;; association list whose keys are lists of two words, found by assoc
;; (equal? on the lists) and grown by set-cdr!: each key holds every word
;; that follows the pair in the text, repeats kept, so a word is chosen
;; as often as it follows.  n words are then made from the key (this is),
;; each the (draw mod count)th of its key's followers by list-ref, the key
;; moved on by one word; the words made are counted in an association
;; list found by assq, and spelled out by symbol->string.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 29, each draw
;; x div 65536.
;;
;; (run n) => (the words of the rhyme, how many keys, the first 12 words
;;             made as a string, the characters of all n, the word made
;;             most often and how often, how many times "jack built" was
;;             made)

(define clauses
  '((the house that jack built)
    (the malt that lay in)
    (the rat that ate)
    (the cat that killed)
    (the dog that worried)
    (the cow with the crumpled horn that tossed)
    (the maiden all forlorn that milked)
    (the man all tattered and torn that kissed)
    (the priest all shaven and shorn that married)
    (the cock that crowed in the morn that waked)
    (the farmer sowing his corn that kept)))

(define (rhyme)
  ;; each verse: this is, then the clauses told so far, newest first
  (let loop ((clauses clauses) (told '()) (text '()))
    (if (null? clauses)
        text
        (let ((told (append (car clauses) told)))
          (loop (cdr clauses)
                told
                (append text (cons 'this (cons 'is told))))))))

(define (make-chain words)
  (let loop ((words words) (chain '()))
    (if (null? (cddr words))
        chain
        (let* ((key (list (car words) (cadr words)))
               (follower (caddr words))
               (entry (assoc key chain)))
          (if entry
              (begin (set-cdr! entry (cons follower (cdr entry)))
                     (loop (cdr words) chain))
              (loop (cdr words) (cons (list key follower) chain)))))))

(define seed 29)

(define (next-draw!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (join words)
  (if (null? (cdr words))
      (symbol->string (car words))
      (string-append (symbol->string (car words)) " " (join (cdr words)))))

(define (most-often counts)
  (let loop ((counts counts) (best (car counts)))
    (cond ((null? counts) best)
          ((> (cdar counts) (cdr best)) (loop (cdr counts) (car counts)))
          (else (loop (cdr counts) best)))))

(define (run n)
  (set! seed 29)
  (let* ((text (rhyme))
         (chain (make-chain text)))
    (let loop ((k 0) (key (list 'this 'is)) (made '()) (chars 0) (counts '()) (jacks 0))
      (if (= k n)
          (let ((best (most-often counts)))
            (list (length text)
                  (length chain)
                  (join (reverse made))
                  chars
                  (symbol->string (car best))
                  (cdr best)
                  jacks))
          (let* ((followers (cdr (assoc key chain)))
                 (word (list-ref followers (modulo (next-draw!) (length followers))))
                 (next-key (list (cadr key) word))
                 (entry (assq word counts)))
            (if entry
                (set-cdr! entry (+ (cdr entry) 1)))
            (loop (+ k 1)
                  next-key
                  (if (< k 12) (cons word made) made)
                  (+ chars (string-length (symbol->string word)))
                  (if entry counts (cons (cons word 1) counts))
                  (if (equal? next-key '(jack built)) (+ jacks 1) jacks)))))))
