"""wythoff: Wythoff's game solved by Grundy numbers (benchmarks/scheme/wythoff.scm).

The same solver as the Scheme, in Python's own way: the memo a list of
lists of None, the moves a list of tuples built by three for loops, the
mex by a list of booleans, plain recursion, the losing positions
compared as lists of tuples, Beatty's formula by math.isqrt, the games
by while loops, a random move picked from the list by an index; the
shared generator (from 269) drawn in the same order.
"""

import math
import sys

from .lcg import Random


def moves(a, b):
    found = []
    for k in range(1, a + 1):
        found.append((a - k, b))
    for k in range(1, b + 1):
        found.append((a, b - k))
    for k in range(1, min(a, b) + 1):
        found.append((a - k, b - k))
    return found


def mex(numbers):
    marks = [False] * (len(numbers) + 1)
    for g in numbers:
        if g < len(marks):
            marks[g] = True
    m = 0
    while marks[m]:
        m += 1
    return m


class Wythoff:
    def __init__(self, n, rng):
        self.n = n
        self.rng = rng
        self.memo = [[None] * n for _ in range(n)]

    def grundy(self, a, b):
        g = self.memo[a][b]
        if g is None:
            g = mex([self.grundy(x, y) for x, y in moves(a, b)])
            self.memo[a][b] = g
        return g

    def losing_from_table(self):
        return [(a, b) for a in range(self.n) for b in range(a, self.n) if self.grundy(a, b) == 0]

    def winning_moves(self, a, b):
        count = 0
        for x, y in moves(a, b):
            if self.grundy(x, y) == 0:
                count += 1
        return count

    def random_move(self, a, b):
        ms = moves(a, b)
        return ms[self.rng.next() % len(ms)]

    def solver_move(self, a, b):
        for x, y in moves(a, b):
            if self.grundy(x, y) == 0:
                return x, y
        return self.random_move(a, b)

    def play(self, a, b, solver_first):
        solver = solver_first
        made = 0
        while a != 0 or b != 0:
            a, b = self.solver_move(a, b) if solver else self.random_move(a, b)
            solver = not solver
            made += 1
        return not solver, made


def losing_greedy(n):
    used = [False] * (3 * n)
    found = []
    k = a = 0
    while True:
        if used[a]:
            a += 1
            continue
        if a + k >= n:
            return found
        used[a] = used[a + k] = True
        found.append((a, a + k))
        k += 1
        a += 1


def losing_beatty(n):
    found = []
    k = 0
    while True:
        a = (k + math.isqrt(5 * k * k)) // 2
        if a + k >= n:
            return found
        found.append((a, a + k))
        k += 1


def run(n):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * n + 1000))
    rng = Random(269)
    game = Wythoff(n, rng)
    table = game.losing_from_table()
    total = largest = winning = check = 0
    for a in range(n):
        for b in range(n):
            g = game.grundy(a, b)
            total += g
            largest = max(largest, g)
            winning += game.winning_moves(a, b)
            check = (check * 31 + g) % 1000003
    won = lost_won = made = 0
    for _ in range(n):
        a = rng.next() % n
        b = rng.next() % n
        solver_first = rng.next() % 2 == 0
        solver_won, moves_made = game.play(a, b, solver_first)
        if solver_won:
            won += 1
        elif solver_first and game.grundy(a, b) > 0:
            lost_won += 1
        made += moves_made
    return [n, len(table), table == losing_greedy(n), table == losing_beatty(n), total, largest, winning,
            won, lost_won, made, check, [list(p) for p in table[:5]]]
