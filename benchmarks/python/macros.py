"""macros: a bubble sort of a list, a sum of squares and gcds, in plain Python loops
(benchmarks/scheme/macros.scm)."""

from math import gcd


def bubble_sort(v):
    swaps = 0
    swapped = True
    while swapped:
        swapped = False
        for j in range(len(v) - 1):
            if v[j] > v[j + 1]:
                v[j], v[j + 1] = v[j + 1], v[j]
                swaps += 1
                swapped = True
    return swaps


def run(n: int = 300) -> list[int]:
    v = [(i + 1) * 7919 % 1009 for i in range(n)]
    swaps = bubble_sort(v)
    weighted = sum(i * x for i, x in enumerate(v))
    return [swaps, v[0], v[-1], weighted, sum(i * i for i in range(n)), sum(gcd(i, n) for i in range(1, n + 1))]
