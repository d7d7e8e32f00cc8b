"""+, *, =, <, >, <= and >= called as values (a procedure passed = and calling it, as
the shelf set's tables passes = to make-table as its test of keys): numbers.py's
comparison takes its first two arguments by name, so that two fixnums or floats
make no tuple and run no loop, and its entry (written once per operator) compares them
with the operator itself; + and * likewise add or multiply two fixnums or two floats
(a small enough product: a larger one is charged, as before).  Checked here against the comparisons worked out
in Python, for one to four arguments of every numeric kind, and in Scheme for the
errors, the same generated at once, tiered and closure-compiled."""

from __future__ import annotations

import math
import operator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schemehost.errors import SchemeError
from schemehost.primitives import numbers
from test_typespec import same_everywhere

COMPARISONS = {"=": (numbers.num_eq, operator.eq), "<": (numbers.num_lt, operator.lt),
               ">": (numbers.num_gt, operator.gt), "<=": (numbers.num_le, operator.le),
               ">=": (numbers.num_ge, operator.ge)}

REALS = st.one_of(st.integers(-5, 5), st.integers(-2**70, 2**70), st.sampled_from([0.5, -1.0, 2.0, math.inf, math.nan]),
                  st.builds(Fraction, st.integers(-9, 9), st.integers(1, 4)))


def chained(op, args):
    """R7RS: #t when the arguments are monotonically ordered by `op` (one argument: #t)."""
    return all(op(a, b) for a, b in zip(args, args[1:]))


@pytest.mark.parametrize("name", sorted(COMPARISONS))
@given(args=st.lists(REALS, min_size=1, max_size=4))
def test_each_comparison_agrees_with_the_chained_python_comparison(name, args):
    fn, op = COMPARISONS[name]
    assert fn(*args) is chained(op, args)


@pytest.mark.parametrize("name", sorted(COMPARISONS))
@pytest.mark.parametrize("args, place", [(("a", 1), 1), ((1, "a"), 2), ((1, 2, "a"), 3), ((3, 2, "a"), 3),
                                         ((1j, 1), 1), (("a",), 1)])
def test_a_non_number_or_a_complex_where_order_is_asked_is_named_by_its_place(name, args, place):
    fn, _ = COMPARISONS[name]
    if name == "=" and 1j in args and "a" not in args:
        assert fn(*args) is False
        return
    with pytest.raises(SchemeError, match=rf"{name}: argument {place} must be a"):
        fn(*args)


def test_equal_compares_complex_numbers():
    assert numbers.num_eq(1 + 2j, 1 + 2j) is True
    assert numbers.num_eq(1 + 2j, 1 + 2j, 1 + 3j) is False


def test_comparisons_passed_as_values_answer_and_fail_alike_in_every_mode():
    program = """
    (define (table-find same? key pairs)
      (cond ((null? pairs) #f)
            ((same? key (caar pairs)) (car pairs))
            (else (table-find same? key (cdr pairs)))))
    (define pairs '((1 . a) (2.5 . b) (1/2 . c) (100000000000000000000 . d)))
    (define (chain f . xs) (apply f xs))
    (list (table-find = 2.5 pairs) (table-find = 1/2 pairs) (table-find = 100000000000000000000 pairs)
          (table-find < 0 pairs) (table-find > 2 pairs) (table-find >= 2.5 pairs)
          (map (lambda (f) (list (f 1) (f 1 2) (f 2 1) (f 1 1) (f 1 2 3) (f 3 2 1) (f 1 2 1)))
               (list = < > <= >=))
          (chain < 1 2 3) (chain < 1 3 2)
          (guard (e (#t (error-object-message e))) (table-find < 'x pairs))
          (guard (e (#t (error-object-message e))) (chain = 1 2 'y)))
    """
    value, _, _ = same_everywhere(program)
    assert value == (
        "((2.5 . b) (1/2 . c) (100000000000000000000 . d) (1 . a) (1 . a) (1 . a) "
        "((#t #f #f #t #f #f #f) (#t #t #f #f #t #f #f) (#t #f #t #f #f #t #f) (#t #t #f #t #t #f #f) "
        "(#t #f #t #t #f #t #f)) #t #f \"<: argument 1 must be a real number\" \"=: argument 3 must be a number\")")


def folded(op, identity, args):
    """R7RS's sum or product worked left to right from the first argument (identity when none)."""
    if not args:
        return identity
    total = args[0]
    for a in args[1:]:
        total = op(total, a)
    if type(total) is Fraction and total.denominator == 1:
        return int(total)
    return total


NUMBERS = st.one_of(st.integers(-5, 5), st.integers(-2**70, 2**70), st.sampled_from([0.5, -1.0, 2.0, -0.0]),
                    st.builds(Fraction, st.integers(-9, 9), st.integers(1, 4)))


@pytest.mark.parametrize("fn, op, identity", [(numbers.add, operator.add, 0), (numbers.mul, operator.mul, 1)])
@given(args=st.lists(NUMBERS, max_size=5))
def test_sums_and_products_agree_with_the_left_to_right_fold(fn, op, identity, args):
    got, want = fn(*args), folded(op, identity, args)
    assert type(got) is type(want)
    assert got == want or (got != got and want != want)
    if type(want) is float:
        assert math.copysign(1, got) == math.copysign(1, want)


def test_sums_and_products_passed_as_values_answer_and_fail_alike_in_every_mode():
    program = """
    (define (accumulate op initial sequence)
      (if (null? sequence) initial (op (car sequence) (accumulate op initial (cdr sequence)))))
    (define (pass f) f)
    (list (accumulate + 0 '(1 2 3 4 5)) (accumulate * 1 '(1 2 3 4 5)) (accumulate + 0 '(1.5 2.5))
          (accumulate * 1 '(1/2 4)) (map + '(1 2) '(10 20) '(100 200)) (map * '(2 3) '(4.0 5))
          ((pass +)) ((pass *)) ((pass +) 7) ((pass *) -0.0) ((pass +) 1 2 3 4 5 6) ((pass *) 1 2 3 4)
          (apply + 1 2 '(3 4)) (apply * '(1 2 3))
          (guard (e (#t (error-object-message e))) ((pass +) 1 2 'x))
          (guard (e (#t (error-object-message e))) ((pass *) 'y 2)))
    """
    value, _, _ = same_everywhere(program)
    assert value == ("(15 120 4.0 2 (111 222) (8.0 15) 0 1 7 -0.0 21 24 10 6 "
                     "\"+: argument 3 must be a number\" \"*: argument 1 must be a number\")")


def test_a_large_product_through_a_value_is_charged():
    def cost(base: str, call: str) -> int:
        setup = f"(define big {base}) (define (pass f) f) (define (f) {call}) "
        return same_everywhere(setup + "(f) #t")[2] - same_everywhere(setup + "#t")[2]

    for call in ["((pass *) big big)", "(* big big)"]:
        # Two 11,229-bit factors: their product is charged; 7 times 7 is not.
        assert cost("(expt 7 4000)", call) > cost("7", call) + 10
