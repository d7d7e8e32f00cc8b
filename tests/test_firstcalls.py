"""A tiered lambda's first calls walk its IR (firstcalls.py) instead of running
closures made at load (session 7, issue 13's loading target).

The walk must be closures.py's closures in all a program can see: each program
here runs on closures only (compiler.generate False) and tiered with a switch
that never comes (every call of every lambda walked), and both give the same
value or error text with its backtrace, output and step count.  The programs
are test_tiers.py's and test_calls.py's, and below, one per kind of IR node
and per order of evaluation the closures have.
"""

from __future__ import annotations

import pytest

from conftest import Session
from test_tiers import PROGRAMS as TIER_PROGRAMS
from test_tiers import run

NEVER = 10**9  # tier_calls: the switch never comes

FIRST_CALLS = {
    "operands left to right, a later one assigning an earlier one's variable": (
        "(define (g a b c) (list a b c))"
        " (define (f x) (let ((y 10)) (cons 'non-tail (g x (begin (set! x 2) (set! y 20) x) y))))"
        " (define (h x) (cons 'non-tail (g (begin (set! x 5) x) x 'k)))"
        " (list (f 1) (f 1) (h 0) (h 0))"
    ),
    "tail call operands left to right": (
        "(define (g a b) (list a b)) (define (f x) (g x (begin (set! x 2) x))) (list (f 1) (f 1))"
    ),
    "more than four operands, tail and not": (
        "(define (g a b c d e) (list a b c d e))"
        " (define (f x) (cons 0 (g x (begin (set! x 7) x) x x x)))"
        " (define (t x) (g x x (begin (set! x 9) x) x x))"
        " (list (f 1) (t 1))"
    ),
    "unbound operator reported after its operands, at the call": (
        "(define (f) (undefined-procedure (begin (display \"operand\") 1))) (f)"
    ),
    "unbound operator in tail position": "(define (f) (undefined-procedure 1)) (f)",
    "unbound variable as an operand": "(define (f) (list 1 undefined-variable)) (f)",
    "assignment of an unbound global": "(define (f) (set! undefined-variable 1)) (f)",
    "assignment and definition of globals": (
        "(define counter 0) (define (bump!) (set! counter (+ counter 1)) counter)"
        " (define (def!) (eval '(define made 42) (interaction-environment)) made)"
        " (list (bump!) (bump!) (def!))"
    ),
    "free variables two and three frames out, read and assigned": (
        "(define (mk a) (let ((b 1)) (let ((c 2)) (lambda (d) (set! a (+ a d)) (set! b (* b 2)) (list a b c d)))))"
        " (define p (mk 10)) (list (p 1) (p 2) (p 3))"
    ),
    "let, let* and letrec frames captured by inner lambdas": (
        "(define (f n) (let* ((a n) (b (+ a 1))) (letrec ((even? (lambda (k) (if (= k 0) #t (odd? (- k 1)))))"
        " (odd? (lambda (k) (if (= k 0) #f (even? (- k 1)))))) (list a b (even? b) (odd? b)"
        " ((lambda () (set! a 100) a)) a))))"
        " (list (f 3) (f 4))"
    ),
    "internal definitions read before assignment, in a let body": (
        "(define (f k) (let () (define a (if (> k 0) (b) 0)) (define (b) 1) a))"
        " (list (f 0) (guard (e (#t (error-object-message e))) (f 1)))"
    ),
    "case, when, unless, and, or, if without else": (
        "(define (f x) (list (case x ((1 2) 'low) ((a b) 'sym) (else 'other)) (case x ((9) 'nine))"
        " (when (number? x) 'num) (unless (number? x) 'not-num) (and x (number? x) 'both) (or (eq? x 'a) (eq? x 1))"
        " (if (eq? x 'b) 'b)))"
        " (list (f 1) (f 'a) (f \"s\") (f 9))"
    ),
    "a named lambda of an internal define, and a lambda's printed name": (
        "(define (f) (define g (lambda (x) x)) (define h (let ((k 1)) (lambda () k))) (list g h (g 5) (h)))"
        " (f)"
    ),
    "open-coded primitives: wrong types in tail and non-tail position": (
        "(define (f x) (+ 1 (car x))) (define (g x) (vector-ref x 5))"
        " (list (guard (e (#t (error-object-message e))) (f 5)) (guard (e (#t (error-object-message e))) (g (vector 1)))"
        " (f '(2)) (g (vector 0 1 2 3 4 5)))"
    ),
    "open-coded primitive's error leaves a backtrace": "(define (f x) (* 2 (g x))) (define (g x) (+ 1 (car x))) (f 5)",
    "open-coded primitive redefined to a closure, in tail position": (
        "(define (f x) (car x)) (define (g x) (+ 1 (car x)))"
        " (define a (list (f '(1 2)) (g '(1 2))))"
        " (set! car (lambda (p) (cdr p)))"
        " (list a (f '(1 2)) (g '(5))"
        " (guard (e (#t (error-object-message e))) (g 7)))"
    ),
    "record type procedures (their own open code)": (
        "(define-record-type point (make-point x y) point? (x point-x set-point-x!) (y point-y))"
        " (define (f p) (set-point-x! p (+ 1 (point-x p))) (point-x p))"
        " (define (g p) (point-x p))"
        " (list (f (make-point 1 2)) (point? (make-point 3 4)) (guard (e (#t (error-object-message e))) (g 5)) (g 5))"
    ),
    "tail call of a primitive, of a non-procedure": (
        "(define (f x) (list x x)) (define (g x) (x 1)) (list (f 1) (guard (e (#t (error-object-message e))) (g 5)) (g 5))"
    ),
    "forms outside the IR (guard, delay, quasiquote, a named let that escapes)": (
        "(define (f x) (list (force (delay (* x 2))) `(a ,x ,@(list x x))"
        " (guard (e (#t (list 'caught (error-object-message e)))) (raise-continuable 'oops))"
        " (let loop ((i 0)) (if (< i 2) (loop (+ i 1)) loop))))"
        " (list (f 1) (f 2))"
    ),
    "deep non-tail recursion": "(define (count n) (if (= n 0) 0 (+ 1 (count (- n 1))))) (count 3000)",
}

