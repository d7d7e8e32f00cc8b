"""ordered-sets: SICP 2.3.3's sets as ordered lists of numbers (benchmarks/scheme/ordered-sets.scm).

The same algorithm as the Scheme: sets are sorted Python lists, the
membership test a loop that stops at the first larger element, adjoin an
insertion after a scan, and intersection, union and difference one walk
of the two lists in step by two indices, keeping what each keeps.  The
primes come from the whole interval by difference with each prime's
multiples; the drawn numbers from the Scheme's x -> (1103515245x + 12345)
mod 2^31.
"""

from .lcg import Random


def element_of_set(x, items):
    for item in items:
        if x == item:
            return True
        if x < item:
            return False
    return False


def adjoin_set(x, items):
    i = 0
    while i < len(items) and items[i] < x:
        i += 1
    if i < len(items) and items[i] == x:
        return items
    return items[:i] + [x] + items[i:]


def merge(a, b, only_a, both, only_b):
    """Walk the sorted lists a and b in step, keeping what is only in a, in both
    or only in b as the flags say: the walk of intersection, union and difference."""
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            if both:
                out.append(a[i])
            i += 1
            j += 1
        elif a[i] < b[j]:
            if only_a:
                out.append(a[i])
            i += 1
        else:
            if only_b:
                out.append(b[j])
            j += 1
    if only_a:
        out += a[i:]
    if only_b:
        out += b[j:]
    return out


def intersection_set(a, b):
    return merge(a, b, False, True, False)


def union_set(a, b):
    return merge(a, b, True, True, True)


def union_all(*sets):
    if not sets:
        return []
    return union_set(sets[0], union_all(*sets[1:]))


def difference_set(a, b):
    return merge(a, b, True, False, False)


def primes_below(n):
    items = list(range(2, n))
    p = 2
    while p * p < n:
        items = difference_set(items, list(range(p * p, n, p)))
        p = items[items.index(p) + 1]
    return items


def squares_below(limit):
    out = []
    k = 1
    while k * k < limit:
        out.append(k * k)
        k += 1
    return out


def triangulars_below(limit):
    out = []
    k = 1
    while k * (k + 1) // 2 < limit:
        out.append(k * (k + 1) // 2)
        k += 1
    return out


def goldbach_ways(m, primes):
    ways = 0
    for p in primes:
        if 2 * p > m:
            break
        if element_of_set(m - p, primes):
            ways += 1
    return ways


def drawn_set(rng, count, below):
    items = []
    for _ in range(count):
        items = adjoin_set(rng.next() % below, items)
    return items


def run(n: int = 20_000) -> list:
    rng = Random(19)
    primes = primes_below(n)
    fifteens = union_all(list(range(3, n, 3)), list(range(5, n, 5)))
    twins = intersection_set(primes, [p + 2 for p in primes])
    square_triangulars = intersection_set(squares_below(n * n), triangulars_below(n * n))
    drawn = drawn_set(rng, n // 50, n)
    return [len(primes), sum(primes), sum(fifteens), len(twins), square_triangulars,
            goldbach_ways(2 * (n // 20), primes), len(drawn),
            len(union_set(difference_set(drawn, primes), difference_set(primes, drawn)))]
