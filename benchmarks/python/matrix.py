"""matrix: nested loops over lists of lists (benchmarks/scheme/matrix.scm)."""


def make_matrix(n, f):
    m = [None] * n
    for i in range(n):
        row = [None] * n
        for j in range(n):
            row[j] = f(i, j)
        m[i] = row
    return m


def matrix_multiply(a, b, n):
    c = make_matrix(n, lambda i, j: 0)
    for i in range(n):
        for j in range(n):
            s = 0
            for k in range(n):
                s += a[i][k] * b[k][j]
            c[i][j] = s
    return c


def run(n: int = 60) -> list[int]:
    a = make_matrix(n, lambda i, j: i + j)
    b = make_matrix(n, lambda i, j: i - j)
    c = matrix_multiply(a, b, n)
    trace = total = 0
    for i in range(n):
        trace += c[i][i]
        total += sum(c[i])
    return [trace, total]
