"""equal?, member and assoc on a flat vector (lists.flat_vector: under 255 slots,
each an exact number, a boolean, a symbol or a character) compare it by Python's
list == in C and a check of the slots' types (lists.same_flat), not slot by slot
in Python: the vault set's anagrams looked letter-count vectors up with assoc.

Checked here against an equal? written out the plain recursive way, on data
mixing every kind of atom that == and eqv? treat differently (1 and #t, 1 and
1.0, 0.0 and -0.0, NaN) with strings, pairs and nested vectors; and in Scheme,
generated at once, tiered and as closures: values, errors and step counts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost.datatypes import NIL, Char, cons, new_string, sym
from schemehost.primitives import lists
from test_typespec import same_everywhere


def plain_equal(a, b) -> bool:
    """equal? as R7RS words it, for acyclic data: eqv? on atoms, else the same
    kind of structure with equal? parts."""
    if type(a) is not type(b):
        return False
    if type(a) is lists.Pair:
        return plain_equal(a.car, b.car) and plain_equal(a.cdr, b.cdr)
    if type(a) is list:
        return len(a) == len(b) and all(plain_equal(x, y) for x, y in zip(a, b))
    if type(a) is lists.MString:
        return a.s == b.s
    if type(a) is bytearray:
        return a == b
    return lists.eqv(a, b)


NAN = float("nan")
ATOMS = st.sampled_from([0, 1, 2, -1, 2**70, 2**70 + 1, True, False, 1.0, 0.0, -0.0, NAN, Fraction(1, 2),
                         Fraction(-1, 2), 1 + 0j, sym("a"), sym("b"), Char.of("a"), Char.of("b"),
                         NIL])
FLAT_ATOMS = st.sampled_from([0, 1, 2, 2**70, True, False, Fraction(1, 2), sym("a"), sym("b"), Char.of("a")])
STRINGS = st.text("ab", max_size=3).map(new_string)
DATA = st.recursive(ATOMS | STRINGS,
                    lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner).map(lambda p: cons(*p)),
                    max_leaves=30)


def _near(v, draw_index, swap):
    """A copy of flat vector v with one slot replaced (by an atom == to it or not)."""
    w = list(v)
    if w:
        w[draw_index % len(w)] = swap
    return w


@settings(max_examples=600, deadline=None)
@given(v=st.lists(FLAT_ATOMS, max_size=8), other=DATA, index=st.integers(0, 7), swap=ATOMS,
       how=st.sampled_from(["copy", "near", "other", "longer"]))
def test_equal_on_a_flat_vector_agrees_with_the_plain_walk_and_charges_nothing(v, other, index, swap, how):
    assert lists.flat_vector(v)
    b = {"copy": lambda: list(v), "near": lambda: _near(v, index, swap), "other": lambda: other,
         "longer": lambda: v + [swap]}[how]()
    charges = []
    real_charge = lists.charge
    lists.charge = charges.append
    try:
        got = (lists.equal(v, b), lists.equal(b, v) if type(b) is not list or lists.flat_vector(b) else None,
               lists.quick_equal(v, b))
    finally:
        lists.charge = real_charge
    want = plain_equal(v, b)
    assert got[0] is want and got[2] is want
    assert got[1] in (None, want)
    assert charges == []


def test_slots_equal_by_python_but_not_by_eqv_make_the_vectors_differ():
    for a, b in [([1], [True]), ([1], [1.0]), ([0], [0.0]), ([1, True], [True, 1]), ([Fraction(1, 2)], [0.5]),
                 ([1], [1 + 0j]), ([0], [False])]:
        assert lists.flat_vector(a)
        assert lists.equal(a, b) is False and lists.equal(b, a) is False, (a, b)
        assert lists.quick_equal(a, b) is False


def test_what_is_not_a_flat_vector():
    assert lists.flat_vector([1, sym("a"), True, Fraction(1, 3)])
    assert not lists.flat_vector([1.0])  # (0.0 == -0.0, and NaN: eqv? is not ==)
    assert not lists.flat_vector([new_string("a")])
    assert not lists.flat_vector([[1]])
    assert not lists.flat_vector(list(range(255)))
    assert lists.flat_vector(list(range(254)))
    assert not lists.flat_vector(cons(1, NIL))


def _position(found, chain, entry):
    """Where `found` (a pair of `chain`, or with `entry` the car of one) is in it, or None."""
    i, p = 0, chain
    while p is not NIL:
        if (p.car if entry else p) is found:
            return i
        p, i = p.cdr, i + 1
    return None


def searches_find_the_first_equal(key, keys):
    """member and assoc (the procedures' scans and the quick walks of generated code)
    find key where the plain equal? first finds it among `keys`, or nowhere."""
    members = NIL
    alist = NIL
    for k in reversed(keys):
        members = cons(k, members)
        alist = cons(cons(k, sym("v")), alist)
    want = next((i for i, k in enumerate(keys) if plain_equal(key, k)), None)
    for found in (lists.member_scan("member", key, members, lists.equal), lists.quick_member(key, members, lists.equal)):
        assert (found is False and want is None) or _position(found, members, False) == want
    for found in (lists.assoc_scan("assoc", key, alist, lists.equal), lists.quick_assoc(key, alist, lists.equal)):
        assert (found is False and want is None) or _position(found, alist, True) == want


@settings(max_examples=300, deadline=None)
@given(key=st.lists(FLAT_ATOMS, max_size=5), keys=st.lists(DATA, max_size=12), at=st.integers(0, 12),
       plant=st.booleans())
def test_member_and_assoc_with_a_flat_vector_find_what_the_plain_walk_finds(key, keys, at, plant):
    if plant:
        keys.insert(at % (len(keys) + 1), list(key))
    searches_find_the_first_equal(key, keys)


@pytest.mark.parametrize("program, expected", [
    # Groups by letter counts, as anagrams does: the third word joins the first's group.
    ("(define (counts w) (let ((v (make-vector 3 0))) (string-for-each (lambda (c)"
     " (let ((k (- (char->integer c) 97))) (vector-set! v k (+ 1 (vector-ref v k))))) w) v))"
     " (define (find w groups) (assoc (counts w) groups))"
     " (let ((g (list (list (counts \"abc\") \"abc\") (list (counts \"aab\") \"aab\"))))"
     "   (list (find \"cab\" g) (find \"abb\" g) (member (counts \"aba\") (map car g))))",
     '((#(1 1 1) "abc") #f (#(2 1 0)))'),
    # 1 and #t, 1 and 1.0, a symbol and a string: never equal?.
    ("(define (f x l) (list (member x l) (assoc x (map (lambda (k) (cons k 'v)) l))))"
     " (f (vector 1 'a) (list (vector #t 'a) (vector 1.0 'a) (vector 1 \"a\") (vector 1 'a 2) (vector 1 'a)))",
     "((#(1 a)) (#(1 a) . v))"),
    # Not an association list: the procedure's error, after the entries before it.
    ("(define (f x l) (assoc x l)) (f (vector 1) (list (cons (vector 2) 0) 5))", "ERROR"),
    ("(define (f x l) (member x l)) (f (vector 1) (cons (vector 2) 5))", "ERROR"),
    # A circular list: the procedure finds the cycle.
    ("(define (f x l) (member x l)) (define c (list (vector 2) (vector 3))) (set-cdr! (cdr c) c) (f (vector 1) c)",
     "ERROR"),
    # A long list is charged the pairs it passes: the same steps everywhere, the limit reached alike.
    ("(define (f x l) (assoc x l)) (define l (map (lambda (i) (cons (vector i) i)) (iota 3000)))"
     " (list (f (vector 2999) l) (f (vector 'x) l))", "((#(2999) . 2999) #f)"),
])
def test_flat_vector_searches_keep_values_errors_and_steps_everywhere(program, expected):
    result = same_everywhere(program, step_limit=40_000)[0]
    if expected is None:
        assert result.startswith("ERROR") and "step" in result, result
    elif expected == "ERROR":
        assert result.startswith("ERROR") and "Traceback" not in result, result
    else:
        assert result == expected, result


@pytest.mark.parametrize("make", ["vector", "list"])  # (a flat list: test_flat_lists.py)
@pytest.mark.parametrize("search", ["member", "assoc"])
def test_a_long_search_for_a_flat_vector_is_charged_as_any_other_search(search, make):
    """The pairs passed are charged as for a key compared by the procedure's own walk
    (a vector or list holding a string is not flat): the same steps, more than none."""
    made = (f"(define (f x l) ({search} x l)) (define l (map (lambda (i) (list ({make} i))) (iota 20000)))"
            " (define n (length l)) ")
    if search == "member":
        made += "(set! l (map car l)) "
    _, _, before = same_everywhere(made, step_limit=None)
    flat = same_everywhere(made + f"(f ({make} 'x) l)", step_limit=None)
    walked = same_everywhere(made + f"(f ({make} \"x\") l)", step_limit=None)
    assert flat[0] == walked[0] == "#f"
    assert flat[2] == walked[2] > before
