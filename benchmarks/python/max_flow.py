"""max-flow: Edmonds-Karp flows and Kuhn's matchings (benchmarks/scheme/max-flow.scm).

The same algorithms as the Scheme, in Python's own way: capacities a
list of lists copied row by row, the breadth-first search over a deque
with a parent list, the path walked back by a while loop, the cut's
capacity a sum over a generator, Kuhn's tries a nested function over a
list of marks; the shared generator (from 179) drawn in the same order.
"""

from collections import deque

from .lcg import Random


def random_network(rng):
    v = 6 + rng.next() % 8
    cap = [[0] * v for _ in range(v)]
    for i in range(v):
        for j in range(v):
            if i != j and rng.next() % 3 == 0:
                cap[i][j] = 1 + rng.next() % 20
    return cap


def breadth_first(residual, source):
    v = len(residual)
    parent = [-1] * v
    parent[source] = source
    queue = deque([source])
    while queue:
        u = queue.popleft()
        row = residual[u]
        for w in range(v):
            if parent[w] == -1 and row[w] > 0:
                parent[w] = u
                queue.append(w)
    return parent


def edmonds_karp(cap):
    v = len(cap)
    sink = v - 1
    residual = [row[:] for row in cap]
    flow = paths = 0
    while True:
        parent = breadth_first(residual, 0)
        if parent[sink] == -1:
            return flow, paths, residual
        push = None
        w = sink
        while w != 0:
            u = parent[w]
            if push is None or residual[u][w] < push:
                push = residual[u][w]
            w = u
        w = sink
        while w != 0:
            u = parent[w]
            residual[u][w] -= push
            residual[w][u] += push
            w = u
        flow += push
        paths += 1


def source_side(residual):
    parent = breadth_first(residual, 0)
    return [i for i, p in enumerate(parent) if p != -1]


def cut_capacity(cap, side):
    inside = set(side)
    return sum(cap[i][j] for i in side for j in range(len(cap)) if j not in inside)


def random_bipartite(rng):
    m = 3 + rng.next() % 6
    return [[j for j in range(m) if rng.next() % 3 == 0] for _ in range(m)]


def kuhn(adjacent):
    m = len(adjacent)
    match = [-1] * m

    def attempt(u, visited):
        for w in adjacent[u]:
            if not visited[w]:
                visited[w] = True
                if match[w] == -1 or attempt(match[w], visited):
                    match[w] = u
                    return True
        return False

    return sum(1 for u in range(m) if attempt(u, [False] * m))


def bipartite_network(adjacent):
    m = len(adjacent)
    cap = [[0] * (2 * m + 2) for _ in range(2 * m + 2)]
    for i, ws in enumerate(adjacent):
        cap[0][i + 1] = 1
        cap[m + i + 1][2 * m + 1] = 1
        for j in ws:
            cap[i + 1][m + j + 1] = 1
    return cap


def run(n):
    rng = Random(179)
    flows = paths = cuts_ok = matched = matches_ok = total = first_flow = 0
    first_side = []
    for k in range(n):
        cap = random_network(rng)
        flow, count, residual = edmonds_karp(cap)
        side = source_side(residual)
        adjacent = random_bipartite(rng)
        size = kuhn(adjacent)
        unit_flow = edmonds_karp(bipartite_network(adjacent))[0]
        flows += flow
        paths += count
        cuts_ok += cut_capacity(cap, side) == flow
        matched += size
        matches_ok += size == unit_flow
        total = (total * 31 + flow * 16 + size) % 1000003
        if k == 0:
            first_flow, first_side = flow, side
    return [n, flows, paths, cuts_ok, matched, matches_ok, total, first_flow, first_side]
