"""generators: sum 1..n taken one at a time from a generator (benchmarks/scheme/generators.scm).

Python's own generators are the native form of what the Scheme side builds
from call/cc: each element suspends the walk and resumes the consumer.
"""


def elements(lst):
    yield from lst


def run(n: int = 20_000) -> int:
    total = 0
    for x in elements(list(range(1, n + 1))):
        total += x
    return total
