"""R7RS corners that public conformance suites found (issue 18, items 1-3, 11, 12).

Every row runs three ways, because the compiler has two back ends (both
building from analysis.py's one parse of each form): at top level
(compiler.py's closures), inside a procedure body (pyfunc.py's generated
Python), and
inside a procedure body with generation turned off (compiler.py's closures
for lambda bodies).  A row compares the program's last value with the
expected datum by `equal?`, so the printer's abbreviations (`,x` for
`(unquote x)`) do not matter.  Rows where GNU Guile 3 (the oracle where the
report is silent) agrees are also run through `guile --r7rs` when it is
installed, and must give the same datum there.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import Session
from schemehost import SchemehostError
from schemehost.primitives.lists import equal
from schemehost.printer import write_string

GUILE = shutil.which("guile")
PLACES = ["top", "body", "body-closures"]


def run_in(program: str, place: str):
    """Evaluate `program` at `place` in a fresh interpreter; return (session, value)."""
    session = Session()
    if place != "top":
        session.interp.compiler.generate = place == "body"
        program = f"(define (corner-body) {program}) (corner-body)"
    return session, session.eval(program)


def check_value(program: str, expected: str, place: str) -> None:
    session, value = run_in(program, place)
    want = session.eval(f"(quote {expected})")
    assert equal(value, want), f"{place}: got {write_string(value)}, want {expected}"


def check_error(program: str, message: str, place: str) -> None:
    with pytest.raises(SchemehostError) as info:
        run_in(program, place)
    assert info.value.describe() == message


def guile_agrees(program: str, expected: str) -> None:
    """Run `program` as a body in Guile and require `equal?` to `expected`."""
    if GUILE is None:
        pytest.skip("guile is not installed")
    text = (
        "(import (scheme base) (scheme write) (scheme lazy))\n"
        f"(write (equal? (let () {program}) (quote {expected})))\n"
    )
    done = subprocess.run([GUILE, "--r7rs", "-q", "--no-auto-compile", "-c", text], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "#t", done.stdout + done.stderr


def rows(table):
    """pytest params (program, expected, guile) from a table, id'd by row number."""
    return [pytest.param(*row, id=f"row{i}") for i, row in enumerate(table)]


# -- 1: a bound `...` is not the ellipsis --------------------------------------

BOUND_ELLIPSIS = [
    # The two examples (Guile: (2 1 19) and ok).
    ("(let ((... 19)) (define-syntax bar (syntax-rules () ((bar x y) (list y x ...)))) (bar 1 2))", "(2 1 19)", True),
    ("(let ((... 2)) (let-syntax ((s (syntax-rules () ((_ x ...) 'bad) ((_ . r) 'ok)))) (s a b c)))", "ok", True),
    # Lambda-bound and defined `...` (Guile agrees).
    ("((lambda (...) (let-syntax ((s (syntax-rules () ((_ x ...) 'bad) ((_ . r) 'ok)))) (s a b c))) 3)", "ok", True),
    ("(define ... 7) (define-syntax bar (syntax-rules () ((bar x y) (list y x ...)))) (bar 1 2)", "(2 1 7)", True),
    # A bound `...` in a pattern is a pattern variable, and `(... x)` no escape (chibi's r7rs-tests).
    ("(let ((... 'local)) (define-syntax asd (syntax-rules () ((asd x ...) (quote (... x))))) (asd 1 2))", "(2 1)", True),
    # A macro defined where `...` is free keeps its ellipsis wherever it is used.
    ("(define-syntax my-list (syntax-rules () ((_ x ...) (list x ...)))) (let ((... 3)) (my-list 1 2))", "(1 2)", True),
    # R7RS 4.3.2's be-like-begin: an escaped (... ...) still makes the inner macro's ellipsis.
    (
        "(define-syntax be-like-begin (syntax-rules () ((be-like-begin name) (define-syntax name"
        " (syntax-rules () ((name expr (... ...)) (begin expr (... ...))))))))"
        " (be-like-begin sequence) (sequence 1 2 3 4)",
        "4",
        True,
    ),
]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("program,expected,guile", rows(BOUND_ELLIPSIS))
def test_syntax_rules_bound_ellipsis_is_an_identifier(program, expected, guile, place):
    """Issue 18 item 1: `(let ((... 19)) ...)` made `...` in a macro defined in
    its scope an ellipsis all the same, a compile-time error ("ellipsis follows
    a template without pattern variables").  Guile: a bound `...` is an
    ordinary identifier in that scope, in the pattern (a pattern variable)
    and in the template (a reference to the variable)."""
    check_value(program, expected, place)


