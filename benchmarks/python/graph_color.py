"""graph-color: colouring random graphs greedily and exactly (benchmarks/scheme/graph-color.scm).

The same algorithm as the Scheme, in Python's own way: lists of
neighbour lists, sorted() with a key for Welsh and Powell's order, the
exact search a recursive function that returns True when the last vertex
is coloured, the colours tried counted in an attribute; the shared
generator (from 103) drawn in the same order.
"""

from .lcg import Random


def random_graph(rng, v):
    adj = [[] for _ in range(v)]
    for i in range(v):
        for j in range(i + 1, v):
            if rng.next() % 10 < 3:
                adj[i].insert(0, j)
                adj[j].insert(0, i)
    return adj


def free(colours, neighbours, c):
    return all(colours[w] != c for w in neighbours)


def welsh_powell(adj):
    colours = [0] * len(adj)
    for u in sorted(range(len(adj)), key=lambda u: (-len(adj[u]), u)):
        c = 1
        while not free(colours, adj[u], c):
            c += 1
        colours[u] = c
    return colours


class Search:
    def __init__(self):
        self.tried = 0

    def colour_with(self, adj, k):
        colours = [0] * len(adj)

        def place(u, used):
            if u == len(adj):
                return True
            for c in range(1, min(k, used + 1) + 1):
                self.tried += 1
                if free(colours, adj[u], c):
                    colours[u] = c
                    if place(u + 1, max(used, c)):
                        return True
                    colours[u] = 0
            return False

        return colours if place(0, 0) else None

    def chromatic(self, adj):
        k = 1
        while True:
            found = self.colour_with(adj, k)
            if found is not None:
                return k, found
            k += 1


def proper(adj, colours):
    return all(free(colours, adj[u], colours[u]) for u in range(len(adj)))


def run(n):
    rng = Random(103)
    search = Search()
    chromatic_sum = greedy_sum = greedy_best = 0
    all_proper = True
    first = None
    for _ in range(n):
        v = 9 + rng.next() % 6
        adj = random_graph(rng, v)
        greedy = welsh_powell(adj)
        k, best = search.chromatic(adj)
        chromatic_sum += k
        greedy_sum += max(greedy)
        if max(greedy) == k:
            greedy_best += 1
        if not (proper(adj, greedy) and proper(adj, best)):
            all_proper = False
        if first is None:
            first = [v, sum(len(ns) for ns in adj) // 2, greedy, best]
    return [n, chromatic_sum, greedy_sum, greedy_best, search.tried, all_proper, first]
