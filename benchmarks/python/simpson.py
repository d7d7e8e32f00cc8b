"""simpson: Simpson's rule over math.exp, math.sin and a lambda (benchmarks/scheme/simpson.scm)."""

import math


def simpson(f, a, b, n):
    h = (b - a) / n

    def y(k):
        return f(a + k * h)

    total = y(0) + y(n)
    for k in range(1, n):
        total += (4 if k % 2 else 2) * y(k)
    return h / 3 * total


def run(n: int = 10_000) -> list[int]:
    n = 2 * n
    return [round(x * 1_000_000) for x in (
        simpson(math.exp, 0.0, 1.0, n),
        simpson(math.sin, 0.0, 3.141592653589793, n),
        simpson(lambda x: math.sqrt(x) / (1.0 + x ** 2), 0.0, float(4), n),
    )]
