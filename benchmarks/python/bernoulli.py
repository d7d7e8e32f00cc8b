"""bernoulli: Bernoulli numbers by Akiyama-Tanigawa, checked two ways (benchmarks/scheme/bernoulli.scm).

The same algorithm as the Scheme: Fraction for the exact rationals, the
Akiyama-Tanigawa triangle in a list, von Staudt and Clausen's
denominators from primes found by trial division, Faulhaber's formula
with binomials from rows of Pascal's triangle made by zip over two
lists, against sums of powers by **.
"""

from fractions import Fraction


def bernoulli_numbers(n):
    a = [Fraction(0)] * (n + 1)
    b = [Fraction(0)] * (n + 1)
    for m in range(n + 1):
        a[m] = Fraction(1, m + 1)
        for j in range(m, 0, -1):
            a[j - 1] = j * (a[j - 1] - a[j])
        b[m] = a[0]
    return b


def is_prime(k):
    if k <= 1:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True


def staudt_denominator(k):
    product = 1
    for p in range(2, k + 2):
        if is_prime(p) and k % (p - 1) == 0:
            product *= p
    return product


def pascal_row(p):
    row = [1]
    for _ in range(p):
        row = [x + y for x, y in zip([0] + row, row + [0])]
    return row


def power_sum(p, m):
    total = 0
    for k in range(1, m + 1):
        total += k ** p
    return total


def faulhaber(p, m, bs):
    binomials = pascal_row(p + 1)
    total = Fraction(0)
    for j in range(p + 1):
        total += binomials[j] * bs[j] * m ** (p + 1 - j)
    return total / (p + 1)


def written(q):
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def run(n: int = 300) -> list:
    bs = bernoulli_numbers(n)
    staudt = zeros = 0
    for k in range(2, n + 1):
        if k % 2 == 0 and bs[k].denominator == staudt_denominator(k):
            staudt += 1
        if k % 2 == 1 and bs[k] == 0:
            zeros += 1
    kept = total = 0
    for p in range(n + 1):
        s = power_sum(p, n)
        if s == faulhaber(p, n, bs):
            kept += 1
        total = (total + s) % 1000003
    return [len(str(abs(bs[n].numerator))), bs[n].denominator, written(bs[12]), staudt, zeros, kept, total,
            written(sum(bs[:13], Fraction(0)))]
