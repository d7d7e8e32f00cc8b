"""permutations: SICP 2.2.3's permutations of a set (benchmarks/scheme/permutations.scm).

The same algorithms as the Scheme, over Python lists: flatmap maps proc over
the sequence and joins the lists it makes in order (each copied once, as
the Scheme's append copies each); remove walks the list; permutations puts
each x in front of every permutation of the rest, by map with a lambda;
derangement, count_smaller, inversions (count_smaller of each element
against those after it) and digits_to_number walk a permutation; the
checksum is reduced modulo 1000003 at every step.  The Scheme's recursions
over a list are loops.
"""


def flatmap(proc, seq):
    result = []
    for x in seq:
        result += proc(x)
    return result


def remove(item, seq):
    result = []
    for x in seq:
        if x != item:
            result.append(x)
    return result


def permutations(s):
    if not s:
        return [[]]
    return flatmap(lambda x: list(map(lambda p: [x] + p, permutations(remove(x, s)))), s)


def enumerate_interval(low, high):
    result = []
    while low <= high:
        result.append(low)
        low += 1
    return result


def is_derangement(p):
    i = 1
    for x in p:
        if x == i:
            return False
        i += 1
    return True


def count_smaller(x, lst):
    count = 0
    for y in lst:
        if y < x:
            count += 1
    return count


def inversions(p):
    total = 0
    for i in range(len(p)):
        total += count_smaller(p[i], p[i + 1:])
    return total


def digits_to_number(p):
    value = 0
    for d in p:
        value = value * 10 + d
    return value


def run(n: int = 7) -> list[int]:
    perms = permutations(enumerate_interval(1, n))
    k = 1
    deranged = inverted = checksum = 0
    for p in perms:
        if is_derangement(p):
            deranged += 1
        inverted += inversions(p)
        checksum = (checksum + k * digits_to_number(p)) % 1000003
        k += 1
    return [len(perms), deranged, inverted, checksum]
