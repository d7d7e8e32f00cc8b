"""R7RS chapter 4: expressions.

4.1 primitive expression types, 4.2 derived expression types, 4.3 macros.
Rows follow the report's own examples where it gives them.
"""

from __future__ import annotations

import pytest

from conftest import Session
from schemehost import ReadError, SchemeError

from . import Raises, bug, check, output_of

# -- 4.1.1 variable references, 4.1.2 literal expressions ---------------------

VARIABLES_AND_LITERALS = [
    ("(define x 28) x", "28"),
    ("(quote a)", "a"),
    ("(quote #(a b c))", "#(a b c)"),
    ("(quote (+ 1 2))", "(+ 1 2)"),
    ("'a", "a"),
    ("'#(a b c)", "#(a b c)"),
    ("'()", "()"),
    ("'(+ 1 2)", "(+ 1 2)"),
    ("(equal? ''a '(quote a))", "#t"),
    ("(car ''a)", "quote"),
    ("'\"abc\"", '"abc"'),
    ("\"abc\"", '"abc"'),
    ("'145932", "145932"),
    ("145932", "145932"),
    ("'#t", "#t"),
    ("#t", "#t"),
    ("#false", "#f"),
    ("#\\a", "#\\a"),
    ("#(a 10)", "#(a 10)"),
    ("#u8(64 65)", "#u8(64 65)"),
    ("'(1 . 2)", "(1 . 2)"),
    ("'(1 . (2 . (3 . ())))", "(1 2 3)"),
    ("undefined-variable", Raises(SchemeError, "unbound variable: undefined-variable")),
    ("(quote)", Raises(SchemeError, "quote: bad syntax: (quote)")),
    ("(quote a b)", Raises(SchemeError, "quote: bad syntax: (quote a b)")),
]


@pytest.mark.parametrize("program, expected", VARIABLES_AND_LITERALS)
def test_variable_and_literal_evaluates_to_written_value(program, expected):
    check(program, expected)


# -- 4.1.3 procedure calls, 4.1.4 procedures ------------------------------------

CALLS_AND_LAMBDAS = [
    ("(+ 3 4)", "7"),
    ("((if #f + *) 3 4)", "12"),
    ("((lambda (x) (+ x x)) 4)", "8"),
    ("(define reverse-subtract (lambda (x y) (- y x))) (reverse-subtract 7 10)", "3"),
    ("(define add4 (let ((x 4)) (lambda (y) (+ x y)))) (add4 6)", "10"),
    ("((lambda x x) 3 4 5 6)", "(3 4 5 6)"),
    ("((lambda (x y . z) z) 3 4 5 6)", "(5 6)"),
    ("((lambda (x y . z) z) 3 4)", "()"),
    ("((lambda () 42))", "42"),
    ("(procedure? (lambda (x) x))", "#t"),
    # A body of several expressions returns the last one's value.
    ("((lambda (x) 1 2 x) 3)", "3"),
    # Each call makes fresh locations: closures keep their own.
    ("(define (counter) (let ((n 0)) (lambda () (set! n (+ n 1)) n)))"
     " (define a (counter)) (define b (counter)) (a) (a) (list (a) (b))", "(3 1)"),
    # Arguments are evaluated (in some order) before the call.
    ("(let ((log '())) ((lambda (a b) (length log)) (set! log (cons 1 log)) (set! log (cons 2 log))))", "2"),
    ("(5 3)", Raises(SchemeError, "attempt to call a non-procedure: 5")),
    ("(\"f\" 1)", Raises(SchemeError, "attempt to call a non-procedure: \"f\"")),
    ("((lambda (x) x))", Raises(SchemeError, "anonymous procedure: expects 1 argument, given 0")),
    ("((lambda (x) x) 1 2)", Raises(SchemeError, "anonymous procedure: expects 1 argument, given 2")),
    ("((lambda (a b . c) a) 1)", Raises(SchemeError, "anonymous procedure: expects at least 2 arguments, given 1")),
    ("(define (f x) x) (f)", Raises(SchemeError, "f: expects 1 argument, given 0")),
    ("(lambda (x x) x)", Raises(SchemeError, "lambda: duplicate parameter: x")),
    ("(lambda)", Raises(SchemeError, "lambda: bad syntax: (lambda)")),
    ("()", Raises(SchemeError, "missing procedure expression in ()")),
]


@pytest.mark.parametrize("program, expected", CALLS_AND_LAMBDAS)
def test_call_and_lambda_evaluate_to_written_value(program, expected):
    check(program, expected)


# -- 4.1.5 conditionals, 4.1.6 assignments ----------------------------------------

