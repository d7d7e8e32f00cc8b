"""bfs: breadth-first search over lists searched in order (benchmarks/scheme/bfs.scm).

The same algorithm as the Scheme: the graph and the distances are lists of
(vertex, value) pairs searched from the front (as assv does), a new
distance goes on the front, and the queue is a list copied to grow.
"""


def make_graph(n):
    return [(i, [(2 * i + 1) % n, (3 * i + 2) % n, (i + 7) % n]) for i in range(n)]


def lookup(pairs, key):
    for k, value in pairs:
        if k == key:
            return value
    return None


def bfs(graph, start):
    queue = [start]
    dist = [(start, 0)]
    while queue:
        v = queue[0]
        queue = queue[1:]
        d = lookup(dist, v)
        for w in lookup(graph, v):
            if lookup(dist, w) is None:
                queue = queue + [w]
                dist.insert(0, (w, d + 1))
    return dist


def run(n: int = 300) -> list[int]:
    graph = make_graph(n)
    total = far = 0
    for s in range(5):
        ds = [d for _, d in bfs(graph, s)]
        total += sum(ds)
        far = max(far, max(ds))
    return [total, far]
