"""percolation: union-find over a shuffled grid (benchmarks/scheme/percolation.scm).

The same algorithm as the Scheme: for each side from 2 to n the sites are
shuffled by Fisher-Yates with the shared generator (from 31), opened in
that order and joined to their open neighbours and to a top and a bottom
node; find compresses paths recursively, union hangs the smaller tree
under the larger (the first root on a tie); the opening stops when top
and bottom share a root, then the largest cluster is counted.
"""

import sys

from .lcg import Random

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class DisjointSets:
    def __init__(self, count):
        self.parent = list(range(count))
        self.size = [1] * count
        self.unions = 0
        self.find_steps = 0

    def find(self, i):
        self.find_steps += 1
        p = self.parent[i]
        if p == i:
            return i
        root = self.find(p)
        self.parent[i] = root
        return root

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        self.unions += 1
        if self.size[ra] < self.size[rb]:
            self.parent[ra] = rb
            self.size[rb] += self.size[ra]
        else:
            self.parent[rb] = ra
            self.size[ra] += self.size[rb]


def shuffled_sites(count, rng):
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def percolate(side, rng, sets_counts):
    count = side * side
    top, bottom = count, count + 1
    sets = DisjointSets(count + 2)
    is_open = [False] * count
    order = shuffled_sites(count, rng)
    opened = count
    for k, site in enumerate(order):
        row, col = divmod(site, side)
        is_open[site] = True
        if row == 0:
            sets.union(site, top)
        if row == side - 1:
            sets.union(site, bottom)
        for dr, dc in STEPS:
            r, c = row + dr, col + dc
            if 0 <= r < side and 0 <= c < side and is_open[r * side + c]:
                sets.union(site, r * side + c)
        if sets.find(top) == sets.find(bottom):
            opened = k + 1
            break
    tally = [0] * (count + 2)
    best = 0
    for site in range(count):
        if is_open[site]:
            root = sets.find(site)
            tally[root] += 1
            best = max(best, tally[root])
    sets_counts[0] += sets.unions
    sets_counts[1] += sets.find_steps
    return opened, best


def run(n: int = 60) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n * n + 1000))
    rng = Random(31)
    counts = [0, 0]
    total, first_ones, clusters = 0, [], 0
    for side in range(2, n + 1):
        opened, best = percolate(side, rng, counts)
        total += opened
        if side <= 5:
            first_ones.append(opened)
        clusters += best
    return [total, first_ones, clusters, counts[0], counts[1]]
