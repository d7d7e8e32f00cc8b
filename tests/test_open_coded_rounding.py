"""round, floor, ceiling and truncate of an exact rational written in line
(inline.UNARY): the exact integer numbers' rounders give (round to even at a
half); a float (whose zero keeps its sign, and whose infinities and NaN are
their own) and a non-number go to the procedures.
"""

from __future__ import annotations

import pytest

from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode, run

OPERANDS = ["5", "-5", "0", "5/2", "7/2", "-5/2", "-7/3", "1/3", "(/ (expt 10 400) 3)", "2.5", "-0.4", "-2.5",
            "+inf.0", "'a"]
CALLS = [(name, [x]) for name in ("round", "floor", "ceiling", "truncate") for x in OPERANDS]


@pytest.mark.parametrize("name, args", CALLS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_rounding_gives_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, args)


PROGRAMS = {
    "cents rounded in a loop of exact rationals": """
(define (interest balance rate months)
  (let loop ((k 0) (b balance) (paid 0))
    (if (= k months) (list b paid)
        (let ((i (round (* b rate))))
          (loop (+ k 1) (- (+ b i) (floor (/ b 7))) (+ paid (ceiling (/ i 3)) (truncate (/ i -4))))))))
(list (interest 100000 1/120 24) (interest 123457 7/1000 12))
""",
    "the rounders redefined while a loop calls them": """
(define old round)
(define (run n)
  (let loop ((k 0) (acc '()))
    (if (= k n) (reverse acc)
        (begin (if (= k 2) (set! round (lambda (x) 'mine)))
               (loop (+ k 1) (cons (round (/ (+ (* 2 k) 1) 2)) acc))))))
(let ((r (run 4))) (set! round old) r)
""",
    "floats and wrong operands: the procedures' values and errors": """
(define (try f x) (guard (e ((error-object? e) (list 'error (error-object-message e)))) (f x)))
(map (lambda (x) (list (try round x) (try floor x) (try ceiling x) (try truncate x)))
     (list 5/2 -1/2 2.5 -0.5 "1" 'x))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 300])
def test_open_coded_rounding_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_open_coded_rounding_values():
    """Worked by hand: 1/2, 3/2 round to the even 0 and 2, then 'mine; the loop's sums
    computed apart with Python's own Fraction, round, floor, ceil and trunc."""
    import math
    from fractions import Fraction

    def interest(balance, rate, months):
        b, paid = Fraction(balance), 0
        for _ in range(months):
            i = round(b * rate)
            b, paid = b + i - math.floor(b / 7), paid + math.ceil(Fraction(i, 3)) + math.trunc(Fraction(i, -4))
        return f"({b} {paid})"

    expected = f"({interest(100000, Fraction(1, 120), 24)} {interest(123457, Fraction(7, 1000), 12)})"
    assert run(PROGRAMS["cents rounded in a loop of exact rationals"], True, 2, None)[0] == expected
    assert run(PROGRAMS["the rounders redefined while a loop calls them"], True, 2, None)[0] == "(0 2 mine mine)"


def test_open_coded_rounding_is_written_in_line():
    text, s = generated_sources("(define (f x) (list (round x) (floor x) (ceiling x) (truncate x)))")
    assert all(f"{fn}(v1_x)" in text for fn in ("ROUND", "FLOOR", "CEIL", "TRUNC"))
    assert s.show("(f -5/2)") == "(-2 -3 -2 -2)"
