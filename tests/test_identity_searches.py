"""Searches for a key the program's text gives as a symbol (inline.IDENTITY_SEARCHES).

room-booking and alist-db read every field of a record kept as an
association list through `(define (get m key) (cdr (assq key m)))`, and
spent a third of their time in lists.quick_assoc, which tests the key's
type before it walks.  Where the key is a quoted symbol (in the call, or
the operand of a small procedure written in line at its caller), the
generated code calls quick_assoc_identity / quick_member_identity: the
same walk without those tests (eq?, eqv? and equal? all compare a symbol
by identity).  These tests pin that its answer is quick_assoc's /
quick_member's for every list (the same pairs passed before NOPE), that
generated code uses it where the key is such a symbol and only there,
and that every mode gives the same values, errors and steps.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost.datatypes import NIL, Char, Symbol, cons, new_string
from schemehost.primitives.lists import (NOPE, eq, equal, eqv, quick_assoc, quick_assoc_identity, quick_member,
                                         quick_member_identity)
from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode

SYMBOLS = [Symbol.intern(name) for name in ("a", "b", "c")]
# What an element or entry's key can be besides a symbol: other values that
# are not the key (a string of the same name, a character, a number, '()).
OTHERS = [new_string("a"), Char.of("a"), 1, NIL, True]


def _chain(items, tail):
    out = tail
    for item in reversed(items):
        out = cons(item, out)
    return out


keys = st.sampled_from(SYMBOLS + OTHERS)
entries = st.one_of(keys.map(lambda k: cons(k, 0)), keys)  # a pair, or an element that is not one


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(SYMBOLS), head=st.lists(keys, max_size=6), filler=st.integers(0, 300),
       tail=st.sampled_from([NIL, 5, Symbol.intern("z")]), same=st.sampled_from([eq, eqv, equal]))
def test_identity_member_answers_as_quick_member(key, head, filler, tail, same):
    """Also past 255 pairs (filler), where both give NOPE at the same pair."""
    lst = _chain(head + [SYMBOLS[1]] * filler + [key], tail)
    assert quick_member_identity(key, lst) is quick_member(key, lst, same)


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(SYMBOLS), head=st.lists(entries, max_size=6), filler=st.integers(0, 300),
       tail=st.sampled_from([NIL, 5]), same=st.sampled_from([eq, eqv, equal]))
def test_identity_assoc_answers_as_quick_assoc(key, head, filler, tail, same):
    filled = head + [cons(SYMBOLS[2] if key is not SYMBOLS[2] else SYMBOLS[0], filler)] * filler
    alist = _chain(filled + [cons(key, 1)], tail)
    assert quick_assoc_identity(key, alist) is quick_assoc(key, alist, same)


@pytest.mark.parametrize("n", [0, 1, 3, 4, 5, 254, 255, 256, 257])
def test_identity_searches_at_the_quick_walks_bound(n):
    """The match as the (n+1)th pair: found within 256 pairs, NOPE past them."""
    a, b = SYMBOLS[:2]
    lst = _chain([b] * n + [a], NIL)
    alist = _chain([cons(b, 0)] * n + [cons(a, 1)], NIL)
    expected_member = NOPE if n >= 256 else quick_member(a, lst, eq)
    assert expected_member is not False
    assert quick_member_identity(a, lst) is expected_member
    assert quick_assoc_identity(a, alist) is quick_assoc(a, alist, eq)
    assert (quick_assoc_identity(a, alist) is NOPE) == (n >= 256)
    # a miss: #f within the bound
    assert quick_member_identity(Symbol.intern("q"), lst) is (False if n < 255 else NOPE)


GET = "(define (get m key) (cdr (assq key m)))\n"


def test_identity_searches_written_for_a_quoted_symbol_in_the_call_or_the_callee():
    text, s = generated_sources(GET + "(define (from m) (get m 'from))"
                                "(define (has? l) (if (memv 'x l) #t #f))"
                                "(define (find k m) (assq k m))")
    assert text.count("QUICK_ASSOC_IDENTITY(") == 1  # get written in line in `from`, the key 'from
    assert text.count("QUICK_MEMBER_IDENTITY(") == 1
    assert "QUICK_ASSOC(" in text  # find's key a variable, and get's own
    assert s.show("(list (from '((to . 1) (from . 2))) (has? '(a x)) (has? '()) (find 'b '((b . 3))))") \
        == "(2 #t #f (b . 3))"


def test_identity_searches_not_for_a_key_of_another_type():
    text, _ = generated_sources('(define (f l) (list (assoc "a" l) (memv 1 l) (assq #\\a l)))')
    assert "IDENTITY" not in text


SETUP = """
(define circ (list 'a 'b 'c)) (set-cdr! (cddr circ) circ)
(define long (append (make-list 300 'w) '(x)))
(define along (map (lambda (k) (cons k 1)) long))
(define (get m key) (cdr (assq key m)))
"""
PROGRAMS = {
    "fields": "(define (f m) (+ (get m 'a) (get m 'b))) (list (f '((a . 1) (b . 2))) (f '((b . 5) (a . 7) (c . 0))))",
    "missing field": "(define (f m) (get m 'z)) (f '((a . 1)))",
    "not an alist": "(define (f m) (get m 'b)) (f '((a . 1) 2 (b . 3)))",
    "improper": "(define (f l) (list (memq 'z l) (assq 'z '((a . 1) . 4)))) (f '(a b . c))",
    "not a list": "(define (f l) (assv 'a l)) (f 5)",
    "circular": "(define (f l) (list (car (memq 'c l)) (memq 'q l))) (f circ)",
    "long": "(define (f) (list (memq 'x long) (assq 'x along) (member 'q long))) (f)",
    "equal? of a symbol": "(define (f l) (list (member 'b l) (assoc 'b (map list l)))) (f '(\"b\" #\\b b))",
    "redefined assq": GET + "(define (f m) (get m 'a)) (define r (f '((a . 1)))) (set! assq (lambda (k m) '(k . 9)))"
                            " (list r (f '((a . 1))))",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 40])
def test_identity_searches_every_mode_same(name, step_limit):
    assert_same_in_every_mode(SETUP + PROGRAMS[name], step_limit)
