"""Arithmetic on IEEE 754 special values: signed zeros, NaNs and infinities.

Story (issue 18, items 9 and 10): `(+ -0.0)` gave 0.0 where Guile gives
-0.0: sums and products started from an exact identity (0 + -0.0 is 0.0 in
IEEE 754).  `(expt 0 5+.0000312i)` and `(expt 0.0 5+.0000312i)` raised
"division by zero" (Python's complex power leaking through), where R7RS
6.2.6 says 0 to a power whose real part is positive is 0; `(log -0.0)` was
-inf.0 where Guile gives -inf.0+3.141592653589793i.  Treated as a class:
every arithmetic procedure on -0.0, NaN and the infinities, in one table.

Each row is an expression and our written value ("#<error>" for a Scheme
error; a Python exception fails the test).  Where R7RS is silent, GNU Guile
3 is the oracle: the second test runs every row in Guile and asserts that it
writes the same text, or, for a row with a `Guile(...)` column, that text
and the reason we differ (a rule of R7RS or IEEE 754 that Guile does not
follow, an error R7RS leaves open, or only notation: Guile writes the real
part 0.0 of a complex number, we leave it out).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_differential_guile import ERROR, guile, needs_guile, ours  # noqa: F401  (guile: the fixture)


class Guile(NamedTuple):
    """What Guile writes for a row where it differs from us, and why we differ."""

    written: str
    why: str


TABLE = [
    ('(+ -0.0)', '-0.0'),
    ('(+)', '0'),
    ('(+ -0.0 -0.0)', '-0.0'),
    ('(+ -0.0 0)', '0.0'),
    ('(+ 0 -0.0)', '0.0'),
    ('(+ -0.0 0.0)', '0.0'),
    ('(* -0.0)', '-0.0'),
    ('(*)', '1'),
    ('(* -1 0.0)', '-0.0'),
    ('(* 0 -0.0)', '-0.0'),
    ('(* -0.0 1)', '-0.0'),
    ('(* 1 -0.0)', '-0.0'),
    ('(* 0 +inf.0)', '+nan.0'),
    ('(* 0 +nan.0)', '+nan.0'),
    ('(* 0.0 +inf.0)', '+nan.0'),
    ('(- 0.0)', '-0.0'),
    ('(- -0.0)', '0.0'),
    ('(- 0)', '0'),
    ('(- 0.0 0.0)', '0.0'),
    ('(- -0.0 0.0)', '-0.0'),
    ('(- -0.0 0)', '-0.0'),
    ('(- 0 0.0)', '0.0', Guile('-0.0', 'IEEE 754: the exact 0 becomes 0.0, and 0.0 - 0.0 is 0.0; Guile negates instead (its (+ 0 -0.0) is 0.0 all the same)')),
    ('(- 0 -0.0)', '0.0'),
    ('(/ -0.0)', '-inf.0'),
    ('(/ 0.0)', '+inf.0'),
    ('(/ 1 -0.0)', '-inf.0'),
    ('(/ -0.0 2)', '-0.0'),
    ('(/ 0 -0.0)', '+nan.0'),
    ('(/ 0.0 0)', '+nan.0', Guile('#<error>', "R7RS 6.2.6: an exact zero divisor is an error; we give IEEE 754's quotient by zero, Guile raises")),
    ('(/ -1 0.0)', '-inf.0'),
    ('(/ +inf.0 +inf.0)', '+nan.0'),
    ('(/ 0 +inf.0)', '0.0'),
    ('(/ 0 2.0)', '0.0'),
    ('(/ 1.0 0)', '+inf.0', Guile('#<error>', "R7RS 6.2.6: an exact zero divisor is an error; we give IEEE 754's quotient by zero, Guile raises")),
    ('(abs -0.0)', '0.0'),
    ('(abs +nan.0)', '+nan.0'),
    ('(abs -inf.0)', '+inf.0'),
    ('(max -0.0 0.0)', '0.0'),
    ('(max 0.0 -0.0)', '0.0'),
    ('(min -0.0 0.0)', '-0.0'),
    ('(min 0.0 -0.0)', '-0.0'),
    ('(max 1 +nan.0)', '+nan.0'),
    ('(max +nan.0 1)', '+nan.0'),
    ('(min 1 +nan.0)', '+nan.0'),
    ('(min +nan.0 1)', '+nan.0'),
    ('(max 1 2.0)', '2.0'),
    ('(max -inf.0 +inf.0)', '+inf.0'),
    ('(max 0 -0.0)', '0.0'),
    ('(min 0 -0.0)', '-0.0'),
    ('(floor -0.0)', '-0.0'),
    ('(ceiling -0.5)', '-0.0'),
    ('(round -0.5)', '-0.0', Guile('0.0', 'IEEE 754 roundToIntegralTiesToEven keeps the sign of a zero result, as floor, ceiling and truncate do (Guile too, for those)')),
    ('(round -0.4)', '-0.0', Guile('0.0', 'IEEE 754 roundToIntegralTiesToEven keeps the sign of a zero result, as floor, ceiling and truncate do (Guile too, for those)')),
    ('(truncate -0.7)', '-0.0'),
    ('(floor +inf.0)', '+inf.0'),
    ('(floor +nan.0)', '+nan.0'),
    ('(round 2.5)', '2.0'),
    ('(round -2.5)', '-2.0'),
    ('(sqrt -0.0)', '-0.0'),
    ('(sqrt +inf.0)', '+inf.0'),
    ('(sqrt -inf.0)', '+inf.0i', Guile('0.0+inf.0i', 'notation: the same value, real part 0.0')),
    ('(sqrt +nan.0)', '+nan.0'),
    ('(sqrt -4.0)', '+2.0i', Guile('0.0+2.0i', 'notation: the same value, real part 0.0')),
    ('(sqrt -4)', '+2.0i', Guile('0.0+2.0i', 'notation: the same value, real part 0.0')),
    ('(exp -inf.0)', '0.0'),
    ('(exp +inf.0)', '+inf.0'),
    ('(exp +nan.0)', '+nan.0'),
    ('(exp -0.0)', '1.0'),
    ('(log 0.0)', '-inf.0'),
    ('(log -0.0)', '-inf.0+3.141592653589793i'),
    ('(log 0)', '-inf.0', Guile('#<error>', 'R7RS leaves log of exact 0 open; the limit -inf.0 (as chibi), Guile raises')),
    ('(log +inf.0)', '+inf.0'),
    ('(log -inf.0)', '+inf.0+3.141592653589793i'),
    ('(log +nan.0)', '+nan.0'),
    ('(log -1)', '+3.141592653589793i', Guile('0.0+3.141592653589793i', 'notation: the same value, real part 0.0')),
    ('(log -1.0)', '+3.141592653589793i', Guile('0.0+3.141592653589793i', 'notation: the same value, real part 0.0')),
    ('(log 0.0 2)', '-inf.0'),
    ('(log 8 2)', '3.0'),
    ('(log -0.0 2)', '-inf.0+4.532360141827194i'),
    ('(sin -0.0)', '-0.0'),
    ('(sin +inf.0)', '+nan.0'),
    ('(cos +inf.0)', '+nan.0'),
    ('(tan -0.0)', '-0.0'),
    ('(asin -0.0)', '-0.0'),
    ('(asin 2)', '1.5707963267948966-1.3169578969248166i'),
    ('(acos 2)', '+1.3169578969248166i', Guile('0.0+1.3169578969248166i', 'notation: the same value, real part 0.0')),
    ('(atan -0.0)', '-0.0'),
    ('(atan +inf.0)', '1.5707963267948966'),
    ('(atan -0.0 1)', '-0.0'),
    ('(atan 0.0 -1)', '3.141592653589793'),
    ('(atan -0.0 -1)', '-3.141592653589793'),
    ('(atan -0.0 -1.0)', '-3.141592653589793'),
    ('(atan 0 -1)', '3.141592653589793'),
    ('(atan 0 0)', '0.0'),
    ('(atan 0.0 0.0)', '0.0'),
    ('(atan -0.0 -0.0)', '-3.141592653589793'),
    ('(atan +inf.0 +inf.0)', '0.7853981633974483'),
    ('(atan 1 +nan.0)', '+nan.0'),
    ('(atan +nan.0 1)', '+nan.0'),
    ('(atan 1 0)', '1.5707963267948966'),
    ('(expt 0 5+.0000312i)', '0', Guile('#<error>', 'R7RS 6.2.6: 0^z is 0 when (real-part z) is positive (issue 18); Guile raises')),
    ('(expt 0.0 5+.0000312i)', '0.0', Guile('+nan.0+nan.0i', 'R7RS 6.2.6: 0.0^z is 0.0 when (real-part z) is positive (issue 18); Guile gives NaNs')),
    ('(expt 0 0)', '1'),
    ('(expt 0.0 0)', '1.0'),
    ('(expt 0 0.0)', '1.0'),
    ('(expt 0.0 0.0)', '1.0'),
    ('(expt -0.0 3)', '-0.0'),
    ('(expt -0.0 2)', '0.0'),
    ('(expt -0.0 -1)', '-inf.0', Guile('+nan.0', 'IEEE 754 pow(-0, -1) is -inf (a pole); R7RS calls 0.0 to a negative power an error, Guile gives NaN')),
    ('(expt 0.0 -1)', '+inf.0', Guile('+nan.0', 'IEEE 754 pow(+0, -1) is +inf (a pole); R7RS calls 0.0 to a negative power an error, Guile gives NaN')),
    ('(expt 0 -1)', '#<error>', Guile('+nan.0', 'R7RS 6.2.6: exact 0 to a negative power is an error (a division by zero); Guile gives NaN')),
    ('(expt 0 2.5)', '0.0'),
    ('(expt 0 -2.5)', '+inf.0'),
    ('(expt +inf.0 -1)', '0.0'),
    ('(expt +nan.0 0)', '1.0', Guile('1', 'R7RS 6.2.2 allows an exact 1 for an exact zero power, or (IEEE 754 pow) 1.0')),
    ('(expt 1 +nan.0)', '1.0'),
    ('(expt 2 +inf.0)', '+inf.0'),
    ('(expt 0.5 +inf.0)', '0.0'),
    ('(expt -8 1/3)', '1.0000000000000002+1.7320508075688772i', Guile('1.0+1.732050807568877i', "R7RS does not fix the accuracy of an inexact complex power (Python's cmath against Guile's)")),
    ('(expt 0 +i)', '#<error>'),
    ('(expt 0.0 -2+i)', '#<error>', Guile('+nan.0+nan.0i', 'R7RS 6.2.6: 0.0^z is an error when (real-part z) is not positive')),
    ('(expt 0 0+0.0i)', '1.0', Guile('#<error>', 'R7RS 6.2.6: 0^z is 1 when z is zero; inexact as z is')),
    ('(exact -0.0)', '0'),
    ('(exact +nan.0)', '#<error>'),
    ('(exact +inf.0)', '#<error>'),
    ('(inexact -0)', '0.0'),
    ('(exact->inexact 1/3)', '0.3333333333333333'),
    ('(number->string -0.0)', '"-0.0"'),
    ('(number->string +nan.0)', '"+nan.0"'),
    ('(number->string -inf.0)', '"-inf.0"'),
    ('(number->string -0.0 2)', '"#i-0"', Guile('"-0.0"', 'R7RS 6.2.7 has no decimal point outside radix 10: an inexact zero with its sign')),
    ('(= +nan.0 +nan.0)', '#f'),
    ('(< +nan.0 1)', '#f'),
    ('(> +nan.0 1)', '#f'),
    ('(<= 1 +nan.0)', '#f'),
    ('(>= +nan.0 +nan.0)', '#f'),
    ('(= 0.0 -0.0)', '#t'),
    ('(< -0.0 0.0)', '#f'),
    ('(= 1 1.0 +nan.0)', '#f'),
    ('(< 1 2 +nan.0)', '#f'),
    ('(< -inf.0 1 +inf.0)', '#t'),
    ('(zero? -0.0)', '#t'),
    ('(zero? +nan.0)', '#f'),
    ('(positive? -0.0)', '#f'),
    ('(negative? -0.0)', '#f'),
    ('(positive? +nan.0)', '#f'),
    ('(negative? +nan.0)', '#f'),
    ('(positive? +inf.0)', '#t'),
    ('(negative? -inf.0)', '#t'),
    ('(call-with-values (lambda () (floor/ 5.0 -0.0)) list)', '#<error>'),
    ('(call-with-values (lambda () (floor/ -0.0 5.0)) list)', '(-0.0 0.0)'),
    ('(call-with-values (lambda () (truncate/ -0.0 5)) list)', '(-0.0 0.0)'),
    ('(call-with-values (lambda () (floor/ -7.0 2)) list)', '(-4.0 1.0)'),
    ('(call-with-values (lambda () (truncate/ -7.0 2)) list)', '(-3.0 -1.0)'),
    ('(floor-quotient -0.0 3)', '-0.0'),
    ('(floor-remainder -0.0 3)', '0.0'),
    ('(truncate-quotient -0.0 3)', '-0.0'),
    ('(truncate-remainder -0.0 3)', '0.0'),
    ('(truncate-remainder -6.0 3)', '0.0'),
    ('(floor-remainder 6.0 -3)', '0.0'),
    ('(floor-remainder -6.0 3)', '0.0'),
    ('(quotient +inf.0 3)', '#<error>'),
    ('(modulo 5.0 +inf.0)', '#<error>'),
    ('(call-with-values (lambda () (exact-integer-sqrt 17)) list)', '(4 1)'),
    ('(square -0.0)', '0.0'),
    ('(square +nan.0)', '+nan.0'),
    ('(numerator -0.0)', '-0.0'),
    ('(denominator -0.0)', '1.0'),
    ('(numerator 0.5)', '1.0'),
    ('(rationalize -0.0 1)', '0.0'),
    ('(rationalize 1/3 +inf.0)', '0.0'),
    ('(rationalize +inf.0 3)', '+inf.0'),
    ('(rationalize +nan.0 3)', '+nan.0'),
    ('(gcd 0.0 -0.0)', '0.0'),
    ('(lcm 0.0 2)', '0.0'),
    ('(nan? +nan.0)', '#t'),
    ('(nan? 1)', '#f'),
    ('(infinite? -inf.0)', '#t'),
    ('(finite? +nan.0)', '#f'),
    ('(exact-integer? -0.0)', '#f'),
    ('(integer? -0.0)', '#t'),
    ('(integer? +inf.0)', '#f'),
    ('(rational? +nan.0)', '#f'),
    ('(real? -0.0)', '#t'),
    ('(eqv? 0.0 -0.0)', '#f'),
    ('(eqv? +nan.0 +nan.0)', '#t'),
    ('(equal? 0.0 -0.0)', '#f'),
    ('(exact (floor -0.5))', '-1'),
    ('(floor -0.5)', '-1.0'),
    ('(truncate -0.5)', '-0.0'),
    ('(round 0.5)', '0.0'),
    ('(make-rectangular -0.0 0)', '-0.0'),
    ('(make-polar -0.0 0)', '-0.0'),
    ('(angle -0.0)', '3.141592653589793'),
    ('(angle -1)', '3.141592653589793'),
    ('(angle -1.0)', '3.141592653589793'),
    ('(magnitude -0.0)', '0.0'),
    ('(real-part -0.0)', '-0.0'),
    ('(imag-part -0.0)', '0'),
    ('(truncate-quotient -3.0 5)', '-0.0'),
    ('(truncate-quotient 3.0 -5.0)', '-0.0'),
    ('(floor-quotient 0.0 -5)', '-0.0'),
    ('(floor-quotient 3.0 5)', '0.0'),
    ('(quotient -0.0 5)', '-0.0'),
    ('(modulo -0.0 5)', '0.0'),
    ('(remainder -0.0 5)', '0.0'),
    ('(angle 0)', '0', Guile('0.0', 'R7RS 6.2.2 allows the exact 0 for an exact argument')),
    ('(angle 0.0)', '0.0'),
    ('(angle +nan.0)', '0.0'),
    ('(angle -inf.0)', '3.141592653589793'),
    ('(string->number "-0.0" 2)', '#f'),
    ('(number->string -0.5 2)', '"#i-1/10"', Guile('"-0.1"', 'R7RS 6.2.7 has no decimal point outside radix 10: an inexact ratio reads back')),
    ('(exact-integer-sqrt -0.0)', '#<error>'),
    ('(expt 0 1+i)', '0', Guile('#<error>', 'R7RS 6.2.6: 0^z is 0 when (real-part z) is positive; Guile raises')),
    ('(expt 0.0 1+i)', '0.0', Guile('+nan.0+nan.0i', 'R7RS 6.2.6: 0.0^z is 0.0 when (real-part z) is positive; Guile gives NaNs')),
    ('(expt 0 -1+i)', '#<error>'),
    ('(expt 0 0.0+1.0i)', '#<error>'),
    ('(expt 0.0 2.5)', '0.0'),
    ('(expt -0.0 0.5)', '0.0'),
    ('(expt -0.0 2.5)', '0.0'),
    ('(expt -0.0 1/3)', '0.0'),
    ('(exp 0)', '1.0'),
    ('(- 0.0 -0.0)', '0.0'),
    ('(+ -0.0 -0.0 -0.0)', '-0.0'),
    ('(+ 1/2 -0.0)', '0.5'),
    ('(* 1/2 -0.0)', '-0.0'),
    ('(abs -1/2)', '1/2'),
    ('(truncate -0.0)', '-0.0'),
    ('(round -0.0)', '-0.0'),
    ('(ceiling -0.0)', '-0.0'),
    ('(let loop ((i 0) (acc -0.0)) (if (= i 0) (+ acc) (loop (- i 1) acc)))', '-0.0'),
    ("(apply + '(-0.0))", '-0.0'),
    ("(apply max '(-0.0 0.0))", '0.0'),
    ('(max -0.0 0)', '0.0'),
    ('(min 0.0 -0.0 0)', '-0.0'),
    ('(exact->inexact -0)', '0.0'),
    ('(inexact -1/3)', '-0.3333333333333333'),
    ('(number->string 0.0)', '"0.0"'),
    ('(number->string -0.0 10)', '"-0.0"'),
    ('(* -0.0 -0.0)', '0.0'),
    ('(* 2 -0.0 3)', '-0.0'),
    ('(/ -0.0 -0.0)', '+nan.0'),
    ('(/ 6 -0.0)', '-inf.0'),
    ('(/ -0.0 1 2)', '-0.0'),
    ('(atan -0.0 0)', '-0.0'),
    ('(atan 0 -0.0)', '3.141592653589793'),
    ('(atan -0 -1)', '3.141592653589793'),
    ('(log 1)', '0.0'),
    ('(log -0.0 -0.0)', '+nan.0+nan.0i'),
    ('(cos -0.0)', '1.0'),
    ('(acos -0.0)', '1.5707963267948966'),
    ('(asin +nan.0)', '+nan.0+nan.0i'),
    ('(exp 1/2)', '1.6487212707001282'),
    ('(sqrt 1/4)', '1/2'),
    ('(sqrt -1/4)', '+0.5i', Guile('0.0+0.5i', 'notation: the same value, real part 0.0')),
    ('(exact (expt 2 0.5))', '6369051672525773/4503599627370496'),
    ('(round +nan.0)', '+nan.0'),
    ('(ceiling -inf.0)', '-inf.0'),
    ('(truncate +inf.0)', '+inf.0'),
    ('(round -inf.0)', '-inf.0'),
    ('(call-with-values (lambda () (floor/ +nan.0 1)) list)', '#<error>', Guile('(+nan.0 +nan.0)', 'R7RS 6.2.6: floor/ takes integers; a NaN is not one')),
    ('(call-with-values (lambda () (truncate/ -0.0 -5.0)) list)', '(0.0 0.0)'),
    ('(exact-integer-sqrt 4.0)', '#<error>'),
    ('(exp 1000)', '+inf.0'),
    ('(exp -1000)', '0.0'),
    ('(- +inf.0 +inf.0)', '+nan.0'),
    ('(+ +inf.0 -inf.0)', '+nan.0'),
    ('(* -inf.0 -0.0)', '+nan.0'),
    ('(/ -inf.0 0.0)', '-inf.0'),
    ('(/ 0.0 +nan.0)', '+nan.0'),
    ('(max -inf.0 +nan.0)', '+nan.0'),
    ('(min +inf.0 -inf.0)', '-inf.0'),
    ('(exact 1e20)', '100000000000000000000'),
    ('(inexact 12345678901234567890123)', '1.2345678901234568e22'),
    ('(number->string +inf.0 16)', '"+inf.0"'),
    ('(number->string -0.0 16)', '"#i-0"', Guile('"-0.0"', 'R7RS 6.2.7 has no decimal point outside radix 10: an inexact zero with its sign')),
    ('(number->string 0.0 8)', '"#i0"', Guile('"0.0"', 'R7RS 6.2.7 has no decimal point outside radix 10')),
    ('(= -0.0 0)', '#t'),
    ('(= +inf.0 +inf.0)', '#t'),
    ('(< -inf.0 +nan.0)', '#f'),
    ('(> +inf.0 -inf.0)', '#t'),
    ('(eqv? -0.0 -0.0)', '#t'),
    ('(zero? 0+0.0i)', '#t'),
    ('(expt 1.0 +inf.0)', '1.0'),
    ('(expt -1 +inf.0)', '1.0', Guile('+nan.0+nan.0i', 'IEEE 754 pow(-1, +inf) is 1.0; Guile goes through complex numbers to NaNs')),
    ('(expt +inf.0 0.0)', '1.0'),
    ('(expt -inf.0 3)', '-inf.0'),
    ('(expt -inf.0 -3)', '-0.0'),
    ('(sin 1e22)', '-0.8522008497671888'),
    ('(atan +nan.0)', '+nan.0'),
    ('(atan -inf.0)', '-1.5707963267948966'),
    ('(log 1e-320)', '-736.8272408909739'),
    ('(truncate -0.1)', '-0.0'),
    ('(floor 0.1)', '0.0'),
    ('(ceiling -0.9)', '-0.0'),
    # Found by calling every numeric procedure on these values: Python exceptions before.
    ("(denominator 5e-324)", "+inf.0"),
    ("(atan 1+2i 1)", ERROR),
    ("(atan -0.0+0.0i -0.0)", ERROR),
    # The same through compiled procedures, apply and map (not only the primitive's table entry).
    ("((lambda (x) (+ x)) -0.0)", "-0.0"),
    ("((lambda (x) (* x)) -0.0)", "-0.0"),
    ("((lambda (a b) (+ a b)) -0.0 -0.0)", "-0.0"),
    ("((lambda (a b) (max a b)) -0.0 0.0)", "0.0"),
    ("(map + '(-0.0 0.0))", "(-0.0 0.0)"),
    ("(apply * '(-0.0))", "-0.0"),
    ("(apply min '(0.0 -0.0))", "-0.0"),
]


@pytest.mark.parametrize("row", TABLE, ids=[row[0] for row in TABLE])
def test_arithmetic_special_value_gives_expected_value(row):
    expr, expected = row[0], row[1]
    assert ours(expr) == expected


@needs_guile
@pytest.mark.parametrize("row", TABLE, ids=[row[0] for row in TABLE])
def test_arithmetic_special_value_agrees_with_guile_or_differs_as_noted(guile, row):
    expr = row[0]
    expected = row[2].written if len(row) > 2 else row[1]
    assert guile.write(expr) == expected


def test_arithmetic_table_covers_every_special_value_and_notes_each_difference():
    text = " ".join(row[0] for row in TABLE)
    for value in ("-0.0", "+nan.0", "+inf.0", "-inf.0"):
        assert value in text
    assert all(row[2].why for row in TABLE if len(row) > 2)


@pytest.mark.parametrize("call, expected", [
    ("(k 2 1.5)", "2.0"),
    ("(k -0.0 0.0)", "0.0"),
    ("(k 0.0 -0.0)", "0.0"),
    ("(k 3 4)", "4"),
    ("(j 2 1.5)", "1.5"),
    ("(j 1 2.0)", "1.0"),
    ("(j 0.0 -0.0)", "-0.0"),
    ("(k 1.5 \"x\")", ERROR),
    ("(j \"x\" 1)", ERROR),
])
def test_max_min_in_compiled_procedure_check_types_and_contagion(call, expected):
    """Story: in a procedure compiled to Python (pyfunc), `(max a b)` was open-coded as
    `(x if x >= y else y if <guard> else <call>)`: the guard became the else-branch
    of max's own conditional, so a float or a string took the fast path unchecked:
    (max 2 1.5) gave 2, (max -0.0 0.0) -0.0, and (max 1.5 "x") a Python TypeError."""
    assert ours(f"(define (k a b) (max a b)) (define (j a b) (min a b)) {call}") == expected


def special_values() -> list:
    """-0.0, NaN, the infinities and neighbours, as the reader would make them (and a string)."""
    from fractions import Fraction

    from schemehost.datatypes import new_string

    return [0, -0.0, math.nan, math.inf, -math.inf, -1, Fraction(1, 2), 2.5, 10**400, complex(1, 2),
            complex(-0.0, 0.0), 5e-324, new_string("a")]


def numeric_procedure_names() -> list[str]:
    """Every primitive the numbers module registers, read from the registry."""
    from schemehost.primitives import load_all, numbers
    from schemehost.primitives.registry import PRIMITIVES

    load_all()
    return sorted({name for name, fn, _lo, _hi, _tail in PRIMITIVES if fn.__module__ == numbers.__name__})


def test_numeric_procedure_on_special_values_gives_value_or_scheme_error():
    """Every numeric procedure, on one and two of the special values (and a string),
    gives a value or a Scheme error: `(atan 1+2i 1)` was a Python TypeError and
    `(denominator 5e-324)` an OverflowError."""
    import itertools

    from schemehost import Interpreter, SchemehostError

    names = numeric_procedure_names()
    assert {"+", "*", "-", "/", "expt", "log", "atan", "max", "floor/", "number->string"} <= set(names)
    interp = Interpreter(stdin="")
    values = special_values()
    failures, calls = [], 0
    for name in names:
        procedure = interp.lookup(name)
        for arity in (1, 2):
            for args in itertools.product(values, repeat=arity):
                calls += 1
                try:
                    interp.apply(procedure, list(args))
                except SchemehostError:
                    pass
                except Exception as exc:  # the defect under test
                    failures.append(f"({name} {' '.join(map(repr, args))}): {type(exc).__name__}: {exc}")
    assert calls == len(names) * (len(values) + len(values) ** 2)
    assert failures == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-(10**30), 10**30), min_size=1, max_size=40), st.sampled_from([None, 0.0, -0.0, 2.5]))
def test_max_and_min_of_exact_integers_and_with_a_float_among_them(ints, extra):
    """Exact integers alone take Python's max and min (session 19); a float among
    them makes the answer inexact, as R7RS 6.2.6 says, by the general path."""
    from conftest import Session

    s = Session()
    items = " ".join(map(str, ints)) + ("" if extra is None else f" {extra!r}")
    values = ints + ([] if extra is None else [extra])
    for name, pick in (("max", max), ("min", min)):
        got = s.eval(f"({name} {items})")
        if extra is None:
            assert got == pick(ints) and type(got) is int
        else:
            assert type(got) is float and got == float(pick(values))
