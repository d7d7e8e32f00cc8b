"""bfs: breadth-first search over lists searched in order (benchmarks/scheme/bfs.scm).

The same algorithm as the Scheme: the graph and the distances are lists of
(vertex, value) pairs searched in order, as assv does; a new distance goes
on the end of its list, which is searched from the end, so the newest
comes first as on the Scheme's consed list; the queue is a list whose
front is taken by moving an index (the Scheme's cdr), and which is copied
to grow, as append copies it.
"""


def make_graph(n):
    return [(i, [(2 * i + 1) % n, (3 * i + 2) % n, (i + 7) % n]) for i in range(n)]


def lookup(pairs, key):
    for k, value in pairs:
        if k == key:
            return value
    return None


def lookup_newest(pairs, key):
    for k, value in reversed(pairs):
        if k == key:
            return value
    return None


def bfs(graph, start):
    queue = [start]
    head = 0  # the queue is queue[head:]
    dist = [(start, 0)]
    while head < len(queue):
        v = queue[head]
        head += 1
        d = lookup_newest(dist, v)
        for w in lookup(graph, v):
            if lookup_newest(dist, w) is None:
                queue = queue[head:] + [w]
                head = 0
                dist.append((w, d + 1))
    return dist


def run(n: int = 300) -> list[int]:
    graph = make_graph(n)
    total = far = 0
    for s in range(5):
        ds = [d for _, d in bfs(graph, s)]
        total += sum(ds)
        far = max(far, max(ds))
    return [total, far]