@pytest.mark.parametrize("program,expected,guile", rows(BOUND_ELLIPSIS))
def test_syntax_rules_bound_ellipsis_guile_agrees(program, expected, guile):
    guile_agrees(program, expected)


# -- 2: an ellipsis among the literals; custom ellipsis in nested macros --------

ELLIPSIS_LITERAL = [
    # The example: the inner macro's ellipsis is the one its template
    # wrote, the literal is the `...` the user passed (Guile fails it too).
    (
        "(let-syntax ((m (syntax-rules ::: () ((m dots) (let-syntax ((n (syntax-rules ... (dots)"
        " ((n dots ...) 1)))) (n dots)))))) (m ...))",
        "1",
    ),
    # R7RS 4.3.2: "an ellipsis among the literals is a literal".
    ("(let-syntax ((s (syntax-rules ... (...) ((_ x ...) 'lit) ((_ . r) 'other)))) (list (s a ...) (s a b)))", "(lit other)"),
    ("(let-syntax ((s (syntax-rules ::: (:::) ((_ x :::) 'lit) ((_ . r) 'other)))) (list (s a :::) (s a b)))", "(lit other)"),
    ("(let-syntax ((s (syntax-rules (...) ((_ x ...) 'lit) ((_ . r) 'other)))) (list (s a ...) (s a b)))", "(lit other)"),
    # With a custom ellipsis, `...` is an ordinary identifier of the template.
    ("(let-syntax ((s (syntax-rules ::: () ((_ x :::) '(x ::: ...))))) (s 1 2))", "(1 2 ...)"),
]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("program,expected", rows(ELLIPSIS_LITERAL))
def test_syntax_rules_ellipsis_literal_is_a_literal(program, expected, place):
    """Issue 18 item 2: a nested syntax-rules whose custom ellipsis `...` was
    written by the outer template and whose literal `...` came from the use
    gave "n: no syntax rule matches": every identifier spelled like the
    ellipsis counted as the ellipsis.  R7RS 4.3.2: an ellipsis among the
    literals is a literal; a custom ellipsis is that identifier."""
    check_value(program, expected, place)


# -- 3: shadowed keywords are not keywords -----------------------------------------

