"""matrix-chain: the best order to multiply a chain of matrices (benchmarks/scheme/matrix-chain.scm).

The same algorithm as the Scheme, in Python's own way: tables as lists of
lists filled by nested for loops, the top-down recursion remembering in a
dict, the formula built by f-strings, matrices as lists of rows of
Fractions multiplied by sum() over a generator, the multiplications
counted in a one-element list; the shared generator (from 71) drawn in
the same order.
"""

from fractions import Fraction

from .lcg import Random


def chain_order(dims):
    n = len(dims) - 1
    cost = [[0] * (n + 1) for _ in range(n + 1)]
    cut = [[0] * (n + 1) for _ in range(n + 1)]
    worst = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(2, n + 1):
        for i in range(1, n - length + 2):
            j = i + length - 1
            cost[i][j] = None
            for k in range(i, j):
                here = dims[i - 1] * dims[k] * dims[j]
                best = cost[i][k] + cost[k + 1][j] + here
                dear = worst[i][k] + worst[k + 1][j] + here
                if cost[i][j] is None or best < cost[i][j]:
                    cost[i][j] = best
                    cut[i][j] = k
                if dear > worst[i][j]:
                    worst[i][j] = dear
    return cost, cut, worst


def memo_cost(dims):
    memo = {}

    def best(i, j):
        if i == j:
            return 0
        if (i, j) in memo:
            return memo[i, j]
        found = None
        for k in range(i, j):
            c = best(i, k) + best(k + 1, j) + dims[i - 1] * dims[k] * dims[j]
            if found is None or c < found:
                found = c
        memo[i, j] = found
        return found

    return best(1, len(dims) - 1)


def order(cut, i, j):
    if i == j:
        return f"A{i}"
    k = cut[i][j]
    return f"({order(cut, i, k)}{order(cut, k + 1, j)})"


def deepest(formula):
    depth = most = 0
    for c in formula:
        if c == "(":
            depth += 1
            most = max(most, depth)
        elif c == ")":
            depth -= 1
    return most


def random_matrix(rng, rows, cols):
    m = []
    for _ in range(rows):
        row = []
        for _ in range(cols):
            top = rng.below(9) - 4
            bottom = 1 + rng.below(4)
            row.append(Fraction(top, bottom))
        m.append(row)
    return m


def multiply(a, b, counter):
    inner = len(b)
    cols = len(b[0])
    counter[0] += len(a) * cols * inner
    return [[sum((row[k] * b[k][j] for k in range(inner)), Fraction(0)) for j in range(cols)] for row in a]


def multiply_in_order(matrices, cut, i, j, counter):
    if i == j:
        return matrices[i]
    k = cut[i][j]
    return multiply(multiply_in_order(matrices, cut, i, k, counter),
                    multiply_in_order(matrices, cut, k + 1, j, counter), counter)


def short_chain(rng):
    dims = [1 + rng.below(4) for _ in range(7)]
    matrices = [None] + [random_matrix(rng, dims[i - 1], dims[i]) for i in range(1, 7)]
    cost, cut, _ = chain_order(dims)
    counter = [0]
    best = multiply_in_order(matrices, cut, 1, 6, counter)
    plain = matrices[1]
    for i in range(2, 7):
        plain = multiply(plain, matrices[i], [0])
    total = sum((x for row in best for x in row), Fraction(0))
    return [cost[1][6], best == plain and counter[0] == cost[1][6], str(total)]


def run(n):
    rng = Random(71)
    dims = [5 + rng.below(60) for _ in range(n + 1)]
    cost, cut, worst = chain_order(dims)
    formula = order(cut, 1, n)
    left_to_right = sum(dims[0] * dims[k - 1] * dims[k] for k in range(2, n + 1))
    checksum = 0
    for c in formula:
        checksum = (checksum * 31 + ord(c)) % 1000003
    return [n, cost[1][n], worst[1][n], left_to_right, memo_cost(dims) == cost[1][n], len(formula),
            deepest(formula), checksum, formula[:30]] + short_chain(rng)
