"""huffman: SICP 2.3.4's Huffman trees (benchmarks/scheme/huffman.scm).

The same algorithm as the Scheme: a leaf is ("leaf", symbol, weight) and a
tree (left, right, symbols, weight), symbols a Python list; the leaf set is
an ordered list built by adjoin_set, merged by successive_merge; each symbol
is encoded by walking down from the root, testing at every level whether the
symbol is in the left branch's symbols (memq) and else in the right's; decode
walks the tree bit by bit through choose_branch.  The Scheme's recursions
over the message and over the bits are loops here.
"""

FREQUENCIES = [("A", 8), ("B", 3), ("C", 1), ("D", 1), ("E", 1), ("F", 1), ("G", 1), ("H", 1)]
PATTERN = "A B A C A D A B E A F A G B H A".split()


def make_leaf(symbol, weight):
    return ("leaf", symbol, weight)


def is_leaf(obj):
    return obj[0] == "leaf"


def make_code_tree(left, right):
    return (left, right, symbols(left) + symbols(right), weight(left) + weight(right))


def symbols(tree):
    if is_leaf(tree):
        return [tree[1]]
    return tree[2]


def weight(tree):
    if is_leaf(tree):
        return tree[2]
    return tree[3]


def choose_branch(bit, branch):
    if bit == 0:
        return branch[0]
    if bit == 1:
        return branch[1]
    raise ValueError(f"bad bit -- CHOOSE-BRANCH {bit!r}")


def decode(bits, tree):
    decoded = []
    current = tree
    for bit in bits:
        next_branch = choose_branch(bit, current)
        if is_leaf(next_branch):
            decoded.append(next_branch[1])
            current = tree
        else:
            current = next_branch
    return decoded


def adjoin_set(x, ordered):
    """A new list with x before the first element heavier than it."""
    for i, y in enumerate(ordered):
        if weight(x) < weight(y):
            return ordered[:i] + [x] + ordered[i:]
    return ordered + [x]


def make_leaf_set(pairs):
    # (adjoin-set (make-leaf first) (make-leaf-set rest)): the last pair goes in first.
    leaf_set = []
    for symbol, w in reversed(pairs):
        leaf_set = adjoin_set(make_leaf(symbol, w), leaf_set)
    return leaf_set


def encode_symbol(symbol, tree):
    if is_leaf(tree):
        return []
    if symbol in symbols(tree[0]):
        return [0] + encode_symbol(symbol, tree[0])
    if symbol in symbols(tree[1]):
        return [1] + encode_symbol(symbol, tree[1])
    raise ValueError(f"symbol not in tree -- ENCODE-SYMBOL {symbol!r}")


def encode(message, tree):
    bits = []
    for symbol in message:
        bits += encode_symbol(symbol, tree)
    return bits


def successive_merge(leaf_set):
    while len(leaf_set) > 1:
        leaf_set = adjoin_set(make_code_tree(leaf_set[0], leaf_set[1]), leaf_set[2:])
    return leaf_set[0]


def generate_huffman_tree(pairs):
    return successive_merge(make_leaf_set(pairs))


def make_message(n):
    return [PATTERN[k * 7 % 16] for k in range(n)]


def checksum(bits):
    total = 0
    for bit in bits:
        total = (total * 2 + bit) % 1000003
    return total


def run(n: int = 20_000) -> list:
    tree = generate_huffman_tree(FREQUENCIES)
    message = make_message(n)
    bits = encode(message, tree)
    decoded = decode(bits, tree)
    return [len(bits), decoded == message, checksum(bits)]