IF_AND_SET = [
    ("(if (> 3 2) 'yes 'no)", "yes"),
    ("(if (> 2 3) 'yes 'no)", "no"),
    ("(if (> 3 2) (- 3 2) (+ 3 2))", "1"),
    # Only #f is false: '(), 0 and "" are true.
    ("(if '() 'true 'false)", "true"),
    ("(if 0 'true 'false)", "true"),
    ("(if \"\" 'true 'false)", "true"),
    ("(if #f #f 'third)", "third"),
    ("(define x 2) (+ x 1)", "3"),
    ("(define x 2) (set! x 4) (+ x 1)", "5"),
    ("(let ((x 1)) (set! x (+ x 10)) x)", "11"),
    ("(define (f) (set! f 'replaced) 1) (list (f) f)", "(1 replaced)"),
    ("(if)", Raises(SchemeError, "if: bad syntax: (if)")),
    ("(if 1)", Raises(SchemeError, "if: bad syntax: (if 1)")),
    ("(if 1 2 3 4)", Raises(SchemeError, "if: bad syntax: (if 1 2 3 4)")),
    ("(set! undefined-var 1)", Raises(SchemeError, "unbound variable: undefined-var")),
]


@pytest.mark.parametrize("program, expected", IF_AND_SET)
def test_if_and_set_evaluate_to_written_value(program, expected):
    check(program, expected)


# -- 4.1.7 inclusion -----------------------------------------------------------------


def test_include_file_splices_its_forms_in_order(tmp_path):
    (tmp_path / "defs.scm").write_text("(define inc-a 1)\n(define inc-b (+ inc-a 1))\n")
    check(f'(include "{tmp_path / "defs.scm"}") (list inc-a inc-b)', "(1 2)")


def test_include_ci_file_folds_case_of_its_symbols(tmp_path):
    (tmp_path / "up.scm").write_text("(DEFINE SHOUTED 'VALUE)\n")
    check(f'(include-ci "{tmp_path / "up.scm"}") shouted', "value")


def test_include_ci_folds_character_names_but_not_strings(tmp_path):
    (tmp_path / "up.scm").write_text('(DEFINE Pair (LIST #\\SPACE "Mixed Case"))\n')
    check(f'(include-ci "{tmp_path / "up.scm"}") pair', '(#\\space "Mixed Case")')


def test_include_ci_reports_read_errors_at_their_line_and_column(tmp_path):
    (tmp_path / "bad.scm").write_text("(define a 1)\n  (define b #\\nosuchname)\n")
    with pytest.raises(ReadError) as info:
        Session().eval(f'(include-ci "{tmp_path / "bad.scm"}")')
    assert info.value.headline() == f"{tmp_path / 'bad.scm'}:2:13: bad character name: #\\nosuchname"


# -- 4.2.1 conditionals: cond, case, and, or, when, unless, cond-expand ---------------

COND = [
    ("(cond ((> 3 2) 'greater) ((< 3 2) 'less))", "greater"),
    ("(cond ((> 3 3) 'greater) ((< 3 3) 'less) (else 'equal))", "equal"),
    ("(cond ((assv 'b '((a 1) (b 2))) => cadr) (else #f))", "2"),
    ("(cond ((memv 3 '(1 2 3 4)) => length))", "2"),
    # A clause with a test only yields the test's value.
    ("(cond (#f 1) (5))", "5"),
    ("(cond ((assv 'z '((a 1))) 'found) (else 'missing))", "missing"),
    ("(cond (#t 1 2 3))", "3"),
    ("(let ((=> #f)) (cond (#t => 'ok)))", "ok"),
    ("(cond ((+ 1 1) => (lambda (x) (* x 10))))", "20"),
    ("(cond)", Raises(SchemeError, "cond: bad syntax: (cond)")),
    ("(cond (else))", Raises(SchemeError, "cond: else must be the last clause and have a body: (else)")),
]

CASE = [
    ("(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite))", "composite"),
    ("(case (car '(c d)) ((a e i o u) 'vowel) ((w y) 'semivowel) (else => (lambda (x) x)))", "c"),
    ("(case (car '(y d)) ((a e i o u) 'vowel) ((w y) 'semivowel) (else => (lambda (x) x)))", "semivowel"),
    ("(case 5 ((1 2) 'low) ((5) => (lambda (x) (* x 10))) (else 'other))", "50"),
    ("(case #\\a ((#\\a #\\e) 'vowel) (else 'consonant))", "vowel"),
    # case compares with eqv?: 2.0 is not eqv? to 2.
    ("(case 2.0 ((2) 'exact) (else 'other))", "other"),
    ("(case 'x ((x) 'sym) (else 'no))", "sym"),
    ("(case '() ((()) 'empty) (else 'no))", "empty"),
    ("(case 10 ((1) 'one) (else 'many))", "many"),
    ("(case 1 ((1) 'a 'b 'c))", "c"),
    ("(case)", Raises(SchemeError, "case: bad syntax: (case)")),
]

