;; assembler: a two-pass assembler for a small register machine, the
;; machine itself, and a disassembler whose text assembles to the same
;; program.
;;
;; A source is a string of lines: an optional label ending in a colon,
;; then a mnemonic and its operands separated by spaces or commas, `;'
;; to the end of the line a comment.  The lines are cut with substring
;; at each #\newline; a line is scanned by string-ref and an index,
;; words gathered until a space, comma or `;', numbers (a `-' allowed
;; first) added up digit by digit from char->integer.  The first pass
;; gives each label the address of the next instruction, in an
;; association list searched by assoc; the second looks each mnemonic up
;; (string->symbol, then assq in a table of operand kinds), checks the
;; operands (registers r0 to r7, numbers, labels) and makes each
;; instruction a vector of the mnemonic and up to three operands.  A
;; mistake is raised as a list (kind text line) and caught by guard.
;;
;; The machine: eight registers in a vector, the program counter, a
;; list as the stack for call, ret, push and pop, and the output a list;
;; one named let dispatching by case on the mnemonic, counting steps.
;; Four programs: the sum and count of the primes below 4n by trial
;; division; the sum of gcd(i, n) for i from 1 to n by a subroutine
;; that saves a register on the stack; the Collatz steps of 1 to n, in
;; all and the most; Fibonacci of 14 by doubly recursive calls.
;;
;; (run n) => (for each program (its instructions, its labels, the
;;             steps run, its output), whether every program's
;;             disassembly assembles to it, the mistakes found in five
;;             bad programs as (kind line))

