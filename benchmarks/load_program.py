"""A large Scheme program, generated, for the loading benchmark (issue 13).

    python -m benchmarks.load_program [--lines N] [--out FILE]

`generate(lines)` returns the text of a program of about `lines` lines,
always the same for the same `lines`: module after module of ordinary
definitions in the shapes a compiler written in Scheme is made of (list
walkers, assoc-list environments, a small expression evaluator with
`case`, string scanners with char tests, vector loops with `do`, named
lets, quasiquote builders, `syntax-rules` macros, closures and counters,
`call/cc` escapes, `let*`/`letrec` helpers), each module with its own
names and constants, comments and blank lines as people write them.

Each module K ends with `(check-K)`, which calls the module's procedures
and returns a small integer; the program ends with `(run)`, the sum of all
checks modulo a prime.  Loading defines everything and runs nothing: the
loading benchmark (benchmarks/loading.py) times reading and compiling the
file, then calls `(run)` once so that schemehost and Guile can be seen to
have loaded the same program.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEFAULT_LINES = 10_000
MODULUS = 1_000_003


def _walkers(k: int, c: int) -> str:
    return f"""
;;; Module {k}: list walkers.

(define (count-if-{k} pred lst)
  ;; How many elements of lst satisfy pred.
  (let loop ((lst lst) (n 0))
    (cond ((null? lst) n)
          ((pred (car lst)) (loop (cdr lst) (+ n 1)))
          (else (loop (cdr lst) n)))))

