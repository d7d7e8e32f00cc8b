"""mutual-recursion: even?/odd? calling each other (benchmarks/scheme/mutual-recursion.scm).

Python has no proper tail calls, so the twin recurses; run() raises the
recursion limit to fit the deepest chain (n calls).
"""

import sys


def my_even(n: int) -> bool:
    if n == 0:
        return True
    return my_odd(n - 1)


def my_odd(n: int) -> bool:
    if n == 0:
        return False
    return my_even(n - 1)


def run(n: int = 2000) -> int:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n + 1000))
    count = 0
    for i in range(n):
        if my_even(i):
            count += 1
    return count
