"""A `case` of many clauses chooses its clause by halving (pyfunc.Emitter.case_tree).

assembler's machine dispatches each instruction by a `case` over eighteen
symbols: the clause's number came from a dict, then was compared with 0, 1,
2, ... in turn, nine tests on the average.  From CASE_TREE clauses on, no
match is tested first (the else clause), then the number is halved by `<`
down to three or fewer.  These tests run cases of every size around the
bound, keys of every kind, in tail and non-tail positions and in loops, in
every mode (closures, generated at once, tiered), and read the text.
"""

from __future__ import annotations

import pytest

from schemehost.pyfunc import CASE_TREE
from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode

KEYS = ["a", "b", "#\\x", "7", "()", "#t", "c", "d", "9", "e", "f", "#\\y", "g", "h", "i", "j", "k", "l", "m", "n"]


def _case(n: int, default: bool, tail: bool) -> str:
    """(define (f x) ...) with a case of n clauses (the ith returns i, two keys
    for every third) and an else clause or none; and the calls of f on every key
    and a few that match none."""
    clauses = []
    for i in range(n):
        keys = KEYS[i] if i % 3 else f"{KEYS[i]} z{i}"
        clauses.append(f"(({keys}) (list 'clause {i}))")
    if default:
        clauses.append("(else (list 'none x))")
    body = f"(case x {' '.join(clauses)})"
    if not tail:
        body = f"(cons 'got {body})"
    calls = " ".join(f"(f '{k})" for k in KEYS[:n]) + " (f 'z3) (f 'q) (f 8) (f \"a\") (f 1.5)"
    return f"(define (f x) {body})\n(list {calls})"


@pytest.mark.parametrize("n", [1, 2, CASE_TREE - 1, CASE_TREE, CASE_TREE + 1, 8, 11, 18, 20])
@pytest.mark.parametrize("default", [True, False])
@pytest.mark.parametrize("tail", [True, False])
def test_case_tree_every_mode_same(n, default, tail):
    assert_same_in_every_mode(_case(n, default, tail), None)


def test_case_tree_each_clause_its_value():
    """Not only the same in every mode: the clause each key names (18 clauses)."""
    from test_compiler_speedups import run

    value, _, _ = run(_case(18, True, True), True)
    got = value.strip("()").split(") (")
    assert got[:18] == [f"clause {i}" for i in range(18)]
    assert got[18:] == ["clause 3", "none q", "none 8", 'none "a"', "none 1.5"]


LOOP = """
(define (machine program)
  (let loop ((pc 0) (acc 0) (steps 0))
    (if (>= pc (vector-length program))
        (list acc steps)
        (let ((op (vector-ref program pc)))
          (case op
            ((inc) (loop (+ pc 1) (+ acc 1) (+ steps 1)))
            ((dec) (loop (+ pc 1) (- acc 1) (+ steps 1)))
            ((dbl) (loop (+ pc 1) (* acc 2) (+ steps 1)))
            ((neg) (loop (+ pc 1) (- acc) (+ steps 1)))
            ((nop) (loop (+ pc 1) acc (+ steps 1)))
            ((skip) (loop (+ pc 2) acc (+ steps 1)))
            ((back) (if (> acc 100) (loop (+ pc 1) acc (+ steps 1)) (loop 0 acc (+ steps 1))))
            ((halt) (list acc steps))
            (else (error "bad op" op)))))))
(list (machine (vector 'inc 'dbl 'inc 'skip 'neg 'dbl 'nop 'back 'dec 'halt 'inc))
      (machine (vector 'inc 'inc 'neg 'dec 'dbl 'back)))
"""


@pytest.mark.parametrize("step_limit", [None, 25, 300])
def test_case_tree_in_a_loop_every_mode_same(step_limit):
    assert_same_in_every_mode(LOOP, step_limit)
    assert_same_in_every_mode(LOOP.replace("'halt 'inc", "'oops"), step_limit)  # the else clause's error


def test_case_tree_written_for_many_clauses_only():
    many, s = generated_sources(_case(18, True, True))
    assert "is None:" in many and " < 9:" in many and " < 4:" in many
    assert s.show("(f 'n)") == "(none n)"
    few, _ = generated_sources(_case(CASE_TREE - 1, True, True))
    assert "is None:" not in few and " < " not in few
