"""topo-sort: a topological sort by depth-first search (benchmarks/scheme/topo-sort.scm).

The same algorithm as the Scheme: the graph is a list of (node,
successors) pairs searched in order, as assv does; the nodes seen are a
list searched with `in`, as memv does, the newest first, and the path
from the search's root a list pushed and popped around the recursion; a
node is appended to the order when its successors are done, and the order
reversed at the end (the Scheme conses it).  The check walks the order
keeping the nodes seen.
"""


def below(n, nodes):
    kept = []
    for node in nodes:
        if node < n:
            kept.append(node)
    return kept


def make_graph(n, cyclic):
    graph = []
    for i in range(n):
        nexts = below(n, [2 * i + 1, 2 * i + 2, i + 5])
        if cyclic and i == n - 1:
            nexts.append(0)
        graph.append((i, nexts))
    return graph


def successors(graph, node):
    for key, nexts in graph:
        if key == node:
            return nexts
    raise KeyError(node)


class Sorter:
    def __init__(self, graph):
        self.graph = graph
        self.visited = []
        self.order = []
        self.cyclic = False

    def visit(self, node, path):
        if node in path:
            self.cyclic = True
        elif node in self.visited:
            pass
        else:
            self.visited.insert(0, node)
            path.append(node)
            for nxt in successors(self.graph, node):
                self.visit(nxt, path)
            path.pop()
            self.order.append(node)


def topological_sort(graph):
    """The nodes in an order where every edge points forward, or False when the graph has a cycle."""
    sorter = Sorter(graph)
    for node, _ in graph:
        sorter.visit(node, [])
    if sorter.cyclic:
        return False
    sorter.order.reverse()
    return sorter.order


def forward_only(graph, order):
    seen = []
    for node in order:
        for nxt in successors(graph, node):
            if nxt in seen:
                return False
        seen.insert(0, node)
    return True


def weighted_sum(nodes):
    total = 0
    position = 1
    for node in nodes:
        total += position * node
        position += 1
    return total


def run(n: int = 600) -> list:
    graph = make_graph(n, False)
    order = topological_sort(graph)
    return [len(order), order[0], order[-1], forward_only(graph, order), weighted_sum(order),
            topological_sort(make_graph(n, True))]
