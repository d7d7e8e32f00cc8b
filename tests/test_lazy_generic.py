"""The ordinary half of a function-level typed copy, written when first needed.

A procedure that loops on its own tail calls gets a copy typed for its
arguments (typespec.function_types) under a test that they have those types
and that the primitives it open-codes are the standard ones.  Most calls pass
that test, so the ordinary code after `else:` is not written with the copy:
the copy's `else:` calls a slot (pyfunc.lazy_generic) whose first call writes
that code as a function of its own, `generic`, and keeps it there.  The
programs here (PROGRAMS) make the test fail in each way it can: arguments of
another type, an error, a standard primitive redefined, the procedure's own
name reassigned while the generic half loops; test_tiers.py runs them with
closures only, generated at once and tiered, and expects the same value,
output and steps with and without a step limit.
"""

from __future__ import annotations

import pytest

from conftest import generated_python
from schemehost import Interpreter
from schemehost.errors import SchemeError

COUNT_DOWN = "(define (count-down n acc) (if (= n 0) acc (count-down (- n 1) (+ acc n))))"

# A fused group (fused.py): skip and run call each other in tail position.
COUNT_RUNS = (
    "(define (count-runs s k0)"
    "  (define n (string-length s))"
    "  (define (skip i k) (cond ((= i n) k) ((char-numeric? (string-ref s i)) (run i k)) (else (skip (+ i 1) k))))"
    "  (define (run i k) (if (and (< i n) (char-numeric? (string-ref s i))) (run (+ i 1) k) (skip i (+ k 1))))"
    "  (skip 0 k0))"
)

PROGRAMS = {
    "a typed loop called with exact integers, then a float and a ratio": (
        COUNT_DOWN + " (list (count-down 100 0) (count-down 100 0) (count-down 10.0 0) (count-down 10 1/2)"
        " (count-down 20 0))"
    ),
    "a typed loop whose generic half raises an error with its backtrace": (
        COUNT_DOWN + " (define (go x) (list (count-down 5 0) (count-down x 0))) (go 'x)"
    ),
    "a typed loop after + is redefined and put back": (
        COUNT_DOWN + " (define std+ +) (define a (count-down 10 0))"
        " (set! + (lambda (x y) (std+ x y 1))) (define b (count-down 10 0))"
        " (set! + std+) (list a b (count-down 10 0))"
    ),
    "the generic half loops long on floats, then its name is reassigned inside the loop": (
        "(define (spin n acc) (if (<= n 0) acc"
        " (begin (if (= n 2.5) (set! spin (lambda (n acc) (list 'new n acc)))) (spin (- n 1) (+ acc 1)))))"
        " (list (spin 5 0) (spin 40.5 0))"
    ),
    "a fused group of states called with exact counters, then a float, a ratio and a symbol": (
        COUNT_RUNS + " (define (try k) (guard (e (#t (list 'caught (error-object-message e)))) (count-runs \"1 2\" k)))"
        " (list (count-runs \"12 a 3 45\" 0) (count-runs \"12 a 3 45\" 0.5) (count-runs \"1 2\" 1/2)"
        " (try 'x) (count-runs \"9\" 0) (count-runs \"\" 2.5))"
    ),
    "a walk down a list typed for its key, called with a string key": (
        "(define (find-id lst id) (cond ((null? lst) #f) ((equal? (car (car lst)) id) (car lst))"
        " (else (find-id (cdr lst) id))))"
        " (list (find-id '((1 . a) (2 . b)) 2) (find-id '((\"x\" . a) (\"y\" . b)) \"y\") (find-id '() 3))"
    ),
}


def texts_of(program: str) -> list[str]:
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string(program)
    return texts


def test_lazy_generic_half_is_not_written_while_the_types_hold():
    texts = texts_of(COUNT_DOWN + " (count-down 100 0) (count-down 7 3)")
    assert len(texts) == 1
    assert "else:\n            return W" in texts[0]
    assert "def generic" not in "".join(texts)


def test_lazy_generic_half_is_written_once_at_the_first_call_that_needs_it():
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string(COUNT_DOWN)
        assert interp.eval_string("(count-down 100 0)") == 5050
        assert not any("def generic" in t for t in texts)
        assert interp.eval_string("(count-down 100.0 0)") == 5050.0
        assert interp.eval_string("(count-down 10 1/2)") is not None
    generic = [t for t in texts if "def generic" in t]
    assert len(generic) == 1
    # Its own loop compares the global's procedure with the lambda's function, not with itself.
    assert "if D" in generic[0] and " is fast:" in generic[0]
    closure = interp.eval_string("count-down")
    slots = dict(zip(closure.fast.__code__.co_freevars, (c.cell_contents for c in closure.fast.__closure__)))
    written = [v for k, v in slots.items() if k.startswith("W")]
    assert len(written) == 1 and written[0].__name__ == "generic"
    inner = dict(zip(written[0].__code__.co_freevars, (c.cell_contents for c in written[0].__closure__)))
    assert inner["fast"] is closure.fast


