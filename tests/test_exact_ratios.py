"""Exact rational arithmetic on numerators and denominators (numbers.exact_add,
exact_sub, exact_mul, exact_div, exact_compare), which the procedures + - * /
and the open-coded calls' slow paths (inline.inexact) use for two exact
operands of which one is a ratio, and for any exact division: the value
Python's Fraction gives, in lowest terms with an integral result an int, and
the steps charge_ratio (and a long integral product) charges.
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from conftest import steps_of_calls
from schemehost.primitives import numbers
from schemehost.runtime import RUNNING, Budget
from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode, run

OPERATIONS = {"+": (numbers.exact_add, operator.add), "-": (numbers.exact_sub, operator.sub),
              "*": (numbers.exact_mul, operator.mul), "/": (numbers.exact_div, operator.truediv)}
COMPARISONS = [operator.eq, operator.lt, operator.le, operator.gt, operator.ge]

# Integers short and long (past the 191 bits under which nothing is charged; two
# of over 9,000 bits make a product charged for its 16,384 bits or more), and
# ratios of them.
INTEGERS = st.one_of(st.integers(-1000, 1000), st.integers(-(2**200), 2**200),
                     st.integers(2**3000, 2**3100), st.integers(-(2**9100), -(2**9000)))
RATIOS = st.builds(lambda n, d: Fraction(n, d), INTEGERS, INTEGERS.filter(bool)).filter(lambda f: f.denominator != 1)
EXACT = st.one_of(INTEGERS, RATIOS)


def _exact_bits(x) -> int:
    return x.bit_length() if type(x) is int else x.numerator.bit_length() + x.denominator.bit_length()


def expected_steps(symbol: str, a, b, value) -> int:
    """The steps the procedure charged before this change: charge_ratio's (one per 36
    pairs of 64-bit words, as 256 elements a step), and for a product an integral value
    of over 4,096 bits one per 64-bit word (as 256 elements a step)."""
    steps = 0
    pairs = (_exact_bits(a) >> 6) * (_exact_bits(b) >> 6)
    if pairs >= numbers.GCD_PAIRS_PER_STEP:
        steps += pairs // numbers.GCD_PAIRS_PER_STEP
    if symbol == "*" and type(value) is int and value.bit_length() > 4096 and value.bit_length() >> 6 >= 256:
        steps += (value.bit_length() >> 6) >> 8
    return steps


def charged(fn, *args):
    """fn(*args) and the steps it charged to a budget of its own."""
    saved = RUNNING.budget
    RUNNING.budget = budget = Budget(None)
    try:
        value = fn(*args)
    finally:
        RUNNING.budget = saved
    return value, budget.total_used()


def reduced(value) -> bool:
    """An int, or a Fraction in lowest terms with a positive denominator that is not 1."""
    if type(value) is int:
        return True
    return (type(value) is Fraction and value.denominator > 1
            and math.gcd(value.numerator, value.denominator) == 1)


@settings(max_examples=300, deadline=None)
@given(EXACT, EXACT, st.sampled_from(sorted(OPERATIONS)))
def test_exact_arithmetic_gives_fractions_value_reduced_and_the_procedures_charge(a, b, symbol):
    if type(a) is int and type(b) is int and symbol != "/":
        b = Fraction(2 * b + 1, 2)  # (the functions take a ratio among the operands)
    if symbol == "/" and b == 0:
        b = Fraction(1, 3)
    exact, op = OPERATIONS[symbol]
    value, steps = charged(exact, a, b)
    truth = op(Fraction(a), Fraction(b))
    assert value == truth and reduced(value), (a, b, symbol, value)
    assert type(value) is (int if truth.denominator == 1 else Fraction)
    assert steps == expected_steps(symbol, a, b, value), (a, b, symbol)


@settings(max_examples=200, deadline=None)
@given(EXACT, RATIOS, st.booleans(), st.sampled_from(COMPARISONS))
def test_exact_comparison_is_fractions(a, ratio, ratio_first, op):
    x, y = (ratio, a) if ratio_first else (a, ratio)
    assert numbers.exact_compare(op, x, y) is op(Fraction(x), Fraction(y))
    assert numbers.exact_compare(op, ratio, ratio) is op(ratio, ratio)


def test_exact_arithmetic_values_worked_by_hand():
    """1/2 + 1/3 = 5/6; 1/6 + 1/3 = 1/2 (the gcd 3 of the denominators, 3 again in the
    sum 1 + 2 = 3 over 6); 1/2 - 1/2 = 0; 2/3 * 3/2 = 1; 4 / 6 = 2/3; 1/2 / -1/3 = -3/2;
    -4/9 / 2/3 = -2/3; 0 / -5 = 0; 7/4 - 3 = -5/4."""
    f = Fraction
    assert numbers.exact_add(f(1, 2), f(1, 3)) == f(5, 6)
    sixth = numbers.exact_add(f(1, 6), f(1, 3))
    assert (sixth.numerator, sixth.denominator) == (1, 2)
    assert numbers.exact_sub(f(1, 2), f(1, 2)) == 0 and type(numbers.exact_sub(f(1, 2), f(1, 2))) is int
    assert type(numbers.exact_mul(f(2, 3), f(3, 2))) is int
    assert numbers.exact_div(4, 6) == f(2, 3)
    assert numbers.exact_div(f(1, 2), f(-1, 3)) == f(-3, 2) and numbers.exact_div(f(1, 2), f(-1, 3)).denominator == 2
    assert numbers.exact_div(f(-4, 9), f(2, 3)) == f(-2, 3)
    assert numbers.exact_div(0, -5) == 0 and type(numbers.exact_div(0, -5)) is int
    assert numbers.exact_sub(f(7, 4), 3) == f(-5, 4)


CALLS = [(name, args) for name in ("+", "-", "*", "/", "<", "=", ">=")
         for args in (["1/2", "1/3"], ["5", "2/7"], ["-3/4", "2"], ["1/2", "0.5"], ["4", "6"], ["2/3", "0"],
                      ["(/ (expt 3 400) 7)", "(/ 5 (expt 2 300))"], ["1/2", "'a"])]


@pytest.mark.parametrize("name, args", CALLS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_exact_arithmetic_gives_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, args)


PROGRAMS = {
    "a loan's balance in exact rationals, long ones charged": """
