"""avl-tree: a bank of accounts in four persistent AVL trees (benchmarks/scheme/avl-tree.scm).

The same algorithm as the Scheme: a node an object with slots, None the
empty tree, never changed once made; insert and delete copy the path
they walk and rebalance on the way back by rotations, counted; delete
takes the least node of the right subtree, found by a recursive
remove_min returning it with the rest.  The same draws (the shared
generator from 29, three a step), the same checks, in-order walk and
range sums by recursion.
"""

from .checksum import of_numbers
from .lcg import Random


class Node:
    __slots__ = ("key", "amount", "height", "left", "right")

    def __init__(self, key, amount, left, right):
        self.key = key
        self.amount = amount
        self.height = 1 + max(height(left), height(right))
        self.left = left
        self.right = right


def height(tree):
    return 0 if tree is None else tree.height


class Bank:
    def __init__(self):
        self.rotations = 0

    def rotate_right(self, tree):
        self.rotations += 1
        pivot = tree.left
        return Node(pivot.key, pivot.amount, pivot.left, Node(tree.key, tree.amount, pivot.right, tree.right))

    def rotate_left(self, tree):
        self.rotations += 1
        pivot = tree.right
        return Node(pivot.key, pivot.amount, Node(tree.key, tree.amount, tree.left, pivot.left), pivot.right)

    def rebalance(self, tree):
        leaning = height(tree.left) - height(tree.right)
        if leaning > 1:
            left = tree.left
            if height(left.left) - height(left.right) < 0:
                return self.rotate_right(Node(tree.key, tree.amount, self.rotate_left(left), tree.right))
            return self.rotate_right(tree)
        if leaning < -1:
            right = tree.right
            if height(right.left) - height(right.right) > 0:
                return self.rotate_left(Node(tree.key, tree.amount, tree.left, self.rotate_right(right)))
            return self.rotate_left(tree)
        return tree

    def insert(self, tree, key, amount):
        if tree is None:
            return Node(key, amount, None, None)
        if key < tree.key:
            return self.rebalance(Node(tree.key, tree.amount, self.insert(tree.left, key, amount), tree.right))
        if key > tree.key:
            return self.rebalance(Node(tree.key, tree.amount, tree.left, self.insert(tree.right, key, amount)))
        return Node(key, amount, tree.left, tree.right)

    def remove_min(self, tree):
        if tree.left is None:
            return tree, tree.right
        least, rest = self.remove_min(tree.left)
        return least, self.rebalance(Node(tree.key, tree.amount, rest, tree.right))

    def delete(self, tree, key):
        if tree is None:
            return tree
        if key < tree.key:
            return self.rebalance(Node(tree.key, tree.amount, self.delete(tree.left, key), tree.right))
        if key > tree.key:
            return self.rebalance(Node(tree.key, tree.amount, tree.left, self.delete(tree.right, key)))
        if tree.left is None:
            return tree.right
        if tree.right is None:
            return tree.left
        least, rest = self.remove_min(tree.right)
        return self.rebalance(Node(least.key, least.amount, tree.left, rest))


def lookup(tree, key):
    while tree is not None:
        if key < tree.key:
            tree = tree.left
        elif key > tree.key:
            tree = tree.right
        else:
            return tree
    return None


def checked_height(tree, low, high):
    if tree is None:
        return 0
    key = tree.key
    if low is not None and not low < key:
        return None
    if high is not None and not key < high:
        return None
    left = checked_height(tree.left, low, key)
    right = checked_height(tree.right, key, high)
    if left is None or right is None or abs(left - right) > 1 or tree.height != 1 + max(left, right):
        return None
    return tree.height


def in_order(tree, out):
    if tree is not None:
        in_order(tree.left, out)
        out.append(tree)
        in_order(tree.right, out)
    return out


def range_sum(tree, low, high):
    if tree is None:
        return 0
    if tree.key < low:
        return range_sum(tree.right, low, high)
    if tree.key >= high:
        return range_sum(tree.left, low, high)
    return tree.amount + range_sum(tree.left, low, high) + range_sum(tree.right, low, high)


def run(n):
    rng = Random(29)
    bank = Bank()
    trees = [None] * 4
    accounts = 8 + n // 3
    refused = closed = hits = seen = 0
    for _ in range(n):
        operation = rng.next() % 10
        key = rng.next() % accounts
        amount = 1 + rng.next() % 500
        branch = key % 4
        tree = trees[branch]
        found = lookup(tree, key)
        if operation <= 3:
            trees[branch] = bank.insert(tree, key, found.amount + amount if found else amount)
        elif operation <= 5:
            if found and amount <= found.amount:
                trees[branch] = bank.insert(tree, key, found.amount - amount)
            else:
                refused += 1
        elif operation == 6:
            if found:
                trees[branch] = bank.delete(tree, key)
                closed += 1
            else:
                refused += 1
        elif found:
            hits += 1
            seen += found.amount
    walks = [in_order(tree, []) for tree in trees]
    heights = [height(tree) for tree in trees]
    pairs = []
    for walk in walks:
        for node in walk:
            pairs.append(node.key)
            pairs.append(node.amount)
    return [
        [len(walk) for walk in walks],
        heights,
        [checked_height(tree, None, None) for tree in trees] == heights,
        sum(range_sum(tree, 0, accounts) for tree in trees),
        sum(range_sum(tree, accounts // 4, accounts // 2) for tree in trees),
        refused,
        closed,
        hits,
        seen,
        bank.rotations,
        of_numbers(pairs),
    ]
