"""knapsack: the 0/1 knapsack of n items, capacity 5n (benchmarks/scheme/knapsack.scm).

The same algorithm as the Scheme: items a dataclass, drawn with the
shared generator (from 11), weight then value; the best value top down
by a recursive function over a list of lists of None, every call
counted, the items taken read back through it; the same value by one
list of rooms swept downwards per item; the exact fillings counted the
same way; the fractional bound with the items merge-sorted by hand (the
merge intervals' twin's) by their value per unit of weight as Fractions,
the last one taken in part.
"""

import sys
from dataclasses import dataclass
from fractions import Fraction

from .intervals import merge_lists
from .lcg import Random


@dataclass(frozen=True)
class Item:
    weight: int
    value: int


def random_items(rng, n):
    items = []
    for _ in range(n):
        weight = 1 + rng.next() % 20
        value = 1 + rng.next() % 30
        items.append(Item(weight, value))
    return items


def solve(items, capacity):
    n = len(items)
    memo = [[None] * (capacity + 1) for _ in range(n)]
    calls = 0

    def best(i, room):
        nonlocal calls
        calls += 1
        if i == n:
            return 0
        if memo[i][room] is not None:
            return memo[i][room]
        item = items[i]
        without = best(i + 1, room)
        if item.weight > room:
            answer = without
        else:
            answer = max(without, item.value + best(i + 1, room - item.weight))
        memo[i][room] = answer
        return answer

    answer = best(0, capacity)
    taken = []
    room = capacity
    for i in range(n):
        if best(i, room) != best(i + 1, room):
            taken.append(i)
            room -= items[i].weight
    return answer, taken, calls


def best_by_sweeps(items, capacity):
    table = [0] * (capacity + 1)
    for item in items:
        for room in range(capacity, item.weight - 1, -1):
            table[room] = max(table[room], item.value + table[room - item.weight])
    return table[capacity]


def exact_fillings(items, capacity):
    ways = [0] * (capacity + 1)
    ways[0] = 1
    for item in items:
        for room in range(capacity, item.weight - 1, -1):
            ways[room] += ways[room - item.weight]
    return ways[capacity]


def merge_sort(items, before):
    if len(items) < 2:
        return items
    half = len(items) // 2
    return merge_lists(merge_sort(items[:half], before), merge_sort(items[half:], before), before)


def ratio(item):
    return Fraction(item.value, item.weight)


def fractional_bound(items, capacity):
    room = capacity
    total = Fraction(0)
    for item in merge_sort(items, lambda a, b: ratio(a) > ratio(b)):
        if item.weight <= room:
            room -= item.weight
            total += item.value
        else:
            return total + ratio(item) * room
    return total


def written(q):
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def run(n: int = 150) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n + 1000))
    rng = Random(11)
    items = random_items(rng, n)
    capacity = 5 * n
    bound = fractional_bound(items, capacity)
    answer, taken, calls = solve(items, capacity)
    return [answer, calls, len(taken), sum(items[i].weight for i in taken),
            answer == best_by_sweeps(items, capacity), exact_fillings(items, capacity),
            written(bound), answer <= bound]
