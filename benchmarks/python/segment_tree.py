"""segment-tree: range sums and minima under range additions (benchmarks/scheme/segment-tree.scm).

The same algorithm as the Scheme: a segment tree in three lists of 4n
places (sums, minima, additions not yet handed down), built, updated
and queried by recursion from the root; square-root blocks (math.isqrt,
divmod) keeping a sum, a minimum and an addition per block; 3n
operations drawn with the shared generator (from 43) in the same order,
every answer of the tree compared with the blocks'.
"""

from math import isqrt

from .lcg import Random


class Tree:
    def __init__(self, items):
        n = len(items)
        self.sum = [0] * (4 * n)
        self.min = [0] * (4 * n)
        self.add = [0] * (4 * n)
        self.deepest = 0
        self.build(items, 1, 0, n - 1)

    def build(self, items, node, low, high):
        if low == high:
            self.sum[node] = items[low]
            self.min[node] = items[low]
            return
        middle = (low + high) // 2
        self.build(items, 2 * node, low, middle)
        self.build(items, 2 * node + 1, middle + 1, high)
        self.pull(node)

    def pull(self, node):
        self.sum[node] = self.sum[2 * node] + self.sum[2 * node + 1]
        self.min[node] = min(self.min[2 * node], self.min[2 * node + 1])

    def apply_add(self, node, count, v):
        self.sum[node] += count * v
        self.min[node] += v
        self.add[node] += v

    def push(self, node, low, middle, high):
        v = self.add[node]
        if v:
            self.apply_add(2 * node, middle - low + 1, v)
            self.apply_add(2 * node + 1, high - middle, v)
            self.add[node] = 0

    def update(self, node, low, high, l, r, v, depth):
        self.deepest = max(self.deepest, depth)
        if r < low or l > high:
            return
        if l <= low and high <= r:
            self.apply_add(node, high - low + 1, v)
            return
        middle = (low + high) // 2
        self.push(node, low, middle, high)
        self.update(2 * node, low, middle, l, r, v, depth + 1)
        self.update(2 * node + 1, middle + 1, high, l, r, v, depth + 1)
        self.pull(node)

    def query(self, node, low, high, l, r, combine, field):
        if l == low and high == r:
            return field[node]
        middle = (low + high) // 2
        self.push(node, low, middle, high)
        if r <= middle:
            return self.query(2 * node, low, middle, l, r, combine, field)
        if l > middle:
            return self.query(2 * node + 1, middle + 1, high, l, r, combine, field)
        return combine(self.query(2 * node, low, middle, l, middle, combine, field),
                       self.query(2 * node + 1, middle + 1, high, middle + 1, r, combine, field))


class Blocks:
    def __init__(self, items, size):
        self.items = items
        self.size = size
        count = (len(items) + size - 1) // size
        self.sums = [0] * count
        self.mins = [None] * count
        self.adds = [0] * count
        for i, x in enumerate(items):
            block, place = divmod(i, size)
            self.sums[block] += x
            self.mins[block] = x if place == 0 else min(self.mins[block], x)

    def recompute_min(self, block):
        start = block * self.size
        end = min(len(self.items), start + self.size)
        self.mins[block] = min(self.items[start:end]) + self.adds[block]

    def update(self, l, r, v):
        size = self.size
        i = l
        while i <= r:
            block, place = divmod(i, size)
            if place == 0 and i + size - 1 <= r:
                self.adds[block] += v
                self.sums[block] += size * v
                self.mins[block] += v
                i += size
            else:
                end = min(r, (block + 1) * size - 1)
                for j in range(i, end + 1):
                    self.items[j] += v
                self.sums[block] += (end - i + 1) * v
                self.recompute_min(block)
                i = end + 1

    def query(self, l, r, want_sum):
        size = self.size
        total = 0
        least = None
        i = l
        while i <= r:
            block, place = divmod(i, size)
            if place == 0 and i + size - 1 <= r:
                total += self.sums[block]
                m = self.mins[block]
                i += size
            else:
                m = self.items[i] + self.adds[block]
                total += m
                i += 1
            least = m if least is None else min(least, m)
        return total if want_sum else least


def fold_checksum(total, x):
    return (total * 31 + x % 1000003) % 1000003


def run(n):
    rng = Random(43)
    items = [rng.below(1000) - 500 for _ in range(n)]
    tree = Tree(items)
    size = isqrt(n)
    blocks = Blocks(list(items), size)
    additions = sums = mins = 0
    agree = True
    for _ in range(3 * n):
        kind = rng.below(3)
        a = rng.below(n)
        b = rng.below(n)
        l, r = min(a, b), max(a, b)
        if kind == 0:
            v = rng.below(101) - 50
            tree.update(1, 0, n - 1, l, r, v, 0)
            blocks.update(l, r, v)
            additions += 1
        elif kind == 1:
            s = tree.query(1, 0, n - 1, l, r, lambda x, y: x + y, tree.sum)
            agree = agree and s == blocks.query(l, r, True)
            sums = fold_checksum(sums, s)
        else:
            m = tree.query(1, 0, n - 1, l, r, min, tree.min)
            agree = agree and m == blocks.query(l, r, False)
            mins = fold_checksum(mins, m)
    return [3 * n, size, additions, agree, sums, mins,
            tree.query(1, 0, n - 1, 0, n - 1, lambda x, y: x + y, tree.sum),
            tree.query(1, 0, n - 1, 0, n - 1, min, tree.min), tree.deepest]
