"""A closure handed to a procedure that calls it once per element is made ready
first (calls.ready, session 19): its lambda's Python function written if the
lambda is still on its first calls, and the closure given its entries, so the
walk enters it directly from its first element."""

from __future__ import annotations

import pytest

from conftest import Session, run_program

# Ten closures of one lambda, none called yet: the tier's switch gives its
# entries only to the first eight it made (compiler.Tier.KEEP).
_TEN = "(define (adder k) (lambda (x) (+ x k))) (define fs (map adder '(1 2 3 4 5 6 7 8 9 10))) (define f (list-ref fs 9))"

WALKS = [
    "(map f '(1 2 3 4))",
    "(for-each f '(1 2 3 4))",
    "(vector-map f #(1 2 3 4))",
    "(vector-for-each f #(1 2 3 4))",
    "(string-map (lambda (c) c) \"abcd\")",
    "(assoc 3 '((1 . a) (3 . b)) (lambda (a b) (= (f a) (f b))))",
    "(apply + (map f '(4 3 2 1)))",
]


@pytest.mark.parametrize("walk", WALKS[:4])
def test_the_walked_closure_has_its_fast_entry_after_a_walk(walk):
    s = Session()
    s.interp.compiler.generate = "tiered"
    s.eval(_TEN)
    f = s.interp.lookup("f")
    assert f.fk != 1  # (on its first calls: no fast entry yet)
    s.eval(walk)
    assert f.fk == 1 and f.fast is not None


def test_a_closure_beyond_the_switched_ones_stays_without_its_entry_when_only_called():
    """What `ready` changes: calling the tenth closure directly switches the tier
    (after two calls) but leaves that closure going through its tier's wrapper."""
    s = Session()
    s.interp.compiler.generate = "tiered"
    s.eval(_TEN)
    s.eval("(f 1) (f 2) (f 3) (f 4)")
    assert s.interp.lookup("f").fk != 1


@pytest.mark.parametrize("walk", WALKS)
def test_walks_give_the_same_values_and_steps_in_every_mode(walk):
    program = _TEN + " " + walk
    results = [run_program(program, mode) for mode in (True, False, "tiered")]
    assert results[0] == results[1] == results[2], results


def test_a_walks_closure_that_fails_keeps_its_error_and_frames_in_every_mode():
    program = "(define (g lst) (map (lambda (x) (car x)) lst)) (g '((1) (2) 3))"
    results = [run_program(program, mode) for mode in (True, False, "tiered")]
    assert results[0] == results[1] == results[2]
    assert results[0][0].startswith("ERROR t.scm:1:34: car: argument 1 must be a pair: 3"), results[0]
