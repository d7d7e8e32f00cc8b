"""bitset-sieve: sets of small numbers as one integer each (benchmarks/scheme/bitset-sieve.scm).

The same arithmetic as the Scheme, in Python's own way: a bit read by a
shift and `& 1`, set and cleared by adding and subtracting `1 << i`, two
sets combined by a while loop over both integers a bit at a time with a
function from the two bits; the shared generator (from 139) drawn in the
same order.
"""

from .lcg import Random


def bit_set(s, i):
    return (s >> i) & 1 == 1


def count_bits(s):
    count = 0
    while s:
        count += s & 1
        s >>= 1
    return count


def combine(a, b, keep):
    place = 1
    result = 0
    while a or b:
        if keep(a & 1, b & 1):
            result += place
        a >>= 1
        b >>= 1
        place <<= 1
    return result


def sieve(m):
    s = (1 << (m + 1)) - 4
    p = 2
    while p * p <= m:
        if bit_set(s, p):
            for j in range(p * p, m + 1, p):
                if bit_set(s, j):
                    s -= 1 << j
        p += 1
    return s


def random_set(rng, m, count):
    s = 0
    for _ in range(count):
        i = rng.next() % m
        if not bit_set(s, i):
            s += 1 << i
    return s


def run(n):
    rng = Random(139)
    primes = twins = inter = uni = diff = checksum = 0
    first = []
    for i in range(n):
        m = 100 + rng.next() % 400
        p = sieve(m)
        t = combine(p, p >> 2, lambda x, y: x and y)
        r = random_set(rng, m, m // 4)
        primes += count_bits(p)
        twins += count_bits(t)
        inter += count_bits(combine(r, p, lambda x, y: x and y))
        uni += count_bits(combine(r, p, lambda x, y: x or y))
        diff += count_bits(combine(r, p, lambda x, y: x and not y))
        checksum = (checksum * 31 + p % 1000003) % 1000003
        if i == 0:
            first = [m, [k for k in range(60) if bit_set(p, k)]]
    return [n, primes, twins, inter, uni, diff, checksum, first]
