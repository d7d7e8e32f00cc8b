"""A lambda expression in generated code makes its Closure in line (pyfunc's
Emitter.node_value, session 20): the fields its node (Closure.maker's make,
or compiler.Tier's make_tiered_closure once the lambda is written) would
store, without a Python call for each closure.  The closures must be what
the node makes, field for field, and behave the same in every mode."""

from __future__ import annotations

import pytest

from conftest import Session, generated_python, run_program
from schemehost.runtime import Closure, ClosureParts

MODES = [True, False, "tiered"]

PROGRAMS = [
    # closures made in a loop, called later
    "(define (adders n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons (lambda (x) (+ x i)) acc))))) "
    "(map (lambda (f) (f 10)) (adders 30))",
    # continuations in CPS, many made and called once
    "(define (fact-cps n k) (if (= n 0) (k 1) (fact-cps (- n 1) (lambda (v) (k (* n v)))))) "
    "(define (fib-cps n k) (if (< n 2) (k n) (fib-cps (- n 1) (lambda (a) (fib-cps (- n 2) (lambda (b) (k (+ a b)))))))) "
    "(list (fact-cps 30 (lambda (v) v)) (fib-cps 15 (lambda (v) v)))",
    # rest arguments and optional-looking arities, called with too few arguments at the end
    "(define (make n) (lambda (a . more) (+ a n (length more)))) "
    "(define fs (let loop ((i 0) (acc '())) (if (= i 20) acc (loop (+ i 1) (cons (make i) acc))))) "
    "(list (map (lambda (f) (f 1 2 3)) fs) ((car fs)))",
    # an internal definition in the lambda made (its frame's pad)
    "(define (make k) (lambda (x) (define y (* x k)) (define (z) (+ y 1)) (z))) "
    "(let loop ((i 0) (s 0)) (if (= i 50) s (loop (+ i 1) (+ s ((make i) i)))))",
    # a closure made in line, then named by a define, printed
    "(define (make) (lambda (x) x)) (define (many n) (if (= n 0) (make) (begin (make) (many (- n 1))))) "
    "(define named (many 40)) (list (named 5) named)",
    # arity errors of closures made in line
    "(define (make n) (lambda (a b) (+ a b n))) (define (go i) (if (= i 30) ((make i) 1) (begin ((make i) 1 2) (go (+ i 1))))) (go 0)",
    # a lambda holding a loop (written at once, Closure.maker's make)
    "(define (make n) (lambda (m) (let loop ((i 0) (s 0)) (if (= i m) (+ s n) (loop (+ i 1) (+ s i)))))) "
    "(let loop ((i 0) (acc 0)) (if (= i 40) acc (loop (+ i 1) (+ acc ((make i) i)))))",
]


@pytest.mark.parametrize("program", PROGRAMS)
def test_closures_made_in_line_give_the_same_values_output_errors_and_steps(program):
    results = [run_program(program, mode, 10_000_000) for mode in MODES]
    assert results[0] == results[1] == results[2], "\n".join(map(str, results))


@pytest.mark.parametrize("inner", ["(lambda (x) (+ x k))", "(lambda (x . r) (define y x) (+ y k))",
                                   "(lambda (x) (let loop ((i 0)) (if (< i x) (loop (+ i 1)) (+ i k))))",
                                   "(let () (define (named x . r) (+ x k)) named)"])
def test_a_closure_made_in_line_has_the_nodes_fields(inner):
    s = Session()
    # Each closure made is called (so a tiered lambda is written and its closures
    # are made in line from then on), the last one kept.
    s.eval(f"(define (make k) {inner}) (define keep '())"
           "(define (many n) (if (> n 0) (begin (set! keep (make n)) (keep 3) (many (- n 1)))))")
    with generated_python() as sources:
        s.eval("(many 50)")
        made_in_line = s.interp.eval_string("(begin (many 50) keep)")
    assert any("NEWCLOSURE()" in src for src in sources), sources
    assert type(made_in_line) is Closure and made_in_line.fast is not None
    # The node's own closure of the same lambda, in the same environment.
    by_node = _node_of(s, made_in_line)(made_in_line.env)
    assert by_node is not made_in_line
    assert {k: getattr(by_node, k) for k in Closure.__slots__} == {k: getattr(made_in_line, k) for k in Closure.__slots__}


def _node_of(session, closure):
    """The maker node whose lambda made `closure`: the live function whose
    `parts` (runtime.ClosureParts) hold the same pad and span."""
    import gc

    for obj in gc.get_objects():
        parts = getattr(obj, "parts", None) if callable(obj) else None
        if type(parts) is ClosureParts and parts.pad is closure.pad and parts.span is closure.span:
            return obj
    raise AssertionError("no maker node found for the closure")
