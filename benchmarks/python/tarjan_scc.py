"""tarjan-scc: strongly connected components by Tarjan and by Kosaraju (benchmarks/scheme/tarjan-scc.scm).

The same algorithm as the Scheme: the graph drawn with the shared
generator (from 19), each vertex a dataclass whose marks are changed in
place; Tarjan's search a nested recursive function over a counter, a
stack and the components, the newest component first; Kosaraju's two
recursive searches, the second over the reversed edges in the order the
first finished them; the components' edges kept per component in lists
searched by `in`.
"""

import sys
from dataclasses import dataclass

from .checksum import of_numbers
from .lcg import Random


@dataclass
class Vertex:
    number: int
    edges: list
    index: int | None = None
    low: int | None = None
    on_stack: bool = False


def random_graph(rng, n):
    graph = []
    for v in range(n):
        k = 1 + rng.next() % 2
        graph.append(Vertex(v, [rng.next() % n for _ in range(k)]))
    return graph


def tarjan(graph):
    counter = 0
    stack = []
    components = []

    def strong_connect(v):
        nonlocal counter
        v.index = v.low = counter
        counter += 1
        stack.append(v)
        v.on_stack = True
        for number in v.edges:
            w = graph[number]
            if w.index is None:
                strong_connect(w)
                v.low = min(v.low, w.low)
            elif w.on_stack:
                v.low = min(v.low, w.index)
        if v.low == v.index:
            component = []
            while True:
                w = stack.pop()
                w.on_stack = False
                component.append(w.number)
                if w is v:
                    break
            components.append(component[::-1])

    for v in graph:
        if v.index is None:
            strong_connect(v)
    return components[::-1]


def kosaraju(graph):
    n = len(graph)
    seen = [False] * n
    finished = []
    into = [[] for _ in range(n)]
    for v in graph:
        for w in v.edges:
            into[w].append(v.number)
    number = [None] * n

    def visit(v):
        seen[v] = True
        for w in graph[v].edges:
            if not seen[w]:
                visit(w)
        finished.append(v)

    def mark(v, c):
        number[v] = c
        for w in into[v]:
            if number[w] is None:
                mark(w, c)

    for v in range(n):
        if not seen[v]:
            visit(v)
    count = 0
    for v in reversed(finished):
        if number[v] is None:
            mark(v, count)
            count += 1
    return number, count


def run(n: int = 4000) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2 * n + 1000))
    rng = Random(19)
    graph = random_graph(rng, n)
    components = tarjan(graph)
    sizes = [len(c) for c in components]
    numbers, count = kosaraju(graph)
    targets = [[] for _ in range(count)]
    forward = True
    between = 0
    for v in graph:
        source = numbers[v.number]
        for w in v.edges:
            to = numbers[w]
            if source != to:
                if source > to:
                    forward = False
                if to not in targets[source]:
                    targets[source].append(to)
                    between += 1
    agree = count == len(components) and all(len({numbers[v] for v in c}) == 1 for c in components)
    return [len(components), max(sizes), sizes.count(1), between, agree, forward, of_numbers(sizes)]
