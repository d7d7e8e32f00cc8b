"""stats: descriptive statistics of two lists of n scores (benchmarks/scheme/stats.scm).

The same algorithm as the Scheme: sums, largest and smallest by sum, max
and min over the lists; the mean, variance, standard deviation,
correlation and least-squares line from exact integer sums (the slope and
intercept as Fractions), made floats only at the end and rounded to
thousandths; the scores sorted by counting into 1000 buckets, the median
and quartiles read by index, the mode by a scan of the buckets; the
second scores counted by hundreds in a list of [bound, count] pairs found
by a loop with the same-hundred test.  The scores come from the Scheme's
x -> (1103515245x + 12345) mod 2^31.
"""

import math
from fractions import Fraction

from .lcg import Random


def make_scores(rng, n):
    xs = []
    ys = []
    for _ in range(n):
        a = rng.next() % 1000
        b = rng.next() % 1000
        x = (a + b) // 2
        y = x + rng.next() % 201 - 100
        xs.append(x)
        ys.append(max(0, min(999, y)))
    xs.reverse()
    ys.reverse()
    return xs, ys


def thousandths(x):
    return round(1000 * x)


def counting_sort(xs):
    buckets = [0] * 1000
    for x in xs:
        buckets[x] += 1
    ordered = []
    for v in range(1000):
        ordered.extend([v] * buckets[v])
    return ordered, buckets


def mode(buckets):
    best = 0
    for v in range(1000):
        if buckets[v] > buckets[best]:
            best = v
    return best


def same_hundred(a, b):
    return a // 100 == b // 100


def histogram(xs):
    counts = [[bound, 0] for bound in range(0, 1000, 100)]
    for x in xs:
        for entry in counts:
            if same_hundred(x, entry[0]):
                entry[1] += 1
                break
    return [count for _, count in counts]


def run(n: int = 20_000) -> list:
    xs, ys = make_scores(Random(13), n)
    sx = sum(xs)
    sy = sum(ys)
    sxx = sum(x * x for x in xs)
    syy = sum(y * y for y in ys)
    sxy = sum(x * y for x, y in zip(xs, ys))
    mean = sx / n
    vx = n * sxx - sx * sx
    vy = n * syy - sy * sy
    cov = n * sxy - sx * sy
    variance = vx / (n * (n - 1))
    sd = math.sqrt(variance)
    r = cov / math.sqrt(float(vx * vy))
    slope = Fraction(cov, vx)
    intercept = (sy - slope * sx) / n
    ordered, buckets = counting_sort(xs)
    median = ordered[n // 2]
    lower = ordered[n // 4]
    upper = ordered[3 * n // 4]
    outliers = len([x for x in xs if abs(x - mean) > sd])
    return [sx, max(xs), min(xs),
            thousandths(mean), thousandths(sd), median, lower, upper, mode(buckets),
            outliers,
            thousandths(r), thousandths(float(slope)), thousandths(float(intercept)),
            histogram(ys)]
