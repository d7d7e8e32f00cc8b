"""fib: doubly recursive Fibonacci (benchmarks/scheme/fib.scm)."""


def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def run(n: int = 25) -> int:
    return fib(n)
