"""list-ops: map, filter, reduce, take, drop and zip over Python lists (benchmarks/scheme/list-ops.scm)."""

from functools import reduce


def run(n: int = 20_000) -> list[int]:
    xs = list(range(1, n + 1))
    evens = [x for x in xs if x % 2 == 0]
    squares = [x * x for x in evens]
    total = reduce(lambda a, b: a + b, squares, 0)
    half = n // 2
    pairs = list(zip(xs[:half], list(xs)[half:]))
    checksum = reduce(lambda acc, p: (acc * 31 + p[0] + p[1]) % 1000003, pairs, 0)
    return [total, len(pairs), xs[-1], checksum]