AND_OR_WHEN_UNLESS = [
    ("(and (= 2 2) (> 2 1))", "#t"),
    ("(and (= 2 2) (< 2 1))", "#f"),
    ("(and 1 2 'c '(f g))", "(f g)"),
    ("(and)", "#t"),
    ("(and #f (car '()))", "#f"),
    ("(or (= 2 2) (> 2 1))", "#t"),
    ("(or (= 2 2) (< 2 1))", "#t"),
    ("(or #f #f #f)", "#f"),
    ("(or (memq 'b '(a b c)) (/ 3 0))", "(b c)"),
    ("(or)", "#f"),
    ("(or #f 0)", "0"),
    ("(when (= 1 1.0) 'a 'b)", "b"),
    ("(let ((x '())) (when (null? x) (set! x '(1))) x)", "(1)"),
    ("(unless (= 1 2) 'c 'd)", "d"),
    ("(let ((n 0)) (unless #t (set! n 1)) n)", "0"),
    ("(let ((n 0)) (when #f (set! n 1)) n)", "0"),
]

COND_EXPAND = [
    ("(cond-expand (r7rs 'yes) (else 'no))", "yes"),
    ("(cond-expand (no-such-feature 'yes) (else 'no))", "no"),
    ("(cond-expand ((not no-such-feature) 1) (else 2))", "1"),
    ("(cond-expand ((and r7rs full-unicode) 1) (else 2))", "1"),
    ("(cond-expand ((or no-such-feature r7rs) 1) (else 2))", "1"),
    ("(cond-expand ((library (scheme base)) 'has-base) (else 'none))", "has-base"),
    ("(cond-expand ((library (no such lib)) 'has) (else 'none))", "none"),
    ("(cond-expand ((and) 'empty-and) (else 'no))", "empty-and"),
    ("(cond-expand ((or) 'yes) (else 'empty-or))", "empty-or"),
]


@pytest.mark.parametrize("program, expected", COND + CASE)
def test_cond_and_case_select_clause_by_written_value(program, expected):
    check(program, expected)


@pytest.mark.parametrize("program, expected", AND_OR_WHEN_UNLESS)
def test_and_or_when_unless_evaluate_to_written_value(program, expected):
    check(program, expected)


@pytest.mark.parametrize("program, expected", COND_EXPAND)
def test_cond_expand_picks_clause_whose_requirement_holds(program, expected):
    check(program, expected)


# -- 4.2.2 binding constructs ---------------------------------------------------------

BINDINGS = [
    ("(let ((x 2) (y 3)) (* x y))", "6"),
    ("(let ((x 2) (y 3)) (let ((x 7) (z (+ x y))) (* z x)))", "35"),
    ("(let ((x 2) (y 3)) (let* ((x 7) (z (+ x y))) (* z x)))", "70"),
    ("(let () 5)", "5"),
    ("(let* () 5)", "5"),
    ("(let* ((x 1) (x (+ x 1))) x)", "2"),
    ("(letrec ((even? (lambda (n) (if (zero? n) #t (odd? (- n 1)))))"
     " (odd? (lambda (n) (if (zero? n) #f (even? (- n 1)))))) (even? 88))", "#t"),
    ("(letrec* ((p (lambda (x) (+ 1 (q (- x 1)))))"
     " (q (lambda (y) (if (zero? y) 0 (+ 1 (p (- y 1))))))"
     " (x (p 5)) (y x)) y)", "5"),
    ("(letrec* ((a 1) (b (+ a 1))) (list a b))", "(1 2)"),
    ("(let-values (((root rem) (exact-integer-sqrt 32))) (* root rem))", "35"),
    ("(let ((a 'a) (b 'b) (x 'x) (y 'y))"
     " (let*-values (((a b) (values x y)) ((x y) (values a b))) (list a b x y)))", "(x y x y)"),
    ("(let-values (((a b) (values 1 2)) ((c) (values 3))) (list a b c))", "(1 2 3)"),
    ("(let-values (((a . rest) (values 1 2 3))) (list a rest))", "(1 (2 3))"),
    ("(let-values ((all (values 1 2 3))) all)", "(1 2 3)"),
    ("(let ((x 1)) (let-values (((x) (values 2)) ((y) (values x))) (list x y)))", "(2 1)"),
    ("(let ((x 1) (x 2)) x)", Raises(SchemeError, "let: duplicate binding: x")),
    ("(let ((x)) x)", Raises(SchemeError, "let: bad binding: (x)")),
    ("(letrec ((a b) (b 1)) a)", Raises(SchemeError, "variable used before its definition: b")),
    ("(let-values (((a b) (values 1))) a)", Raises(SchemeError, "wrong number of values: expected 2, got 1")),
]


@pytest.mark.parametrize("program, expected", BINDINGS)
def test_binding_construct_evaluates_to_written_value(program, expected):
    check(program, expected)


