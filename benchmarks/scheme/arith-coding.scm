;; arith-coding: arithmetic coding of n messages in exact rationals.
;;
;; Each message's model is counted from it by string-for-each into an
;; association list of (char . count) pairs, a new character consed on
;; the front and a known one counted up by set-cdr!, then put in the
;; order of char<? by an insertion sort of our own and turned into a list
;; of (char low high) ranges of [0, 1), exact fractions of the message's
;; length.  Coding narrows the interval [low, low + width) to each
;; character's range in turn, found by assv; the code is the dyadic
;; rational m / 2^k with the fewest bits k inside the final interval,
;; counted up from k = 0 with m the ceiling of low * 2^k, and returned
;; as two values.  Decoding reads the characters back from m / 2^k:
;; the range that holds the value gives the character, and the value is
;; scaled back out of that range, as many times as the message is long.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 128, each draw
;; x div 65536; a message is 1 + draw mod 60 characters long, each
;; character the draw mod 15 in the string "eeeeetttaaoinsh".
;;
;; (run n) => (the characters coded, the bits of all codes, the most bits
;;             of one code, a checksum of the codes' numerators, whether
;;             every message decodes to itself, the first code as a
;;             string)

(define seed 128)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define source "eeeeetttaaoinsh")

(define (random-message)
  (let* ((length (+ 1 (modulo (next-random!) 60)))
         (message (make-string length)))
    (do ((i 0 (+ i 1)))
        ((= i length) message)
      (string-set! message i (string-ref source (modulo (next-random!) (string-length source)))))))

(define (count-characters message)
  (let ((counts '()))
    (string-for-each
     (lambda (c)
       (let ((entry (assv c counts)))
         (if entry
             (set-cdr! entry (+ (cdr entry) 1))
             (set! counts (cons (cons c 1) counts)))))
     message)
    counts))

(define (insert-by-char entry sorted)
  (cond ((null? sorted) (list entry))
        ((char<? (car entry) (car (car sorted))) (cons entry sorted))
        (else (cons (car sorted) (insert-by-char entry (cdr sorted))))))

(define (fold-right combine initial lst)
  (if (null? lst)
      initial
      (combine (car lst) (fold-right combine initial (cdr lst)))))

(define (make-model message)
  (let ((total (string-length message)))
    (let loop ((counts (fold-right insert-by-char '() (count-characters message)))
               (below 0)
               (model '()))
      (if (null? counts)
          (reverse model)
          (let ((above (+ below (cdr (car counts)))))
            (loop (cdr counts)
                  above
                  (cons (list (car (car counts)) (/ below total) (/ above total)) model)))))))

;; The fewest bits k, and m, such that low <= m / 2^k < high.
(define (shortest-dyadic low high)
  (let loop ((k 0) (scale 1))
    (let ((m (ceiling (* low scale))))
      (if (< (/ m scale) high)
          (values m k)
          (loop (+ k 1) (* scale 2))))))

(define (encode message model)
  (let ((low 0) (width 1))
    (string-for-each
     (lambda (c)
       (let ((range (assv c model)))
         (set! low (+ low (* width (cadr range))))
         (set! width (* width (- (caddr range) (cadr range))))))
     message)
    (shortest-dyadic low (+ low width))))

(define (decode value length model)
  (let loop ((i 0) (value value) (chars '()))
    (if (= i length)
        (list->string (reverse chars))
        (let find ((ranges model))
          (let ((range (car ranges)))
            (if (< value (caddr range))
                (loop (+ i 1)
                      (/ (- value (cadr range)) (- (caddr range) (cadr range)))
                      (cons (car range) chars))
                (find (cdr ranges))))))))

(define (run n)
  (set! seed 128)
  (let loop ((i 0) (characters 0) (bits 0) (most 0) (sum 0) (all-decoded #t) (first #f))
    (if (= i n)
        (list characters bits most sum all-decoded first)
        (let* ((message (random-message))
               (model (make-model message)))
          (let-values (((m k) (encode message model)))
            (loop (+ i 1)
                  (+ characters (string-length message))
                  (+ bits k)
                  (max most k)
                  (modulo (+ (* 31 sum) m) 1000003)
                  (and all-decoded
                       (string=? (decode (/ m (expt 2 k)) (string-length message) model) message))
                  (or first (number->string (/ m (expt 2 k))))))))))
