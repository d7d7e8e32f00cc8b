"""dijkstra: O(V^2) shortest paths over a dict of adjacency lists (benchmarks/scheme/dijkstra.scm)."""


def make_graph(n):
    return {u: [((u + 1) % n, 10 + u % 7),
                (2 * u % n, 1 + u * u % 13),
                ((3 * u + 5) % n, 2 + u % 11)]
            for u in range(n)}


def shortest_paths(graph, n, source):
    dist = [None] * n
    done = [False] * n
    dist[source] = 0
    while True:
        candidates = [v for v in range(n) if not done[v] and dist[v] is not None]
        if not candidates:
            return dist
        u = min(candidates, key=lambda v: dist[v])
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
