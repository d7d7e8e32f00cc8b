"""Loops whose rounds take their steps as a `for` over the budget's chunk
(pyfunc.Emitter.rounds_open, runtime.Budget.ran_out): a named let or `do`,
a procedure calling itself in tail position (its first round written apart:
its caller's call took that step), a fused group's section looping on
itself (fused.GroupEmitter.section: the same), and an in-line map or
for-each.

Each stops at exactly the step the closures back end stops at, under limits
around the chunk's refills, and an interrupt from another thread stops it.
"""

from __future__ import annotations

import threading

import pytest

from conftest import generated_python, run_program
from schemehost import Interpreter
from schemehost.errors import Interrupted
from schemehost.runtime import Budget

# Each counts its rounds in `n`, displayed when the limit stops it (or returned).
LOOPS = {
    "named let": "(define n 0) (define (f k) (let loop ((i 0)) (set! n i) (if (< i k) (loop (+ i 1)) i)))",
    "do": "(define n 0) (define (f k) (do ((i 0 (+ i 1))) ((= i k) i) (set! n i)))",
    "self tail call": "(define n 0) (define (f k) (define (g i) (set! n i) (if (< i k) (g (+ i 1)) i)) (g 0))",
    "top-level self tail call": "(define n 0) (define (g i k) (set! n i) (if (< i k) (g (+ i 1) k) i)) (define (f k) (g 0 k))",
    "typed self tail call": "(define n 0) (define (g i k) (if (< i k) (begin (set! n i) (g (+ i 1) k)) i)) (define (f k) (g 0 k))",
    "fused group": (
        "(define n 0) (define (f k)"
        " (define (a i) (set! n i) (if (< i k) (if (= 0 (modulo i 3)) (b (+ i 1)) (a (+ i 1))) i))"
        " (define (b i) (set! n i) (if (< i k) (a (+ i 1)) i))"
        " (a 0))"
    ),
    "map": "(define n 0) (define (f k) (length (map (lambda (x) (set! n x) x) (iota k))))",
    "for-each": "(define n 0) (define (f k) (for-each (lambda (x) (set! n x)) (iota k)) k)",
}


def _stopped(program: str, generate, limit: int):
    """(error text, output, steps used, rounds run) of `program` stopped by `limit`."""
    value, output, used = run_program(program + " (f 1000)", generate, step_limit=limit)
    interp = Interpreter(step_limit=limit)
    interp.compiler.generate = generate
    with pytest.raises(Exception):
        interp.eval_string(program + " (f 1000)")
    return value, output, used, interp.eval_string("n")


@pytest.mark.parametrize("kind", sorted(LOOPS))
@pytest.mark.parametrize("limit", [30, 31, 32, 500])
def test_a_loop_stops_at_the_same_step_as_the_closures_back_end(kind, limit, monkeypatch):
    monkeypatch.setattr(Budget, "CHUNK", 7)  # refills every seventh step
    program = LOOPS[kind] + " (f 3) (f 5)"
    results = {g: _stopped(program, g, limit) for g in (False, True, "tiered")}
    assert results[True] == results[False] and results["tiered"] == results[False]
    value, _, used, rounds = results[False]
    assert "step limit of" in value and used == limit + 1 and rounds > 0


@pytest.mark.parametrize("kind", sorted(LOOPS))
def test_a_loop_counts_a_step_per_round(kind):
    program = LOOPS[kind] + " (f 3)"
    short = run_program(program, True, step_limit=None)
    longer = run_program(LOOPS[kind] + " (f 103)", True, step_limit=None)
    assert short[0] == "3" and longer[0] == "103"
    assert longer[2] - short[2] == 100


# Endless: each keeps its rounds going until the interrupt.
ENDLESS = {
    "named let": "(let loop ((i 0)) (set! n i) (loop (+ i 1)))",
    "self tail call": "(define (g i) (set! n i) (g (+ i 1))) (g 0)",
    "fused group": "(define (g) (define (a i) (set! n i) (if (= 0 (modulo i 7)) (b i) (a (+ i 1))))"
                   " (define (b i) (a (+ i 1))) (a 1)) (g)",
    # (From 1: n is 0 only if no round ran, not at the start of every pass.)
    "for-each": "(define l (iota 1000 1)) (let loop () (for-each (lambda (x) (set! n x)) l) (loop))",
}


@pytest.mark.parametrize("kind", sorted(ENDLESS))
def test_an_interrupt_stops_a_loop(kind):
    interp = Interpreter()
    interp.compiler.generate = True
    interp.eval_string("(define n 0)")
    timer = threading.Timer(0.3, interp.interrupt)
    timer.start()
    with pytest.raises(Interrupted):
        interp.eval_string(ENDLESS[kind])
    timer.join()
    assert interp.eval_string("n") > 0
    assert interp.eval_string("(let loop ((i 0)) (if (< i 10) (loop (+ i 1)) i))") == 10


def test_the_loops_are_written_as_rounds_over_the_chunk():
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as sources:
        for kind in sorted(LOOPS):
            interp.eval_string(LOOPS[kind] + " (f 3)")
    text = "\n".join(sources)
    assert text.count("for _ in B.it:") >= len(LOOPS)
    assert "B.ran_out()" in text
