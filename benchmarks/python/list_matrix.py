"""list-matrix: matrices as lists of rows, zip and sum (benchmarks/scheme/list-matrix.scm)."""

M = [[1, 2, 0, 1, 3],
     [0, 1, 4, 2, 1],
     [3, 0, 1, 1, 0],
     [2, 2, 0, 1, 5],
     [1, 0, 3, 0, 1]]


def mat_mul(a, b):
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]


def mat_mod(m, p):
    return [[x % p for x in row] for row in m]


def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def mat_expt(m, k, p):
    if k == 0:
        return identity(len(m))
    if k % 2 == 0:
        h = mat_expt(m, k // 2, p)
        return mat_mod(mat_mul(h, h), p)
    return mat_mod(mat_mul(m, mat_expt(m, k - 1, p)), p)


def run(n: int = 300) -> int:
    return sum(sum(sum(row) for row in mat_expt(M, k, 1009)) for k in range(1, n + 1))
