"""pollard-rho: Miller-Rabin, Pollard's rho, divisor functions (benchmarks/scheme/pollard-rho.scm).

The same algorithms as the Scheme, in Python's own way: the power by
squaring a while loop over the exponent's bits (the same products mod m
as the Scheme's recursion, in another order), math.gcd, the factors a
list sorted by bisect.insort and counted by a dict, math.prod for the
divisor functions, the rho's steps counted in a global; the shared
generator (from 193) drawn in the same order.
"""

import bisect
from math import gcd, prod

from .lcg import Random

SMALL_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
BASES = [2, 3, 5, 7, 11, 13, 17]
BIG = 1000000007


def expt_mod(base, e, m):
    result = 1
    base %= m
    while e > 0:
        if e & 1:
            result = result * base % m
        base = base * base % m
        e >>= 1
    return result % m


def is_prime(n):
    if n < 2:
        return False
    if n in SMALL_PRIMES:
        return True
    if any(n % p == 0 for p in SMALL_PRIMES):
        return False
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in BASES:
        x = expt_mod(a, d, n)
        if x == 1 or x == n - 1:
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def next_prime(n):
    while not is_prime(n):
        n += 1
    return n


def rho(n):
    c, x, y, steps = 1, 2, 2, 0
    while True:
        x = (x * x + c) % n
        y = (y * y + c) % n
        y = (y * y + c) % n
        d = gcd(abs(x - y), n)
        steps += 1
        if d == n:
            c, x, y = c + 1, 2, 2
        elif d != 1:
            return d, steps


def factor(n, counter):
    if n == 1:
        return []
    if is_prime(n):
        return [n]
    for p in SMALL_PRIMES:
        if n % p == 0:
            return [p] + factor(n // p, counter)
    d, steps = rho(n)
    counter[0] += steps
    return factor(d, counter) + factor(n // d, counter)


def random_number(rng, k):
    if k % 2 == 0:
        a, b, c = rng.next(), rng.next(), rng.next()
        return (a * 32768 + b) * 32768 + c + 2
    p = next_prime(1000 + rng.next())
    q = next_prime(1000 + 16 * rng.next())
    return p * q


def run(n):
    rng = Random(193)
    count = distinct = primes = divisors = sigmas = phis = rebuilt = 0
    steps = [0]
    first = []
    for k in range(n):
        m = random_number(rng, k)
        factors = []
        for f in factor(m, steps):
            bisect.insort(factors, f)
        groups = {}
        for f in factors:
            groups[f] = groups.get(f, 0) + 1
        count += len(factors)
        distinct += len(groups)
        primes += len(factors) == 1
        divisors += prod(e + 1 for e in groups.values())
        sigmas = (sigmas + prod((p ** (e + 1) - 1) // (p - 1) for p, e in groups.items())) % BIG
        phis = (phis + prod(p ** (e - 1) * (p - 1) for p, e in groups.items())) % BIG
        rebuilt += prod(p ** e for p, e in groups.items()) == m
        if k == 0:
            first = [m, [[p, e] for p, e in groups.items()]]
    return [n, count, distinct, primes, steps[0], divisors, sigmas, phis, rebuilt, first]
