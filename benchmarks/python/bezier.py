"""bezier: Bezier curves in exact rationals (benchmarks/scheme/bezier.scm).

The same checks as the Scheme, in Python's own way: points as tuples of
Fractions, de Casteljau's levels by list comprehensions, the Bernstein
form by math.comb and sum(), subdivision and degree elevation in loops;
the shared generator (from 127) drawn in the same order.
"""

from fractions import Fraction
from math import comb

from .lcg import Random


def lerp(a, b, t):
    return ((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1])


def next_level(points, t):
    return [lerp(points[i], points[i + 1], t) for i in range(len(points) - 1)]


def casteljau(points, t):
    while len(points) > 1:
        points = next_level(points, t)
    return points[0]


def bernstein(points, t):
    m = len(points) - 1
    x = y = Fraction(0)
    for i, (px, py) in enumerate(points):
        w = comb(m, i) * t ** i * (1 - t) ** (m - i)
        x += w * px
        y += w * py
    return (x, y)


def subdivide(points, t0):
    left, right = [], []
    level = points
    while level:
        left.append(level[0])
        right.insert(0, level[-1])
        level = next_level(level, t0)
    return left, right


def elevate(points):
    m1 = len(points)
    raised = [points[0]]
    for i in range(1, m1):
        a = Fraction(i, m1)
        p, q = points[i - 1], points[i]
        raised.append((a * p[0] + (1 - a) * q[0], a * p[1] + (1 - a) * q[1]))
    raised.append(points[-1])
    return raised


def random_curve(rng):
    m = 3 + rng.next() % 4
    points = []
    for _ in range(m + 1):
        x = rng.next() % 100
        y = rng.next() % 100
        points.append((Fraction(x), Fraction(y)))
    return points


def run(n):
    rng = Random(127)
    passed = made = 0
    x_sum = y_sum = Fraction(0)
    widest = 1
    first = None
    for _ in range(n):
        points = random_curve(rng)
        t0 = Fraction(1 + rng.next() % 9, 10)
        left, right = subdivide(points, t0)
        raised = elevate(points)
        checks = []
        for k in range(11):
            t = Fraction(k, 10)
            p = casteljau(points, t)
            widest = max(widest, p[0].denominator, p[1].denominator)
            checks.append(p == bernstein(points, t))
            checks.append(p == casteljau(raised, t))
            if k == 5:
                x_sum += p[0]
            if k == 3:
                y_sum += p[1]
        for k in range(5):
            s = Fraction(k, 4)
            checks.append(casteljau(left, s) == casteljau(points, s * t0))
            checks.append(casteljau(right, s) == casteljau(points, t0 + s * (1 - t0)))
        made += len(checks)
        passed += sum(checks)
        if first is None:
            third = casteljau(points, Fraction(1, 3))
            first = [[[int(x), int(y)] for x, y in points], [str(third[0]), str(third[1])]]
    return [n, passed, made, str(x_sum), str(y_sum), widest, first]