PROGRAMS = {**TIER_PROGRAMS, **FIRST_CALLS}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 60])
def test_firstcalls_walk_gives_what_closures_give(name, step_limit):
    program = PROGRAMS[name]
    if step_limit is None and name == "endless loop stopped by the budget":
        step_limit = 5000
    closures = run(program, False, step_limit=step_limit)
    walked = run(program, "tiered", NEVER, step_limit)
    assert walked == closures, f"\nwalked:   {walked}\nclosures: {closures}"
    assert "internal error" not in closures[0]


def test_firstcalls_errors_give_the_position_and_backtrace_exactly():
    """Exact texts: an unbound operator is reported at its call, after its operands ran;
    an open-coded primitive's error at its call, with the callers' frames."""
    program = FIRST_CALLS["unbound operator reported after its operands, at the call"]
    assert run(program, "tiered", NEVER)[:2] == (
        "ERROR t.scm:1:13: unbound variable: undefined-procedure\n"
        "  called from t.scm:1:66: (f)",
        "operand",
    )
    assert run(FIRST_CALLS["open-coded primitive's error leaves a backtrace"], "tiered", NEVER)[0] == (
        "ERROR t.scm:1:47: car: argument 1 must be a pair: 5\n"
        "  called from t.scm:1:47: (car x)\n"
        "  called from t.scm:1:20: (g x)\n"
        "  called from t.scm:1:57: (f 5)"
    )


def _lambda_closures_built(monkeypatch) -> list:
    """The IR nodes closures.py is asked to make closures of for a lambda's body, from now on."""
    from schemehost import closures

    built = []
    original = closures.Closures.node

    def node(self, n, scope, tail):
        if self.u.kind == "lambda":
            built.append(n)
        return original(self, n, scope, tail)

    monkeypatch.setattr(closures.Closures, "node", node)
    return built


def test_firstcalls_loading_makes_no_closures_for_a_tiered_lambda(monkeypatch):
    """Defining a procedure builds its IR and nothing more: closures.py is not asked
    for its body (it was, for every lambda, before session 7: a fifth of loading)."""
    built = _lambda_closures_built(monkeypatch)
    s = Session()
    s.eval("(define (f x) (let ((y (* x 2))) (if (> y 3) (list x y) (f (+ x 1)))))")
    assert built == []
    assert [s.show("(f 0)") for _ in range(3)] == ["(2 4)"] * 3
    assert built == []  # run by the walk, then by its Python function


def test_firstcalls_lambda_too_deep_for_one_function_gets_closures_at_the_switch(monkeypatch):
    """pyfunc gives up on a body nested past Python's limits: at the switch, Tier makes
    closures.py's closures of the IR, and they run from then on."""
    built = _lambda_closures_built(monkeypatch)
    body = "x"
    for _ in range(80):
        body = f"(if (> x 0) {body} 0)"
    s = Session()
    s.interp.compiler.tier_calls = 1
    s.eval(f"(define (f x) {body})")
    assert s.show("(f 7)") == "7" and built == []
    assert [s.show(f"(f {k})") for k in (7, -1, 3)] == ["7", "0", "3"]
    assert built != [] and s.interp.lookup("f").fast is None