SHADOWED_KEYWORDS = [
    # quasiquote's keywords, by binding (Guile and chibi agree)
    ("(let ((unquote 1)) `(,foo))", "((unquote foo))", True),
    ("(let ((unquote-splicing 1)) `(,@foo))", "((unquote-splicing foo))", True),
    ("(let ((x 5)) (let ((unquote list)) `(a ,x)))", "(a (unquote x))", True),
    ("((lambda (unquote) `(a ,b)) 1)", "(a (unquote b))", True),
    ("(let ((quasiquote list)) `5)", "(5)", True),
    # a macro's quasiquote keeps its keywords where the user binds `unquote`
    ("(let-syntax ((m (syntax-rules () ((_ e) `(a ,e))))) (let ((unquote 0)) (m 1)))", "(a 1)", True),
    # (unquote e ...) with other than one operand, as Guile does
    ("(let ((name 'foo)) `((unquote name name name)))", "(foo foo foo)", True),
    ("(let ((name 'foo)) `(a (unquote name name name) b))", "(a foo foo foo b)", True),
    ("(let ((name '(foo))) `(a (unquote-splicing name name) b))", "(a foo foo b)", True),
    ("(let ((name 'foo)) `(a . (unquote name name)))", "(a unquote name name)", True),
    ("(let ((name 'foo)) `(unquote name name))", "(unquote name name)", True),
    ("`(a (unquote) (unquote-splicing) b)", "(a b)", True),
    ("(let ((x 1)) `#((unquote x x) 3))", "#(1 1 3)", True),
    ("(let ((x 1)) `(a `(b (unquote x x) (unquote ,x ,x))))", "(a (quasiquote (b (unquote x x) (unquote 1 1))))", True),
    ("((lambda (x) `(a ,x (unquote x x))) 2)", "(a 2 2 2)", True),
    ("(let ((x 1)) `(1 unquote x))", "(1 . 1)", True),
    # cond's else and => by binding (Guile agrees)
    ("(let ((else #f)) (cond (#f 1) (else 'x) (#t 'fell-through)))", "fell-through", True),
    ("(let ((=> #f)) (cond (#t => 'ok)))", "ok", True),
    ("(let ((=> #f)) (guard (e (#t => 'ok)) (raise 1)))", "ok", True),
    ("(let ((else #f)) (guard (e (else 'caught) (#t 'fell)) (raise 1)))", "fell", True),
    # define in a let-syntax/letrec-syntax in a body defines in the body
    # (chibi agrees; Guile only for letrec-syntax: its let-syntax is a body of its own)
    ("(let () (let-syntax () (define xx 5)) xx)", "5", False),
    # ... but one ending in an expression is an R7RS <body> of its own
    # (chibi's r7rs-tests: the inner define leaves the outer x alone)
    ("(let () (define x 1) (let-syntax () (define x 2) #f) x)", "1", True),
    ("(let () (define x 1) (letrec-syntax () (define x 2) #f) x)", "1", False),
    ("(let () (let-syntax ()) 5)", "5", False),
    ("(let () (let-syntax ((def (syntax-rules () ((def stuff ...) (define stuff ...))))) (def foo 42)) foo)", "42", False),
    ("(let () (letrec-syntax () (define xx 5)) xx)", "5", True),
    (
        "(let ((m (lambda (v) (list 'proc v)))) (let-syntax ((m (syntax-rules () ((_ v) (* v 2)))))"
        " (define xx (m 5))) (list xx (m 1)))",
        "(10 (proc 1))",
        False,
    ),
    (
        "(let () (letrec-syntax ((ev? (syntax-rules () ((_) #t) ((_ x . r) (od? . r))))"
        " (od? (syntax-rules () ((_) #f) ((_ x . r) (ev? . r)))))"
        " (define a (ev? 1 2 3 4)) (define b (od? 1 2 3))) (list a b))",
        "(#t #t)",
        True,
    ),
    (
        "(let () (let-syntax ((m (syntax-rules () ((_) 'outer))))"
        " (let-syntax ((m (syntax-rules () ((_) (list (m) 'inner))))) (define r (m)))) r)",
        "(outer inner)",
        False,
    ),
    ("(let () (let-syntax ((m (syntax-rules () ((_) 'x)))) (define q '(m #0=(a . #0#)))) (car q))", "m", False),
]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("program,expected,guile", rows(SHADOWED_KEYWORDS))
def test_shadowed_keyword_is_not_a_keyword(program, expected, guile, place):
    """Issue 18 item 3: `(let ((unquote 1)) `(,foo))` evaluated `foo` (unbound
    variable): quasiquote found its keywords by spelling, in both back ends.
    `(unquote a b c)` in a list was left as data; Guile splices each operand.
    A `define` inside `(let-syntax () ...)` in a body made a local of the
    let-syntax, so the body's `xx` was unbound: a let-syntax that is no
    R7RS <body> (no forms, or ending in a definition) now splices into the
    enclosing body; one ending in an expression keeps its own scope."""
    check_value(program, expected, place)


