"""values-split: procedures returning two values, as tuples (benchmarks/scheme/values-split.scm).

The same algorithms as the Scheme: split_by walks the list once calling the
predicate on each element and returns the two lists; a quicksort that
splits the rest around its pivot with split_by and joins the sorted halves;
the minimum and maximum of the numbers by divide and conquer, each half
returning its pair; a weighted sum reduced modulo 1000003 at every step;
math.isqrt for exact-integer-sqrt.
"""

from math import isqrt


def split_by(keep, items):
    yes, no = [], []
    for x in items:
        if keep(x):
            yes.append(x)
        else:
            no.append(x)
    return yes, no


def quicksort(lst):
    if not lst:
        return []
    pivot = lst[0]
    smaller, larger = split_by(lambda x: x < pivot, lst[1:])
    return quicksort(smaller) + [pivot] + quicksort(larger)


def min_max(v, lo, hi):
    if hi - lo == 1:
        return v[lo], v[lo]
    mid = (lo + hi) // 2
    min1, max1 = min_max(v, lo, mid)
    min2, max2 = min_max(v, mid, hi)
    return min(min1, min2), max(max1, max2)


def weighted_sum(lst):
    total = 0
    i = 1
    for x in lst:
        total = (total + i * x) % 1000003
        i += 1
    return total


def roots(n):
    root_sum = rest_sum = exact = 0
    for k in range(1, n + 1):
        cube = k * k * k
        s = isqrt(cube)
        r = cube - s * s  # exact-integer-sqrt's second value
        root_sum += s
        rest_sum += r
        if r == 0:
            exact += 1
    return [root_sum, rest_sum, exact]


def numbers(n):
    return [i * 7919 % 10007 for i in range(1, n + 1)]


def run(n: int = 20_000) -> list[int]:
    data = numbers(n)
    evens, odds = split_by(lambda x: x % 2 == 0, data)
    smallest, largest = min_max(list(data), 0, n)
    total = weighted_sum(quicksort(data))
    thousands, remainder = divmod(total, 1000)
    return [len(evens), len(odds), smallest, largest, total, thousands, remainder] + roots(n)
