"""sqrt-iter: Newton's square and cube roots with nested helpers (benchmarks/scheme/sqrt-iter.scm)."""


def sqrt_newton(x):
    def good_enough(guess):
        return abs(guess * guess - x) < x * 1e-10

    guess = 1.0
    while not good_enough(guess):
        guess = (guess + x / guess) / 2
    return guess


def cube_root(x):
    def good_enough(guess):
        return abs(guess * guess * guess - x) < x * 1e-10

    guess = 1.0
    while not good_enough(guess):
        guess = (x / (guess * guess) + 2 * guess) / 3
    return guess


def run(n: int = 2_000) -> int:
    total = 0.0
    for i in range(1, n + 1):
        total = total + sqrt_newton(i) + cube_root(i)
    return round(total * 1000)
