"""matrix-power: linear recurrences by powers of companion matrices (benchmarks/scheme/matrix-power.scm).

The same algorithm as the Scheme: matrices as lists of row lists, the
product by three loops, a product of several by a function of *args,
the power by repeated squaring with an optional modulus reducing every
product; the companion matrix times the first terms, newest first; the
terms stepped from the start for every t with a window list, newest
first; the digit sum over str(n) by ord; the growth rate as
float(Fraction) times a million, rounded.
"""

from fractions import Fraction


def make_matrix(rows, columns, fill):
    return [[fill] * columns for _ in range(rows)]


def identity_matrix(k):
    m = make_matrix(k, k, 0)
    for i in range(k):
        m[i][i] = 1
    return m


def matrix_multiply(a, b):
    rows, inner, columns = len(a), len(b), len(b[0])
    c = make_matrix(rows, columns, 0)
    for i in range(rows):
        for j in range(columns):
            total = 0
            for k in range(inner):
                total += a[i][k] * b[k][j]
            c[i][j] = total
    return c


def matrix_modulo(m, modulus):
    return [[x % modulus for x in row] for row in m]


def matrix_product(first, *rest):
    for m in rest:
        first = matrix_multiply(first, m)
    return first


def matrix_power(m, e, modulus=None):
    result = identity_matrix(len(m))
    square = m
    while e != 0:
        if e % 2 == 1:
            result = matrix_multiply(result, square)
            if modulus:
                result = matrix_modulo(result, modulus)
            e -= 1
        else:
            square = matrix_multiply(square, square)
            if modulus:
                square = matrix_modulo(square, modulus)
            e //= 2
    return result


def companion(coefficients):
    k = len(coefficients)
    m = make_matrix(k, k, 0)
    m[0] = list(coefficients)
    for i in range(1, k):
        m[i][i - 1] = 1
    return m


def term_by_power(coefficients, firsts, t, modulus=None):
    k = len(coefficients)
    if t < k:
        return firsts[t]
    power = matrix_power(companion(coefficients), t - k + 1, modulus)
    column = [[x] for x in reversed(firsts)]
    return matrix_multiply(power, column)[0][0]


def terms_by_steps(coefficients, firsts, t):
    k = len(coefficients)
    window = list(reversed(firsts))
    s = k - 1
    while s < t:
        new = sum(c * x for c, x in zip(coefficients, window))
        window = [new] + window[:-1]
        s += 1
    return window[s - t], window[s - t + 1]


def digit_sum(n):
    total = 0
    for c in str(n):
        total += ord(c) - ord("0")
    return total


RECURRENCES = [((1, 1), (0, 1)), ((1, 1, 1), (0, 0, 1)), ((2, 1), (0, 1)), ((0, 1, 1), (3, 0, 2))]


def run(n):
    wrong = wrong_modular = wrong_products = 0
    for t in range(1, n + 1):
        for coefficients, firsts in RECURRENCES:
            term, _ = terms_by_steps(coefficients, firsts, t)
            if term != term_by_power(coefficients, firsts, t):
                wrong += 1
        fibonacci = term_by_power((1, 1), (0, 1), t)
        if fibonacci % 1000003 != term_by_power((1, 1), (0, 1), t, 1000003):
            wrong_modular += 1
        q = companion((1, 1, 1))
        a, b = t // 3, t // 2
        if matrix_product(matrix_power(q, a), matrix_power(q, b), matrix_power(q, t)) != matrix_power(q, a + b + t):
            wrong_products += 1
    growth = []
    for coefficients, firsts in RECURRENCES:
        term, previous = terms_by_steps(coefficients, firsts, n)
        growth.append([len(str(term)), digit_sum(term), round(1000000 * float(Fraction(term, previous)))])
    return [wrong, wrong_modular, wrong_products, growth, term_by_power((0, 1, 1), (3, 0, 2), n)]
