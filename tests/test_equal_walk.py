"""equal? walks a list along its cdrs, an atom in a car compared where it is,
and remembers the pairs it compares only once it has gone into many
structures through cars or found a cycle along the cdrs (session 19)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session
from schemehost.datatypes import NIL, Char, MString, Pair, Symbol, cons, new_string
from schemehost.primitives.lists import equal

# Circular structures, with what equal? must answer: the same infinite unfolding or not.
CYCLES = [
    ("(let ((a (list 1 2)) (b (list 1 2))) (set-cdr! (cdr a) a) (set-cdr! (cdr b) b) (equal? a b))", "#t"),
    # (1 2 1 2 ...) both, with periods 2 and 4
    ("(let ((a (list 1 2)) (b (list 1 2 1 2))) (set-cdr! (cdr a) a) (set-cdr! (cdddr b) b) (equal? a b))", "#t"),
    ("(let ((a (list 1 2)) (b (list 1 3))) (set-cdr! (cdr a) a) (set-cdr! (cdr b) b) (equal? a b))", "#f"),
    ("(let ((a (list 1)) (b (list 1))) (set-car! a a) (set-car! b b) (equal? a b))", "#t"),
    ("(let ((a (vector 1 2)) (b (vector 1 2))) (vector-set! a 0 a) (vector-set! b 0 b) (equal? a b))", "#t"),
    # a 5000-pair cycle against the same one, and against one starting a pair later (0 1 2 ... vs 1 2 ...)
    ("(let ((a (iota 5000)) (b (iota 5000))) (set-cdr! (last-pair a) a) (set-cdr! (last-pair b) b) (equal? a b))",
     "#t"),
    ("(let ((a (iota 5000)) (b (iota 5000))) (set-cdr! (last-pair a) a) (set-cdr! (last-pair b) (cdr b)) "
     "(equal? a b))", "#f"),
    # the same with symbols, which are one object in both lists (a run of pairs taken together)
    ("(let ((a (map (lambda (i) (if (odd? i) 'x 'y)) (iota 5000))) (b (map (lambda (i) (if (odd? i) 'x 'y)) "
     "(iota 5000)))) (set-cdr! (last-pair a) a) (set-cdr! (last-pair b) b) (equal? a b))", "#t"),
    ("(let ((a (map (lambda (i) (if (odd? i) 'x 'y)) (iota 5000))) (b (map (lambda (i) (if (odd? i) 'x 'y)) "
     "(iota 5000)))) (set-cdr! (last-pair a) a) (set-cdr! (last-pair b) (cddr b)) (equal? a b))", "#t"),
    ("(let ((a (map (lambda (i) (if (odd? i) 'x 'y)) (iota 5000))) (b (map (lambda (i) (if (odd? i) 'x 'y)) "
     "(iota 5001)))) (set-cdr! (last-pair a) a) (set-cdr! (last-pair b) b) (equal? a b))", "#f"),
    # a cycle through a car and one through the cdrs, each side its own
    ("(let ((a (list 1 2 3)) (b (list 1 2 3))) (set-car! (cdr a) a) (set-car! (cdr b) b) (set-cdr! (cddr a) a) "
     "(set-cdr! (cddr b) b) (equal? a b))", "#t"),
    # 3,000 structures nested through cars, no cycle: past the point where pairs are remembered
    ("(let loop ((i 0) (a '()) (b '())) (if (= i 3000) (equal? a b) (loop (+ i 1) (cons a (list i)) "
     "(cons b (list i)))))", "#t"),
    ("(let loop ((i 0) (a '()) (b '())) (if (= i 3000) (equal? a b) (loop (+ i 1) (cons a (list i)) "
     "(cons b (list (if (= i 7) 'x i))))))", "#f"),
]


@pytest.mark.parametrize("program, expected", CYCLES)
def test_equal_ends_on_circular_and_deep_structures_with_the_right_answer(program, expected):
    assert Session().show(program) == expected


def _python_equal(a, b) -> bool:
    """A reference for acyclic values: the same shape, eqv? atoms, equal texts."""
    if type(a) is not type(b):
        return False
    if type(a) is Pair:
        return _python_equal(a.car, b.car) and _python_equal(a.cdr, b.cdr)
    if type(a) is list:
        return len(a) == len(b) and all(_python_equal(x, y) for x, y in zip(a, b))
    if type(a) is MString:
        return a.s == b.s
    if type(a) is float:
        return str(a) == str(b)
    return a is b or a == b


_ATOMS = st.one_of(
    st.integers(-3, 3), st.sampled_from([0.0, -0.0, 1.5]), st.sampled_from(["a", "b"]).map(Symbol.intern),
    st.sampled_from("xy").map(Char.of), st.sampled_from(["", "s"]).map(new_string), st.just(NIL), st.booleans(),
)


def _to_pairs(items, tail=NIL):
    out = tail
    for x in reversed(items):
        out = cons(x, out)
    return out


_VALUES = st.recursive(_ATOMS, lambda inner: st.one_of(
    st.lists(inner, max_size=5).map(_to_pairs),
    st.tuples(st.lists(inner, min_size=1, max_size=3), inner).map(lambda t: _to_pairs(*t)),
    st.lists(inner, max_size=3),
), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(a=_VALUES, b=_VALUES)
def test_equal_agrees_with_a_plain_recursive_comparison(a, b):
    Session()  # (a running interpreter for the charges)
    assert equal(a, b) == _python_equal(a, b)
    assert equal(a, a) is True


def test_a_long_proper_list_is_compared_without_remembering_its_pairs():
    """Two lists of 20,000 symbols: one step per 256 pairs, nothing for remembering."""
    s = Session(step_limit=10**9)
    s.eval("(define a (map (lambda (i) (if (odd? i) 'x 'y)) (iota 20000))) (define b (list-copy a))")
    before = s.interp.budget.total_used()
    assert s.show("(equal? a b)") == "#t"
    assert s.interp.budget.total_used() - before == 20000 // 256


def _charges_of_a_spine(steps: int) -> list[int]:
    """What equal? charges for a walk of `steps` pairs along two lists' cdrs: a batch of
    4097 each time it has passed more than 4096 since the last, the rest if 256 or more."""
    out = []
    charged = 0
    for i in range(1, steps + 1):
        if i - charged > 4096:
            out.append(i - charged)
            charged = i
    if steps - charged >= 256:
        out.append(steps - charged)
    return out


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 14000), cut=st.integers(0, 14000), how=st.sampled_from(["same", "differ", "longer", "shared"]),
       cars=st.sampled_from(["symbols", "big", "mixed"]))
def test_long_flat_lists_charge_one_step_per_pair_passed(n, cut, how, cars):
    """Two lists of atoms compared along their cdrs: the pairs passed are each one step,
    charged in the batches equal? takes, wherever they differ (a car, a length, a tail
    the two share), and whether their cars are one object in both (symbols) or only
    eqv? (integers too large to be one object)."""
    from schemehost.primitives import lists

    def car(i):
        if cars == "symbols" or (cars == "mixed" and i % 3):
            return Symbol.intern("s" if i % 2 else "t")
        return 10**30 + i  # (a new object each time)

    cut = cut % n
    a_items = [car(i) for i in range(n)]
    b_items = [car(i) for i in range(n)]
    tail = NIL
    if how == "differ":
        b_items[cut] = Symbol.intern("other")
        steps = cut + 1
    elif how == "longer":
        b_items.append(car(n))
        steps = n  # (b's last pair then meets a's '(): a difference of type, not a pair passed)
    elif how == "shared":
        tail = _to_pairs([car(i) for i in range(cut)])
        steps = n
    else:
        steps = n
    a = _to_pairs(a_items, tail)
    b = _to_pairs(b_items, tail)
    charges = []
    real_charge = lists.charge
    lists.charge = charges.append
    try:
        got = equal(a, b)
    finally:
        lists.charge = real_charge
    assert got is (how in ("same", "shared"))
    assert charges == _charges_of_a_spine(steps)


def _cycle(items, back):
    """A list of `items` whose last cdr points `back` pairs from its end (a cycle of that period)."""
    head = _to_pairs(items)
    pairs = []
    p = head
    while p is not NIL:
        pairs.append(p)
        p = p.cdr
    pairs[-1].cdr = pairs[len(pairs) - back]
    return head


@settings(max_examples=120, deadline=None)
@given(period=st.integers(1, 3000), lead=st.integers(0, 300), shift=st.integers(0, 2), other=st.integers(0, 3),
       cars=st.sampled_from(["symbols", "big", "mixed", "nested"]))
def test_runs_of_one_car_answer_and_charge_as_the_plain_loop_on_cycles(period, lead, shift, other, cars):
    """The run of pairs with one object for car (lists._SPINE_RUNS) against equal?'s loop
    without it, on two circular lists (periods a pair apart or the same, a lead before the
    cycle, cars that are one object, only eqv?, or lists): the same answer, the same charges."""
    from schemehost.primitives import lists

    def car(i):
        if cars == "symbols" or (cars in ("mixed", "nested") and i % 3):
            return Symbol.intern("abc"[i % 3])
        if cars == "nested":
            return _to_pairs([Symbol.intern("n"), i % 5])
        return 10**30 + i % 7

    size = lead + period
    a = _cycle([car(i) for i in range(size)], period)
    b = _cycle([car(i) for i in range(size + other)], period + other)
    if shift:
        b = b.cdr if shift == 1 else cons(car(0), b)
    results = []
    real_charge = lists.charge
    try:
        for runs in (False, True):
            lists._SPINE_RUNS = runs
            charges = []
            lists.charge = charges.append
            results.append((equal(a, b), charges))
    finally:
        lists._SPINE_RUNS = True
        lists.charge = real_charge
    assert results[0] == results[1]