@pytest.mark.parametrize("program,expected,guile", rows([r for r in SHADOWED_KEYWORDS if r[2]]))
def test_shadowed_keyword_guile_agrees(program, expected, guile):
    guile_agrees(program, expected)


@pytest.mark.parametrize("place", PLACES)
def test_case_bound_else_is_a_bad_clause(place):
    """Issue 18 item 3 (neighbour): a bound `else` is no keyword, so the clause
    `(else 'other)` has no datum list.  It said "case: bad syntax (improper
    list)" about the whole form; Guile: "case: invalid clause"."""
    check_error("(let ((else #f)) (case 1 ((2) 'two) (else 'other)))", "case: bad clause: (else 'other)", place)


# -- 11: apply needs a list as its last argument -------------------------------------

APPLY_ERRORS = [
    ("(apply +)", "apply: expects at least 2 arguments, given 1"),
    ("(apply + 1)", "apply: argument 2 must be a list: 1"),
    ("(apply + 1 '(2 . 3))", "apply: argument 3 must be a list: (2 . 3)"),
    ("(apply list 1 2 3)", "apply: argument 4 must be a list: 3"),
]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("program,message", APPLY_ERRORS)
def test_apply_without_list_argument_raises(program, message, place):
    """Issue 18 item 11: `(apply +)` returned 0.  R7RS 6.10: (apply proc arg1
    ... args), `args` a list; Guile: "Wrong number of arguments"."""
    check_error(program, message, place)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(
    "program,expected",
    [("(apply + '())", "0"), ("(apply + 1 2 '(3 4))", "10"), ("(apply list 1 '(2))", "(1 2)")],
)
def test_apply_with_list_argument_spreads_it(program, expected, place):
    check_value(program, expected, place)


# -- 12: promises share their state as R7RS 4.2.5's reference implementation -------------

STREAMS = (
    "(define (stream-filter p? s) (delay-force (if (null? (force s)) (delay '())"
    " (let ((h (car (force s))) (t (cdr (force s))))"
    " (if (p? h) (delay (cons h (stream-filter p? t))) (stream-filter p? t))))))"
)

PROMISES = [
    # The chain: the body runs once (it ran twice: (1 1 102)).
    (
        "(define n 100) (define r (delay (begin (set! n (+ n 1)) 1))) (define s (delay-force r))"
        " (define t (delay-force s)) (list (force t) (force r) n)",
        "(1 1 101)",
        True,
    ),
    # Forced from the other end of the chain first.
    (
        "(define n 0) (define r (delay (begin (set! n (+ n 1)) 'v))) (define s (delay-force r))"
        " (define t (delay-force s)) (list (force r) (force s) (force t) n)",
        "(v v v 1)",
        True,
    ),
    # R7RS 4.2.5: a promise forced re-entrantly from its own body keeps the first value.
    (
        "(define count 0) (define p (delay (begin (set! count (+ count 1)) (if (> count x) count (force p)))))"
        " (define x 5) (define a (force p)) (define b (begin (set! x 10) (force p))) (list a b count)",
        "(6 6 6)",
        True,
    ),
    # Re-entrant forcing through delay-force.
    (
        "(define k 0) (define p (delay-force (begin (set! k (+ k 1))"
        " (if (< k 3) (begin (force p) (delay (list 'outer k))) (delay (list 'inner k))))))"
        " (list (force p) (force p) k)",
        "((inner 3) (inner 3) 3)",
        True,
    ),
    # make-promise: of a value, and of a promise (R7RS: the promise itself;
    # Guile 3.0 wraps it in a new one, so these rows are R7RS's alone).
    ("(define p (delay 1)) (list (eq? p (make-promise p)) (force (make-promise 5)) (promise? (make-promise 5)))", "(#t 5 #t)", False),
    ("(force (delay-force (make-promise 7)))", "7", True),
    ("(define p (make-promise (delay 3))) (force p)", "3", False),
    # R7RS 4.2.5's stream-filter example.
    (
        "(define integers (letrec ((next (lambda (n) (delay (cons n (next (+ n 1))))))) (next 0)))"
        " (define (head stream) (car (force stream))) (define (tail stream) (cdr (force stream))) "
        + STREAMS
        + " (head (tail (tail (stream-filter odd? integers))))",
        "5",
        True,
    ),
    # A stream forced through several promises: each element made once.
    (
        "(define n 0) (define (from k) (delay (begin (set! n (+ n 1)) (cons k (from (+ k 1)))))) "
        + STREAMS
        + " (define f (stream-filter odd? (from 0))) (define g (delay-force f)) (define h (delay-force g))"
        " (list (car (force h)) (car (force f)) (car (force g)) n)",
        "(1 1 1 2)",
        True,
    ),
]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("program,expected,guile", rows(PROMISES))
def test_force_shares_promise_state_like_r7rs_reference(program, expected, guile, place):
    """Issue 18 item 12: a delay-force chain ran its body twice (`(1 1 102)`):
    forcing copied the inner promise's thunk instead of sharing its state.
    R7RS 4.2.5's reference implementation shares the promise box
    (promise-update!), so every promise of a chain sees the one value."""
    check_value(program, expected, place)


