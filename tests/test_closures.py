"""closures.py: the IR (ir.py) emitted as Python closures.

Whole programs run through this emitter and pyfunc.py's are compared in tests/test_tiers.py and
tests/test_calls.py (values, output, errors with backtraces, step counts); these tests look at the
emitter's own pieces.
"""

from __future__ import annotations

import io

import pytest

from schemehost import Interpreter, SchemeError
from schemehost.closures import Closures, located
from schemehost.errors import scheme_error
from test_ir import body_ir


def test_closures_located_gives_an_error_without_a_position_the_span():
    def fail():
        raise scheme_error("boom")

    with pytest.raises(SchemeError) as info:
        located("the-span", fail)
    assert info.value.span == "the-span"


def test_closures_located_keeps_an_error_s_own_position():
    def fail():
        err = scheme_error("boom")
        err.span = "inner"
        raise err

    with pytest.raises(SchemeError) as info:
        located("outer", fail)
    assert info.value.span == "inner"


def test_closures_node_of_a_body_runs_on_its_frame():
    """The IR of a lambda body, emitted by hand: the frame is [params..., locals..., parent]."""
    interp = Interpreter(stdout=io.StringIO())
    ir, unit = body_ir("x y", "(let ((s (+ x y))) (if (> s 10) 'big (list s x)))", interp)
    node = Closures(interp.compiler, unit).node(ir, unit.fgen.scope, False)
    assert str(node([3, 4, None])) == "Pair<(7 3)>"
    assert node([30, 4, None]).name == "big"


def test_closures_only_mode_makes_procedures_without_a_fast_entry():
    interp = Interpreter(stdout=io.StringIO())
    interp.compiler.generate = False
    interp.eval_string("(define (f n) (if (= n 0) 'done (f (- n 1))))")
    f = interp.eval_string("f")
    assert interp.eval_string("(f 100000)").name == "done"  # tail calls in constant stack
    assert f.fast is None
