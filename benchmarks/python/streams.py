"""streams: the primes by a sieve of lazy streams (benchmarks/scheme/streams.scm).

Python's lazy streams are generators: each prime found adds a filtering
generator over the one before.
"""

import sys


def integers_from(n):
    while True:
        yield n
        n += 1


def sieve(s):
    p = next(s)
    yield p
    yield from sieve(x for x in s if x % p != 0)


def run(n: int = 250) -> int:
    # Each prime nests two generators more: deeper than the default limit allows.
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 4 * n + 1000))
    try:
        s = sieve(integers_from(2))
        for _ in range(n):
            next(s)
        return next(s)
    finally:
        sys.setrecursionlimit(old)