# -- 4.2.3 sequencing, 4.2.4 iteration -------------------------------------------------

SEQUENCING_AND_ITERATION = [
    ("(define x 0) (and (= x 0) (begin (set! x 5) (+ x 1)))", "6"),
    ("(begin 1 2 3)", "3"),
    (output_of('(begin (display "4 plus 1 equals " p) (display (+ 4 1) p))'), '"4 plus 1 equals 5"'),
    ("(begin (define in-begin 7)) in-begin", "7"),
    ("(do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec) (vector-set! vec i i))", "#(0 1 2 3 4)"),
    ("(let ((x '(1 3 5 7 9))) (do ((x x (cdr x)) (sum 0 (+ sum (car x)))) ((null? x) sum)))", "25"),
    ("(do ((i 0 (+ i 1)) (acc '() (cons i acc))) ((= i 4) acc))", "(3 2 1 0)"),
    ("(let ((n 0)) (do ((i 0 (+ i 1)) (fixed 'k)) ((= i 3) (list n fixed)) (set! n (+ n i))))", "(3 k)"),
    ("(do ((i 0 (+ i 1))) ((= i 2) 'a 'b 'done))", "done"),
    ("(let loop ((numbers '(3 -2 1 6 -5)) (nonneg '()) (neg '()))"
     " (cond ((null? numbers) (list nonneg neg))"
     " ((>= (car numbers) 0) (loop (cdr numbers) (cons (car numbers) nonneg) neg))"
     " ((< (car numbers) 0) (loop (cdr numbers) nonneg (cons (car numbers) neg)))))", "((6 1 3) (-5 -2))"),
    ("(let loop ((i 0)) (if (< i 10) (loop (+ i 1)) i))", "10"),
    ("(let fact ((n 20)) (if (= n 0) 1 (* n (fact (- n 1)))))", "2432902008176640000"),
    ("(let loop () 'no-bindings)", "no-bindings"),
    # Named let's name is bound only in the body, not in the inits.
    ("(define (loop x) 'outer) (let loop ((v (loop 1))) v)", "outer"),
    # A loop of a million iterations in tail position runs in constant space.
    ("(let loop ((i 0)) (if (= i 1000000) 'done (loop (+ i 1))))", "done"),
    ("(do ((i 0 (+ i 1))) ((= i 1000000) i))", "1000000"),
    # Tail positions of the derived forms (R7RS 3.5); 500,000 calls is past
    # the depth a non-tail call chain can reach (about 400,000).
    ("(define (t n) (cond ((= n 0) 'done) (else (t (- n 1))))) (t 1000000)", "done"),
    ("(define (t n) (case n ((0) 'done) (else => (lambda (m) (t (- m 1)))))) (t 500000)", "done"),
    ("(define (t n) (and #t (or #f (when #t (unless #f (if (= n 0) 'done (t (- n 1)))))))) (t 500000)", "done"),
    ("(define (t n) (if (= n 0) 'done (apply t (list (- n 1))))) (t 500000)", "done"),
    ("(define (t n) (let-values (((m) (values n))) (if (= m 0) 'done (t (- m 1))))) (t 500000)", "done"),
    # Non-tail recursion a hundred thousand deep returns its answer.
    ("(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (f 100000)", "100000"),
    ("(let loop)", Raises(SchemeError, "let: bad syntax: (let loop)")),
]


@pytest.mark.parametrize("program, expected", SEQUENCING_AND_ITERATION)
def test_sequencing_and_iteration_evaluate_to_written_value(program, expected):
    check(program, expected)


def test_do_without_result_expressions_still_runs_its_body():
    check(
        "(define n 0) (do ((i 0 (+ i 1))) ((= i 3)) (set! n (+ n 1))) n",
        "3",
    )


# -- 4.2.5 delayed evaluation ---------------------------------------------------------

STREAM_DEFS = """
(define integers
  (letrec ((next (lambda (n) (delay (cons n (next (+ n 1)))))))
    (next 0)))
(define (head stream) (car (force stream)))
(define (tail stream) (cdr (force stream)))
(define (stream-filter p? s)
  (delay-force
    (if (null? (force s))
        (delay '())
        (let ((h (car (force s))) (t (cdr (force s))))
          (if (p? h)
              (delay (cons h (stream-filter p? t)))
              (stream-filter p? t))))))
"""

PROMISE_COUNT = """
(define count 0)
(define p (delay (begin (set! count (+ count 1))
                        (if (> count x) count (force p)))))
(define x 5)
"""

