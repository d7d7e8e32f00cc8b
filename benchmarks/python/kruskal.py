"""kruskal: a minimum spanning tree by Kruskal's algorithm (benchmarks/scheme/kruskal.scm).

The same algorithm as the Scheme: edges are tuples (weight, u, v) put into
a list of buckets by weight and taken bucket by bucket, each bucket in the
order its edges were made; the forest is a list of parents and a list of
ranks, find compressing by recursion the path it walks, union by rank.
"""

MAX_WEIGHT = 50


def edge_weight(i, j):
    return (7 * i + 13 * j + i * j) % MAX_WEIGHT + 1


def make_edges(n):
    edges = []
    for i in range(n):
        j = (i + 1) % n
        k = (3 * i + 2) % n
        edges.append((edge_weight(i, j), i, j))
        edges.append((edge_weight(i, k), i, k))
    return edges


def sort_by_weight(edges):
    """The edges lightest first, those of one weight in the order given."""
    buckets = [[] for _ in range(MAX_WEIGHT + 1)]
    for edge in edges:
        buckets[edge[0]].append(edge)
    ordered = []
    for bucket in buckets:
        ordered.extend(bucket)
    return ordered


def make_forest(n):
    parent = [0] * n
    for i in range(n):
        parent[i] = i
    return parent


def find(parent, x):
    if parent[x] == x:
        return x
    root = find(parent, parent[x])
    parent[x] = root
    return root


def union(parent, rank, x, y):
    """Join the trees of x and y; False when they are one tree already."""
    rx = find(parent, x)
    ry = find(parent, y)
    if rx == ry:
        return False
    if rank[rx] < rank[ry]:
        parent[rx] = ry
    elif rank[rx] > rank[ry]:
        parent[ry] = rx
    else:
        parent[ry] = rx
        rank[rx] += 1
    return True


def spanning_tree(n, ordered):
    parent = make_forest(n)
    rank = [0] * n
    taken = total = heaviest = refused = 0
    for weight, u, v in ordered:
        if union(parent, rank, u, v):
            taken += 1
            total += weight
            heaviest = max(heaviest, weight)
        else:
            refused += 1
    return [taken, total, heaviest, refused]


def count_trees(n, edges, limit):
    parent = make_forest(n)
    rank = [0] * n
    trees = n
    for weight, u, v in edges:
        if weight <= limit and union(parent, rank, u, v):
            trees -= 1
    return trees


def run(n: int = 10000) -> list:
    edges = make_edges(n)
    return spanning_tree(n, sort_by_weight(edges)) + [count_trees(n, edges, 12)]
