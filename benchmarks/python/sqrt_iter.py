"""sqrt-iter: Newton's square and cube roots with nested helpers (benchmarks/scheme/sqrt-iter.scm).

The same algorithm as the Scheme, with its procedures: square and average
at top level, good_enough and improve defined inside each root, and the
iteration (a tail recursion in the Scheme) a loop that asks good_enough and
calls improve.
"""


def square(x):
    return x * x


def average(a, b):
    return (a + b) / 2


def sqrt_newton(x):
    def good_enough(guess):
        return abs(square(guess) - x) < x * 1e-10

    def improve(guess):
        return average(guess, x / guess)

    guess = 1.0
    while not good_enough(guess):
        guess = improve(guess)
    return guess


def cube_root(x):
    def good_enough(guess):
        return abs(guess * guess * guess - x) < x * 1e-10

    def improve(guess):
        return (x / square(guess) + 2 * guess) / 3

    guess = 1.0
    while not good_enough(guess):
        guess = improve(guess)
    return guess


def run(n: int = 2_000) -> int:
    total = 0.0
    for i in range(1, n + 1):
        total = total + sqrt_newton(i) + cube_root(i)
    return round(total * 1000)