DELAYED = [
    ("(force (delay (+ 1 2)))", "3"),
    ("(let ((p (delay (+ 1 2)))) (list (force p) (force p)))", "(3 3)"),
    (STREAM_DEFS + "(head (tail (tail integers)))", "2"),
    (STREAM_DEFS + "(head (tail (tail (stream-filter odd? integers))))", "5"),
    (PROMISE_COUNT + "(force p)", "6"),
    (PROMISE_COUNT + "(force p) (begin (set! x 10) (force p))", "6"),
    # A promise is forced at most once.
    ("(define n 0) (define p (delay (begin (set! n (+ n 1)) n))) (force p) (force p) n", "1"),
    ("(define (loop n) (delay-force (if (= n 0) (delay 'done) (loop (- n 1))))) (force (loop 100000))", "done"),
    ("(promise? (delay 1))", "#t"),
    ("(promise? (make-promise 1))", "#t"),
    ("(promise? 1)", "#f"),
    ("(force (make-promise 7))", "7"),
    ("(let ((p (delay 1))) (eq? p (make-promise p)))", "#t"),
    ("(force (delay-force (delay 'inner)))", "inner"),
    ("(let ((p (delay (values 1)))) (+ (force p) 1))", "2"),
]


@pytest.mark.parametrize("program, expected", DELAYED)
def test_delay_and_force_evaluate_to_written_value(program, expected):
    check(program, expected)


# -- 4.2.6 dynamic bindings -----------------------------------------------------------

RADIX = """
(define radix
  (make-parameter 10 (lambda (x)
                       (if (and (exact-integer? x) (<= 2 x 16))
                           x
                           (error "invalid radix")))))
(define (f n) (number->string n (radix)))
"""

PARAMETERS = [
    (RADIX + "(f 12)", '"12"'),
    (RADIX + "(parameterize ((radix 2)) (f 12))", '"1100"'),
    (RADIX + "(parameterize ((radix 2)) 'ignored) (f 12)", '"12"'),
    (RADIX + "(parameterize ((radix 0)) (f 12))", Raises(SchemeError, "invalid radix")),
    ("(define p (make-parameter 10 (lambda (x) (* x 2)))) (list (p) (parameterize ((p 3)) (p)) (p))", "(20 6 20)"),
    ("(define p (make-parameter 1)) (parameterize ((p 2)) (parameterize ((p 3)) (p)))", "3"),
    ("(define p (make-parameter 1)) (define (get) (p)) (parameterize ((p 2)) (get))", "2"),
    # An escape out of parameterize restores the old value.
    ("(define p (make-parameter 1)) (call/cc (lambda (k) (parameterize ((p 2)) (k 'out)))) (p)", "1"),
    ("(define p (make-parameter 1)) (guard (e (#t (p))) (parameterize ((p 2)) (raise 'x)))", "1"),
    ("(define p (make-parameter 1)) (define q (make-parameter 2)) (parameterize ((p 10) (q (p))) (list (p) (q)))", "(10 1)"),
    (output_of("(parameterize ((current-output-port p)) (display \"redirected\"))"), '"redirected"'),
    ("(parameterize ((5 1)) 1)", Raises(SchemeError, "parameterize: not a parameter: 5")),
]


@pytest.mark.parametrize("program, expected", PARAMETERS)
def test_parameterize_evaluates_to_written_value(program, expected):
    check(program, expected)


# -- 4.2.7 exception handling: guard ------------------------------------------------

