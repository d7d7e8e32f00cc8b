"""interpolate: polynomial interpolation in exact rationals, three ways (benchmarks/scheme/interpolate.scm).

The same methods as the Scheme, in Python's own way: Fractions, the
divided differences a list of columns made by comprehensions over zip,
the Newton form evaluated by a loop from its last coefficient, Lagrange
by a sum of products in for loops, Neville over a list rewritten in
place, the multiplying out by list arithmetic, a tuple for the problem;
the shared generator (from 239) drawn in the same order.
"""

from fractions import Fraction

from .lcg import Random


def between(rng, lo, hi):
    return lo + rng.next() % (hi - lo + 1)


def distinct_xs(rng, k):
    xs = []
    while len(xs) < k:
        x = between(rng, -10, 10)
        if x not in xs:
            xs.append(x)
    return xs


def horner(poly, x):
    acc = 0
    for c in reversed(poly):
        acc = acc * x + c
    return acc


def hidden_problem(rng):
    degree = between(rng, 2, 6)
    coeffs = [between(rng, -9, 9) for _ in range(degree + 1)]
    if coeffs[-1] == 0:
        coeffs[-1] = 1
    xs = distinct_xs(rng, degree + 1)
    return coeffs, xs, [horner(coeffs, x) for x in xs]


def data_problem(rng):
    k = between(rng, 3, 7)
    xs = distinct_xs(rng, k)
    return None, xs, [between(rng, -20, 20) for _ in range(k)]


def divided_differences(xs, ys):
    column = [Fraction(y) for y in ys]
    coeffs = [column[0]]
    for gap in range(1, len(xs)):
        column = [(b - a) / (xs[i + gap] - xs[i]) for i, (a, b) in enumerate(zip(column, column[1:]))]
        coeffs.append(column[0])
    return coeffs


def newton_value(coeffs, xs, x):
    value = coeffs[-1]
    for c, node in zip(reversed(coeffs[:-1]), reversed(xs[:len(coeffs) - 1])):
        value = c + (x - node) * value
    return value


def lagrange_value(xs, ys, x):
    total = 0
    for xi, yi in zip(xs, ys):
        product = Fraction(1)
        for xj in xs:
            if xj != xi:
                product *= (x - xj) / Fraction(xi - xj)
        total += yi * product
    return total


def neville_value(xs, ys, x):
    p = [Fraction(y) for y in ys]
    k = len(p)
    for j in range(1, k):
        for i in range(k - j):
            p[i] = ((x - xs[i + j]) * p[i] + (xs[i] - x) * p[i + 1]) / (xs[i] - xs[i + j])
    return p[0]


def multiply_out(coeffs, xs):
    poly = [coeffs[-1]]
    for c, a in zip(reversed(coeffs[:-1]), reversed(xs[:len(coeffs) - 1])):
        shifted = [0] + poly
        poly = [s - a * p for s, p in zip(shifted, poly + [0])]
        poly[0] += c
    return poly


def run(n):
    rng = Random(239)
    agree = found = 0
    halves = Fraction(0)
    checksum = 0
    first = []
    for k in range(n):
        hidden, xs, ys = hidden_problem(rng) if k % 2 == 0 else data_problem(rng)
        coeffs = divided_differences(xs, ys)
        poly = multiply_out(coeffs, xs)
        for q in range(-6, 7):
            x = Fraction(q, 2)
            v = newton_value(coeffs, xs, x)
            if v == lagrange_value(xs, ys, x) == neville_value(xs, ys, x) == horner(poly, x):
                agree += 1
        if hidden is not None and hidden == poly:
            found += 1
        if hidden is None:
            halves += horner(poly, Fraction(1, 2))
        for c in coeffs:
            checksum = (checksum * 31 + c.numerator + 7 * c.denominator) % 1000003
        if k == 0:
            first = [[str(c) for c in coeffs], [str(c) for c in poly]]
    return [n, agree, found, str(halves), checksum, first]
