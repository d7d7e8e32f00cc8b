"""eqv? and equal? written in line (inline.py): a symbol or a character is only
itself; anything else goes straight to the procedure's own Python function
while the global holds the standard procedure (it went through the slow
path's `apply` before: SICP 4.4's matcher compared pairs 17,000 times a run that way).

Nothing a program sees may change: values, errors, step counts, written at once,
tiered and as closures."""

from __future__ import annotations

import pytest

from test_typespec import generated_source, same_everywhere

VALUES = ["1", "2", "(expt 10 30)", "1.5", "-0.0", "0.0", "+nan.0", "1/2", "'a", "'b", "#\\a", "#\\b",
          '""', '"ab"', "(string #\\a #\\b)", "'()", "#t", "#f", "'(1 (2 \"x\") #(3))", "(list 1 (list 2 \"x\") (vector 3))",
          "(vector 1 2)", "(vector 1 2.0)"]


@pytest.mark.parametrize("name", ["eqv?", "equal?"])
def test_eqv_and_equal_in_line_agree_everywhere_on_every_pair_of_values(name):
    program = (f"(define (f a b) ({name} a b))"
               f" (define vals (list {' '.join(VALUES)}))"
               " (map (lambda (a) (map (lambda (b) (if (f a b) 1 0)) vals)) vals)")
    table = same_everywhere(program)[0]
    rows = [r.split() for r in table.strip("()").split(") (")]
    n = len(VALUES)
    assert len(rows) == n and all(len(r) == n for r in rows)
    # Worked by hand: the diagonal is all 1 but NaN's row is 1 there too (eqv? of a NaN
    # with itself); 0.0 and -0.0 differ; "" and "" are eqv? (one empty string) only
    # when the same object, equal? as texts; the two built lists and vectors are
    # equal? to their literal twins, never eqv?.
    i = VALUES.index
    assert all(rows[k][k] == "1" for k in range(n))
    assert rows[i("-0.0")][i("0.0")] == "0"
    assert rows[i("1")][i("1.5")] == "0" and rows[i("'a")][i("'b")] == "0"
    both = rows[i('"ab"')][i("(string #\\a #\\b)")]
    nested = rows[i("'(1 (2 \"x\") #(3))")][i("(list 1 (list 2 \"x\") (vector 3))")]
    if name == "equal?":
        assert both == "1" and nested == "1" and rows[i("(vector 1 2)")][i("(vector 1 2.0)")] == "0"
    else:
        assert both == "0" and nested == "0"


def test_equal_in_line_calls_the_procedures_function_not_the_slow_path():
    source = generated_source("(define (same? a b) (if (equal? a b) 'yes 'no))")
    assert "QUICK_EQUAL(v1_a, v1_b)" in source


@pytest.mark.parametrize("program, expected", [
    # A long list: the procedure charges its walk, the same steps everywhere; past the limit, the same error.
    ("(define (f a b) (equal? a b)) (define l (iota 100000)) (f l (list-copy l))", "#t"),
    ("(define (f a b) (equal? a b)) (define l (iota 2000000)) (f l (list-copy l))", None),
    # A circular list against itself and against a copy of its first turn.
    ("(define (f a b) (equal? a b)) (define c (list 1 2 3)) (set-cdr! (cddr c) c) (list (f c c) (f c (list 1 2 3)))",
     "(#t #f)"),
    # equal? redefined: the new procedure is called from then on.
    ("(define (f a b) (equal? a b)) (define x (f 1 1)) (set! equal? (lambda (a b) 'mine)) (list x (f 1 1))",
     "(#t mine)"),
    ("(define (f a b) (eqv? a b)) (define x (f 2 2)) (set! eqv? (lambda (a b) 'mine)) (list x (f 'a 'a))",
     "(#t mine)"),
    # In a loop's typed copy, as a test.
    ("(define (count x l) (let loop ((l l) (n 0)) (if (null? l) n (loop (cdr l) (if (equal? (car l) x) (+ n 1) n)))))"
     " (count '(1 2) '((1 2) (1 2 3) (1 2) 5 (1 2)))", "3"),
])
def test_equal_and_eqv_in_line_keep_errors_steps_and_redefinition(program, expected):
    result = same_everywhere(program, step_limit=20_000)[0]
    if expected is None:
        assert result.startswith("ERROR") and "step" in result, result
    else:
        assert result == expected, result


# lists.quick_equal against the procedure: the same value whenever it gives one, and
# then the procedure charges nothing (so the steps are the same wherever it is used).

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from schemehost.datatypes import NIL, cons, new_string, sym  # noqa: E402
from schemehost.primitives import lists  # noqa: E402

ATOMS = st.sampled_from([0, 1, 2**70, 1.5, -0.0, 0.0, float("nan"), sym("a"), sym("b"), NIL, True, False])


def scheme_lists(elements):
    return st.lists(elements, max_size=70).map(lambda xs: _chain(xs))


def _chain(xs):
    out = NIL
    for x in reversed(xs):
        out = cons(x, out)
    return out


DATA = st.recursive(
    ATOMS | st.text("ab", max_size=300).map(new_string),
    lambda inner: scheme_lists(inner) | st.lists(inner, max_size=40) | st.binary(max_size=300).map(bytearray),
    max_leaves=300,
)


def _copy(x):
    """A structure equal? to x sharing no pair, vector, string or bytevector with it."""
    t = type(x)
    if t is lists.Pair:
        return cons(_copy(x.car), _copy(x.cdr))
    if t is list:
        return [_copy(e) for e in x]
    if t is lists.MString:
        return new_string(x.s)
    if t is bytearray:
        return bytearray(x)
    return x


@settings(max_examples=400, deadline=None)
@given(a=DATA, b=DATA, how=st.sampled_from(["apart", "itself", "copy"]))
def test_quick_equal_gives_the_procedures_value_or_nope_and_then_no_charge(a, b, how):
    if how == "itself":
        b = a
    elif how == "copy":
        b = _copy(a)
    charges = []
    real_charge = lists.charge
    lists.charge = charges.append
    try:
        quick = lists.quick_equal(a, b)
        value = lists.equal(a, b)
    finally:
        lists.charge = real_charge
    if quick is not lists.NOPE:
        assert quick == value
        assert charges == [], "the procedure charged where the quick walk gave a value"


def test_quick_equal_gives_up_on_long_spines_and_cycles():
    long_a, long_b = _chain(list(range(64))), _chain(list(range(64)))
    assert lists.quick_equal(long_a, long_b) is lists.NOPE
    assert lists.quick_equal(_chain(list(range(63))), _chain(list(range(63)))) is True
    c = _chain([1, 2, 3])
    c.cdr.cdr.cdr = c
    d = _chain([1, 2, 3])
    d.cdr.cdr.cdr = d
    assert lists.quick_equal(c, d) is lists.NOPE and lists.equal(c, d) is True


@pytest.mark.parametrize("n", [62, 63, 64, 65, 250, 255, 256, 300])
def test_equal_near_where_the_quick_walk_gives_up_agrees_everywhere(n):
    program = (f"(define (f a b) (equal? a b)) (define l (iota {n})) (define v (make-vector {n} 'x))"
               f" (list (f l (list-copy l)) (f (list v) (list (vector-copy v))) (f (make-string {n} #\\a) (make-string {n} #\\a))"
               f" (f l (append (list-copy l) '(0))))")
    assert same_everywhere(program, step_limit=20_000)[0] == "(#t #t #t #f)"