GUARD = [
    ("(guard (condition ((assq 'a condition) => cdr) ((assq 'b condition)))"
     " (raise (list (cons 'a 42))))", "42"),
    ("(guard (condition ((assq 'a condition) => cdr) ((assq 'b condition)))"
     " (raise (list (cons 'b 23))))", "(b . 23)"),
    ("(guard (e (#t (list 'caught e))) (raise 'oops))", "(caught oops)"),
    ("(guard (e ((symbol? e) 'symbol) ((string? e) 'string)) (raise \"s\"))", "string"),
    ("(guard (e (else 'else-clause)) (raise 1))", "else-clause"),
    ("(guard (e ((error-object? e) (error-object-message e))) (error \"bad thing\" 1 2))", '"bad thing"'),
    ("(guard (e ((error-object? e) (error-object-irritants e))) (error \"bad thing\" 1 2))", "(1 2)"),
    ("(guard (e (#t 'never)) 'no-error)", "no-error"),
    ("(guard (e (#t 'first 'second)) (raise 0))", "second"),
    # No clause matches: the outer guard sees the same object.
    ("(guard (outer (#t (list 'outer outer))) (guard (inner ((string? inner) 'inner)) (raise 'sym)))", "(outer sym)"),
    # Errors signalled by primitives are catchable error objects.
    ("(guard (e ((error-object? e) (error-object-message e))) (car 1))", '"car: argument 1 must be a pair"'),
    ("(guard (e ((error-object? e) (error-object-irritants e))) (vector-ref (vector 1) 5))", "(5)"),
    ("(guard (e (#t 'caught)) (/ 1 0))", "caught"),
    ("(guard (e (#t 'caught)) (undefined-procedure 1))", "caught"),
    ("(guard (e ((read-error? e) (error-object-message e))) (read (open-input-string \"#<foo>\")))",
     '"read: bad # syntax: #<foo>"'),
    ("(guard (e ((string? e) (string-append \"caught \" e))) (raise \"boom\"))", '"caught boom"'),
    # guard's body and the clauses see the variables around them.
    ("(let ((x 5)) (guard (e (#t (+ x e))) (raise 10)))", "15"),
    # The after thunk of a dynamic-wind inside the guard body runs on the way out.
    ("(let ((log '())) (guard (e (#t (reverse (cons e log))))"
     " (dynamic-wind (lambda () (set! log (cons 'in log))) (lambda () (raise 'boom))"
     " (lambda () (set! log (cons 'out log))))))", "(in out boom)"),
    # A handler that raises: the guard around it sees the new object.
    ("(guard (e ((symbol? e) (list 'sym e)))"
     " (with-exception-handler (lambda (e) (raise 'inner)) (lambda () (raise 'outer))))", "(sym inner)"),
    ("(guard (e (#t (raise-continuable 5))) (raise 1))", Raises(SchemeError, "uncaught exception: 5")),
    # With no matching clause, guard re-raises with raise-continuable in the
    # dynamic environment of the original raise-continuable, so the outer
    # handler's value returns to it (R7RS 4.2.7).
    ("(with-exception-handler (lambda (e) 10)"
     " (lambda () (guard (e2 ((string? e2) 's)) (+ 1 (raise-continuable 'c)))))", "11"),
    # The clauses run in the guard's extent (afters first); an unmatched
    # object goes back into the raise's extent (befores again) for the
    # outer handler, whose value raise-continuable returns.
    ("(let ((log '())) (define (note x) (set! log (cons x log)))"
     " (with-exception-handler (lambda (e) (note 'outer) 5)"
     "  (lambda () (guard (e ((begin (note 'test) #f) 'no))"
     "   (dynamic-wind (lambda () (note 'in)) (lambda () (note (raise-continuable 'c))) (lambda () (note 'out))))))"
     " (reverse log))", "(in out test in outer 5 out)"),
    # A matching clause's value leaves the guard; the extent is left once.
    ("(let ((log '())) (define (note x) (set! log (cons x log)))"
     " (list (guard (e ((symbol? e) (note 'clause) e))"
     "   (dynamic-wind (lambda () (note 'in)) (lambda () (raise 'sym)) (lambda () (note 'out))))"
     "  (reverse log)))", "(sym (in out clause))"),
    # Unmatched non-continuable raise: the outer handler returning is an error.
    ("(with-exception-handler (lambda (e) 10) (lambda () (guard (e2 ((string? e2) 's)) (raise 'c))))",
     Raises(SchemeError, "exception handler returned from a non-continuable raise: c")),
    # A clause that raises goes to the handler outside the guard, not inside it.
    ("(guard (outer (#t (list 'outer outer)))"
     " (guard (e ((raise 'from-clause) 'no))"
     "  (with-exception-handler (lambda (x) (list 'inner x)) (lambda () (raise-continuable 'c)))))",
     "(inner c)"),
    # Here the clause's handler is the inner one, which returns from a
    # non-continuable raise: that error goes out to the outer guard.
    ("(guard (outer (#t (list 'outer (error-object? outer))))"
     " (with-exception-handler (lambda (x) (list 'inner x))"
     "  (lambda () (guard (e ((raise 'from-clause) 'no)) (raise-continuable 'c)))))",
     "(outer #t)"),
    ("(guard (e (#f 1)) (raise 'x))", Raises(SchemeError, "uncaught exception: x")),
    ("(guard (e ((string? e) e)) (error \"not caught\" 7))", Raises(SchemeError, "not caught: 7")),
]


@pytest.mark.parametrize("program, expected", GUARD)
def test_guard_catches_raised_object_by_clause(program, expected):
    check(program, expected)


# -- 4.2.8 quasiquotation -------------------------------------------------------------