(define (remove-if-{k} pred lst)
  (cond ((null? lst) '())
        ((pred (car lst)) (remove-if-{k} pred (cdr lst)))
        (else (cons (car lst) (remove-if-{k} pred (cdr lst))))))

(define (flatten-{k} tree)
  (cond ((null? tree) '())
        ((pair? tree) (append (flatten-{k} (car tree)) (flatten-{k} (cdr tree))))
        (else (list tree))))

(define (last-pair-{k} lst)
  (if (null? (cdr lst)) lst (last-pair-{k} (cdr lst))))

(define (check-{k})
  (let ((data (list {c} (list 1 2 (list 3 {c})) 5 (list (list 6)) 7)))
    (+ (count-if-{k} odd? (flatten-{k} data))
       (length (remove-if-{k} even? (flatten-{k} data)))
       (car (last-pair-{k} (flatten-{k} data))))))
"""


def _environments(k: int, c: int) -> str:
    return f"""
;;; Module {k}: environments as association lists.

(define (make-env-{k}) (list (cons 'base {c})))

(define (env-extend-{k} env names values)
  ;; A new frame in front: each name paired with its value.
  (if (null? names)
      env
      (cons (cons (car names) (car values))
            (env-extend-{k} env (cdr names) (cdr values)))))

(define (env-lookup-{k} env name)
  (let ((binding (assq name env)))
    (if binding
        (cdr binding)
        (error "unbound variable" name))))

(define (env-update-{k}! env name value)
  (let ((binding (assq name env)))
    (when binding
      (set-cdr! binding value))
    (and binding #t)))

(define (check-{k})
  (let ((env (env-extend-{k} (make-env-{k}) '(x y z) (list 1 2 3))))
    (env-update-{k}! env 'y {c})
    (+ (env-lookup-{k} env 'x) (env-lookup-{k} env 'y) (env-lookup-{k} env 'base))))
"""


def _evaluator(k: int, c: int) -> str:
    return f"""
;;; Module {k}: a small evaluator for arithmetic expressions.

(define (eval-expr-{k} expr env)
  (cond ((number? expr) expr)
        ((symbol? expr) (cdr (assq expr env)))
        ((pair? expr)
         (case (car expr)
           ((add) (+ (eval-expr-{k} (cadr expr) env) (eval-expr-{k} (caddr expr) env)))
           ((sub) (- (eval-expr-{k} (cadr expr) env) (eval-expr-{k} (caddr expr) env)))
           ((mul) (* (eval-expr-{k} (cadr expr) env) (eval-expr-{k} (caddr expr) env)))
           ((if0) (if (zero? (eval-expr-{k} (cadr expr) env))
                      (eval-expr-{k} (caddr expr) env)
                      (eval-expr-{k} (cadddr expr) env)))
           ((let1) (eval-expr-{k} (cadddr expr)
                                (cons (cons (cadr expr) (eval-expr-{k} (caddr expr) env)) env)))
           (else (error "unknown operator" (car expr)))))
        (else (error "bad expression" expr))))

(define (simplify-{k} expr)
  ;; (add 0 e) => e, (mul 1 e) => e, everything else unchanged.
  (cond ((not (pair? expr)) expr)
        ((and (eq? (car expr) 'add) (eqv? (cadr expr) 0)) (simplify-{k} (caddr expr)))
        ((and (eq? (car expr) 'mul) (eqv? (cadr expr) 1)) (simplify-{k} (caddr expr)))
        (else (cons (car expr) (map simplify-{k} (cdr expr))))))

(define (check-{k})
  (eval-expr-{k} (simplify-{k} '(let1 a {c} (add 0 (mul 1 (if0 (sub a {c}) (add a 2) 0)))))
                 '((b . 1))))
"""


def _strings(k: int, c: int) -> str:
    return f"""
;;; Module {k}: scanning strings.

(define (split-words-{k} text)
  ;; The words of text: runs of characters between spaces.
  (let loop ((i 0) (start 0) (words '()))
    (cond ((= i (string-length text))
           (reverse (if (> i start) (cons (substring text start i) words) words)))
          ((char=? (string-ref text i) #\\space)
           (loop (+ i 1) (+ i 1) (if (> i start) (cons (substring text start i) words) words)))
          (else (loop (+ i 1) start words)))))

(define (capitalize-{k} word)
  (if (= (string-length word) 0)
      word
      (string-append (string (char-upcase (string-ref word 0)))
                     (substring word 1 (string-length word)))))

(define (count-digits-{k} text)
  (let loop ((chars (string->list text)) (n 0))
    (cond ((null? chars) n)
          ((char-numeric? (car chars)) (loop (cdr chars) (+ n 1)))
          (else (loop (cdr chars) n)))))

(define (check-{k})
  (let ((words (split-words-{k} "the {c} quick  brown foxes jumped")))
    (+ (length words)
       (count-digits-{k} (apply string-append (map capitalize-{k} words)))
       (string-length (capitalize-{k} (car words))))))
"""


def _vectors(k: int, c: int) -> str:
    return f"""
;;; Module {k}: vectors with do loops.

(define (vector-sum-{k} v)
  (do ((i 0 (+ i 1))
       (sum 0 (+ sum (vector-ref v i))))
      ((= i (vector-length v)) sum)))

(define (vector-reverse-{k}! v)
  (let loop ((i 0) (j (- (vector-length v) 1)))
    (when (< i j)
      (let ((tmp (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j tmp))
      (loop (+ i 1) (- j 1))))
  v)

(define (vector-index-{k} pred v)
  (let loop ((i 0))
    (cond ((= i (vector-length v)) #f)
          ((pred (vector-ref v i)) i)
          (else (loop (+ i 1))))))

(define (check-{k})
  (let ((v (make-vector 12 0)))
    (do ((i 0 (+ i 1))) ((= i 12)) (vector-set! v i (* i {c})))
    (vector-reverse-{k}! v)
    (+ (modulo (vector-sum-{k} v) 1000)
       (vector-index-{k} zero? v)
       (vector-ref v 0))))
"""


def _builders(k: int, c: int) -> str:
    return f"""
;;; Module {k}: building code with quasiquote.

(define (make-binding-{k} name value) `(define ,name ,value))

(define (make-call-{k} f . args) `(,f ,@args))

(define (make-let-{k} bindings body)
  `(let ,(map (lambda (b) `(,(car b) ,(cdr b))) bindings)
     ,@body))

(define (form-size-{k} form)
  (if (pair? form)
      (+ 1 (form-size-{k} (car form)) (form-size-{k} (cdr form)))
      0))

(define (check-{k})
  (let ((form (make-let-{k} (list (cons 'a {c}) (cons 'b 2))
                            (list (make-call-{k} '+ 'a 'b)
                                  (make-binding-{k} 'c (make-call-{k} '* 'a 3))))))
    (+ (form-size-{k} form) (length (cadr form)) (cadr (car (cadr form))))))
"""


def _macros(k: int, c: int) -> str:
    return f"""
;;; Module {k}: syntax-rules macros and their users.

(define-syntax swap-{k}!
  (syntax-rules ()
    ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))

(define-syntax while-{k}
  (syntax-rules ()
    ((_ test body ...) (let loop () (when test body ... (loop))))))

(define (gcd-{k} a b)
  ;; Euclid, with the larger first.
  (when (< a b) (swap-{k}! a b))
  (while-{k} (> b 0)
    (let ((r (remainder a b)))
      (set! a b)
      (set! b r)))
  a)

(define (check-{k})
  (+ (gcd-{k} {c * 6} {c * 4}) (gcd-{k} 17 {c + 1})))
"""


def _closures(k: int, c: int) -> str:
    return f"""
;;; Module {k}: closures and counters.

(define (make-counter-{k} start step)
  (let ((n start))
    (lambda ()
      (set! n (+ n step))
      n)))

(define (compose-{k} . fs)
  (if (null? fs)
      (lambda (x) x)
      (lambda (x) ((car fs) ((apply compose-{k} (cdr fs)) x)))))

(define (make-table-{k})
  (let ((entries '()))
    (define (put! key value) (set! entries (cons (cons key value) entries)))
    (define (get key) (let ((e (assv key entries))) (if e (cdr e) 0)))
    (lambda (message . args)
      (cond ((eq? message 'put) (apply put! args))
            ((eq? message 'get) (apply get args))
            ((eq? message 'size) (length entries))
            (else (error "unknown message" message))))))

(define (check-{k})
  (let ((next (make-counter-{k} {c} 3))
        (table (make-table-{k})))
    (next)
    (table 'put 1 (next))
    (table 'put 2 ((compose-{k} (lambda (x) (* x 2)) (lambda (x) (+ x 1))) {c}))
    (+ (table 'get 1) (table 'get 2) (table 'size))))
"""


def _escapes(k: int, c: int) -> str:
    return f"""
;;; Module {k}: early exits with call/cc.

(define (find-first-{k} pred lst)
  (call-with-current-continuation
   (lambda (return)
     (for-each (lambda (x) (when (pred x) (return x))) lst)
     #f)))

(define (all-positive-{k}? lst)
  (call/cc
   (lambda (k)
     (let loop ((lst lst))
       (cond ((null? lst) #t)
             ((<= (car lst) 0) (k #f))
             (else (loop (cdr lst))))))))

(define (check-{k})
  (+ (find-first-{k} (lambda (x) (> x {c})) (list 1 {c} {c + 5} {c + 9}))
     (if (all-positive-{k}? (list 1 2 3)) 1 0)
     (if (all-positive-{k}? (list 1 -2 3)) 1 0)))
"""


def _helpers(k: int, c: int) -> str:
    return f"""
;;; Module {k}: let*, letrec and internal definitions.

(define (statistics-{k} numbers)
  ;; (count total largest) of a non-empty list.
  (let* ((count (length numbers))
         (total (apply + numbers))
         (largest (apply max numbers)))
    (list count total largest)))

(define (even-odd-{k} n)
  (letrec ((ev? (lambda (n) (if (= n 0) #t (od? (- n 1)))))
           (od? (lambda (n) (if (= n 0) #f (ev? (- n 1))))))
    (if (ev? n) 'even 'odd)))

(define (digits-{k} n)
  (define (loop n acc)
    (if (< n 10)
        (cons n acc)
        (loop (quotient n 10) (cons (remainder n 10) acc))))
  (loop n '()))

(define (check-{k})
  (let ((stats (statistics-{k} (digits-{k} {c * 7919}))))
    (+ (car stats) (cadr stats) (caddr stats)
       (if (eq? (even-odd-{k} {c}) 'even) 1 2))))
"""


TEMPLATES = (_walkers, _environments, _evaluator, _strings, _vectors, _builders, _macros, _closures,
             _escapes, _helpers)


def _constant(k: int) -> int:
    """Module k's constant: deterministic, varied, small."""
    return (k * 37 + 11) % 97 + 3


def generate(lines: int = DEFAULT_LINES) -> str:
    """Return the program's text: modules until about `lines` lines, then `(run)`."""
    head = (";;; A generated program for schemehost's loading benchmark (benchmarks/load_program.py).\n"
            ";;; Every module defines a few procedures and a check; (run) sums the checks.\n")
    parts = [head]
    count = head.count("\n")
    k = 0
    while count < lines - 12:
        text = TEMPLATES[k % len(TEMPLATES)](k, _constant(k))
        parts.append(text)
        count += text.count("\n")
        k += 1
    tail = f"""
;;; The sum of every module's check, modulo {MODULUS}.

(define all-checks
  (list {" ".join(f"check-{i}" for i in range(k))}))

(define (run)
  (let loop ((checks all-checks) (sum 0))
    (if (null? checks)
        sum
        (loop (cdr checks) (modulo (+ sum ((car checks))) {MODULUS})))))
"""
    parts.append(tail)
    return "".join(parts)


def write(path: Path, lines: int = DEFAULT_LINES) -> Path:
    """Write the program for `lines` to `path` unless it already holds exactly that text."""
    text = generate(lines)
    if not (path.is_file() and path.read_text(encoding="utf-8") == text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load_program", description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=DEFAULT_LINES)
    parser.add_argument("--out", type=Path, help="write the program here (default: standard output)")
    args = parser.parse_args(argv)
    if args.lines < 1:
        parser.error("--lines must be at least 1")
    if args.out:
        write(args.out, args.lines)
    else:
        sys.stdout.write(generate(args.lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
