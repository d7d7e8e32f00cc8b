"""ackermann: Ackermann's function by plain recursion (benchmarks/scheme/ackermann.scm)."""

import sys


def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))


def run(n: int = 200) -> int:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    return sum(ack(2, k) for k in range(n + 1)) + ack(3, 4)
