"""`+` of more than two exact integers is added in `+`'s entry (primitives/numbers.py `_fold`'s).

(apply + row) and (+ a b c d) went through the general loop of `+`, a type
test, two charge tests and a `try` per argument: dates spent a quarter of its
time there, list-matrix a sixth.  A call whose arguments are all exact integers
(bool is not: #t is no number) then added them by Python's sum, after a set of
their types (session 37: dates still spent a sixth of its time in that test);
now the entry adds them as it tests each.  These tests pin that the
value is the loop's, that anything else still takes the loop (its errors name
the argument, rationals and floats keep their exactness rules, a float sum is
added left to right), and that the integer path is the one taken.
"""

from __future__ import annotations

import functools
import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost import SchemehostError
from schemehost.primitives import numbers

PLUS = numbers.add.fn if hasattr(numbers.add, "fn") else numbers.add


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=-(10**40), max_value=10**40), min_size=3, max_size=40))
def test_sum_of_integers_is_the_left_fold(args):
    value = PLUS(*args)
    assert type(value) is int and value == functools.reduce(operator.add, args)


def test_sum_of_integers_leaves_the_general_loop_only_for_exact_integers(monkeypatch):
    # `+`'s entry is written per operator (numbers._FOLD_ENTRY): the first two
    # arguments are named, the rest added by the entry while each is an exact
    # integer; anything else goes to the general loop of its own namespace.
    calls = []
    general = PLUS.__globals__["general"]
    monkeypatch.setitem(PLUS.__globals__, "general", lambda a, b, rest: calls.append(len(rest)) or general(a, b, rest))
    assert PLUS(1, 2, 3, 4) == 10 and PLUS(1, 2) == 3 and PLUS(5, -2, 10**30, 7) == 10**30 + 10 and calls == []
    assert PLUS(1, 2, 0.5) == 3.5 and PLUS(1, 2, 4, Fraction(1, 2)) == Fraction(15, 2) and calls == [1, 2]
    assert PLUS(0.5, 1, 2) == 3.5 and PLUS(1, 0.5, 2) == 3.5 and calls == [1, 2, 1, 1]


@pytest.mark.parametrize("args, position", [((1, 2, True), 3), ((True, 1, 2), 1), ((1, "a", 2, 3), 2)])
def test_sum_of_integers_other_arguments_keep_the_loops_errors(args, position):
    with pytest.raises(SchemehostError) as info:
        PLUS(*args)
    assert f"argument {position} must be a number" in str(info.value)


def test_sum_of_integers_floats_are_added_left_to_right():
    args = (1e16, 1.0, -1e16, 1.0, 1.0)
    assert PLUS(*args) == functools.reduce(operator.add, args)
