"""bignum: factorial, digit sums and big Fibonacci numbers (benchmarks/scheme/bignum.scm)."""

import sys


def factorial(n: int) -> int:
    return 1 if n == 0 else n * factorial(n - 1)


def digit_sum(k: int) -> int:
    total = 0
    while k != 0:
        total += k % 10
        k //= 10
    return total


def fib(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def digit_count(k: int) -> int:
    count = 0
    while k != 0:
        k //= 10
        count += 1
    return count


def run(n: int = 1000) -> list[int]:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n + 1000))
    return [digit_sum(factorial(n)), digit_count(fib(10 * n)), pow(2, n) % 1000000007]
