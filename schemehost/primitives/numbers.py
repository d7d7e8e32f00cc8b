"""Numbers: the tower of exact integers, exact rationals and inexact reals.

Exact results stay exact (int, or Fraction when not integral); any inexact
argument makes the result inexact (float).  `bool` is never a number, so
every check tests `type(x)`, not isinstance.
"""

from __future__ import annotations

import cmath
import math
import operator
import re
from fractions import Fraction

from ..datatypes import new_string, new_values
from ..runtime import RUNNING, charge, charge_pairs
from ..numtext import parse_number
from ..printer import format_number
from .registry import (
    ANY,
    INTEGER,
    NUMBER,
    REAL,
    STRING,
    EXACT_NONNEG,
    check_real,
    primitive,
    scheme_error,
    type_error,
)

NUMBER_TYPES = (int, float, Fraction, complex)
REAL_TYPES = (int, float, Fraction)


def num(who: str, i: int, x):
    if type(x) not in NUMBER_TYPES:
        raise type_error(who, i, "number", x)
    return x


def _norm(x):
    if type(x) is Fraction and x.denominator == 1:
        return x.numerator
    return x


def _beyond_floats(op, a, b):
    """Return op(a, b) for an exact operand Python cannot turn into a float.

    Python raises OverflowError for 10**400 + 1.5.  With finite operands,
    compute exactly and round the result once (to an infinity past the
    float range); with an infinite, NaN or complex operand, compute with the
    exact operand's inexact value (itself an infinity).
    """
    ta, tb = type(a), type(b)
    if ta is not complex and tb is not complex and (ta is not float or math.isfinite(a)) and (
        tb is not float or math.isfinite(b)
    ):
        return to_inexact(op(Fraction(a), Fraction(b)))
    return op(to_inexact(a), to_inexact(b))


_EXACT = {int, Fraction}


# What an arithmetic entry's or a comparison's parameter holds when the call gave it
# no argument.
_ONE = object()
# Exact integers longer than this many bits charge the budget in the
# arithmetic that makes them (one step per 64-bit word of the result).
_BIG_BITS = 4096

# Exact rational arithmetic on numerators and denominators, for two exact
# operands of which one is a ratio (and for any exact division).  The
# fractions module's operators first ask numbers.Rational's isinstance of the
# other operand, then build their result through Fraction.__new__: three times
# the cost of the arithmetic on ratios of a few words.  Here each result is
# reduced as it is made (the gcds below), its denominator positive, and an
# integral one is the int itself, as _norm gives the procedures' results.
#
# Each function charges what the procedure charges (charge_ratio's steps, and
# for a product an integral result of over _BIG_BITS its words): nothing while
# every numerator and denominator is under 2**191 (under 384 bits a side:
# fewer than GCD_PAIRS_PER_STEP pairs of words), which one chained comparison
# per operand tells.
_SMALL_TERM = 1 << 191
_new_object = object.__new__


def _ratio(n: int, d: int):
    """n/d, already in lowest terms with d > 0: n where d is 1, else a Fraction made
    without Fraction.__new__'s checks (its two slots set as it sets them)."""
    if d == 1:
        return n
    r = _new_object(Fraction)
    r._numerator = n
    r._denominator = d
    return r


def _terms(a, b, lo=-_SMALL_TERM, hi=_SMALL_TERM) -> tuple[int, int, int, int]:
    """The numerators and denominators of exact a and b, after charging for them as
    charge_ratio does.  (The bounds are parameters: read as locals, the negative one
    made once.)"""
    if type(a) is int:
        na, da = a, 1
    else:
        na, da = a._numerator, a._denominator
    if type(b) is int:
        nb, db = b, 1
    else:
        nb, db = b._numerator, b._denominator
    if not (lo < na < hi and da < hi and lo < nb < hi and db < hi):
        charge_ratio(a, b)
    return na, da, nb, db


