"""count-change: the ways to change an amount, by recursion and by a table filled coin by coin
(benchmarks/scheme/count-change.scm)."""

COINS = (1, 5, 10, 25, 50)


def cc(amount, kinds):
    if amount == 0:
        return 1
    if amount < 0 or kinds == 0:
        return 0
    return cc(amount, kinds - 1) + cc(amount - COINS[kinds - 1], kinds)


def ways_to_change(amount):
    ways = [1] + [0] * amount
    for coin in COINS:
        for a in range(coin, amount + 1):
            ways[a] += ways[a - coin]
    return ways[amount]


def run(n: int = 200) -> list[int]:
    return [cc(n, len(COINS)), ways_to_change(10 * n)]
