"""grundy: Sprague-Grundy values of Kayles, Dawson's Kayles and a subtraction game (benchmarks/scheme/grundy.scm).

The same algorithm as the Scheme: each game's values in a list filled
from 0 up, the options gathered in the Scheme's order and their mex
counted up by a membership test; the nim-sum is Python's xor; positions
of three Kayles rows drawn with the shared generator (from 5) and a
winning move searched row by row, move by move, the first one taken.
"""

from functools import reduce
from operator import xor

from .lcg import Random


def nim_sum(*numbers):
    return reduce(xor, numbers, 0)


def mex(options):
    m = 0
    while m in options:
        m += 1
    return m


def game_values(n, taken_list, split):
    table = [0] * (n + 1)
    for pins in range(1, n + 1):
        options = []
        for taken in taken_list:
            if taken > pins:
                continue
            rest = pins - taken
            last_left = rest // 2 if split else 0
            for left in range(last_left + 1):
                options.append(nim_sum(table[left], table[rest - left]))
        table[pins] = mex(options)
    return table


def winning_move(rows, table):
    total = nim_sum(*(table[r] for r in rows))
    if total == 0:
        return None
    for i, row in enumerate(rows):
        others = total ^ table[row]
        for taken in (1, 2):
            if taken > row:
                continue
            rest = row - taken
            for left in range(rest // 2 + 1):
                if nim_sum(others, table[left], table[rest - left]) == 0:
                    return i, taken, left
    raise ValueError("no move to 0 from a position not worth 0")


def run(n: int = 900) -> list:
    rng = Random(5)
    kayles = game_values(n, (1, 2), True)
    dawson = game_values(n, (2,), True)
    subtraction = game_values(n, (1, 3, 4), False)
    won = knocked = 0
    for _ in range(n // 10):
        rows = [rng.below(n + 1) for _ in range(3)]
        move = winning_move(rows, kayles)
        if move:
            won += 1
            knocked += move[1]
    return [sum(kayles), sum(dawson), sum(subtraction),
            [table.count(0) for table in (kayles, dawson, subtraction)],
            kayles[:12], won, knocked]