QUASIQUOTE = [
    ("`(list ,(+ 1 2) 4)", "(list 3 4)"),
    ("(equal? (let ((name 'a)) `(list ,name ',name)) '(list a (quote a)))", "#t"),
    ("`(a ,(+ 1 2) ,@(map abs '(4 -5 6)) b)", "(a 3 4 5 6 b)"),
    ("`((foo ,(- 10 3)) ,@(cdr '(c)) . ,(car '(cons)))", "((foo 7) . cons)"),
    ("`#(10 5 ,(sqrt 4) ,@(map sqrt '(16 9)) 8)", "#(10 5 2 4 3 8)"),
    ("(let ((foo '(foo bar)) (@baz 'baz)) `(list ,@foo , @baz))", "(list foo bar baz)"),
    ("(equal? `(a `(b ,(+ 1 2) ,(foo ,(+ 1 3) d) e) f)"
     " '(a (quasiquote (b (unquote (+ 1 2)) (unquote (foo 4 d)) e)) f))", "#t"),
    ("(equal? (let ((name1 'x) (name2 'y)) `(a `(b ,,name1 ,',name2 d) e))"
     " '(a (quasiquote (b (unquote x) (unquote (quote y)) d)) e))", "#t"),
    ("(quasiquote (list (unquote (+ 1 2)) 4))", "(list 3 4)"),
    ("(equal? '(quasiquote (list (unquote (+ 1 2)) 4)) '`(list ,(+ 1 2) 4))", "#t"),
    ("`()", "()"),
    ("`a", "a"),
    ("`,(+ 2 3)", "5"),
    ("`(1 ,@'() 2)", "(1 2)"),
    ("`(,@(list 1 2) . ,(+ 1 2))", "(1 2 . 3)"),
    ("`#()", "#()"),
    ("`#(,@'())", "#()"),
    ("(let ((x '(1 2))) `(,x ,@x))", "((1 2) 1 2)"),
    # The spliced list's last pair may be shared, but the earlier ones are fresh.
    ("(let* ((x (list 1 2)) (y `(,@x 3))) (set-car! x 'changed) y)", "(1 2 3)"),
]


@pytest.mark.parametrize("program, expected", QUASIQUOTE)
def test_quasiquote_template_evaluates_to_written_value(program, expected):
    check(program, expected)


# -- 4.2.9 case-lambda -----------------------------------------------------------------

RANGE = """
(define range
  (case-lambda
    ((e) (range 0 e))
    ((b e) (do ((r '() (cons e r))
                (e (- e 1) (- e 1)))
               ((< e b) r)))))
"""

CASE_LAMBDA = [
    (RANGE + "(range 3)", "(0 1 2)"),
    (RANGE + "(range 3 5)", "(3 4)"),
    ("(define f (case-lambda ((a) 'one) ((a b) 'two) ((a . rest) 'many))) (list (f 1) (f 1 2) (f 1 2 3))",
     "(one two many)"),
    ("(define f (case-lambda (() 'zero) (args (length args)))) (list (f) (f 1 2 3))", "(zero 3)"),
    # The first clause that accepts the arguments wins.
    ("(define f (case-lambda ((a . rest) 'rest-first) ((a b) 'two))) (f 1 2)", "rest-first"),
    ("(procedure? (case-lambda ((x) x)))", "#t"),
    ("((case-lambda ((a) 1) ((a b) 2)))", Raises(SchemeError, "case-lambda: no clause accepts 0 arguments")),
]


@pytest.mark.parametrize("program, expected", CASE_LAMBDA)
def test_case_lambda_dispatches_on_argument_count(program, expected):
    check(program, expected)


# -- 4.3 macros -------------------------------------------------------------------------

MY_OR = """
(define-syntax my-or
  (syntax-rules ()
    ((my-or) #f)
    ((my-or e) e)
    ((my-or e1 e2 ...)
     (let ((temp e1)) (if temp temp (my-or e2 ...))))))
"""

SWAP = """
(define-syntax swap!
  (syntax-rules ()
    ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
"""

SIMPLE_LET = """
(define-syntax simple-let
  (syntax-rules ()
    ((_ (head ... ((x . y) val) . tail) body1 body2 ...)
     (syntax-error "expected an identifier but got" (x . y)))
    ((_ ((name val) ...) body1 body2 ...)
     ((lambda (name ...) body1 body2 ...) val ...))))
"""

