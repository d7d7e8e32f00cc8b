"""nqueens: count the placements of n non-attacking queens (benchmarks/scheme/nqueens.scm).

`placed` is a tuple of the rows already used, the nearest column first, the
Python stand-in for the Scheme side's list.
"""


def safe(row: int, placed: tuple) -> bool:
    for distance, other in enumerate(placed, start=1):
        if other == row or abs(other - row) == distance:
            return False
    return True


def count_placements(n: int, placed: tuple, column: int) -> int:
    if column == n:
        return 1
    total = 0
    for row in range(n):
        if safe(row, placed):
            total += count_placements(n, (row,) + placed, column + 1)
    return total


def run(n: int = 8) -> int:
    return count_placements(n, (), 0)
