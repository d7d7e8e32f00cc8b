"""higher-order: map, filter, for-each and sort (benchmarks/scheme/higher-order.scm).

Python lists stand in for Scheme lists, tuples for the
association list's pairs; lambdas go to Python's own map and filter, and
`sorted` orders the keys.
"""


def run(n: int = 50_000) -> list[int]:
    xs = list(range(n))
    squares = list(map(lambda x: x * x, xs))
    odd_squares = list(filter(lambda x: x % 2 == 1, squares))
    table = list(map(lambda a, b: (a, b), xs, map(lambda x: x * 7919 % n, xs)))
    keys = sorted(map(lambda entry: entry[1], table))
    doubled = list(map(lambda k: 2 * k, keys))
    total = 0
    for a, b in table:
        total += a + b
    return [sum(odd_squares), total, keys[n // 2], doubled[n - 1]]