(define (split-lines text)
  (let loop ((start 0) (i 0) (lines '()))
    (cond ((= i (string-length text))
           (reverse (cons (substring text start i) lines)))
          ((char=? (string-ref text i) #\newline)
           (loop (+ i 1) (+ i 1) (cons (substring text start i) lines)))
          (else (loop start (+ i 1) lines)))))

(define (separator? c)
  (or (char-whitespace? c) (char=? c #\,) (char=? c #\;)))

;; The tokens of a line: exact integers for numbers, strings for words.
(define (tokenize line)
  (let ((n (string-length line)))
    (let loop ((i 0) (tokens '()))
      (if (= i n)
          (reverse tokens)
          (let ((c (string-ref line i)))
            (cond ((char=? c #\;) (reverse tokens))
                  ((separator? c) (loop (+ i 1) tokens))
                  ((or (char-numeric? c)
                       (and (char=? c #\-) (< (+ i 1) n) (char-numeric? (string-ref line (+ i 1)))))
                   (let digits ((j (if (char=? c #\-) (+ i 1) i)) (value 0))
                     (if (and (< j n) (char-numeric? (string-ref line j)))
                         (digits (+ j 1) (+ (* value 10) (- (char->integer (string-ref line j))
                                                            (char->integer #\0))))
                         (loop j (cons (if (char=? c #\-) (- value) value) tokens)))))
                  (else
                   (let word ((j i))
                     (if (and (< j n) (not (separator? (string-ref line j))))
                         (word (+ j 1))
                         (loop j (cons (substring line i j) tokens)))))))))))

(define instruction-kinds
  '((set reg imm) (mov reg reg) (add reg reg) (sub reg reg) (mul reg reg) (div reg reg) (mod reg reg)
    (addi reg imm) (jmp label) (jz reg label) (jnz reg label) (jlt reg reg label)
    (call label) (ret) (push reg) (pop reg) (out reg) (halt)))

(define (label-definition? token)
  (and (string? token)
       (> (string-length token) 1)
       (char=? (string-ref token (- (string-length token) 1)) #\:)))

(define (register-number token line)
  (if (and (string? token)
           (= (string-length token) 2)
           (char=? (string-ref token 0) #\r)
           (char<=? #\0 (string-ref token 1) #\7))
      (- (char->integer (string-ref token 1)) (char->integer #\0))
      (raise (list 'bad-register token line))))

;; First pass: the labels as an association list and the instructions
;; as (line tokens ...), in order.
(define (first-pass lines)
  (let loop ((lines lines) (line 1) (address 0) (labels '()) (instructions '()))
    (if (null? lines)
        (values (reverse labels) (reverse instructions))
        (let* ((tokens (tokenize (car lines)))
               (label (and (pair? tokens) (label-definition? (car tokens))
                           (substring (car tokens) 0 (- (string-length (car tokens)) 1))))
               (rest (if label (cdr tokens) tokens)))
          (when (and label (assoc label labels))
            (raise (list 'duplicate-label label line)))
          (loop (cdr lines)
                (+ line 1)
                (if (null? rest) address (+ address 1))
                (if label (cons (cons label address) labels) labels)
                (if (null? rest) instructions (cons (cons line rest) instructions)))))))

(define (encode instruction labels)
  (let* ((line (car instruction))
         (name (cadr instruction))
         (operands (cddr instruction))
         (mnemonic (if (string? name) (string->symbol name) name))
         (kinds (assq mnemonic instruction-kinds)))
    (unless kinds
      (raise (list 'unknown-instruction name line)))
    (unless (= (length operands) (length (cdr kinds)))
      (raise (list 'wrong-operands name line)))
    (let ((encoded (map (lambda (kind operand)
                          (case kind
                            ((reg) (register-number operand line))
                            ((imm) (if (number? operand)
                                       operand
                                       (raise (list 'wrong-operands name line))))
                            (else
                             (let ((entry (and (string? operand) (assoc operand labels))))
                               (if entry
                                   (cdr entry)
                                   (raise (list 'undefined-label operand line)))))))
                        (cdr kinds)
                        operands)))
      (apply vector mnemonic (append encoded (make-list (- 3 (length encoded)) #f))))))

(define (assemble text)
  (let-values (((labels instructions) (first-pass (split-lines text))))
    (values (list->vector (map (lambda (instruction) (encode instruction labels)) instructions))
            (length labels))))

;; Runs a program: its output and the steps taken, as two values.
(define (execute program)
  (let ((registers (make-vector 8 0)))
    (define (reg k) (vector-ref registers k))
    (let loop ((pc 0) (stack '()) (steps 0) (output '()))
      (let* ((instruction (vector-ref program pc))
             (a (vector-ref instruction 1))
             (b (vector-ref instruction 2))
             (c (vector-ref instruction 3))
             (steps (+ steps 1)))
        (case (vector-ref instruction 0)
          ((set) (vector-set! registers a b) (loop (+ pc 1) stack steps output))
          ((mov) (vector-set! registers a (reg b)) (loop (+ pc 1) stack steps output))
          ((add) (vector-set! registers a (+ (reg a) (reg b))) (loop (+ pc 1) stack steps output))
          ((sub) (vector-set! registers a (- (reg a) (reg b))) (loop (+ pc 1) stack steps output))
          ((mul) (vector-set! registers a (* (reg a) (reg b))) (loop (+ pc 1) stack steps output))
          ((div) (vector-set! registers a (quotient (reg a) (reg b))) (loop (+ pc 1) stack steps output))
          ((mod) (vector-set! registers a (modulo (reg a) (reg b))) (loop (+ pc 1) stack steps output))
          ((addi) (vector-set! registers a (+ (reg a) b)) (loop (+ pc 1) stack steps output))
          ((jmp) (loop a stack steps output))
          ((jz) (loop (if (= (reg a) 0) b (+ pc 1)) stack steps output))
          ((jnz) (loop (if (= (reg a) 0) (+ pc 1) b) stack steps output))
          ((jlt) (loop (if (< (reg a) (reg b)) c (+ pc 1)) stack steps output))
          ((call) (loop a (cons (+ pc 1) stack) steps output))
          ((ret) (loop (car stack) (cdr stack) steps output))
          ((push) (loop (+ pc 1) (cons (reg a) stack) steps output))
          ((pop) (vector-set! registers a (car stack)) (loop (+ pc 1) (cdr stack) steps output))
          ((out) (loop (+ pc 1) stack steps (cons (reg a) output)))
          (else (values (reverse output) steps)))))))

;; The program written back as text, each jump target labelled L<address>.
(define (disassemble program)
  (let* ((n (vector-length program))
         (targets '()))
    (do ((i 0 (+ i 1)))
        ((= i n))
      (let* ((instruction (vector-ref program i))
             (kinds (cdr (assq (vector-ref instruction 0) instruction-kinds))))
        (do ((kinds kinds (cdr kinds))
             (k 1 (+ k 1)))
            ((null? kinds))
          (when (and (eq? (car kinds) 'label)
                     (not (memv (vector-ref instruction k) targets)))
            (set! targets (cons (vector-ref instruction k) targets))))))
    (let loop ((i 0) (lines '()))
      (if (= i n)
          (apply string-append (reverse lines))
          (let* ((instruction (vector-ref program i))
                 (kinds (cdr (assq (vector-ref instruction 0) instruction-kinds)))
                 (operands (let collect ((kinds kinds) (k 1) (texts '()))
                             (if (null? kinds)
                                 (reverse texts)
                                 (let ((x (vector-ref instruction k)))
                                   (collect (cdr kinds)
                                            (+ k 1)
                                            (cons (case (car kinds)
                                                    ((reg) (string-append "r" (number->string x)))
                                                    ((imm) (number->string x))
                                                    (else (string-append "L" (number->string x))))
                                                  texts)))))))
            (loop (+ i 1)
                  (cons (string-append
                         (if (memv i targets) (string-append "L" (number->string i) ": ") "        ")
                         (symbol->string (vector-ref instruction 0))
                         (apply string-append (map (lambda (text) (string-append " " text)) operands))
                         "\n")
                        lines)))))))

(define (source . lines)
  (apply string-append (map (lambda (line) (string-append line "\n")) lines)))

(define (primes-program limit)
  (source "; the sum and count of the primes below the limit"
          (string-append "        set r0 " (number->string limit))
          "        set r1 2          ; the candidate"
          "        set r2 0          ; the sum"
          "        set r3 0          ; the count"
          "outer:  jlt r1 r0 body"
          "        jmp finish"
          "body:   set r4 2          ; the divisor"
          "inner:  mov r5 r4"
          "        mul r5 r4"
          "        jlt r1 r5 prime   ; past the square root"
          "        mov r5 r1"
          "        mod r5 r4"
          "        jz r5 composite"
          "        addi r4 1"
          "        jmp inner"
          "prime:  add r2 r1"
          "        addi r3 1"
          "composite: addi r1 1"
          "        jmp outer"
          "finish: out r2"
          "        out r3"
          "        halt"))

(define (gcd-program m)
  (source (string-append "        set r0 " (number->string m))
          "        set r3, 1         ; i"
          "        set r4, 0         ; the total"
          "loop:   jlt r0, r3, done"
          "        mov r1, r3"
          "        mov r2, r0"
          "        call gcd"
          "        add r4, r1"
          "        addi r3, 1"
          "        jmp loop"
          "done:   out r4"
          "        halt"
          "; gcd of r1 and r2 into r1, r5 kept"
          "gcd:    push r5"
          "again:  jz r2, back"
          "        mov r5, r1"
          "        mod r5, r2"
          "        mov r1, r2"
          "        mov r2, r5"
          "        jmp again"
          "back:   pop r5"
          "        ret"))

(define (collatz-program m)
  (source (string-append "        set r0 " (number->string m))
          "        set r1 1          ; the start"
          "        set r4 0          ; the steps in all"
          "        set r5 0          ; the most"
          "        set r6 2"
          "next:   jlt r0 r1 done"
          "        mov r2 r1"
          "        set r3 0"
          "walk:   mov r7 r2"
          "        addi r7 -1"
          "        jz r7 ended"
          "        mov r7 r2"
          "        mod r7 r6"
          "        jz r7 even"
          "        set r7 3"
          "        mul r2 r7"
          "        addi r2 1"
          "        jmp counted"
          "even:   div r2 r6"
          "counted: addi r3 1"
          "        jmp walk"
          "ended:  add r4 r3"
          "        jlt r3 r5 shorter"
          "        mov r5 r3"
          "shorter: addi r1 1"
          "        jmp next"
          "done:   out r4"
          "        out r5"
          "        halt"))

(define fibonacci-program
  (source "        set r1 14"
          "        call fib"
          "        out r2"
          "        halt"
          "; Fibonacci of r1 into r2, r1 kept"
          "fib:    set r2 2"
          "        jlt r1 r2 small"
          "        push r1"
          "        addi r1 -1"
          "        call fib"
          "        push r2"
          "        addi r1 -1"
          "        call fib"
          "        pop r3"
          "        add r2 r3"
          "        pop r1"
          "        ret"
          "small:  mov r2 r1"
          "        ret"))

(define bad-programs
  (list (source "start: set r1 5" "        jmp nowhere" "        halt")
        (source "        set r1 5" "        jump start")
        (source "        set r9 5" "        halt")
        (source "a:      set r1 1" "b:      set r2 2" "a:      halt")
        (source "        set r1" "        halt")))

(define (run n)
  (let* ((texts (list (primes-program (* 4 n)) (gcd-program n) (collatz-program n) fibonacci-program))
         (reports (map (lambda (text)
                         (let-values (((program labels) (assemble text)))
                           (let-values (((output steps) (execute program)))
                             (list (vector-length program) labels steps output))))
                       texts))
         (round-trips (map (lambda (text)
                             (let-values (((program labels) (assemble text)))
                               (let-values (((again count) (assemble (disassemble program))))
                                 (equal? program again))))
                           texts))
         (mistakes (map (lambda (text)
                          (guard (e ((and (pair? e) (symbol? (car e))) (list (symbol->string (car e)) (caddr e))))
                            (assemble text)
                            "assembled"))
                        bad-programs)))
    (list reports
          (if (memv #f round-trips) #f #t)
          mistakes)))