(define (balance principal rate months payment)
  (let loop ((k 0) (b principal))
    (if (= k months) b (loop (+ k 1) (- (+ b (* b rate)) payment)))))
(define (series n)
  (let loop ((k 1) (s 0))
    (if (> k n) s (loop (+ k 1) (+ s (/ 1 (* k k)))))))
(list (balance 10000 1/120 36 310) (< (series 60) 5/3) (> (series 60) 8/5)
      (= (series 3) 49/36) (* (/ (expt 3 3000) 7) 7/11))
""",
    "* and / redefined while a loop calls them": """
(define old* *)
(define (run n)
  (let loop ((k 1) (acc '()))
    (if (> k n) (reverse acc)
        (begin (if (= k 3) (set! * (lambda (a b) 'mine)))
               (loop (+ k 1) (cons (* (/ k 3) 1/2) acc))))))
(let ((r (run 4))) (set! * old*) r)
""",
    "division by an exact zero, mixed exactness and wrong operands: the procedures' values and errors": """
(define (try f a b) (guard (e ((error-object? e) (list 'error (error-object-message e)))) (f a b)))
(map (lambda (pair) (list (try / (car pair) (cdr pair)) (try - (car pair) (cdr pair)) (try < (car pair) (cdr pair))))
     (list (cons 1/2 0) (cons 0 1/2) (cons 1/2 0.25) (cons 1/3 "x") (cons 'y 2/5) (cons 1/2 -1/2)))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 300])
def test_exact_ratios_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_exact_ratio_programs_values():
    """Worked apart with Python's Fraction: the balance's loop and the sum of 1/k^2."""
    b = Fraction(10000)
    for _ in range(36):
        b = b + b * Fraction(1, 120) - 310
    s = sum(Fraction(1, k * k) for k in range(1, 61))
    big = Fraction(3**3000, 7) * Fraction(7, 11)
    expected = f"({b} {'#t' if s < Fraction(5, 3) else '#f'} {'#t' if s > Fraction(8, 5) else '#f'} #t {big})"
    assert run(PROGRAMS["a loan's balance in exact rationals, long ones charged"], True, 2, None)[0] == expected
    assert run(PROGRAMS["* and / redefined while a loop calls them"], True, 2, None)[0] == "(1/6 1/3 mine mine)"


def test_long_ratios_are_charged_in_line_as_by_the_procedure():
    """Ratios of a few words charge nothing beyond the call; long ones the procedure's
    charge, in generated code as in the closures and through apply."""
    setup = "(define (f a b) (* a b)) (define a (/ (expt 3 3000) 7)) (define b (/ 5 (expt 2 2000)))"
    for generate in (True, False):
        small, big, applied = steps_of_calls(setup, ["(f 1/2 2/3)", "(f a b)", "(apply * (list a b))"], generate)
        assert big > small, generate
        assert big == applied + 1, generate  # (f's own call the one step more)


@settings(max_examples=300, deadline=None)
@given(EXACT, st.sampled_from([1, 2, 4, 10]))
def test_round_exact_is_pythons_round_half_to_even(x, halves):
    """round_exact (the procedure's and the open-coded round's) against Python's round of
    a Fraction, halves included: x/2 and x/4 of an odd x sit on or near one."""
    y = Fraction(x) / halves
    assert numbers.round_exact(y if y.denominator != 1 else y.numerator) == round(y)


TERMS = [(name, [x]) for name in ("numerator", "denominator")
         for x in ("6/4", "-6/4", "7", "-7", "0", "(/ (expt 10 40) 3)", "0.5", "-0.0", "+inf.0", "'a")]


@pytest.mark.parametrize("name, args", TERMS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_numerator_and_denominator_give_the_procedures_value_or_error(name, args):
    same_as_apply(name, args)


def test_numerator_and_denominator_in_line_and_in_every_mode():
    """A continued fraction's terms by floor/ of the numerator by the denominator (worked
    by hand: 415/93 = 4 + 43/93, 93/43 = 2 + 7/43, 43/7 = 6 + 1/7, 7), with the
    procedures redefined mid-walk and a float's terms."""
    program = """
(define (terms q)
  (if (integer? q) (list q)
      (let ((whole (floor (/ (numerator q) (denominator q)))))
        (cons whole (terms (/ 1 (- q whole)))))))
(define (swap-at k) (if (= k 2) (set! denominator (lambda (x) 1))))
(define (walk q k)
  (swap-at k)
  (if (integer? q) '() (cons (denominator q) (walk (/ 1 (- q (floor q))) (+ k 1)))))
(define saved denominator)
(list (terms 415/93) (numerator 0.75) (denominator 0.75) (walk 415/93 0) (begin (set! denominator saved) (denominator 6/4)))
"""
    for step_limit in (None, 300):
        assert_same_in_every_mode(program, step_limit)
    assert run(program, True, 2, None)[0] == "((4 2 6 7) 3.0 4.0 (93 43 1) 2)"
    text, s = generated_sources("(define (f q) (list (numerator q) (denominator q)))")
    assert "v1_q.numerator" in text and "v1_q.denominator" in text


PROCEDURES = {"+": (numbers.add, operator.add), "-": (numbers.sub, operator.sub),
              "*": (numbers.mul, operator.mul), "/": (numbers.div, operator.truediv)}


@settings(max_examples=300, deadline=None)
@given(st.lists(EXACT, min_size=2, max_size=4), st.sampled_from(sorted(PROCEDURES)))
def test_the_procedures_fold_exact_operands_as_fractions_do(args, symbol):
    """The procedures + - * / themselves (what apply calls), over two to four exact
    operands: the left fold of Python's Fraction, reduced; with two operands, one a
    ratio, the charge too."""
    if symbol == "/":
        args = [args[0]] + [x if x != 0 else Fraction(1, 3) for x in args[1:]]
    procedure, op = PROCEDURES[symbol]
    value, steps = charged(procedure, *args)
    truth = Fraction(args[0])
    for x in args[1:]:
        truth = op(truth, Fraction(x))
    assert value == truth and reduced(value) and type(value) is (int if truth.denominator == 1 else Fraction)
    if len(args) == 2 and Fraction in map(type, args):
        assert steps == expected_steps(symbol, args[0], args[1], value), args
