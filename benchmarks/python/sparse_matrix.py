"""sparse-matrix: sparse matrices as rows of (column, value) pairs (benchmarks/scheme/sparse-matrix.scm).

The same algorithm as the Scheme: each row a list of [column, value]
pairs sorted by column with no zero values; an entry is added by walking
the row to its place (added to the value there, dropped if it becomes
zero); the product gathers each row that way, the transpose is built
from the last row up, a matrix times a vector walks each row.  The
matrix and the powers (n of them, at most twenty) are the Scheme's.
"""


def next_random(x):
    return 16807 * x % 2147483647


def add_entry(column, value, row):
    """Add value into row's column, in place."""
    i = 0
    while i < len(row) and row[i][0] < column:
        i += 1
    if i < len(row) and row[i][0] == column:
        total = row[i][1] + value
        if total == 0:
            del row[i]
        else:
            row[i] = (column, total)
    elif value != 0:
        row.insert(i, (column, value))


def make_matrix(n):
    rows = [[] for _ in range(n)]
    x = 1
    for i in range(n):
        for _ in range(5):
            x = next_random(x)
            add_entry(x % n, x // n % 19 - 9, rows[i])
    return rows


def entries(m):
    return sum(len(row) for row in m)


def transpose(m):
    n = len(m)
    t = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        for column, value in m[i]:
            t[column].insert(0, (i, value))
    return t


def times_vector(m, v):
    w = []
    for row in m:
        total = 0
        for column, value in row:
            total += value * v[column]
        w.append(total)
    return w


def times_matrix(a, b):
    c = []
    for left in a:
        row = []
        for k, a_ik in left:
            for column, value in b[k]:
                add_entry(column, a_ik * value, row)
        c.append(row)
    return c


def trace(m):
    total = 0
    for i, row in enumerate(m):
        for column, value in row:
            if column == i:
                total += value
                break
    return total


def run(n: int = 10_000) -> list:
    a = make_matrix(n)
    t = transpose(a)
    aa = times_matrix(a, a)
    ones = [1] * n
    powered = ones
    for _ in range(min(n, 20)):
        powered = [x % 10007 for x in times_vector(a, powered)]
    return [entries(a),
            entries(t),
            entries(aa),
            trace(aa),
            times_vector(aa, ones) == times_vector(a, times_vector(a, ones)),
            transpose(t) == a,
            sum(powered) % 10007,
            powered[:min(3, n)],
            max(len(row) for row in aa)]
