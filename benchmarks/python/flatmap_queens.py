"""flatmap-queens: SICP 2.2.3's sequence operations, queens and prime-sum pairs
(benchmarks/scheme/flatmap-queens.scm).

The same algorithms as the Scheme, over Python lists: accumulate folds from
the right calling op on each element; flatmap maps proc over the sequence
and joins the lists it makes in order (SICP's accumulate of append: as a
Python list cannot share a tail, the lists are joined by extending one
list, each copied once as append copies each); enumerate_interval and
filter_sequence are SICP's, the filter calling its predicate on each
element; queens by queen_cols with safe and adjoin_position (a board a list
of rows, the newest column first); prime-sum pairs with prime by
smallest_divisor, find_divisor, divides and square.  The Scheme's
recursions over a list are loops.
"""

from operator import add


def accumulate(op, initial, sequence):
    result = initial
    for x in reversed(sequence):
        result = op(x, result)
    return result


def flatmap(proc, seq):
    result = []
    for items in map(proc, seq):
        result += items
    return result


def enumerate_interval(low, high):
    result = []
    while low <= high:
        result.append(low)
        low += 1
    return result


def filter_sequence(predicate, sequence):
    result = []
    for x in sequence:
        if predicate(x):
            result.append(x)
    return result


EMPTY_BOARD = []


def adjoin_position(new_row, k, rest_of_queens):
    return [new_row] + rest_of_queens


def safe(k, positions):
    new_row = positions[0]
    distance = 1
    for i in range(1, len(positions)):
        other = positions[i]
        if other == new_row:
            return False
        if abs(other - new_row) == distance:
            return False
        distance += 1
    return True


def queens(board_size):
    def queen_cols(k):
        if k == 0:
            return [EMPTY_BOARD]
        return filter_sequence(
            lambda positions: safe(k, positions),
            flatmap(lambda rest_of_queens: list(map(lambda new_row: adjoin_position(new_row, k, rest_of_queens),
                                                    enumerate_interval(1, board_size))),
                    queen_cols(k - 1)))

    return queen_cols(board_size)


def square(x):
    return x * x


def smallest_divisor(n):
    return find_divisor(n, 2)


def find_divisor(n, test_divisor):
    while True:
        if square(test_divisor) > n:
            return n
        if divides(test_divisor, n):
            return test_divisor
        test_divisor += 1


def divides(a, b):
    return b % a == 0


def is_prime(n):
    return n == smallest_divisor(n)


def prime_sum(pair):
    return is_prime(pair[0] + pair[1])


def make_pair_sum(pair):
    return [pair[0], pair[1], pair[0] + pair[1]]


def prime_sum_pairs(n):
    return list(map(make_pair_sum,
                    filter_sequence(prime_sum,
                                    flatmap(lambda i: list(map(lambda j: [i, j], enumerate_interval(1, i - 1))),
                                            enumerate_interval(1, n)))))


def run(n: int = 8) -> list:
    solutions = queens(n)
    pairs = prime_sum_pairs(n * n // 2)
    return [len(solutions), solutions[0], len(pairs), accumulate(add, 0, list(map(lambda p: p[2], pairs)))]
