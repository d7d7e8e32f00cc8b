"""convex-hull: monotone chain, gift wrapping, Pick's theorem (benchmarks/scheme/convex-hull.scm).

The same geometry as the Scheme, in Python's own way: points as tuples,
sorted() and a set to drop repeats, the chains lists used as stacks by
append and pop, the gift wrap a for loop keeping the best candidate,
the area a Fraction, the boundary's lattice points by math.gcd; the
shared generator (from 181) drawn in the same order.
"""

from fractions import Fraction
from math import gcd

from .lcg import Random


def random_points(rng):
    m = 8 + rng.next() % 33
    points = []
    for _ in range(m):
        x = rng.next() % 101 - 50
        y = rng.next() % 101 - 50
        points.append((x, y))
    return points


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def half_chain(points):
    stack = []
    for p in points:
        while len(stack) >= 2 and cross(stack[-2], stack[-1], p) <= 0:
            stack.pop()
        stack.append(p)
    return stack


def monotone_chain(points):
    if len(points) == 1:
        return list(points)
    lower = half_chain(points)
    upper = half_chain(points[::-1])
    return lower[:-1] + upper[:-1]


def distance2(p, q):
    return (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2


def gift_wrap(points):
    start = points[0]
    if len(points) == 1:
        return [start]
    hull = [start]
    p = start
    while True:
        q = points[1] if points[0] == p else points[0]
        for r in points:
            turn = cross(p, q, r)
            if turn < 0 or (turn == 0 and distance2(p, r) > distance2(p, q)):
                q = r
        if q == start:
            return hull
        hull.append(q)
        p = q


def edges(hull):
    return list(zip(hull, hull[1:] + hull[:1]))


def classify(p, hull, es):
    if p in hull:
        return "vertex"
    on_edge = False
    for a, b in es:
        turn = cross(a, b, p)
        if turn < 0:
            return "outside"
        if turn == 0:
            on_edge = True
    return "edge" if on_edge else "inside"


def run(n):
    rng = Random(181)
    distinct = vertices = agreed = inside = on_edge = 0
    areas = interior = Fraction(0)
    first = []
    for k in range(n):
        points = sorted(set(random_points(rng)))
        hull = monotone_chain(points)
        es = edges(hull)
        kinds = [classify(p, hull, es) for p in points]
        area = Fraction(sum(a[0] * b[1] - b[0] * a[1] for a, b in es), 2)
        boundary = sum(gcd(b[0] - a[0], b[1] - a[1]) for a, b in es)
        distinct += len(points)
        vertices += len(hull)
        agreed += hull == gift_wrap(points)
        inside += kinds.count("inside")
        on_edge += kinds.count("edge")
        areas += area
        interior += area - Fraction(boundary, 2) + 1
        if k == 0:
            first = [list(p) for p in hull]
    return [n, distinct, vertices, agreed, inside, on_edge, str(areas), int(interior), first]
