"""memv, member, assv and assoc with a key generated code finds an exact integer
(inline.SEARCHES): lists.quick_member_integer / quick_assoc_integer, the walk
quick_member and quick_assoc take for such a key without their tests of the
key's type and of the comparison.

exact-cover's `(memv item row)` over rows of a few numbers spent a quarter of
its time in quick_member, much of it in those tests.  These tests pin that
the integer walks answer as quick_member and quick_assoc do for eqv? and
equal? on every list (the same pairs passed before NOPE; floats, bools and
big integers among the elements), that generated code takes them only for an
exact integer key, and that every mode gives the same values, errors and steps.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost.datatypes import NIL, Char, Symbol, cons, new_string
from schemehost.primitives.lists import NOPE, equal, eqv, quick_assoc, quick_assoc_integer, quick_member, quick_member_integer
from test_identity_searches import _chain
from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode, run

KEYS = [0, 1, 7, -7, 2**70]
# Elements that are not an exact integer equal to a key: a float equal to one, a
# bool (True == 1 in Python), a ratio's neighbour, a string, a character, a symbol.
OTHERS = [1.0, 7.0, True, False, 8, new_string("7"), Char.of("7"), Symbol.intern("x"), NIL]

elements = st.sampled_from(KEYS + OTHERS)
entries = st.one_of(elements.map(lambda k: cons(k, 0)), elements)


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(KEYS), head=st.lists(elements, max_size=6), filler=st.integers(0, 300),
       found=st.booleans(), tail=st.sampled_from([NIL, 5]), same=st.sampled_from([eqv, equal]))
def test_integer_member_answers_as_quick_member(key, head, filler, found, tail, same):
    """Also past 255 pairs (filler), where both give NOPE at the same pair."""
    lst = _chain(head + [3] * filler + ([key] if found else []), tail)
    assert quick_member_integer(key, lst) is quick_member(key, lst, same)


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(KEYS), head=st.lists(entries, max_size=6), filler=st.integers(0, 300),
       tail=st.sampled_from([NIL, 5]), same=st.sampled_from([eqv, equal]))
def test_integer_assoc_answers_as_quick_assoc(key, head, filler, tail, same):
    alist = _chain(head + [cons(3, filler)] * filler + [cons(key, 1)], tail)
    assert quick_assoc_integer(key, alist) is quick_assoc(key, alist, same)


PROGRAMS = {
    "rows of numbers searched by memv and member, a table by assv and assoc": """
(define rows '((1 2 3) (4 5) (6 7 8 9) (2 4 6 8)))
(define table '((1 . one) (2 . two) (3 . three) (100000000000000000000000 . big)))
(define (holding item) (let loop ((rs rows) (n 0)) (if (null? rs) n (loop (cdr rs) (if (memv item (car rs)) (+ n 1) n)))))
(define (named k) (let ((e (assv k table))) (if e (cdr e) 'none)))
(define (find k) (let ((e (assoc k table))) (and e (cdr e))))
(list (map holding '(1 2 4 8 10 2.0)) (map named (list 1 3 4 2.0 (expt 10 23)))
      (member 5 '(4 5 6)) (member 5 '(4 5.0 6)) (find 2) (find 'x) (memv 1 '(#t 1)))
""",
    "memv redefined while a loop calls it, and a bad list": """
(define (run n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (begin (if (= i 2) (set! memv (lambda (x l) 'mine)))
               (loop (+ i 1) (cons (memv i '(0 1 2 3)) acc))))))
(define (bad) (guard (e ((error-object? e) (error-object-message e))) (assv 1 '((0 . a) 1))))
(list (bad) (run 4))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 300])
def test_integer_searches_every_mode_same(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_integer_searches_values_and_text():
    """Worked by hand: 1 is in one row, 2 in two, 4 in two, 8 in two, 10 in none, 2.0 in
    none (eqv? of an exact and an inexact number is #f); the table's names; member's
    tails; the redefined memv's 'mine from the third call."""
    expected = "((1 2 2 2 0 0) (one three none none big) (5 6) #f two #f (1))"
    assert run(PROGRAMS["rows of numbers searched by memv and member, a table by assv and assoc"], True, 2, None)[0] \
        == expected
    assert run(PROGRAMS["memv redefined while a loop calls it, and a bad list"], True, 2, None)[0].endswith(
        "((0 1 2 3) (1 2 3) mine mine))")
    text, s = generated_sources("(define (f k l) (list (memv k l) (assv k l)))")
    assert "QUICK_MEMBER_INTEGER(v1_k, v1_l) if v1_k.__class__ is int" in text
    assert "QUICK_ASSOC_INTEGER(v1_k, v1_l) if v1_k.__class__ is int" in text
