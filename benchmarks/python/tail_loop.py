"""tail-loop: n iterations of a loop carrying two variables (benchmarks/scheme/tail-loop.scm)."""


def run(n: int = 10_000_000) -> int:
    i = 0
    total = 0
    while i != n:
        total += i
        i += 1
    return total
