"""pell: least solutions of x^2 - D y^2 = 1 by continued fractions (benchmarks/scheme/pell.scm).

The same algorithm as the Scheme: math.isqrt for the whole part and the
square test, the partial quotients by the integer recurrence for m, d and
a, the period the first i > 0 with a = 2 a0, the least solution the first
convergent h/k with h^2 - D k^2 = 1 (Python ints as the bignums).
"""

import math


def next_term(D, a0, m, d, a):
    m = d * a - m
    d = (D - m * m) // d
    return m, d, (a0 + m) // d


def period(D, a0):
    m, d, a = 0, 1, a0
    i = 0
    while i == 0 or a != 2 * a0:
        m, d, a = next_term(D, a0, m, d, a)
        i += 1
    return i


def least_solution(D, a0):
    m, d, a = 0, 1, a0
    h, h_before = a0, 1
    k, k_before = 1, 0
    while h * h - D * k * k != 1:
        m, d, a = next_term(D, a0, m, d, a)
        h, h_before = a * h + h_before, h
        k, k_before = a * k + k_before, k
    return h, k


def digits(x):
    return len(str(x))


def run(n: int = 2_000) -> list:
    best_D = best_x = small_sum = periods = odd = long = 0
    for D in range(2, n + 1):
        a0 = math.isqrt(D)
        if a0 * a0 == D:
            continue
        p = period(D, a0)
        x, y = least_solution(D, a0)
        if x > best_x:
            best_D, best_x = D, x
        if D <= 100:
            small_sum += x
        periods += p
        if p % 2 == 1:
            odd += 1
        if digits(y) > digits(D):
            long += 1
    return [best_D, digits(best_x), small_sum, periods, odd, long]