def test_lazy_generic_half_of_a_fused_group_is_the_entry_alone_written_when_needed():
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string(COUNT_RUNS)
        for _ in range(5):
            assert interp.eval_string('(count-runs "12 a 3 45" 0)') == 3
        group = [t for t in texts if "_e == " in t]
        assert group and not any("def generic" in t for t in texts)
        assert interp.eval_string('(count-runs "12 a 3 45" 0.5)') == 3.5
        assert interp.eval_string('(count-runs "12 a 3 45" 1.5)') == 4.5
    generic = [t for t in texts if "def generic" in t]
    assert len(generic) == 1
    assert "_e == " not in generic[0]  # the entry's body alone: its tail calls are calls


def test_lazy_generic_half_loops_without_growing_the_stack():
    """200,000 iterations on floats.  Were the generic half's self call not its loop
    (compared with the wrong function), it would be a direct tail call: nested
    Python frames, up to TailDepth.LIMIT of them, before the trampoline; the value
    and steps show nothing of that, the depth of the Python stack does."""
    import sys

    from schemehost.runtime import Primitive

    def depth(x):
        frame, n = sys._getframe(), 0
        while frame is not None:
            frame, n = frame.f_back, n + 1
        return n

    interp = Interpreter()
    interp.compiler.generate = True
    interp.define("depth", Primitive("depth", depth, 1, 1))
    interp.eval_string("(define (spin n acc) (if (= n 0) (depth acc) (spin (- n 1) (+ acc 1))))")
    typed = interp.eval_string("(spin 10 0)")
    interp.eval_string("(spin 3.0 0)")  # (the generic half written, by one frame more)
    generic = interp.eval_string("(spin 200001.0 0)")
    # One frame more: the typed copy calling the generic half.
    assert generic == typed + 1, (typed, generic)


def closures_made(monkeypatch) -> list:
    """The closures.py compilers pyfunc makes from now on (its fallback), as a list."""
    from schemehost import pyfunc

    made = []

    class Recorded(pyfunc.Closures):
        def __init__(self, *args):
            made.append(args)
            super().__init__(*args)

    monkeypatch.setattr(pyfunc, "Closures", Recorded)
    return made


def test_lazy_generic_half_too_big_for_python_runs_as_closures(monkeypatch):
    from schemehost import pyfunc

    original = pyfunc.Emitter.function

    def refuse_generic(self, body_ir, nparams, ctx=pyfunc._RETURN, name="fast", typed_copy=True):
        if not typed_copy:
            raise pyfunc.GiveUp
        return original(self, body_ir, nparams, ctx, name, typed_copy)

    monkeypatch.setattr(pyfunc.Emitter, "function", refuse_generic)
    made = closures_made(monkeypatch)
    interp = Interpreter()
    interp.compiler.generate = True
    interp.eval_string(COUNT_DOWN)
    assert interp.eval_string("(count-down 100 0)") == 5050
    assert not made
    assert interp.eval_string("(count-down 100.0 0)") == 5050.0
    assert len(made) == 1
    assert interp.eval_string("(count-down 4 1/2)") == interp.eval_string("21/2")
    with pytest.raises(SchemeError) as e:
        interp.eval_string("(count-down 'x 0)")
    assert "=: argument 1 must be a number" in str(e.value)


def test_lazy_generic_half_of_a_group_too_big_for_python_runs_as_closures(monkeypatch):
    from schemehost import fused, pyfunc

    original = fused.GroupEmitter.function_text

    def refuse_generic(self, name="fast", typed_copy=True):
        if not typed_copy:
            raise pyfunc.GiveUp
        return original(self, name, typed_copy)

    monkeypatch.setattr(fused.GroupEmitter, "function_text", refuse_generic)
    made = closures_made(monkeypatch)
    interp = Interpreter()
    interp.compiler.generate = True
    interp.eval_string(COUNT_RUNS)
    for _ in range(5):
        assert interp.eval_string('(count-runs "12 a 3 45" 0)') == 3
    assert not made
    assert interp.eval_string('(count-runs "12 a 3 45" 0.5)') == 3.5
    assert len(made) == 1  # the group's ordinary half: the entry's body as closures
    assert interp.eval_string('(count-runs "1 2 3" 1/2)') == interp.eval_string("7/2")
    with pytest.raises(SchemeError) as e:
        interp.eval_string('(count-runs "1 2" (quote x))')
    assert "+: argument 1 must be a number" in str(e.value)
