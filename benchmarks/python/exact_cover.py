"""exact-cover: Knuth's Algorithm X over plain lists (benchmarks/scheme/exact-cover.scm).

The same search as the Scheme, in Python's own way: rows as (number,
frozenset) pairs, the items a list, the item in the fewest rows by
min() with a key (the first kept), the rows left by comprehensions with
isdisjoint(), the search a recursive method of a class keeping the
calls and the first cover, sorted(); the shared generator (from 233)
drawn in the same order.
"""

from .lcg import Random


def random_problem(rng):
    m = 12 + rng.next() % 8
    deck = list(range(1, m + 1))
    for i in range(m - 1, 0, -1):
        j = rng.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    planted = []
    while deck:
        size = 1 + rng.next() % 4
        planted.append(sorted(deck[:size]))
        deck = deck[size:]
    others = []
    for _ in range(m + rng.next() % m):
        size = 2 + rng.next() % 3
        row = []
        while len(row) < size:
            item = 1 + rng.next() % m
            if item not in row:
                row.append(item)
        others.append(sorted(row))
    return list(range(1, m + 1)), list(enumerate(others + planted))


class Search:
    def __init__(self):
        self.calls = 0
        self.first = None

    def covers(self, items, rows, chosen):
        self.calls += 1
        if not items:
            if self.first is None:
                self.first = sorted(chosen)
            return 1
        item = min(items, key=lambda i: sum(1 for _, row in rows if i in row))
        count = 0
        for number, row in [r for r in rows if item in r[1]]:
            left = [i for i in items if i not in row]
            compatible = [r for r in rows if row.isdisjoint(r[1])]
            count += self.covers(left, compatible, chosen + [number])
        return count


def run(n):
    rng = Random(233)
    search = Search()
    unique = total = most = checksum = 0
    first = []
    for k in range(n):
        items, rows = random_problem(rng)
        rows = [(number, frozenset(row)) for number, row in rows]
        search.first = None
        count = search.covers(items, rows, [])
        unique += count == 1
        total += count
        most = max(most, count)
        for number in search.first:
            checksum = (checksum * 37 + number) % 1000003
        if k == 0:
            first = [len(rows), search.first]
    return [n, unique, total, search.calls, most, checksum, first]
