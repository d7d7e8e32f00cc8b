"""tables: memoization through tables kept as lists of pairs (benchmarks/scheme/tables.scm).

The same algorithm as the Scheme: one- and two-dimensional tables whose
records are [key, value] lists (a subtable a [key, records] list) kept
newest first and found by a loop of our own, values changed in place;
memoize and memoize_2 look a value up before working it out and insert
it after; binomials, Stirling numbers and Bell numbers, partitions,
Delannoy and Catalan numbers by the same recurrences (Python ints as
the bignums), the memoized functions made anew on every run.
"""

import sys

from .alist import assoc as find


class Table:
    def __init__(self):
        self.records = []

    def lookup(self, key):
        record = find(key, self.records)
        return record[1] if record else None

    def insert(self, key, value):
        record = find(key, self.records)
        if record:
            record[1] = value
        else:
            self.records.insert(0, [key, value])

    def size(self):
        return len(self.records)


class Table2:
    def __init__(self):
        self.subtables = []

    def lookup(self, key_1, key_2):
        subtable = find(key_1, self.subtables)
        if subtable:
            record = find(key_2, subtable[1])
            if record:
                return record[1]
        return None

    def insert(self, key_1, key_2, value):
        subtable = find(key_1, self.subtables)
        if subtable:
            record = find(key_2, subtable[1])
            if record:
                record[1] = value
            else:
                subtable[1].insert(0, [key_2, value])
        else:
            self.subtables.insert(0, [key_1, [[key_2, value]]])

    def size(self):
        return sum(len(subtable[1]) for subtable in self.subtables)


def memoize(f, table):
    def memoized(x):
        known = table.lookup(x)
        if known is not None:
            return known
        result = f(x)
        table.insert(x, result)
        return result
    return memoized


def memoize_2(f, table):
    def memoized(a, b):
        known = table.lookup(a, b)
        if known is not None:
            return known
        result = f(a, b)
        table.insert(a, b, result)
        return result
    return memoized


def run(n: int = 140) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20 * n + 1000))
    binomials, stirlings, partition_counts, delannoys, catalans = Table2(), Table2(), Table2(), Table2(), Table()

    def binomial_rule(m, k):
        if k == 0 or k == m:
            return 1
        return binomial(m - 1, k - 1) + binomial(m - 1, k)

    def stirling_rule(m, k):
        if m == 0 and k == 0:
            return 1
        if m == 0 or k == 0 or k > m:
            return 0
        return k * stirling(m - 1, k) + stirling(m - 1, k - 1)

    def partitions_rule(m, k):
        if m == 0:
            return 1
        if k == 0:
            return 0
        if k > m:
            return partitions(m, m)
        return partitions(m, k - 1) + partitions(m - k, k)

    def delannoy_rule(a, b):
        if a == 0 or b == 0:
            return 1
        return delannoy(a - 1, b) + delannoy(a, b - 1) + delannoy(a - 1, b - 1)

    def catalan_rule(m):
        if m == 0:
            return 1
        total = 0
        for i in range(m):
            total += catalan(i) * catalan(m - 1 - i)
        return total

    binomial = memoize_2(binomial_rule, binomials)
    stirling = memoize_2(stirling_rule, stirlings)
    partitions = memoize_2(partitions_rule, partition_counts)
    delannoy = memoize_2(delannoy_rule, delannoys)
    catalan = memoize(catalan_rule, catalans)

    central = binomial(2 * n, n)
    bell = 0
    for k in range(n + 1):
        bell += stirling(n, k)
    return [len(str(central)), central % 1000003, bell % 1000003, partitions(2 * n, 2 * n),
            delannoy(n, n) % 1000003, catalan(n) % 1000003,
            [table.size() for table in (binomials, stirlings, partition_counts, delannoys, catalans)]]