@pytest.mark.parametrize("program,expected,guile", rows([r for r in PROMISES if r[2]]))
def test_force_shares_promise_state_guile_agrees(program, expected, guile):
    guile_agrees(program, expected)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(
    "program,expected",
    [
        ("(define (loop n) (delay-force (if (= n 0) (delay 'done) (loop (- n 1))))) (force (loop 100000))", "done"),
        (
            "(define integers (letrec ((next (lambda (n) (delay (cons n (next (+ n 1))))))) (next 0))) "
            + STREAMS
            + " (car (force (stream-filter (lambda (x) (= x 100000)) integers)))",
            "100000",
        ),
    ],
)
def test_force_delay_force_chain_runs_in_constant_stack(program, expected, place):
    """R7RS 4.2.5: iterative forcing of delay-force runs in constant space; a
    chain of 100000 promises would overflow a recursive force."""
    check_value(program, expected, place)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(
    "program,message",
    [
        ("(force (delay-force 5))", "force: delay-force expression did not yield a promise: 5"),
        ("(define p (delay-force p)) (force p)", "force: a delay-force promise yielded itself: #<promise>"),
    ],
)
def test_force_bad_delay_force_raises(program, message, place):
    """A delay-force yielding itself loops for ever in the reference
    implementation (and would here, outside the step budget): an error."""
    check_error(program, message, place)


@pytest.mark.parametrize("place", PLACES)
def test_mixed_exactness_comparisons_are_exact_and_transitive(place):
    """R7RS 6.2.6: the comparison predicates are transitive, which converting an
    exact argument to inexact is not: 4/5 is below the double 0.8
    (0.8000000000000000444...), so `<` says so, `=` says they differ, and the
    three answers agree with each other.  (Guile rounds 4/5 to 0.8 for `<` and
    answers #f to all three: test_differential_guile.py keeps out such rows.)"""
    program = ("(list (< 4/5 (/ 1.25)) (= 4/5 0.8) (> 0.8 4/5) (<= 0.8 4/5)"
               " (< 1/3 (/ 1.0 3)) (= 1/3 (/ 1.0 3)) (< 0.5 1/2) (= 0.5 1/2) (<= 1/2 0.5))")
    s = Session()
    if place == "top":
        got = s.show(program)
    else:
        s.interp.compiler.generate = place == "body"
        s.eval(f"(define (f) {program})")
        got = s.show("(f)")
    assert got == "(#t #f #t #f #f #f #f #t #t)"
