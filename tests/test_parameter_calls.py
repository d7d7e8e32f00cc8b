"""A call of a global holding a parameter object, `(depth)`, goes straight to its
value from generated code (calls.DirectCalls binds the site to a reader of it),
no longer through the generic call: the value as parameterize has it, no step,
and anything else the call's own way (an argument given: the call's error; the
global given a procedure or a parameter of its own).  Checked written at once,
tiered and as closures: values, output, errors and steps."""

from __future__ import annotations

import re

import pytest

from test_typespec import generated_source, same_everywhere

DEPTH = "(define depth (make-parameter 0)) (define (deeper) (+ 1 (depth))) "


@pytest.mark.parametrize("program, expected", [
    (DEPTH + "(list (deeper) (parameterize ((depth 5)) (deeper)) (deeper))", "(1 6 1)"),
    # Nested and converted, read in a loop.
    ("(define width (make-parameter 10 (lambda (x) (* x 2)))) (define (w) (width))"
     " (define (sum n) (let loop ((i 0) (s 0)) (if (= i n) s (loop (+ i 1) (+ s (w))))))"
     " (list (sum 3) (parameterize ((width 1)) (list (sum 3) (parameterize ((width 2)) (sum 3)))) (sum 1))",
     "(60 (6 12) 20)"),
    # The global given a procedure, then another parameter, then back.
    (DEPTH + "(define a (deeper)) (define saved depth) (set! depth (lambda () 41)) (define b (deeper))"
     " (set! depth (make-parameter 9)) (define c (deeper)) (set! depth saved) (list a b c (deeper))",
     "(1 42 10 1)"),
    # A parameter called with an argument: the call's error, with its position.
    ("(define p (make-parameter 1)) (define (f) (+ 1 (p 5))) (f)", "ERROR"),
    # Steps: a parameter's call takes none, under a limit the same everywhere.
    (DEPTH + "(define (count n) (let loop ((i 0) (s 0)) (if (= i n) s (loop (+ i 1) (+ s (deeper)))))) (count 5000)",
     None),
])
def test_parameter_calls_give_what_the_call_gives(program, expected):
    value, _, _ = same_everywhere(program, step_limit=6_000)
    if expected == "ERROR":
        assert value.startswith("ERROR") and "parameter" in value and "Traceback" not in value, value
    elif expected is None:
        assert value.startswith("ERROR") and "step limit" in value, value
    else:
        assert value == expected


def test_a_parameter_call_site_reads_it_directly():
    """Its Q slot holds the reader (and its site tests for no tail call to run)."""
    from schemehost import Interpreter

    interp = Interpreter()
    interp.compiler.generate = True
    interp.eval_string(DEPTH)
    fast = interp.lookup("deeper").fast
    cells = dict(zip(fast.__code__.co_freevars, (c.cell_contents for c in fast.__closure__ or ())))
    readers = [v for k, v in cells.items() if re.fullmatch(r"Q\d+", k) and v is not None]
    assert len(readers) == 1 and readers[0]() == 0
    interp.eval_string("(define r (parameterize ((depth 3)) (deeper)))")
    assert interp.eval_string("r") == 4
    assert all(v is False for k, v in cells.items() if re.fullmatch(r"V\d+", k))
