"""contfrac: continued fractions of exact rationals and floats (benchmarks/scheme/contfrac.scm).

The same algorithm as the Scheme, over Fraction: terms by divmod, the
rational found again by folding from the right, convergents by the
recurrence; a float made exact by Fraction(float), its best approximation
under a bound by the last convergent or the semiconvergent after it,
checked against the simplest rational within the distance (what
Scheme's rationalize answers, written out here); e's terms and their
convergents as generators, sqrt 2's as a repeating generator.
"""

import math
from fractions import Fraction
from itertools import chain, islice, repeat

from .lcg import Random


def terms(q):
    result = []
    num, den = q.numerator, q.denominator
    while True:
        whole, rest = divmod(num, den)
        result.append(whole)
        if rest == 0:
            return result
        num, den = den, rest


def terms_to_rational(ts):
    value = Fraction(ts[-1])
    for a in reversed(ts[:-1]):
        value = a + 1 / value
    return value


def convergents(ts):
    h, h_1, k, k_1 = 1, 0, 0, 1
    for a in ts:
        h, h_1 = a * h + h_1, h
        k, k_1 = a * k + k_1, k
        yield Fraction(h, k)


def best_approximation(x, bound):
    ts = terms(x)
    h, h_1, k, k_1 = 1, 0, 0, 1
    for i, a in enumerate(ts):
        if a * k + k_1 > bound:
            m = (bound - k_1) // k
            semi = Fraction(m * h + h_1, m * k + k_1)
            last = Fraction(h, k)
            return semi if abs(x - semi) < abs(x - last) else last
        h, h_1 = a * h + h_1, h
        k, k_1 = a * k + k_1, k
    return Fraction(h, k)


def simplest_between(lo, hi):
    """The rational with the smallest denominator in [lo, hi], for 0 < lo <= hi."""
    whole = math.floor(lo)
    if whole == lo:
        return Fraction(whole)
    if whole < math.floor(hi):
        return Fraction(whole + 1)
    return whole + 1 / simplest_between(1 / (hi - whole), 1 / (lo - whole))


def rationalize(x, tolerance):
    lo, hi = x - tolerance, x + tolerance
    if lo <= 0 <= hi:
        return Fraction(0)
    return simplest_between(lo, hi)


def e_terms():
    yield 2
    k = 1
    while True:
        yield 2 * ((k + 1) // 3) if k % 3 == 2 else 1
        k += 1


def run(n: int = 1500) -> list:
    rng = Random(11)
    count = largest = whole = agreed = 0
    last = Fraction(0)
    for i in range(n):
        a = rng.next() * rng.next() + 1
        b = rng.next() * rng.next() + 1
        q = Fraction(a, b)
        ts = terms(q)
        x = Fraction(float(q))
        best = best_approximation(x, 10 + 7 * i)
        count += len(ts)
        largest = max(largest, *ts)
        if terms_to_rational(ts) == q:
            whole += 1
        last = q
        if best == rationalize(x, abs(x - best)):
            agreed += 1
    e_n = next(islice(convergents(e_terms()), n, None))
    sqrt_2 = list(convergents(islice(chain([1], repeat(2)), 8)))[7]
    return [count, largest, whole, str(last), e_n.numerator % 1000003, len(str(e_n.numerator)),
            [str(best_approximation(Fraction(x), 1000)) for x in (4 * math.atan(1), math.exp(1), math.sqrt(2))],
            agreed, str(sqrt_2)]
