"""determinant: cofactor expansion along the first row (benchmarks/scheme/determinant.scm).

The same algorithm as the Scheme: a matrix is a list of rows, each a list
of ints; the minor of column j is every row but the first without its j-th
element (remove_nth copying the row by hand); the signs alternate along
the row, every term expanded, down to 1 by 1 matrices.
"""


def remove_nth(row, k):
    rest = []
    for i in range(len(row)):
        if i != k:
            rest.append(row[i])
    return rest


def minor(matrix, j):
    return [remove_nth(row, j) for row in matrix[1:]]


def determinant(matrix):
    if len(matrix) == 1:
        return matrix[0][0]
    total = 0
    sign = 1
    for j in range(len(matrix[0])):
        total += sign * matrix[0][j] * determinant(minor(matrix, j))
        sign = -sign
    return total


def make_matrix(n, entry):
    return [[entry(i, j) for j in range(n)] for i in range(n)]


def run(n: int = 7) -> list:
    vandermonde = make_matrix(n, lambda i, j: (i + 1) ** j)
    scrambled = make_matrix(n, lambda i, j: (7 * i * i + 3 * j * j * j + i * j + 5) % 11 - 5)
    triangular = make_matrix(n, lambda i, j: i + j + 1 if j <= i else 0)
    swapped = [scrambled[1], scrambled[0]] + scrambled[2:]
    return [determinant(vandermonde), determinant(scrambled), determinant(swapped), determinant(triangular)]
