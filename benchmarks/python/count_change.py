"""count-change: SICP 1.2.2's count of the ways to change an amount (benchmarks/scheme/count-change.scm).

The same algorithm as the Scheme: the tree recursion cc with
first_denomination chosen by an if chain, then the same recursion memoized
top-down in a table of lists, one per number of kinds of coins, filled as
the recursion first meets each (amount, kinds).  The memoized recursion
goes one call deeper for every penny of the amount, so run() raises the
recursion limit to fit it.
"""

import sys


def count_change(amount):
    return cc(amount, 5)


def cc(amount, kinds_of_coins):
    if amount == 0:
        return 1
    if amount < 0 or kinds_of_coins == 0:
        return 0
    return cc(amount, kinds_of_coins - 1) + cc(amount - first_denomination(kinds_of_coins), kinds_of_coins)


def first_denomination(kinds_of_coins):
    if kinds_of_coins == 1:
        return 1
    if kinds_of_coins == 2:
        return 5
    if kinds_of_coins == 3:
        return 10
    if kinds_of_coins == 4:
        return 25
    if kinds_of_coins == 5:
        return 50
    return None


def make_table(amount):
    table = [None] * 6
    for kinds in range(6):
        table[kinds] = [False] * (amount + 1)
    return table


def memo_count_change(amount):
    table = make_table(amount)

    def memo_cc(amount, kinds_of_coins):
        if amount == 0:
            return 1
        if amount < 0 or kinds_of_coins == 0:
            return 0
        known = table[kinds_of_coins][amount]
        if known:
            return known
        ways = (memo_cc(amount, kinds_of_coins - 1)
                + memo_cc(amount - first_denomination(kinds_of_coins), kinds_of_coins))
        table[kinds_of_coins][amount] = ways
        return ways

    return memo_cc(amount, 5)


def run(n: int = 200) -> list[int]:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * n + 1000))
    return [count_change(n), memo_count_change(10 * n)]
