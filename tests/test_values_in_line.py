"""Multiple values made in line: `let-values`, `let*-values` and `receive` built as lets
(ir._values_let), and `(call-with-values (lambda () ...) (lambda (a ...) ...))` written
in line by pyfunc.Emitter.inline_values while the global holds the standard procedure.

The let forms are built so for every back end: their programs are checked
against what R7RS gives (worked by hand) and against the same bindings made
by hand with apply.  The
in-line call-with-values is pyfunc.py's alone: each program runs written at
once, tiered and closure-compiled (which has no in-line path), and the value or
error (with its backtrace), the output and the steps used must agree.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import generated_python, run_program

BACK_ENDS = (True, "tiered", False)


def same_every_way(program: str):
    """Run `program` on each back end; return the one answer they all give."""
    answers = [run_program(program, g) for g in BACK_ENDS]
    assert answers[0] == answers[1] == answers[2], f"{program}\n" + "\n".join(map(repr, answers))
    return answers[0]


# -- the let forms ----------------------------------------------------------------------

LET_FORMS = [
    ("(let-values (((a b) (values 1 2)) ((c) (values 3))) (list a b c))", "(1 2 3)"),
    # The inits are evaluated outside the formals' scope: this a is the outer one.
    ("(define a 10) (let-values (((a b) (values 1 2)) ((c) (values a))) (list a b c))", "(1 2 10)"),
    ("(define a 10) (let*-values (((a b) (values 1 2)) ((c) (values a))) (list a b c))", "(1 2 1)"),
    ("(receive (q r) (floor/ 17 5) (list q r))", "(3 2)"),
    ("(receive (q r) (truncate/ -17 5) (list q r))", "(-3 -2)"),
    # A single value to one formal; a rest list (the shape left to forms.py) still works.
    ("(let-values (((x) 5)) (* x x))", "25"),
    ("(let-values (((a . r) (values 1 2 3))) (list a r))", "(1 (2 3))"),
    ("(let-values ((r (values 1 2))) r)", "(1 2)"),
    # Internal definitions in the body; a closure keeping a formal.
    ("(let-values (((a b) (values 1 2))) (define c (+ a b)) (list a b c))", "(1 2 3)"),
    ("(define fs (let-values (((a b) (values 1 2))) (list (lambda () a) (lambda () b)))) "
     "(list ((car fs)) ((cadr fs)))", "(1 2)"),
    # In a loop: the formals are fresh each round.
    ("(define (sum-digits n) (let loop ((n n) (s 0)) (if (= n 0) s "
     "(let-values (((q r) (floor/ n 10))) (loop q (+ s r)))))) (sum-digits 98765)", "35"),
]


@pytest.mark.parametrize("program, value", LET_FORMS)
def test_let_values_forms_give_r7rs_values(program, value):
    assert same_every_way(program)[0] == value


@pytest.mark.parametrize("program, message, failed", [
    ("(let-values (((a b) (values 1))) a)", "wrong number of values: expected 2, got 1", None),
    ("(let-values (((a b) (values 1 2 3))) a)", "wrong number of values: expected 2, got 3", None),
    ("(let-values (((a) (values 1 2))) a)", "wrong number of values: expected 1, got 2", None),
    # (the let*-values of the bindings after the first is the form that failed)
    ("(let*-values (((a) 1) ((b c) (values a))) b)", "wrong number of values: expected 2, got 1",
     "(let*-values (((b c) (values a))) b)"),
    ("(receive (a b) 7 a)", "wrong number of values: expected 2, got 1", None),
])
def test_let_values_with_the_wrong_count_is_the_let_values_error(program, message, failed):
    value, _, _ = same_every_way(f"(define (f) {program})\n(f)")
    # (the form noted as the call that failed, as a primitive's call is)
    assert value == (f"ERROR t.scm:1:13: {message}\n  called from t.scm:1:13: {failed or program}\n"
                     "  called from t.scm:2:1: (f)")


@pytest.mark.parametrize("program, message", [
    ("(let-values ((a)) a)", "let-values: bad binding: (a)"),
    ("(let-values (((a b))) a)", "let-values: bad binding: ((a b))"),
    ("(let-values (((a 1) (values 1 2))) a)", "lambda: parameter must be an identifier: 1"),
    ("(receive)", "receive: "),
    ("(let*-values ((x)) x)", "let*-values: bad binding: (x)"),
])
def test_let_values_syntax_errors_are_reported(program, message):
    value, _, _ = same_every_way(program)
    assert value.startswith(f"ERROR t.scm:1:1: {message}"), value


@st.composite
def value_lets(draw):
    """A let-values, let*-values or receive over drawn producers, and the same bindings
    made by hand with apply."""
    kind = draw(st.sampled_from(["let-values", "let*-values", "receive"]))
    n = 1 if kind == "receive" else draw(st.integers(1, 3))
    bindings, nested, names = [], [], []
    for i in range(n):
        k = draw(st.integers(1, 3))
        formals = [f"v{i}_{j}" for j in range(k)]
        # The producer may read an earlier binding's first formal (let*-values sees it;
        # let-values sees the outer definition of that name).
        seen = f"v{i - 1}_0" if i else "base"
        values = " ".join(draw(st.sampled_from([str(j + 1), seen, f"(* 2 {seen})"])) for j in range(k))
        producer = draw(st.sampled_from([f"(values {values})", f"(three-of {seen})" if k == 3 else f"(values {values})"]))
        bindings.append((formals, producer))
        names += formals
    body = f"(list {' '.join(names)})"
    if kind == "receive":
        formals, producer = bindings[0]
        form = f"(receive ({' '.join(formals)}) {producer} {body})"
    else:
        form = f"({kind} ({' '.join(f'(({chr(32).join(f)}) {p})' for f, p in bindings)}) {body})"
    # The same by hand, each producer's values made a list by the standard call-with-values
    # (with `list`, not a lambda: never in line) and spread by apply onto a lambda: the
    # producers first, outside every formal (let-values), or each inside the one before.
    if kind == "let-values":
        hand = body
        for i in reversed(range(n)):
            hand = f"(apply (lambda ({' '.join(bindings[i][0])}) {hand}) p{i})"
        inits = " ".join(f"(p{i} (call-with-values (lambda () {p}) list))" for i, (_, p) in enumerate(bindings))
        hand = f"(let ({inits}) {hand})"
    else:
        hand = body
        for formals, producer in reversed(bindings):
            hand = f"(apply (lambda ({' '.join(formals)}) {hand}) (call-with-values (lambda () {producer}) list))"
    prelude = ("(define base 7) (define v0_0 100) (define v1_0 200) "
               "(define (three-of x) (values x (+ x 1) (+ x 2)))")
    return f"{prelude}\n(define (t) {form})\n(list (t) (t) (t))", f"{prelude}\n(define (t) {hand})\n(list (t) (t) (t))"


@settings(max_examples=60, deadline=None)
@given(value_lets())
def test_value_lets_bind_what_the_producers_give(case):
    program, by_hand = case
    got = same_every_way(program)
    assert got[0] == run_program(by_hand, False)[0], f"{program}\n{by_hand}"


# -- call-with-values in line -----------------------------------------------------------

CALLS = [
    # value, error or output: worked by hand, then the same every way
    ("(define (f x) (call-with-values (lambda () (values x (* x 2))) (lambda (a b) (+ a b)))) (f 4)", "12"),
    ("(define (f x) (+ 1 (call-with-values (lambda () (floor/ x 10)) (lambda (q r) (* q r))))) (f 47)", "29"),
    ("(define (f x) (call-with-values (lambda () x) (lambda (a) (list a)))) (f 5)", "(5)"),
    ("(define (f x) (call-with-values (lambda () (floor/ x 10)) (lambda (q r) (list q r)))) (list (f 47) (f -47))",
     "((4 7) (-5 3))"),
    ("(define (f x) (call-with-values (lambda () (truncate/ x 10)) (lambda (q r) (list q r)))) (list (f 47) (f -47))",
     "((4 7) (-4 -7))"),
    ("(define (f) (call-with-values (lambda () (values)) (lambda (a) a))) (f)",
     # (in tail position: the consumer's call is the trampoline's, at the call of f)
     "ERROR t.scm:1:69: anonymous procedure: expects 1 argument, given 0\n  called from t.scm:1:69: (f)"),
    ("(define (f) (list (call-with-values (lambda () (values 1 2 3)) (lambda (a b) a)))) (f)",
     "ERROR t.scm:1:19: anonymous procedure: expects 2 arguments, given 3\n"
     "  called from t.scm:1:19: (call-with-values (lambda () (values 1 2 3)) (lambda (a b...\n"
     "  called from t.scm:1:84: (f)"),
    # The producer's tail call run to its value; the consumer's tail call a loop's round.
    ("(define (two x) (values x x)) (define (f n acc) (if (= n 0) acc "
     "(call-with-values (lambda () (two n)) (lambda (a b) (f (- n 1) (+ acc a b)))))) (f 1000 0)", "1001000"),
    # Errors in either body, in and out of tail position.
    ("(define (f x) (call-with-values (lambda () (car x)) (lambda (a) (car a)))) (f 1)", None),
    ("(define (f x) (call-with-values (lambda () (car x)) (lambda (a) (car a)))) (f '(1))", None),
    ("(define (f x) (+ 1 (call-with-values (lambda () (car x)) (lambda (a) (car a))))) (f 1)", None),
    ("(define (f x) (+ 1 (call-with-values (lambda () (car x)) (lambda (a) (car a))))) (f '(1))", None),
    # Internal definitions, closures over the consumer's formals, output.
    ("(define (f) (call-with-values (lambda () (define u 3) (values u 4)) "
     "(lambda (a b) (define s (+ a b)) (display s) (lambda () (list a b s))))) ((f))", "(3 4 7)"),
    # call-with-values redefined, before a call and between calls.
    ("(define (f) (call-with-values (lambda () (values 1 2)) (lambda (a b) (list a b)))) (define r1 (f)) "
     "(set! call-with-values (lambda (p c) (list 'mine (p)))) (list r1 (f))", None),
    ("(set! call-with-values (lambda (p c) 'mine)) "
     "(define (f) (call-with-values (lambda () (values 1 2)) (lambda (a b) (list a b)))) (list (f) (f) (f))",
     "(mine mine mine)"),
]


@pytest.mark.parametrize("program, value", CALLS)
def test_call_with_values_in_line_gives_what_the_call_gives(program, value):
    got = same_every_way(program)
    if value is not None:
        assert got[0] == value


def test_call_with_values_is_written_in_line():
    program = "(define (f x) (call-with-values (lambda () (floor/ x 10)) (lambda (q r) (+ q r)))) (f 47)"
    with generated_python() as sources:
        assert run_program(program, True)[0] == "11"
    assert any("MultipleValues" in s for s in sources)


def test_floor_and_truncate_go_straight_into_the_consumers_values():
    """No MultipleValues made on the way: divmod's pair is unpacked into the values."""
    program = "(define (f x) (call-with-values (lambda () (truncate/ x 10)) (lambda (q r) (+ q r)))) (f 47)"
    with generated_python() as sources:
        assert run_program(program, True)[0] == "11"
    (text,) = [src for src in sources if "def fast(v1_x, parent)" in src]
    # (x is captured by the consumer's closure, made on the other path, and assigned
    # nowhere: read from its local, which its frame was made from.)
    assert re.search(r"\n +(t\d+), (t\d+) = divmod\(v1_x, \(10\)\)\n", text), text
    assert "NEWVALUES(" not in text  # (the producer's own function, for a call as written, has it)


