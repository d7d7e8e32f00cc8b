"""macros: a bubble sort of a list, a sum of squares and gcds, in plain Python loops
(benchmarks/scheme/macros.scm).

The Scheme's while, for, swap!, inc! and my-unless macros expand to loops,
assignments and ifs; these are Python's own while and for statements,
tuple swaps and +=.  The same algorithms: a bubble sort that sweeps until
no swap, a loop adding i * i, and Euclid's gcd by a while loop of modulo
and swap.
"""


def bubble_sort(v):
    swaps = 0
    swapped = True
    while swapped:
        swapped = False
        for j in range(len(v) - 1):
            x, y = v[j], v[j + 1]
            if not x <= y:
                x, y = y, x
                v[j] = x
                v[j + 1] = y
                swaps += 1
                swapped = True
    return swaps


def sum_of_squares(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


def gcd_loop(a, b):
    while b > 0:
        a = a % b
        a, b = b, a
    return a


def run(n: int = 300) -> list[int]:
    v = [0] * n
    weighted = gcds = 0
    for i in range(n):
        v[i] = (i + 1) * 7919 % 1009
    swaps = bubble_sort(v)
    for i in range(n):
        weighted += i * v[i]
    for i in range(1, n + 1):
        gcds += gcd_loop(i, n)
    return [swaps, v[0], v[n - 1], weighted, sum_of_squares(n), gcds]
