"""A promise's expression, and the bodies of guard and parameterize, compiled as
the body of a lambda of no parameters (compiler.lambda_node's thunk, session
19): written as Python once run often, with no Closure made for each, and not
in tail position, so that values, errors with their frames, and step counts
are what they were when they were closures of compiler.py's and forms.py's."""

from __future__ import annotations

import pytest

from conftest import Session, generated_python, run_program

MODES = [True, False, "tiered"]

PROGRAMS = [
    "(define (f n) (delay (+ n 1))) (define ps (map f '(1 2 3))) (list (map force ps) (map force ps))",
    "(define count 0) (define p (delay (begin (set! count (+ count 1)) (if (> count 5) count (force p))))) "
    "(list (force p) count)",
    "(define (stream n) (cons n (delay (stream (+ n 1))))) "
    "(define (nth s k) (if (= k 0) (car s) (nth (force (cdr s)) (- k 1)))) (nth (stream 0) 200)",
    "(define (loop n) (delay-force (if (= n 0) (delay 'done) (loop (- n 1))))) (force (loop 1000))",
    "(define p (delay (raise 'oops))) (guard (e (#t (list 'caught e))) (force p))",
    "(define (f) (let loop ((i 0)) (if (< i 3) (loop (+ i 1)) (delay i)))) (force (f))",
    "(define p (delay (call/cc (lambda (k) (k 42))))) (force p)",
    "(define p (delay (let loop ((i 0)) (if (< i 1000000) (loop (+ i 1)) i)))) (force p)",
    "(define p (delay (+ 1 (let loop ((i 0)) (if (< i 1000000) (loop (+ i 1)) i))))) (force p)",
    "(define (f x) (delay (vector-ref x 10))) (force (f (vector 1 2)))",
    "(define (f x) (delay (begin (display x) (* x x)))) (let ((p (f 7))) (list (force p) (force p)))",
    "(define (f x) (make-promise (* x 2))) (force (f 4))",
    "(define p (delay-force 5)) (force p)",
    "(delay)",
    "(delay 1 2)",
    # guard and parameterize
    "(guard (e (#t 1)))",
    "(guard (e (#t 1)) (define x 1))",
    "(guard (e (#t 1)) (define x 2) (* x 3))",
    "(define (g x) (car x)) (guard (e ((string? e) 1)) (g 5))",
    "(define (f n) (guard (e ((symbol? e) (list 'sym e))) (if (> n 0) (raise 'x) (f2 n)))) (define (f2 n) (* n 2)) "
    "(list (f 1) (f 0) (f 3))",
    "(define (f) (guard (e (#t (list 'caught e))) (let loop ((i 0)) (if (< i 10) (loop (+ i 1)) (raise i))))) (f)",
    "(define (f) (guard (e (#f 0)) (let loop ((i 0)) (if (< i 1000000) (loop (+ i 1)) i)))) (f)",
    "(define (f n) (guard (e (#t e)) (if (= n 0) (raise 'bottom) (f (- n 1))))) (f 200)",
    "(define (f) (guard (e ((error-object? e) (error-object-message e))) (error \"bad thing\" 1 2))) (f)",
    "(define out (open-output-string)) (define (f x) (guard (e (#t (write e out) 0)) (dynamic-wind "
    "(lambda () (write 'in out)) (lambda () (raise x)) (lambda () (write 'out out))))) "
    "(list (f 1) (get-output-string out))",
    "(define p (make-parameter 10)) (define (f) (parameterize ((p 20)) (define y (p)) (+ y 1))) (list (f) (p))",
    "(define p (make-parameter 10 (lambda (x) (* x 2)))) (list (parameterize ((p 3)) (p)) (p))",
    "(define p (make-parameter 1)) (define (g) (car (p))) (parameterize ((p 5)) (g))",
    "(define p (make-parameter 1)) (parameterize ((p 2)))",
    "(define p (make-parameter 1)) (define (f n) (if (= n 0) (p) (parameterize ((p n)) (f (- n 1))))) (f 100)",
]


@pytest.mark.parametrize("program", PROGRAMS)
def test_promises_give_the_same_values_errors_and_steps_in_every_mode(program):
    results = [run_program(program, mode) for mode in MODES]
    assert results[0] == results[1] == results[2], "\n".join(map(str, results))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("program, frames", [
    # a call a promise makes, then the force
    ("(define (g x) (car x)) (define p (delay (g 5))) (force p)", ["1:41: (g 5)", "1:49: (force p)"]),
    # a call in a guard's body whose clauses do not catch the error, then the guard's caller
    ("(define (g x) (car x)) (define (f) (guard (e ((string? e) 1)) (g 5))) (f)", ["1:63: (g 5)", "1:71: (f)"]),
])
def test_an_error_in_a_thunk_body_shows_its_calls(mode, program, frames):
    value = run_program(program, mode)[0]
    assert value == "\n".join(["ERROR t.scm:1:15: car: argument 1 must be a pair: 5", "  called from t.scm:1:15: (car x)"]
                              + [f"  called from t.scm:{f}" for f in frames])


@pytest.mark.parametrize("mode", MODES)
def test_the_step_limit_in_a_loop_a_promise_runs_names_the_loop(mode):
    program = "(define p (delay (let loop ((i 0)) (if (< i 1000000) (loop (+ i 1)) i)))) (force p)"
    value = run_program(program, mode, 5_000)[0]
    assert value.startswith("ERROR t.scm:1:18: step limit of 5000 procedure calls exceeded"), value


@pytest.mark.parametrize("mode", MODES)
def test_parameterize_of_a_non_parameter_names_the_form(mode):
    assert run_program("(define x 5)\n  (parameterize ((x 1)) 2)", mode)[0] == (
        "ERROR t.scm:2:3: parameterize: not a parameter: 5")


def test_forcing_a_promise_takes_no_step_its_calls_take_theirs():
    base = run_program("(define (g) 1) (define p (delay 5)) (force p)", True)[2]
    assert base == 0
    assert run_program("(define (g) 1) (define p (delay (g))) (force p) (force p)", True)[2] == 1


def test_a_promise_expression_forced_often_is_written_as_python_and_no_closure_is_made():
    s = Session()
    s.eval("(define (ints n) (cons n (delay (ints (+ n 1)))))"
           "(define (nth s k) (if (= k 0) (car s) (nth (force (cdr s)) (- k 1))))")
    with generated_python() as sources:
        assert s.show("(nth (ints 0) 500)") == "500"
    # The promise's expression is a function of its own (the call of ints, written
    # in line: no closure of compile_delay's left to walk it).
    assert any("def fast(parent)" in src for src in sources), sources
    from schemehost.runtime import Closure

    promise = s.interp.eval_string("(cdr (ints 0))")
    assert not any(type(x) is Closure for x in _reachable(promise.box[1]))


@pytest.mark.parametrize("form", ["(guard (e (#t 0)) (+ n 1))", "(parameterize ((p n)) (+ (p) 1))"])
def test_a_guard_or_parameterize_body_run_often_is_written_as_python(form):
    s = Session()
    s.eval(f"(define p (make-parameter 0)) (define (f n) {form})")
    with generated_python() as sources:
        assert s.show("(let loop ((i 0) (acc 0)) (if (= i 300) acc (loop (+ i 1) (+ acc (f i)))))") == "45150"
    assert any("def fast(parent)" in src for src in sources), sources


def _reachable(f):
    """The objects a partial's arguments hold (a promise's thunk: enter and its frame)."""
    return [*getattr(f, "args", ()), *getattr(f, "keywords", {}).values()]
