"""sparse-poly: polynomials as exponent -> coefficient maps (benchmarks/scheme/sparse-poly.scm).

The same algebra as the Scheme, in Python's own way: a polynomial a dict
from exponents to Fractions with no zero kept, sums and products by
dict updates, long division in a while loop over a copied dict, Euclid's
gcd in a loop; the shared generator (from 157) drawn in the same order.
"""

from fractions import Fraction

from .lcg import Random


def degree(p):
    return max(p) if p else -1


def add_into(acc, e, c):
    c = acc.get(e, 0) + c
    if c == 0:
        acc.pop(e, None)
    else:
        acc[e] = c


def mul(p, q):
    out = {}
    for e1, c1 in p.items():
        for e2, c2 in q.items():
            add_into(out, e1 + e2, c1 * c2)
    return out


def deriv(p):
    return {e - 1: e * c for e, c in p.items() if e != 0}


def divide(p, d):
    r = dict(p)
    quot = {}
    dd = degree(d)
    lead = d[dd]
    while degree(r) >= dd:
        dr = degree(r)
        c = Fraction(r[dr]) / lead
        e = dr - dd
        quot[e] = c
        for ed, cd in d.items():
            add_into(r, ed + e, -cd * c)
    return quot, r


def monic(p):
    if not p:
        return p
    lead = Fraction(p[degree(p)])
    return {e: c / lead for e, c in p.items()}


def gcd(p, q):
    while q:
        p, q = q, divide(p, q)[1]
    return monic(p)


def evaluate(p, x):
    return sum(c * x ** e for e, c in p.items())


def random_poly(rng):
    d = 1 + rng.next() % 3
    p = {}
    for e in range(d, -1, -1):
        c = rng.next() % 9 - 4
        if e == d and c == 0:
            c = 1
        if c:
            p[e] = c
    return p


def written(c):
    c = Fraction(c)
    return str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"


def run(n):
    rng = Random(157)
    degrees = monic_a = dividing = square = values_sum = 0
    first = []
    for i in range(n):
        a = random_poly(rng)
        b = random_poly(rng)
        c = random_poly(rng)
        p = mul(a, b)
        q = mul(a, c)
        g = gcd(p, q)
        h = gcd(p, deriv(p))
        degrees += degree(g)
        if g == monic(a):
            monic_a += 1
        if not divide(p, g)[1] and not divide(q, g)[1]:
            dividing += 1
        square += degree(h)
        values_sum += evaluate(p, 2) + evaluate(q, -1)
        if i == 0:
            first = [[e, written(g[e])] for e in sorted(g, reverse=True)]
    return [n, degrees, monic_a, dividing, square, values_sum, first]
