;; bf: an interpreter of Brainf*ck, the eight-instruction language of a
;; tape of byte cells and a pointer into it.  The tape is a bytevector of
;; 65536 cells; cells wrap modulo 256 and so does nothing else.  Before a
;; program runs, its brackets are matched once by a do loop over the text
;; with a stack of open positions (a list), into a vector of jumps; a ]
;; with nothing open, or a [ left open, is an error signalled by `error`
;; with the position as its irritant.  The program is then run by a named
;; let over the program counter, the pointer and a count of instructions,
;; dispatching on the instruction by case; `,` reads a character from an
;; input string port (0 at the end of the input) and `.` writes one to an
;; output string port.
;;
;; The programs: a text made of n words (the draws pick them from a list),
;; written as a program that prints it (for each character, the cell's
;; change made by a loop that adds or takes 8 a number of times, kept in
;; the next cell, then single steps for the rest); the classic program
;; that prints its input backwards, given the same text; three loops
;; nested three deep that count 7 * 6 * 3 into a cell, then move it into
;; two more; and four programs with unmatched brackets, each caught by
;; guard, which reports the error object's message and irritants.
;;
;; The draws: x -> (1103515245x + 12345) mod 2^31 from x = 17, each draw
;; x div 65536, the word the draw mod the number of words.
;;
;; (run n) => (the length of the printing program, the instructions it
;;             ran, whether it printed the text, the instructions the
;;             backwards program ran, whether it printed the text
;;             backwards, a checksum of its output, the cell the nested
;;             loops filled, the errors as (message position) lists)

(define seed 17)

(define (next-random!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define words
  '("tape" "cell" "loop" "jump" "byte" "Turing" "wraps" "eight" "bracket"
    "pointer" "output" "input" "zero" "Mueller" "plus" "minus"))

(define (random-text n)
  (let ((out (open-output-string)))
    (do ((i 0 (+ i 1)))
        ((= i n) (get-output-string out))
      (when (> i 0) (write-char #\space out))
      (write-string (list-ref words (modulo (next-random!) (length words))) out))))

(define (match-brackets program)
  (let ((jumps (make-vector (string-length program) 0)))
    (do ((pc 0 (+ pc 1))
         (open '()
               (case (string-ref program pc)
                 ((#\[) (cons pc open))
                 ((#\])
                  (when (null? open) (error "unmatched ]" pc))
                  (vector-set! jumps pc (car open))
                  (vector-set! jumps (car open) pc)
                  (cdr open))
                 (else open))))
        ((= pc (string-length program))
         (unless (null? open) (error "unmatched [" (car open)))
         jumps))))

;; Returns what the program printed and the instructions it ran.
(define (execute program input)
  (let ((jumps (match-brackets program))
        (tape (make-bytevector 65536 0))
        (in (open-input-string input))
        (out (open-output-string))
        (end (string-length program)))
    (let loop ((pc 0) (ptr 0) (count 0))
      (if (= pc end)
          (values (get-output-string out) count)
          (let ((count (+ count 1)))
            (case (string-ref program pc)
              ((#\>) (loop (+ pc 1) (+ ptr 1) count))
              ((#\<) (loop (+ pc 1) (- ptr 1) count))
              ((#\+)
               (bytevector-u8-set! tape ptr (modulo (+ (bytevector-u8-ref tape ptr) 1) 256))
               (loop (+ pc 1) ptr count))
              ((#\-)
               (bytevector-u8-set! tape ptr (modulo (- (bytevector-u8-ref tape ptr) 1) 256))
               (loop (+ pc 1) ptr count))
              ((#\.)
               (write-char (integer->char (bytevector-u8-ref tape ptr)) out)
               (loop (+ pc 1) ptr count))
              ((#\,)
               (let ((c (read-char in)))
                 (bytevector-u8-set! tape ptr (if (eof-object? c) 0 (char->integer c)))
                 (loop (+ pc 1) ptr count)))
              ((#\[)
               (if (= (bytevector-u8-ref tape ptr) 0)
                   (loop (+ (vector-ref jumps pc) 1) ptr count)
                   (loop (+ pc 1) ptr count)))
              ((#\])
               (if (= (bytevector-u8-ref tape ptr) 0)
                   (loop (+ pc 1) ptr count)
                   (loop (+ (vector-ref jumps pc) 1) ptr count)))
              (else (loop (+ pc 1) ptr count))))))))

;; A program that prints text, from cell 0 and cell 1 as scratch.
(define (text->program text)
  (let ((out (open-output-string)))
    (define (repeat c k)
      (do ((i 0 (+ i 1))) ((= i k)) (write-char c out)))
    (let loop ((chars (string->list text)) (cell 0))
      (if (null? chars)
          (get-output-string out)
          (let* ((target (char->integer (car chars)))
                 (change (- target cell))
                 (step (if (< change 0) #\- #\+))
                 (eights (quotient (abs change) 8)))
            (when (> eights 0)
              (write-char #\> out)
              (repeat #\+ eights)
              (write-string "[<" out)
              (repeat step 8)
              (write-string ">-]<" out))
            (repeat step (remainder (abs change) 8))
            (write-char #\. out)
            (loop (cdr chars) target))))))

(define (checksum text)
  (let loop ((i 0) (sum 0))
    (if (= i (string-length text))
        sum
        (loop (+ i 1) (modulo (+ (* sum 31) (char->integer (string-ref text i))) 1000003)))))

(define (string-reverse s)
  (list->string (reverse (string->list s))))

(define (caught program)
  (guard (e ((error-object? e)
             (cons (error-object-message e) (error-object-irritants e))))
    (call-with-values (lambda () (execute program "")) list)))

(define (run n)
  (set! seed 17)
  (let* ((text (random-text n))
         (printer (text->program text)))
    (call-with-values (lambda () (execute printer ""))
      (lambda (printed printer-count)
        (call-with-values (lambda () (execute ">,[>,]<[.<]" text))
          (lambda (backwards backwards-count)
            (call-with-values
                (lambda () (execute "+++++++[>++++++[>+++[>+<-]<-]<-]>>>[>+>+<<-]>." ""))
              (lambda (counted counted-count)
                (list (string-length printer)
                      printer-count
                      (string=? printed text)
                      backwards-count
                      (string=? backwards (string-reverse text))
                      (checksum backwards)
                      (char->integer (string-ref counted 0))
                      (map caught '("+[[-]" "+]" "[]][" "[[]]]")))))))))))
