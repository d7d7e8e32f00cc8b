"""member and assoc with a flat list key (lists.flat_list: a chain of 1 to 32 pairs,
each car an exact number, a boolean, a symbol or a character, the last cdr '() or
such an atom too: (a b c), (x . y), (state . symbol)) compare each
element with the key by lists.same_flat_list, not by a general equal? walk: the
attic set's markov looked its chain's two-word keys up with assoc, and spent half
its time in equal? setting up its walk.

Checked here against test_flat_vectors' equal? written out the plain recursive
way, on keys near each other (a shared prefix, one item more or less, 1 and #t or
1.0 in a place) among data of every kind; and in Scheme, generated at once, tiered
and as closures: values, errors, cycles and step counts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost.datatypes import NIL, cons, new_string, sym
from schemehost.primitives import lists
from test_flat_vectors import ATOMS, DATA, FLAT_ATOMS, plain_equal, searches_find_the_first_equal
from test_typespec import same_everywhere


def scheme_list(items, tail=NIL):
    out = tail
    for x in reversed(items):
        out = cons(x, out)
    return out


def _variant(items, how, index, swap, tail=NIL):
    """A list near the key `items` ending in `tail`: a copy, one item swapped, one
    more or fewer, another tail, or a vector of the same items."""
    w = list(items)
    if how == "copy":
        return scheme_list(w, tail)
    if how == "swap":
        w[index % len(w)] = swap
        return scheme_list(w, tail)
    if how == "longer":
        return scheme_list(w + [swap], tail)
    if how == "shorter":
        return scheme_list(w[:-1], tail)
    if how == "improper":
        return scheme_list(w, swap)
    return w  # a vector


KEYS = st.lists(FLAT_ATOMS, min_size=1, max_size=6)
TAILS = st.just(NIL) | FLAT_ATOMS  # a proper list's end, or a dotted one's atom
HOW = st.sampled_from(["copy", "swap", "longer", "shorter", "improper", "vector"])


@settings(max_examples=600, deadline=None)
@given(items=KEYS, tail=TAILS, how=HOW, index=st.integers(0, 5), swap=ATOMS)
def test_same_flat_list_is_equal_and_charges_nothing(items, tail, how, index, swap):
    key = scheme_list(items, tail)
    assert lists.flat_list(key) == (tuple(items), tail)
    other = _variant(items, how, index, swap, tail)
    charges = []
    real_charge = lists.charge
    lists.charge = charges.append
    try:
        got = lists.same_flat_list((tuple(items), tail), other)
    finally:
        lists.charge = real_charge
    assert got is plain_equal(key, other) is lists.equal(key, other)
    assert charges == []


def test_items_equal_by_python_but_not_by_eqv_make_the_lists_differ():
    for a, b in [([1], [True]), ([1], [1.0]), ([0], [0.0]), ([1, True], [True, 1]), ([Fraction(1, 2)], [0.5]),
                 ([1], [1 + 0j]), ([0], [False]), ([sym("a")], [new_string("a")])]:
        items = lists.flat_list(scheme_list(a))
        assert items == (tuple(a), NIL)
        assert lists.same_flat_list(items, scheme_list(b)) is False, (a, b)
        assert lists.equal(scheme_list(a), scheme_list(b)) is False
        # and as the last cdr of a dotted pair
        dotted = lists.flat_list(cons(sym("k"), a[0]))
        assert dotted == ((sym("k"),), a[0])
        assert lists.same_flat_list(dotted, cons(sym("k"), b[0])) is False
        assert lists.equal(cons(sym("k"), a[0]), cons(sym("k"), b[0])) is False


def test_what_is_not_a_flat_list():
    assert lists.flat_list(scheme_list([1, sym("a"), True, Fraction(1, 3)])) == ((1, sym("a"), True, Fraction(1, 3)), NIL)
    assert lists.flat_list(NIL) is None  # (an atom: eq? finds it)
    assert lists.flat_list(scheme_list([1.0])) is None  # (0.0 == -0.0, and NaN: eqv? is not ==)
    assert lists.flat_list(scheme_list([new_string("a")])) is None
    assert lists.flat_list(scheme_list([scheme_list([1])])) is None
    assert lists.flat_list(scheme_list([[1]])) is None
    assert lists.flat_list(scheme_list([1, 2], 3)) == ((1, 2), 3)
    assert lists.flat_list(cons(sym("q0"), sym("blank"))) == ((sym("q0"),), sym("blank"))
    assert lists.flat_list(cons(1, 2.0)) is None  # (a float at the end as in a car)
    assert lists.flat_list(cons(1, new_string("a"))) is None
    assert lists.flat_list(cons(1, [1])) is None
    assert lists.flat_list(scheme_list(list(range(32)))) == (tuple(range(32)), NIL)
    assert lists.flat_list(scheme_list(list(range(32)), 32)) == (tuple(range(32)), 32)
    assert lists.flat_list(scheme_list(list(range(33)))) is None
    loop = scheme_list([1, 2])
    loop.cdr.cdr = loop
    assert lists.flat_list(loop) is None


@settings(max_examples=400, deadline=None)
@given(items=KEYS, tail=TAILS, others=st.lists(st.tuples(HOW, st.integers(0, 5), ATOMS, TAILS)
                                                | DATA.map(lambda d: (d,)), max_size=12),
       at=st.integers(0, 12), plant=st.booleans())
def test_member_and_assoc_with_a_flat_list_find_what_the_plain_walk_finds(items, tail, others, at, plant):
    keys = [_variant(items, *o) if len(o) == 4 else o[0] for o in others]
    if plant:
        keys.insert(at % (len(keys) + 1), scheme_list(items, tail))
    key = scheme_list(items, tail)
    assert lists._key_kind(key, lists.equal) == 6
    searches_find_the_first_equal(key, keys)


@pytest.mark.parametrize("program, expected", [
    # A chain of word pairs, as markov keeps it: the pair's entry, then a miss.
    ("(define (f k c) (assoc k c)) (define c '(((this is) the) ((is the) house) ((the house) that)))"
     " (list (f (list 'is 'the) c) (f '(the this) c) (member '(is the) (map car c)))",
     "(((is the) house) #f ((is the) (the house)))"),
    # 1 and #t, 1 and 1.0, a symbol and a string, a longer list, a vector: never equal?.
    ("(define (f x l) (list (member x l) (assoc x (map (lambda (k) (cons k 'v)) l))))"
     " (f (list 1 'a) (list (list #t 'a) (list 1.0 'a) (list 1 \"a\") (list 1 'a 2) (vector 1 'a) (cons 1 'a)"
     " (list 1 'a)))",
     "(((1 a)) ((1 a) . v))"),
    # Dotted keys, (state . symbol) and (x . y): a longer chain, another last cdr, 1.0 or #t
    # for 1, a proper list of the same atoms: never equal?.
    ("(define (f k c) (assoc k c)) (define c (list (cons (cons 'q0 'a) 1) (cons (cons 'q0 'b) 2)"
     " (cons (list 'q0 'b) 3) (cons (cons 'q1 'b) 4)))"
     " (list (f (cons 'q0 'b) c) (f (cons 'q1 'b) c) (f (cons 'q1 'a) c) (f (list 'q0 'b) c))",
     "(((q0 . b) . 2) ((q1 . b) . 4) #f ((q0 b) . 3))"),
    ("(define (f x l) (member x l)) (define l (list (cons 1 2.0) (cons 1 #t) (list 1 2) (cons 1 (cons 2 3))"
     " (cons 1 2) (cons 1 2)))"
     " (list (length (f (cons 1 2) l)) (f (cons 1 3) l) (length (f (cons 1 (cons 2 3)) l)))",
     "(2 #f 3)"),
    ("(define (f x l) (assoc x l)) (define l (map (lambda (i) (cons (cons 'k i) i)) (iota 3000)))"
     " (list (f (cons 'k 2999) l) (f (cons 'k 3000) l))", "(((k . 2999) . 2999) #f)"),
    # Not an association list: the procedure's error, after the entries before it.
    ("(define (f x l) (assoc x l)) (f (list 1) (list (cons (list 2) 0) 5))", "ERROR"),
    ("(define (f x l) (member x l)) (f (list 1) (cons (list 2) 5))", "ERROR"),
    # A circular list: the procedure finds the cycle.
    ("(define (f x l) (member x l)) (define c (list (list 2) (list 3))) (set-cdr! (cdr c) c) (f (list 1) c)",
     "ERROR"),
    ("(define (f x l) (assoc x l)) (define c (list (list (list 2)) (list (list 3)))) (set-cdr! (cdr c) c)"
     " (f (list 1) c)", "ERROR"),
    # A long list is charged the pairs it passes: the same steps everywhere, the limit reached alike.
    ("(define (f x l) (assoc x l)) (define l (map (lambda (i) (cons (list 'k i) i)) (iota 3000)))"
     " (list (f (list 'k 2999) l) (f (list 'x) l))", "(((k 2999) . 2999) #f)"),
])
def test_flat_list_searches_keep_values_errors_and_steps_everywhere(program, expected):
    result = same_everywhere(program, step_limit=40_000)[0]
    if expected == "ERROR":
        assert result.startswith("ERROR") and "Traceback" not in result, result
    else:
        assert result == expected, result
