"""escape: early exits from loops (benchmarks/scheme/escape.scm).

Where the Scheme escapes with call/cc, Python returns from inside the loop.
"""

DATA = [3, 8, 1, 9, 14, 2, 0, 7, 22, 5, 16, 11, 4, 6, 18, 10]


def find_first(pred, lst):
    for x in lst:
        if pred(x):
            return x
    return False


def product(lst):
    p = 1
    for x in lst:
        if x == 0:
            return 0
        p *= x
    return p


def run(n: int = 30_000) -> list[int]:
    found = zeros = 0
    for i in range(n):
        limit = i % 23
        found += find_first(lambda x: x > limit, DATA) or 0
        zeros += 1 if product(DATA[i % 8:]) == 0 else 0
    return [found, zeros]
