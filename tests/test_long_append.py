"""(append lst tail) copies a long first list in one walk (runtime.copy_onto).

It used to go through check_list (a Python list of the elements, charged
window by window as registry.list_items walks) and list_to_scheme.  The
copy must give the same list, the same errors, and charge the step budget
exactly as that walk and alloc did (lists.walk_charges): these tests hold the
new path to the old one.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost import Interpreter
from schemehost.datatypes import NIL, Pair, list_to_scheme
from schemehost.errors import SchemeError, StepLimitExceeded
from schemehost.primitives import lists, registry
from schemehost.runtime import copy_onto


def recorded(monkeypatch, fn, *args):
    """The charges fn(*args) makes, in order."""
    seen = []
    monkeypatch.setattr(registry, "charge", seen.append)
    monkeypatch.setattr(lists, "charge", seen.append)
    fn(*args)
    return seen


@settings(max_examples=60, deadline=None)
@given(n=st.one_of(st.integers(0, 600), st.integers(600, 40_000),
                   st.sampled_from([255, 256, 257, 4095, 4096, 4097, 8191, 8192, 8193, 12288, 12289, 28672, 28673])))
def test_long_append_charges_as_the_walk_of_check_list(n):
    with pytest.MonkeyPatch.context() as mp:
        walk = recorded(mp, registry.check_list, "append", 1, list_to_scheme(range(n)))
    with pytest.MonkeyPatch.context() as mp:
        replay = recorded(mp, lists.walk_charges, n)
    assert replay == walk


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 3000), tail=st.sampled_from([NIL, 7, "end"]))
def test_long_append_copies_the_list_onto_the_tail(n, tail):
    lst = list_to_scheme(range(n))
    tail = list_to_scheme(["x"]) if tail == "end" else tail
    copy, count = copy_onto(lst, tail)
    assert count == n
    p, q, k = copy, lst, 0
    while type(q) is Pair:
        assert type(p) is Pair and p is not q and p.car == q.car
        p, q, k = p.cdr, q.cdr, k + 1
    assert k == n and p is tail


@pytest.mark.parametrize("n", [1, 5, 255, 256, 300, 1000, 5000])
def test_long_append_leaves_improper_and_circular_lists_to_the_procedure(n):
    improper = list_to_scheme(range(n), 9)
    assert copy_onto(improper, NIL) is None
    circular = list_to_scheme(range(n))
    last = circular
    while last.cdr is not NIL:
        last = last.cdr
    last.cdr = circular
    assert copy_onto(circular, NIL) is None


@pytest.mark.parametrize("n, limit", [(300, 3), (5000, 10), (5000, 25), (5000, 40), (70_000, 500), (70_000, 600)])
def test_long_append_under_a_step_limit_stops_where_the_old_walk_did(n, limit):
    """Same steps used, and the same StepLimitExceeded or value, as with the old path
    (the procedure's own way, taken when copy_onto says None)."""
    def run():
        interp = Interpreter()
        interp.eval_string(f"(define l (iota {n}))")
        interp.step_limit = limit  # (per evaluation)
        try:
            out = interp.eval_string("(length (append l '(1 2)))")
        except StepLimitExceeded:
            out = "step limit"
        return out, interp.budget.used()

    new = run()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lists, "copy_onto", lambda lst, tail: None)
        old = run()
    assert new == old


def test_long_append_errors_name_the_argument():
    interp = Interpreter()
    for text in ("(append (append (iota 500) 7) '(1))",
                 "(append (let ((l (iota 600))) (set-cdr! (list-tail l 599) l) l) '(1))"):
        with pytest.raises(SchemeError) as e:
            interp.eval_string(text)
        assert "append: argument 1 must be a list" in str(e.value)
