"""values-split: partition, min and max, sorting and isqrt with tuples (benchmarks/scheme/values-split.scm)."""

from math import isqrt


def split_by(keep, items):
    yes = [x for x in items if keep(x)]
    no = [x for x in items if not keep(x)]
    return yes, no


def run(n: int = 2_000) -> list[int]:
    data = [i * 7919 % 10007 for i in range(1, n + 1)]
    evens, odds = split_by(lambda x: x % 2 == 0, data)
    smallest, largest = min(data), max(data)
    total = sum(i * x for i, x in enumerate(sorted(data), start=1)) % 1000003
    thousands, remainder = divmod(total, 1000)
    roots = [isqrt(k ** 3) for k in range(1, n + 1)]
    rests = [k ** 3 - s * s for k, s in zip(range(1, n + 1), roots)]
    return [len(evens), len(odds), smallest, largest, total, thousands, remainder,
            sum(roots), sum(rests), rests.count(0)]
