"""gauss: Gaussian elimination over fractions.Fraction in lists of rows (benchmarks/scheme/gauss.scm)."""

from fractions import Fraction


def make_system(n):
    rows = []
    for i in range(n):
        row = [5 * n + i if i == j else (i * j + i + 2 * j) % 5 for j in range(n)]
        row.append(i * i + 1)
        rows.append([Fraction(a) for a in row])
    return rows


def eliminate(m, n):
    """Eliminate in place; return the determinant."""
    det = Fraction(1)
    for k in range(n):
        p = next(i for i in range(k, n) if m[i][k] != 0)
        if p != k:
            m[p], m[k] = m[k], m[p]
            det = -det
        det *= m[k][k]
        for i in range(k + 1, n):
            factor = m[i][k] / m[k][k]
            for j in range(k, n + 1):
                m[i][j] -= factor * m[k][j]
    return det


def back_substitute(m, n):
    x = [Fraction(0)] * n
    for i in range(n - 1, -1, -1):
        total = m[i][n]
        for j in range(i + 1, n):
            total -= m[i][j] * x[j]
        x[i] = total / m[i][i]
    return x


def run(n: int = 24) -> list:
    m = make_system(n)
    det = eliminate(m, n)
    x = back_substitute(m, n)
    assert det.denominator == 1
    return [det.numerator] + [[q.numerator, q.denominator] for q in x]
