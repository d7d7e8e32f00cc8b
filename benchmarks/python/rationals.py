"""rationals: exact fractions with fractions.Fraction (benchmarks/scheme/rationals.scm)."""

import math
from fractions import Fraction


def harmonic(n):
    total = Fraction(0)
    for k in range(1, n + 1):
        total += Fraction(1, k)
    return total


def sqrt2_convergent(n):
    x = Fraction(2)
    for _ in range(n):
        x = 2 + 1 / x
    return 1 + 1 / x


def egyptian(q):
    denominators = []
    while q.numerator != 0:
        d = math.ceil(Fraction(q.denominator, q.numerator))
        denominators.append(d)
        q -= Fraction(1, d)
    return denominators


def run(n: int = 1_000) -> list[int]:
    h = harmonic(n)
    c = sqrt2_convergent(n)
    terms = sum(len(egyptian(Fraction(5, k + 6))) for k in range(1, n // 10 + 1))
    return [len(str(h.numerator)), len(str(h.denominator)), len(str(c.denominator)), terms]