def _exact_sum(na: int, da: int, nb: int, db: int):
    """na/da + nb/db, both in lowest terms.  With g the gcd of the denominators, the
    sum's numerator can share a factor with g only: one more gcd, of g, reduces it."""
    g = math.gcd(da, db)
    if g == 1:
        return _ratio(na * db + nb * da, da * db)
    s = da // g
    t = na * (db // g) + nb * s
    g2 = math.gcd(t, g)
    if g2 == 1:
        return _ratio(t, s * db)
    return _ratio(t // g2, s * (db // g2))


def exact_add(a, b):
    """(+ a b) of exact a and b, one of them a ratio: the procedure's value and charge."""
    na, da, nb, db = _terms(a, b)
    return _exact_sum(na, da, nb, db)


def exact_sub(a, b):
    """(- a b) of exact a and b, one of them a ratio."""
    na, da, nb, db = _terms(a, b)
    return _exact_sum(na, da, -nb, db)


def _exact_product(na: int, da: int, nb: int, db: int):
    """na/da * nb/db, both in lowest terms: each numerator reduced against the other's
    denominator first, so the product is in lowest terms."""
    g1 = math.gcd(na, db)
    if g1 != 1:
        na //= g1
        db //= g1
    g2 = math.gcd(nb, da)
    if g2 != 1:
        nb //= g2
        da //= g2
    return _ratio(na * nb, da * db)


def _exact_quotient(na: int, da: int, nb: int, db: int):
    """na/da / nb/db, both in lowest terms, nb not zero: the product with the divisor's
    inverse (db/nb, its sign moved to the numerator)."""
    if nb < 0:
        return _exact_product(-na, da, db, -nb)
    return _exact_product(na, da, db, nb)


def exact_mul(a, b):
    """(* a b) of exact a and b, one of them a ratio."""
    r = _exact_product(*_terms(a, b))
    if type(r) is int and r.bit_length() > _BIG_BITS:
        charge(r.bit_length() >> 6)  # (as the procedure charges a long integral product)
    return r


def exact_div(a, b):
    """(/ a b) of exact a and b, b not zero (any two exact numbers)."""
    return _exact_quotient(*_terms(a, b))


def exact_compare(op, a, b) -> bool:
    """op (operator.lt, eq, ...) of exact a and b, one of them a ratio: the numerators
    compared across the (positive) denominators.  Comparisons charge nothing."""
    if type(a) is int:
        return op(a * b._denominator, b._numerator)
    if type(b) is int:
        return op(a._numerator, b * a._denominator)
    return op(a._numerator * b._denominator, b._numerator * a._denominator)


# The procedures' values and charges for two exact operands, one of them a ratio
# (any two for a division, the divisor not zero), by the operator of their float
# cases (inline.INEXACT's): what inline.inexact's slow paths call.
EXACT_ARITHMETIC = {operator.add: exact_add, operator.sub: exact_sub, operator.mul: exact_mul, operator.truediv: exact_div}


# The entry of + and *, written once per operator as the comparisons' are (_COMPARE_ENTRY):
# two fixnums or two floats, as a procedure passed + or * calls it ((map + xs ys),
# an accumulate's (op x acc)), are added or multiplied by the operator itself, with
# no tuple of the arguments.  A product of at most 4,096 bits is not charged.
_FOLD_ENTRY = """
def fold(a=_ONE, b=_ONE, *rest):
    ta = type(a)
    if ta is type(b) and (ta is float or ta is int{small}):
        if not rest:
            return a {} b
        {many}
    return general(a, b, rest)
"""
# + of more exact integers, (+ a b c d) or (apply + row), added as they are tested:
# the general loop's value, which charges nothing for them.  (Not floats, whose
# sum the general loop makes.)
_MANY_INTEGERS = {"+": """if ta is int:
            total = a + b
            for x in rest:
                if type(x) is not int:
                    return general(a, b, rest)
                total += x
            return total""",
                  "*": "pass"}


def _fold(name: str, op, exact, symbol: str, identity: int, charge_big: bool):
    """Return (`name` z ...), `op` folded from the first argument, not from
    `identity`: 0 + -0.0 is 0.0 in IEEE 754, so (+ -0.0) would lose the sign
    of its zero, and (* x) is x itself.  A product can be far larger than its
    arguments, so with `charge_big` a huge exact result is charged.  `exact`
    (_exact_sum, _exact_product) takes a step with an exact ratio among two
    exact operands, on their terms (_terms, which charges as charge_ratio)."""

    def general(a, b, rest):
        args = () if a is _ONE else (a,) if b is _ONE else (a, b, *rest)
        if not args:
            return identity
        total = num(name, 1, args[0])
        for i, a in enumerate(args[1:], 2):
            if type(a) not in NUMBER_TYPES:
                raise type_error(name, i, "number", a)
            if charge_big and type(total) is int and type(a) is int:
                charge_product(total, a)
            elif type(total) is Fraction or type(a) is Fraction:
                if type(total) in _EXACT and type(a) in _EXACT:
                    total = exact(*_terms(total, a))  # (charged as charge_ratio charges)
                    continue
                charge_ratio(total, a)
            try:
                total = op(total, a)
            except OverflowError:
                total = _beyond_floats(op, total, a)
        if charge_big and type(total) is int and total.bit_length() > _BIG_BITS:
            charge(total.bit_length() >> 6)
        return _norm(total)

    small = " and a.bit_length() + b.bit_length() <= _BIG_BITS" if charge_big else ""
    namespace = {"__name__": __name__, "_ONE": _ONE, "_BIG_BITS": _BIG_BITS, "general": general}
    text = _FOLD_ENTRY.format(symbol, small=small, many=_MANY_INTEGERS[symbol])
    exec(compile(text, f"<arithmetic {name}>", "exec"), namespace)
    fold = namespace["fold"]
    fold.__name__ = fold.__qualname__ = name
    return fold


add = primitive("+", rest=NUMBER, checks="body")(_fold("+", operator.add, _exact_sum, "+", 0, False))
mul = primitive("*", rest=NUMBER, checks="body")(_fold("*", operator.mul, _exact_product, "*", 1, True))


@primitive("-", args=(NUMBER,), rest=NUMBER, checks="body")
def sub(first, *rest):
    num("-", 1, first)
    if not rest:
        return -first
    total = first
    for i, a in enumerate(rest, 2):
        if type(a) not in NUMBER_TYPES:
            raise type_error("-", i, "number", a)
        if type(total) is Fraction or type(a) is Fraction:
            if type(total) in _EXACT and type(a) in _EXACT:
                na, da, nb, db = _terms(total, a)  # (charged as charge_ratio charges)
                total = _exact_sum(na, da, -nb, db)
                continue
            charge_ratio(total, a)
        try:
            total = total - a
        except OverflowError:
            total = _beyond_floats(operator.sub, total, a)
    return _norm(total)


def divide2(a, b):
    """Divide with Scheme's exactness rules (exact / exact stays exact)."""
    ta, tb = type(a), type(b)
    if (ta is int or ta is Fraction) and (tb is int or tb is Fraction):
        if b == 0:
            raise scheme_error("/: division by zero", a)
        return _exact_quotient(*_terms(a, b))  # (charged as charge_ratio charges)
    if b == 0:
        if ta is complex or tb is complex:
            raise scheme_error("/: division by zero", a)
        fa = to_inexact(a)
        if fa == 0 or math.isnan(fa):
            return math.nan
        return math.copysign(math.inf, fa) * (math.copysign(1.0, float(b)))
    try:
        return a / b
    except OverflowError:
        return _beyond_floats(operator.truediv, a, b)


# Checked as it divides: (/ 1 0 'x) is a division by zero, found before argument 3.
@primitive("/", args=(NUMBER,), rest=NUMBER, checks="body")
def div(first, *rest):
    num("/", 1, first)
    if not rest:
        return divide2(1, first)
    total = first
    for i, a in enumerate(rest, 2):
        num("/", i, a)
        total = divide2(total, a)
    return total


# A comparison's entry, written once per operator so that the common call, two
# fixnums or floats (a procedure passed = or < calling it), is the operator itself:
# two named parameters (no tuple), no loop, no call of the operator's function.
_COMPARE_ENTRY = """
def compare(a, b=_ONE, *rest):
    if (type(a) is int or type(a) is float) and (type(b) is int or type(b) is float) and not rest:
        return a {} b
    return chain(a, b, rest)
"""


def _compare(name, op, symbol):
    def chain(a, b, rest):
        args = (a,) if b is _ONE else (a, b, *rest)
        for i, a in enumerate(args, 1):
            if type(a) not in REAL_TYPES:
                if name == "=" and type(a) is complex:
                    continue
                raise type_error(name, i, "real" if name != "=" else "number", a)
        for k in range(len(args) - 1):
            if not op(args[k], args[k + 1]):
                return False
        return True

    namespace = {"__name__": __name__, "_ONE": _ONE, "chain": chain}
    exec(compile(_COMPARE_ENTRY.format(symbol), f"<comparison {name}>", "exec"), namespace)
    compare = namespace["compare"]
    compare.__name__ = name
    primitive(name, lo=1, hi=-1, rest=NUMBER if name == "=" else REAL, checks="body")(compare)
    return compare


num_eq = _compare("=", operator.eq, "==")
num_lt = _compare("<", operator.lt, "<")
num_gt = _compare(">", operator.gt, ">")
num_le = _compare("<=", operator.le, "<=")
num_ge = _compare(">=", operator.ge, ">=")


@primitive("number?", "complex?")
def is_number(x):
    return type(x) in NUMBER_TYPES


@primitive("real?")
def is_real(x):
    return type(x) in REAL_TYPES


@primitive("rational?")
def is_rational(x):
    t = type(x)
    return t is int or t is Fraction or (t is float and math.isfinite(x))


@primitive("integer?")
def is_integer(x):
    t = type(x)
    return t is int or (t is float and x.is_integer())


@primitive("exact?", args=(NUMBER,))
def is_exact(x):
    return type(x) is int or type(x) is Fraction


@primitive("inexact?", args=(NUMBER,))
def is_inexact(x):
    return type(x) is float or type(x) is complex


@primitive("exact-integer?")
def is_exact_integer(x):
    return type(x) is int


@primitive("exact-rational?")
def is_exact_rational(x):
    return type(x) is int or type(x) is Fraction


def _float_class(name: str, complex_test, float_test, otherwise: bool) -> None:
    """Register (`name` z): `complex_test` on a complex, `float_test` on a
    float, `otherwise` on an exact number (exact numbers are finite)."""

    def test(x):
        t = type(x)
        if t is complex:
            return complex_test(x)
        if t is float:
            return float_test(x)
        return otherwise

    test.__name__ = test.__qualname__ = name
    primitive(name, args=(NUMBER,))(test)


# (nan? z), (infinite? z), (finite? z)
_float_class("nan?", cmath.isnan, math.isnan, False)
_float_class("infinite?", cmath.isinf, math.isinf, False)
_float_class("finite?", cmath.isfinite, math.isfinite, True)


# The predicates often handed to a procedure as values ((filter even? l)): an
# exact integer answered at once, anything else tested as the declared type
# would be (checks="body": one Python call a use, not the checked entry's two).


@primitive("zero?", args=(NUMBER,), checks="body")
def is_zero(x):
    if type(x) is not int and type(x) not in NUMBER_TYPES:
        raise type_error("zero?", 1, "number", x)
    return x == 0


@primitive("positive?", args=(REAL,), checks="body")
def is_positive(x):
    if type(x) is not int and type(x) not in REAL_TYPES:
        raise type_error("positive?", 1, "real", x)
    return x > 0


@primitive("negative?", args=(REAL,), checks="body")
def is_negative(x):
    if type(x) is not int and type(x) not in REAL_TYPES:
        raise type_error("negative?", 1, "real", x)
    return x < 0


def _integer(who: str, x):
    """`x`, an integer that is not an exact one: a float with no fraction, else the error."""
    if type(x) is not float or not x.is_integer():
        raise type_error(who, 1, "integer", x)
    return x


@primitive("odd?", args=(INTEGER,), checks="body")
def is_odd(x):
    return (x if type(x) is int else _integer("odd?", x)) % 2 == 1


@primitive("even?", args=(INTEGER,), checks="body")
def is_even(x):
    return (x if type(x) is int else _integer("even?", x)) % 2 == 0


def _inexact_if(result, *args):
    if any(type(a) is float for a in args):
        return to_inexact(result)
    return result


def _negative_zero(x) -> bool:
    return type(x) is float and x == 0 and math.copysign(1.0, x) < 0


def _extreme(name: str, beats, of_ints):
    """Return (`name` x1 x2 ...): the argument that `beats` every other; a NaN wins.
    Exact integers alone (the usual (apply max l)): `of_ints`, Python's own, in C."""

    def pick(first, *rest):
        if type(first) is int and rest:
            # (A loop, not a set of the types: 0.71 of the time for three operands,
            # 0.81 for a hundred, measured.)
            for a in rest:
                if type(a) is not int:
                    break
            else:
                return of_ints(first, *rest)
        best = first
        for a in rest:
            if beats(a, best) or (type(a) is float and math.isnan(a)):
                best = a
        return _inexact_if(best, first, *rest)

    pick.__name__ = pick.__qualname__ = name
    return pick


# Of two equal zeros, 0.0 is larger than -0.0 (IEEE 754 maxNum, Guile).
num_max = primitive("max", args=(REAL,), rest=REAL)(
    _extreme("max", lambda a, best: a > best or (a == 0 and _negative_zero(best)), max)
)
num_min = primitive("min", args=(REAL,), rest=REAL)(
    _extreme("min", lambda a, best: a < best or (best == 0 and _negative_zero(a)), min)
)


@primitive("abs", "magnitude", args=(NUMBER,))
def num_abs(x):
    return abs(x)


def _int_args(who, a, b):
    """Return integers `a` and `b` (declared INTEGER, so maybe 2.0) as ints; b must not be 0.

    The division they are for is charged here (charge_division)."""
    a = int(a) if type(a) is not int else a
    b = int(b) if type(b) is not int else b
    if b == 0:
        raise scheme_error(f"{who}: division by zero", a)
    charge_division(a, b)
    return a, b


# Pairs of 64-bit words a step covers (a step is about a quarter of a
# microsecond: _PRODUCT_STEPS).  Measured here: a long division takes about
# 8 ns per pair of a quotient word and a divisor word (a divisor of one word
# costs as much as one of five); a gcd about 7 ns per
# pair of words of its operands, and Fraction arithmetic reduces every result
# by a gcd of about the operands' total length.
DIVISION_PAIRS_PER_STEP = 32
GCD_PAIRS_PER_STEP = 36


def charge_division(a: int, b: int) -> None:
    """Charge a // b (or %, divmod) of exact integers before it starts, when `a` is long."""
    if a.bit_length() > _BIG_BITS:
        steps = _division_steps(a, b)
        if steps:
            RUNNING.budget.charge(steps)


def _division_steps(a: int, b: int) -> int:
    """The steps charge_division charges for a // b, `a` over _BIG_BITS bits (0 if under one)."""
    abits = a.bit_length()
    bbits = b.bit_length()
    if abits < bbits:
        return 0
    return ((abits - bbits + 64) >> 6) * ((bbits + 256) >> 6) // DIVISION_PAIRS_PER_STEP


def charged_floordiv(a: int, b: int) -> int:
    """a // b of exact integers, charged: open-coded quotient's way for a dividend of
    over 4,096 bits (one call, the budget's own charge: bignum's digit loops)."""
    steps = _division_steps(a, b)
    if steps:
        RUNNING.budget.charge(steps)
    return a // b


def charged_mod(a: int, b: int) -> int:
    """a % b of exact integers, charged: open-coded remainder's and modulo's way."""
    steps = _division_steps(a, b)
    if steps:
        RUNNING.budget.charge(steps)
    return a % b


def _exact_bits(x) -> int:
    """The length of exact `x` in bits (a ratio's numerator and denominator together); 0 if inexact."""
    t = type(x)
    if t is int:
        return x.bit_length()
    if t is Fraction:
        return x.numerator.bit_length() + x.denominator.bit_length()
    return 0


def charge_ratio(a, b) -> None:
    """Charge exact arithmetic on `a` and `b` of which one is a ratio (a gcd reduces the result)."""
    charge_pairs(_exact_bits(a), _exact_bits(b), GCD_PAIRS_PER_STEP)


def _result_exactness(value, *args):
    return to_inexact(value) if any(type(x) is float for x in args) else value


def _quotient_exactness(q, a, b):
    """Return quotient `q` of a by b, inexact if either is; an inexact zero
    quotient has the sign of a / b, as IEEE 754 division then truncation or
    flooring gives it (and Guile): (quotient -0.0 5) and (quotient -3.0 5) are -0.0."""
    if type(a) is not float and type(b) is not float:
        return q
    if q == 0:
        negative = (math.copysign(1.0, a) < 0 if type(a) is float else a < 0) != (
            math.copysign(1.0, b) < 0 if type(b) is float else b < 0
        )
        return -0.0 if negative else 0.0
    return to_inexact(q)


@primitive("quotient", "truncate-quotient", args=(INTEGER, INTEGER))
def quotient(a, b):
    x, y = _int_args("quotient", a, b)
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return _quotient_exactness(q, a, b)


@primitive("remainder", "truncate-remainder", args=(INTEGER, INTEGER))
def remainder(a, b):
    x, y = _int_args("remainder", a, b)
    r = abs(x) % abs(y)
    if x < 0:
        r = -r
    return _result_exactness(r, a, b)


@primitive("modulo", "floor-remainder", args=(INTEGER, INTEGER))
def modulo(a, b):
    x, y = _int_args("modulo", a, b)
    return _result_exactness(x % y, a, b)


@primitive("floor-quotient", args=(INTEGER, INTEGER))
def floor_quotient(a, b):
    x, y = _int_args("floor-quotient", a, b)
    return _quotient_exactness(x // y, a, b)


@primitive("gcd", rest=INTEGER)
def gcd(*args):
    g = 0
    for a in args:
        a = int(a)
        charge_pairs(g.bit_length(), a.bit_length(), GCD_PAIRS_PER_STEP)
        g = math.gcd(g, a)
    return _result_exactness(g, *args)


@primitive("lcm", rest=INTEGER)
def lcm(*args):
    values = [int(a) for a in args]
    m = 1
    for v in values:
        if v == 0:
            return _result_exactness(0, *args)
        charge_pairs(m.bit_length(), v.bit_length(), GCD_PAIRS_PER_STEP)
        g = math.gcd(m, v)
        charge_product(m, v)
        m = abs(m * v)
        charge_division(m, g)
        m //= g
    return _result_exactness(m, *args)


def _rational(who: str, x) -> int | Fraction:
    """Return real `x` (declared REAL) as a Fraction, or an exact integer itself (both have
    the numerator and denominator read); infinities and NaNs are not rational."""
    if type(x) is int or type(x) is Fraction:
        return x
    if not math.isfinite(x):
        raise type_error(who, 1, "a rational number", x)
    return Fraction(x)


@primitive("numerator", args=(REAL,))
def numerator(x):
    n = _rational("numerator", x).numerator
    return math.copysign(float(n), x) if type(x) is float else n  # (numerator -0.0) is -0.0


@primitive("denominator", args=(REAL,))
def denominator(x):
    d = _rational("denominator", x).denominator
    return to_inexact(d) if type(x) is float else d  # 2^1074 of 5e-324 is past the float range: +inf.0


def _rounder(name, fn):
    def r(x):
        if type(x) is int:
            return x
        if type(x) is float:
            if not math.isfinite(x):
                return x
            # A zero result keeps x's sign, as IEEE 754 rounding does:
            # (floor -0.0) and (ceiling -0.5) are -0.0, not 0.0.
            return math.copysign(float(fn(x)), x)
        return fn(x)

    primitive(name, args=(REAL,))(r)
    return r


_rounder("floor", math.floor)
_rounder("ceiling", math.ceil)
_rounder("truncate", math.trunc)


def round_exact(x):
    """(round x) of an exact rational: the nearest integer, the even one at a half (as
    Python's round of a Fraction, without its method's reads of the numerator and
    denominator through properties)."""
    if type(x) is int:
        return x
    d = x._denominator
    q, r = divmod(x._numerator, d)  # (r >= 0: d is positive)
    if r + r < d:
        return q
    if r + r > d:
        return q + 1
    return q + (q & 1)


def _round(x):
    """Python's round for a float (half to even, as Scheme's), round_exact otherwise."""
    return round(x) if type(x) is float else round_exact(x)


_rounder("round", _round)


def to_exact(x, who="exact"):
    t = type(x)
    if t is int or t is Fraction:
        return x
    if t is float:
        if not math.isfinite(x):
            raise scheme_error(f"{who}: no exact representation", x)
        return _norm(Fraction(x))
    if t is complex and x.imag == 0:
        return to_exact(x.real, who)
    raise type_error(who, 1, "real", x)


def to_inexact(x, who="inexact"):
    t = type(x)
    if t is float or t is complex:
        return x
    if t is int or t is Fraction:
        try:
            return float(x)
        except OverflowError:
            return math.inf if x > 0 else -math.inf
    raise type_error(who, 1, "number", x)


primitive("exact", "inexact->exact")(to_exact)
primitive("inexact", "exact->inexact")(to_inexact)


@primitive("square", args=(NUMBER,))
def square(x):
    if type(x) is int and x.bit_length() > _BIG_BITS:
        charge_product(x, x)
        charge(x.bit_length() >> 5)
    return x * x


def _float_fn(name, fn, cfn=None, domain=None):
    def f(x):
        if type(x) is complex or (domain is not None and not domain(x)):
            if cfn is None:
                raise scheme_error(f"{name}: argument out of range", x)
            if type(x) is not complex:
                # A real x on the branch cut: R7RS defines asin z as
                # -i log(iz + sqrt(1 - z^2)), which is the value below the cut
                # for x > 1 and above it for x < -1.
                x = complex(to_inexact(x), -0.0 if x > 0 else 0.0)
            return _complex_result(name, cfn, x)
        try:
            return fn(to_inexact(x))
        except OverflowError:
            return math.inf  # exp past the float range
        except ValueError:
            return math.nan  # sin, cos or tan of an infinity: IEEE 754's invalid operation

    primitive(name, args=(NUMBER,))(f)
    return f


def _simplify_complex(z):
    if type(z) is complex and z.imag == 0:
        return z.real
    return z


def _complex_result(name: str, cfn, z):
    """Return cfn(z) for a cmath function; its range errors become Scheme errors."""
    try:
        return _simplify_complex(cfn(z))
    except (ValueError, OverflowError):
        raise scheme_error(f"{name}: argument out of range", z) from None


_float_fn("exp", math.exp, cmath.exp)
_float_fn("sin", math.sin, cmath.sin)
_float_fn("cos", math.cos, cmath.cos)
_float_fn("tan", math.tan, cmath.tan)
_float_fn("asin", math.asin, cmath.asin, lambda x: -1 <= x <= 1)
_float_fn("acos", math.acos, cmath.acos, lambda x: -1 <= x <= 1)


# x is checked in the body: with two arguments y must be real too, and is checked first.
@primitive("atan", args=(NUMBER, ANY))
def atan(y, x=None):
    if x is None:
        if type(y) is complex:
            return _complex_result("atan", cmath.atan, y)
        return math.atan(to_inexact(y))
    check_real("atan", 1, y)  # two arguments: both real (a complex y was a Python TypeError)
    check_real("atan", 2, x)
    return math.atan2(to_inexact(y), to_inexact(x))


def _real_log(x):
    """Return log x for a real x (complex when x < 0), also past the float range."""
    if x == 0:
        # log -0.0 is on the negative side of the branch cut: -inf.0+pi i (as Guile).
        return complex(-math.inf, math.pi) if _negative_zero(x) else -math.inf
    if x < 0:
        return complex(_real_log(-x), math.pi)
    if type(x) is Fraction:
        return math.log(x.numerator) - math.log(x.denominator)
    return math.log(x)  # math.log takes an int of any size


@primitive("log", args=(NUMBER, NUMBER))
def log(x, base=None):
    try:
        value = cmath.log(x) if type(x) is complex else _real_log(x)
        if base is not None:
            divisor = cmath.log(base) if type(base) is complex else _real_log(base)
            if type(value) is complex and type(divisor) is not complex:
                # Part by part: Python's complex division would make the
                # infinite part of (log -0.0) times 0 a NaN.
                value = complex(value.real / divisor, value.imag / divisor)
            else:
                value = value / divisor
    except (ValueError, ZeroDivisionError):
        raise scheme_error("log: argument out of range", x) from None
    return _simplify_complex(value)


def _inexact_sqrt(x) -> float:
    """Return the square root of a non-negative real as a float.

    An exact number outside the float range (10**400, 1/10**400) is first
    scaled by an even power of two, so its root is not lost to overflow.
    """
    if type(x) is float or (type(x) is int and x.bit_length() < 1000):
        return math.sqrt(x)
    q = Fraction(x)
    shift = (q.numerator.bit_length() - q.denominator.bit_length()) // 2
    try:
        return math.ldexp(math.sqrt(q / Fraction(4) ** shift), shift)
    except OverflowError:
        return math.inf


@primitive("sqrt", args=(NUMBER,))
def sqrt(x):
    t = type(x)
    if t is complex:
        return _complex_result("sqrt", cmath.sqrt, x)
    if x < 0:
        return complex(0.0, _inexact_sqrt(-x))
    if t is int:
        charge_pairs(x.bit_length() >> 1, x.bit_length() >> 1, GCD_PAIRS_PER_STEP)
        r = math.isqrt(x)
        if r * r == x:
            return r
    elif t is Fraction:
        half = _exact_bits(x) >> 1
        charge_pairs(half, half, GCD_PAIRS_PER_STEP)
        n, d = math.isqrt(x.numerator), math.isqrt(x.denominator)
        if n * n == x.numerator and d * d == x.denominator:
            return Fraction(n, d)
    return _inexact_sqrt(x)


@primitive("exact-integer-sqrt", args=(EXACT_NONNEG,))
def exact_integer_sqrt(n):
    charge_pairs(n.bit_length() >> 1, n.bit_length() >> 1, GCD_PAIRS_PER_STEP)
    r = math.isqrt(n)
    return new_values([r, n - r * r])


@primitive("expt", args=(NUMBER, NUMBER))
def expt(base, power):
    tb, tp = type(base), type(power)
    if tp is complex and base == 0 and power != 0:
        # R7RS 6.2.6: 0^z is 0 if (real-part z) is positive, an error
        # otherwise; 0.0^z likewise, inexact.  (Python's complex power
        # divides by zero here.)
        if power.real > 0:
            return 0 if tb is int or tb is Fraction else 0.0
        raise scheme_error("expt: 0 to a power whose real part is not positive", base, power)
    try:
        if tp is int and (tb is int or tb is Fraction):
            if base == 0 and power < 0:
                raise scheme_error("expt: division by zero", base)
            if abs(power) > 10_000_000 and abs(base) != 1 and base != 0:
                raise scheme_error("expt: result too large", base, power)
            if abs(base) > 1 or tb is Fraction:
                # The result's size, known before it is computed: charge it, and
                # refuse one of more than EXPT_MAX_BITS bits.
                if tb is int:
                    bits = abs(power) * base.bit_length()  # (|base| > 1: its bits, its denominator's 1)
                else:
                    bits = abs(power) * max(base.numerator.bit_length(), base.denominator.bit_length())
                if bits > EXPT_MAX_BITS:
                    raise scheme_error("expt: result too large", base, power)
                charge(bits >> 6)
                charge_power(bits)
            return _norm(Fraction(base) ** power) if tb is Fraction or power < 0 else base**power
        if tb is complex or tp is complex or (
            # A negative base to a non-integral power is complex; to an
            # infinite one IEEE 754 pow answers (1.0 for -1, else 0.0 or +inf.0).
            base < 0 and tp is not int and math.isfinite(power) and not float(power).is_integer()
        ):
            return _simplify_complex(complex(base) ** complex(power))
        return math.pow(float(base), float(power))
    except (OverflowError, ValueError):
        # Overflow, or math.pow refusing 0.0 to a negative power: IEEE 754 pow
        # gives an infinity, negative for a negative base to an odd power (as
        # (/ 1 0.0) gives +inf.0 here).
        odd = (tp is int or (tp is float and power.is_integer())) and power % 2 == 1
        if tb is float:
            negative = math.copysign(1.0, base) < 0
        else:
            negative = tb is not complex and base < 0
        return -math.inf if odd and negative else math.inf
    except ZeroDivisionError:
        raise scheme_error("expt: division by zero", base) from None


@primitive("floor/", args=(INTEGER, INTEGER))
def floor_div(a, b):
    if type(a) is int and type(b) is int and b and a.bit_length() <= _BIG_BITS:
        return new_values(divmod(a, b))  # (nothing to charge: charge_division's short case)
    x, y = _int_args("floor/", a, b)
    q, r = divmod(x, y)  # one division, as _int_args charged
    return new_values([_quotient_exactness(q, a, b), _result_exactness(r, a, b)])


@primitive("truncate/", args=(INTEGER, INTEGER))
def truncate_div(a, b):
    x, y = _int_args("truncate/", a, b)
    q, r = divmod(abs(x), abs(y))  # one division, as _int_args charged
    if (x < 0) != (y < 0):
        q = -q
    if x < 0:
        r = -r
    return new_values([_quotient_exactness(q, a, b), _result_exactness(r, a, b)])


@primitive("rationalize", args=(REAL, REAL))
def rationalize(x, y):
    inexact = type(x) is float or type(y) is float
    if inexact:
        ix, iy = to_inexact(x), to_inexact(y)
        if math.isnan(ix) or math.isnan(iy):
            return math.nan
        if math.isinf(iy):
            return 0.0
        if math.isinf(ix):
            return ix
    fx, fy = Fraction(x), abs(Fraction(y))
    lo, hi = fx - fy, fx + fy
    result = _simplest_between(lo, hi)
    return to_inexact(result) if inexact else _norm(result)


def _simplest_between(lo: Fraction, hi: Fraction) -> Fraction:
    """Return the simplest rational in [lo, hi] (Stern-Brocot descent)."""
    if lo > 0:
        return _simplest_positive(lo, hi)
    if hi < 0:
        return -_simplest_positive(-hi, -lo)
    return Fraction(0)


def _simplest_positive(lo: Fraction, hi: Fraction) -> Fraction:
    # Continued-fraction walk, iterative.
    terms = []
    while True:
        fl = math.floor(lo)
        if Fraction(fl) == lo:
            terms.append(fl)
            break
        if fl + 1 <= hi:
            terms.append(fl + 1)
            break
        terms.append(fl)
        lo, hi = 1 / (hi - fl), 1 / (lo - fl)
    result = Fraction(terms[-1])
    for t in reversed(terms[:-1]):
        result = t + 1 / result
    return result


_STR_LIMIT = 10**1000
# Steps a product of two exact integers of w 64-bit words each costs before it is
# made: _PRODUCT_STEPS * w ** 1.585 (CPython multiplies such numbers by Karatsuba's
# method), times big / small words for unequal ones.  Measured: two 4,096-bit
# numbers multiply in about 13 us, two of 2**20 bits in about 91 ms, two of 2**24
# bits in about 8.5 s; at about a quarter of a microsecond a step (a procedure
# call), 0.08 * w ** 1.585 steps.
_PRODUCT_STEPS = 0.08


def charge_product(a: int, b: int) -> None:
    """Charge the making of a * b before it starts, when both have over 4,096 bits.

    The charge after it (the result's length, as every built-in charges what it
    makes) is linear, but the making is not: a loop squaring a number doubled
    its length each time for a step or two, and its time grew far past what
    its steps stood for, so only the wall clock stopped it.  A product with a
    factor of 4,096 bits or fewer costs about its length, which that charge covers."""
    small = a.bit_length() >> 6
    big = b.bit_length() >> 6
    if small > big:
        small, big = big, small
    if small > _BIG_BITS >> 6:
        charge(int(_PRODUCT_STEPS * (big / small) * small ** 1.585) << 8)


def charge_power(bits: int) -> None:
    """Charge the squarings that make an exact power of `bits` bits, before they start.

    The last squaring, of two halves, costs what charge_product charges for
    them; the ones before it add half again (each is about a third of the
    next).  Measured: 7 to the 8,000,000th (22 million bits) takes 6.5 s."""
    half = bits >> 7  # 64-bit words in each factor of the last squaring
    if half > _BIG_BITS >> 6:
        charge(int(1.5 * _PRODUCT_STEPS * half ** 1.585) << 8)


# The largest exact power expt computes: 2^26 bits, an 8 MB integer.
EXPT_MAX_BITS = 1 << 26


_INT_FORMATS = {2: "b", 8: "o", 16: "x"}


@primitive("number->string", args=(NUMBER, ANY))
def number_to_string(x, radix=10):
    if type(x) is int and -_STR_LIMIT < x < _STR_LIMIT:
        if radix == 10:
            return new_string(str(x))  # within Python's digit limit for str(int); printer.format_number does the rest
        if -_QUICK_DIGITS_LIMIT < x < _QUICK_DIGITS_LIMIT and type(radix) is int and radix in _INT_FORMATS:
            return new_string(format(x, _INT_FORMATS[radix]))  # (_int_radix's text; _charge_digits charges nothing)
    _charge_digits(x)
    if type(radix) is not int or radix not in (2, 8, 10, 16):
        raise scheme_error("number->string: radix must be 2, 8, 10 or 16", radix)
    if type(x) is float and radix != 10 and math.isfinite(x):
        # Only radix 10 has a decimal point (R7RS 7.1.1), so an inexact number
        # in another radix is written as an inexact ratio, which string->number
        # reads back in that radix as the same number: 1.5 in radix 2 is #i11/10.
        q = Fraction(x)
        if _negative_zero(x):
            return new_string("#i-0")  # the ratio 0 has no sign; the text keeps it
        text = _int_radix(q.numerator, radix)
        if q.denominator != 1:
            text += "/" + _int_radix(q.denominator, radix)
        return new_string("#i" + text)
    if radix == 10 or type(x) in (float, complex):
        return new_string(format_number(x))
    if type(x) is Fraction:
        return new_string(_int_radix(x.numerator, radix) + "/" + _int_radix(x.denominator, radix))
    return new_string(_int_radix(x, radix))


# Below this a number's decimal digits number under 256: _charge_digits charges nothing.
_QUICK_DIGITS_LIMIT = 1 << 800
# An optional sign and the digits of a radix, nothing else (ASCII only: int() would
# take other scripts' digits and underscores, which numtext does not).
_PLAIN_INTEGERS = {radix: re.compile(f"[+-]?{digits}+", re.IGNORECASE | re.ASCII)
                   for radix, digits in ((2, "[01]"), (8, "[0-7]"), (10, "[0-9]"), (16, "[0-9a-f]"))}


def _charge_digits(x) -> None:
    """Charge one step per digit of exact `x`'s decimal text, before it is made."""
    if type(x) is int:
        charge(x.bit_length() * 3 // 10)
    elif type(x) is Fraction:
        charge((x.numerator.bit_length() + x.denominator.bit_length()) * 3 // 10)


def _int_radix(n: int, radix: int) -> str:
    if n == 0:
        return "0"
    digits = "0123456789abcdef"
    sign = "-" if n < 0 else ""
    n = abs(n)
    if radix == 16:
        return sign + format(n, "x")
    if radix == 8:
        return sign + format(n, "o")
    if radix == 2:
        return sign + format(n, "b")
    out = []
    while n:
        n, d = divmod(n, radix)
        out.append(digits[d])
    return sign + "".join(reversed(out))


@primitive("string->number", args=(STRING, ANY))
def string_to_number(s, radix=10):
    if type(radix) is not int or radix not in (2, 8, 10, 16):
        raise scheme_error("string->number: radix must be 2, 8, 10 or 16", radix)
    text = s.s
    if len(text) < 256 and _PLAIN_INTEGERS[radix].fullmatch(text):
        return int(text, radix)  # an optional sign and digits: what numtext reads it as, charging nothing
    charge(len(text))
    if len(s.s) > 1000:
        # Long decimal digits become an int half by half (numtext), about six
        # squarings of half its length (300,000 digits: 0.19 s).
        half = len(s.s) * 53 >> 11  # 64-bit words in half the number: digits * log2(10) / 128
        charge(int(6 * _PRODUCT_STEPS * half**1.585) << 8)
    value = parse_number(s.s, radix)
    if type(value) is int or type(value) is Fraction:
        # An exact decimal with an exponent (#e1e99999) is a power of ten made
        # by squarings: short text, up to milliseconds of work.
        charge_power(_exact_bits(value) >> 1 if type(value) is Fraction else value.bit_length())
    return False if value is None else value


@primitive("exact-nonnegative-integer?")
def is_exact_nonneg(x):
    return type(x) is int and x >= 0


@primitive("1+", args=(NUMBER,))
def one_plus(x):
    return x + 1


@primitive("-1+", "1-", args=(NUMBER,), who="1-")
def one_minus(x):
    return x - 1


@primitive("real-part", args=(NUMBER,))
def real_part(z):
    return z.real if type(z) is complex else z


@primitive("imag-part", args=(NUMBER,))
def imag_part(z):
    return z.imag if type(z) is complex else 0


@primitive("make-rectangular", args=(REAL, REAL))
def make_rectangular(a, b):
    if b == 0 and type(b) is not float:
        return a
    return complex(to_inexact(a), to_inexact(b))


@primitive("make-polar", args=(REAL, REAL))
def make_polar(r, theta):
    try:
        return _simplify_complex(cmath.rect(to_inexact(r), to_inexact(theta)))
    except ValueError:  # an infinite magnitude at an infinite angle
        raise scheme_error("make-polar: argument out of range", r, theta) from None


@primitive("angle", args=(NUMBER,))
def angle(z):
    if type(z) is complex:
        return cmath.phase(z)
    if z < 0 or _negative_zero(z):
        return math.pi  # -0.0 lies on the negative real axis, as atan2(0.0, -0.0) says
    return 0 if type(z) is not float else 0.0
