"""dijkstra: O(V^2) shortest paths over a dict of adjacency lists (benchmarks/scheme/dijkstra.scm).

The same algorithm as the Scheme: distances in a list with None for "not
reached yet", a list of finished flags, the nearest unfinished node found
by a scan over every node, its edges relaxed in order.  The graph is a dict
where the Scheme reads an association list with assv.
"""


def make_graph(n):
    return {u: [((u + 1) % n, 10 + u % 7),
                (2 * u % n, 1 + u * u % 13),
                ((3 * u + 5) % n, 2 + u % 11)]
            for u in range(n)}


def nearest_unfinished(dist, done, n):
    """The unfinished node with the smallest known distance, or None."""
    best = None
    for v in range(n):
        if done[v] or dist[v] is None:
            continue
        if best is None or dist[v] < dist[best]:
            best = v
    return best


def shortest_paths(graph, n, source):
    dist = [None] * n
    done = [False] * n
    dist[source] = 0
    while True:
        u = nearest_unfinished(dist, done, n)
        if u is None:
            return dist
        done[u] = True
        for v, weight in graph[u]:
            d = dist[u] + weight
            if dist[v] is None or d < dist[v]:
                dist[v] = d


def run(n: int = 800) -> list:
    dist = shortest_paths(make_graph(n), n, 0)
    reached = [d for d in dist if d is not None]
    last = dist[n - 1]
    return [len(reached), sum(reached), max(reached), last, sum(1 for d in reached if d < last)]