PRODUCERS = ["(values x (+ x 1))", "(values x)", "x", "(values)", "(values x x x)", "(floor/ x 3)",
             "(truncate/ x 3)", "(floor/ 3 x)", "(truncate/ x -4)", "(floor/ x 0)",
             "(g x)", "(car x)", "(begin (display x) (values x 0))"]
CONSUMERS = {
    1: ["(list a0)", "(car a0)", "(h a0)"],
    2: ["(list a0 a1)", "(+ a0 a1)", "(h a1)", "(begin (set! a0 (* a0 2)) (lambda () (list a0 a1)))"],
    3: ["(list a0 a1 a2)", "(h (+ a0 a1 a2))"],
}
GS = ["(lambda (x) (values x (* x x)))", "(lambda (x) x)", "(lambda (x) (values 1 2 3))", "car"]


@st.composite
def value_calls(draw):
    m = draw(st.integers(1, 3))
    params = " ".join(f"a{i}" for i in range(m))
    call = (f"(call-with-values (lambda () {draw(st.sampled_from(PRODUCERS))}) "
            f"(lambda ({params}) {draw(st.sampled_from(CONSUMERS[m]))}))")
    call = draw(st.sampled_from([call, f"(list 'in {call})"]))  # in tail position or not
    lines = [f"(define g {draw(st.sampled_from(GS))})", "(define (h v) (if (procedure? v) (v) v))",
             f"(define (t x) {call})", "(define results '())",
             "(define (try! x) (set! results (cons (guard (e (#t (list 'error (if (error-object? e) "
             "(error-object-message e) e)))) (h (t x))) results)))"]
    for _ in range(draw(st.integers(2, 4))):
        if draw(st.integers(0, 4)) == 0:
            lines.append(draw(st.sampled_from([
                "(set! call-with-values (lambda (p c) (list 'own (p))))",
                # (floor/ and truncate/ written straight into the consumer's values, session 22)
                "(set! floor/ (lambda (a b) (values b a)))", "(set! truncate/ (lambda (a b) (g a)))",
                f"(set! g {draw(st.sampled_from(GS))})"])))
        lines.append(f"(try! {draw(st.sampled_from(['5', '-7', '(expt 10 2000)', '2.5', ''''(1 2)''']))})")
    lines.append("(reverse results)")
    return "\n".join(lines)


@settings(max_examples=100, deadline=None)
@given(value_calls())
def test_call_with_values_in_line_matches_the_closure_compiler(program):
    same_every_way(program)