MACROS = [
    ("(let-syntax ((given-that (syntax-rules () ((_ test stmt1 stmt2 ...) (if test (begin stmt1 stmt2 ...))))))"
     " (let ((if #t)) (given-that if (set! if 'now)) if))", "now"),
    ("(let ((x 'outer)) (let-syntax ((m (syntax-rules () ((m) x)))) (let ((x 'inner)) (m))))", "outer"),
    ("(letrec-syntax ((my-or (syntax-rules () ((my-or) #f) ((my-or e) e)"
     " ((my-or e1 e2 ...) (let ((temp e1)) (if temp temp (my-or e2 ...)))))))"
     " (let ((x #f) (y 7) (temp 8) (let odd?) (if even?)) (my-or x (let temp) (if y) y)))", "7"),
    (MY_OR + "(my-or)", "#f"),
    (MY_OR + "(my-or #f #f 3)", "3"),
    # Hygiene: the macro's temp does not capture the user's temp.
    (MY_OR + "(let ((temp 5)) (my-or #f temp))", "5"),
    (MY_OR + "(define temp 6) (my-or #f temp)", "6"),
    ("(define-syntax zip-pairs (syntax-rules () ((_ (a ...) (b ...)) '((a b) ...)))) (zip-pairs (1 2) (3 4))",
     "((1 3) (2 4))"),
    ("(define-syntax zip-pairs (syntax-rules () ((_ (a ...) (b ...)) '((a b) ...)))) (zip-pairs (1 2) (3))",
     Raises(SchemeError, "zip-pairs: pattern variables under one ellipsis matched different lengths: (a b)")),
    ("(define-syntax inc! (syntax-rules () ((_ v) (set! v (+ v 1))) ((_ v n) (set! v (+ v n)))))"
     " (define c 0) (inc! c) (inc! c 10) c", "11"),
    (SWAP + "(let ((tmp 1) (other 2)) (swap! tmp other) (list tmp other))", "(2 1)"),
    # Hygiene: the macro's let and set! are the real ones even if shadowed here.
    (SWAP + "(let ((x 1) (y 2)) (let ((set! 'shadowed)) (swap! x y)) (list x y))", "(2 1)"),
    ("(define-syntax be-like-begin (syntax-rules () ((be-like-begin name)"
     " (define-syntax name (syntax-rules () ((name expr (... ...)) (begin expr (... ...))))))))"
     " (be-like-begin sequence) (sequence 1 2 3 4)", "4"),
    ("(define-syntax my-let* (syntax-rules () ((_ () body ...) (let () body ...))"
     " ((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...)))))"
     " (my-let* ((a 1) (b (+ a 1)) (c (* b 3))) (list a b c))", "(1 2 6)"),
    # Nested ellipses.
    ("(define-syntax pairs (syntax-rules () ((_ (k v ...) ...) '((k . (v ...)) ...))))"
     " (pairs (a 1 2) (b) (c 3))", "((a 1 2) (b) (c 3))"),
    # Literals match only the same identifier.
    ("(define-syntax arrow (syntax-rules (=>) ((_ a => b) (list a b)) ((_ a b c) 'no-arrow)))"
     " (list (arrow 1 => 2) (arrow 1 2 3))", "((1 2) no-arrow)"),
    # Underscore matches anything and binds nothing.
    ("(define-syntax second (syntax-rules () ((_ _ b . _) b))) (second 1 2 3 4)", "2"),
    # Dotted patterns and vector patterns.
    ("(define-syntax tail-of (syntax-rules () ((_ a . b) 'b))) (tail-of 1 2 3)", "(2 3)"),
    ("(define-syntax vec-sum (syntax-rules () ((_ #(a ...)) (+ a ...)))) (vec-sum #(1 2 3))", "6"),
    ("(define-syntax tail-ellipsis (syntax-rules () ((_ a ... z) 'z))) (tail-ellipsis 1 2 3)", "3"),
    # A custom ellipsis identifier (R7RS 4.3.2).
    ("(define-syntax my-list (syntax-rules ::: () ((_ x :::) (list x :::)))) (my-list 1 2 3)", "(1 2 3)"),
    ("(define-syntax lit-ellipsis (syntax-rules () ((_ x) '(x (... ...))))) (lit-ellipsis 1)", "(1 ...)"),
    # A macro may expand into definitions.
    ("(define-syntax def2 (syntax-rules () ((_ a b v) (begin (define a v) (define b v)))))"
     " (def2 m n 9) (list m n)", "(9 9)"),
    ("(define (f) (define-syntax twice (syntax-rules () ((_ e) (begin e e)))) (let ((n 0)) (twice (set! n (+ n 1))) n)) (f)", "2"),
    # A recursive macro terminating on the empty case.
    ("(define-syntax my-rev (syntax-rules () ((_ () acc) 'acc) ((_ (x . xs) (acc ...)) (my-rev xs (x acc ...)))))"
     " (my-rev (1 2 3) ())", "(3 2 1)"),
    ("(define-syntax m (syntax-rules () ((_ a) a))) (m)", Raises(SchemeError, "m: no syntax rule matches: (m)")),
    ("(let-syntax ((m (syntax-rules () ((_ x) x)))) (m))", Raises(SchemeError, "m: no syntax rule matches: (m)")),
    (SIMPLE_LET + "(simple-let ((a 1) ((b . c) 2)) a)", Raises(SchemeError, "expected an identifier but got: (b . c)")),
    (SIMPLE_LET + "(simple-let ((a 1) (b 2)) (+ a b))", "3"),
]


@pytest.mark.parametrize("program, expected", MACROS)
def test_syntax_rules_macro_expands_to_written_value(program, expected):
    check(program, expected)


def test_syntax_rules_nested_ellipsis_expands_each_group():
    check(
        "(define-syntax flat (syntax-rules () ((_ (a ...) ...) (append '(a ...) ...)))) (flat (1 2) (3) (4 5))",
        "(1 2 3 4 5)",
    )


def test_reader_unclosed_paren_raises_read_error():
    check("(+ 1 2", Raises(ReadError, "unclosed '(' (opened here, never closed)"))
