"""rbtree: Okasaki's red-black trees (benchmarks/scheme/rbtree.scm).

The same algorithm as the Scheme: immutable nodes of a class with
__slots__ (colour, left, key, right), None the empty tree; insertion
rebuilds the path down, balancing by the four cases of a black node with
a red child and a red grandchild, then blackens the root.  The checks and
the Park-Miller keys are the Scheme's.
"""

RED = "red"
BLACK = "black"


class Node:
    __slots__ = ("colour", "left", "key", "right")

    def __init__(self, colour, left, key, right):
        self.colour = colour
        self.left = left
        self.key = key
        self.right = right


def is_red(tree):
    return tree is not None and tree.colour == RED


def balance(colour, left, key, right):
    if colour == BLACK and is_red(left) and is_red(left.left):
        outer = left.left
        return Node(RED, Node(BLACK, outer.left, outer.key, outer.right), left.key,
                    Node(BLACK, left.right, key, right))
    if colour == BLACK and is_red(left) and is_red(left.right):
        inner = left.right
        return Node(RED, Node(BLACK, left.left, left.key, inner.left), inner.key,
                    Node(BLACK, inner.right, key, right))
    if colour == BLACK and is_red(right) and is_red(right.left):
        inner = right.left
        return Node(RED, Node(BLACK, left, key, inner.left), inner.key,
                    Node(BLACK, inner.right, right.key, right.right))
    if colour == BLACK and is_red(right) and is_red(right.right):
        outer = right.right
        return Node(RED, Node(BLACK, left, key, right.left), right.key,
                    Node(BLACK, outer.left, outer.key, outer.right))
    return Node(colour, left, key, right)


def insert(tree, key):
    def ins(tree):
        if tree is None:
            return Node(RED, None, key, None)
        if key < tree.key:
            return balance(tree.colour, ins(tree.left), tree.key, tree.right)
        if key > tree.key:
            return balance(tree.colour, tree.left, tree.key, ins(tree.right))
        return tree

    grown = ins(tree)
    return Node(BLACK, grown.left, grown.key, grown.right)


def member(tree, key):
    while tree is not None:
        if key < tree.key:
            tree = tree.left
        elif key > tree.key:
            tree = tree.right
        else:
            return True
    return False


def height(tree):
    if tree is None:
        return 0
    return 1 + max(height(tree.left), height(tree.right))


def black_height(tree):
    """The number of black nodes on every path down, or False if two paths differ."""
    if tree is None:
        return 1
    left = black_height(tree.left)
    right = black_height(tree.right)
    if left is False or right is False or left != right:
        return False
    return left + (1 if tree.colour == BLACK else 0)


def no_red_red(tree):
    if tree is None:
        return True
    if is_red(tree) and (is_red(tree.left) or is_red(tree.right)):
        return False
    return no_red_red(tree.left) and no_red_red(tree.right)


def keys_in_order(tree, keys):
    """Append the keys of tree to keys, smallest first."""
    if tree is not None:
        keys_in_order(tree.left, keys)
        keys.append(tree.key)
        keys_in_order(tree.right, keys)
    return keys


def increasing(keys):
    for i in range(len(keys) - 1):
        if keys[i] >= keys[i + 1]:
            return False
    return True


def next_random(x):
    return 16807 * x % 2147483647


def run(n: int = 30_000) -> list:
    x = 1
    tree = None
    for _ in range(n):
        x = next_random(x)
        tree = insert(tree, x % (4 * n))
    keys = keys_in_order(tree, [])
    found = 0
    for _ in range(n):
        x = next_random(x)
        if member(tree, x % (4 * n)):
            found += 1
    return [len(keys), height(tree), black_height(tree), no_red_red(tree), increasing(keys),
            found, sum(keys), keys[:5]]
