"""huffman: Huffman coding with a sorted list of nodes and a code table (benchmarks/scheme/huffman.scm)."""

from bisect import insort

FREQUENCIES = [("A", 8), ("B", 3), ("C", 1), ("D", 1), ("E", 1), ("F", 1), ("G", 1), ("H", 1)]
PATTERN = "A B A C A D A B E A F A G B H A".split()


def weight(node):
    return node[1]


def huffman_tree(frequencies):
    # A node is (symbol, weight) for a leaf and ((left, right), weight) for a
    # branch.  The leaves go in last pair first, each after those of equal
    # weight, and a merged pair after the nodes it weighs the same as.
    nodes = []
    for symbol, w in reversed(frequencies):
        insort(nodes, (symbol, w), key=weight)
    while len(nodes) > 1:
        left, right = nodes.pop(0), nodes.pop(0)
        insort(nodes, ((left, right), left[1] + right[1]), key=weight)
    return nodes[0]


def code_table(node, prefix=(), table=None):
    table = {} if table is None else table
    content = node[0]
    if isinstance(content, str):
        table[content] = list(prefix)
    else:
        code_table(content[0], prefix + (0,), table)
        code_table(content[1], prefix + (1,), table)
    return table


def decode(bits, tree):
    out = []
    node = tree
    for bit in bits:
        node = node[0][bit]
        if isinstance(node[0], str):
            out.append(node[0])
            node = tree
    return out


def run(n: int = 20_000) -> list:
    tree = huffman_tree(FREQUENCIES)
    table = code_table(tree)
    message = [PATTERN[k * 7 % 16] for k in range(n)]
    bits = [bit for symbol in message for bit in table[symbol]]
    checksum = 0
    for bit in bits:
        checksum = (checksum * 2 + bit) % 1000003
    return [len(bits), decode(bits, tree) == message, checksum]
