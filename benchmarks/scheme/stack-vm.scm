;; stack-vm: a small stack machine interpreting a program held in a vector
;; of instructions (lists headed by symbols): case on the opcode, the
;; stack a list, jumps by index; it counts down a loop and sums.
;;
;; (run n) => the value left on the stack after running the program with n.

(define program
  (vector '(push 0)        ; 0: acc
          '(load 0)        ; 1: counter from memory 0
          '(jump-if-zero 11)
          '(load 0)        ; 3
          '(add)           ; 4: acc + counter
          '(load 0)        ; 5
          '(push -1)       ; 6
          '(add)           ; 7
          '(store 0)       ; 8: counter - 1
          '(jump 1)        ; 9
          '(halt)          ; 10 (not reached)
          '(halt)))        ; 11

(define (execute code memory)
  (let loop ((pc 0) (stack '()))
    (let ((instr (vector-ref code pc)))
      (case (car instr)
        ((push) (loop (+ pc 1) (cons (cadr instr) stack)))
        ((load) (loop (+ pc 1) (cons (vector-ref memory (cadr instr)) stack)))
        ((store) (vector-set! memory (cadr instr) (car stack)) (loop (+ pc 1) (cdr stack)))
        ((add) (loop (+ pc 1) (cons (+ (car stack) (cadr stack)) (cddr stack))))
        ((jump) (loop (cadr instr) stack))
        ((jump-if-zero)
         (if (= (car stack) 0)
             (loop (cadr instr) (cdr stack))
             (loop (+ pc 1) (cdr stack))))
        ((halt) (car stack))
        (else (error "stack-vm: bad instruction" instr))))))

(define (run n)
  (execute program (vector n)))
