;; query: the pattern matcher of SICP 4.4 in miniature.  Variables are
;; symbols beginning with ?, a frame is an association list of bindings
;; (assq, extended by cons), pattern-match walks a pattern and a fact by car
;; and cdr, returning the extended frame or the symbol failed; a compound
;; query (a list of patterns) threads every frame through each pattern in
;; turn over the list of facts, and the answers are instantiated.
;;
;; The facts about people 0 to n - 1: (parent p c) for c from 1 with p =
;; (c - 1) div 2, (job p wizard) for p divisible by 3, else (job p clerk),
;; and (age p a) with a = 7p mod 50 + 20.
;;
;; (run n) => (how many answers each query has, then the last answer of the
;;             grandparent query and of the wizard's clerk child query)

(define (variable? x)
  (and (symbol? x)
       (char=? (string-ref (symbol->string x) 0) #\?)))

(define (pattern-match pat dat frame)
  (cond ((eq? frame 'failed) 'failed)
        ((equal? pat dat) frame)
        ((variable? pat) (extend-if-consistent pat dat frame))
        ((and (pair? pat) (pair? dat))
         (pattern-match (cdr pat)
                        (cdr dat)
                        (pattern-match (car pat) (car dat) frame)))
        (else 'failed)))

(define (extend-if-consistent var dat frame)
  (let ((binding (assq var frame)))
    (if binding
        (pattern-match (cdr binding) dat frame)
        (cons (cons var dat) frame))))

;; Every extension of frame by a fact that pattern matches.
(define (match-facts pattern frame facts)
  (cond ((null? facts) '())
        (else
         (let ((result (pattern-match pattern (car facts) frame)))
           (if (eq? result 'failed)
               (match-facts pattern frame (cdr facts))
               (cons result (match-facts pattern frame (cdr facts))))))))

(define (flatmap proc lst)
  (if (null? lst)
      '()
      (append (proc (car lst)) (flatmap proc (cdr lst)))))

(define (answer-query patterns facts)
  (let loop ((patterns patterns) (frames (list '())))
    (if (null? patterns)
        frames
        (loop (cdr patterns)
              (flatmap (lambda (frame) (match-facts (car patterns) frame facts))
                       frames)))))

(define (instantiate exp frame)
  (cond ((variable? exp)
         (let ((binding (assq exp frame)))
           (if binding
               (instantiate (cdr binding) frame)
               exp)))
        ((pair? exp)
         (cons (instantiate (car exp) frame) (instantiate (cdr exp) frame)))
        (else exp)))

(define (make-facts n)
  (let loop ((p (- n 1)) (facts '()))
    (if (< p 0)
        facts
        (loop (- p 1)
              (append (if (> p 0) (list (list 'parent (quotient (- p 1) 2) p)) '())
                      (list (list 'job p (if (= (remainder p 3) 0) 'wizard 'clerk))
                            (list 'age p (+ (modulo (* 7 p) 50) 20)))
                      facts)))))

(define queries
  '(((parent ?x ?y))
    ((parent ?g ?p) (parent ?p ?c))
    ((job ?x wizard) (parent ?x ?y) (job ?y clerk))
    ((parent ?x ?y) (age ?y 27))
    ((age ?x ?a) (parent ?x ?y) (age ?y ?a))
    ((parent ?x ?x))))

(define (last-answer form frames)
  (if (null? frames)
      '()
      (instantiate form (car (reverse frames)))))

(define (run n)
  (let* ((facts (make-facts n))
         (answers (map (lambda (q) (answer-query q facts)) queries)))
    (append (map length answers)
            (list (last-answer '(?g ?c) (list-ref answers 1))
                  (last-answer '(?x ?y) (list-ref answers 2))))))
