"""tree-recursion: build, flatten and walk a tree recursively (benchmarks/scheme/tree-recursion.scm).

Scheme pairs are Python (car, cdr) tuples here, with () as the empty list,
so the recursion walks the same shape the Scheme does.
"""

import sys

NIL = ()


def cons_list(*items):
    out = NIL
    for x in reversed(items):
        out = (x, out)
    return out


def build(lo, hi):
    if lo == hi:
        return lo
    mid = (lo + hi) // 2
    return cons_list(build(lo, mid), build(mid + 1, hi))


def append(a, b):
    return b if a == NIL else (a[0], append(a[1], b))


def flatten(tree):
    if tree == NIL:
        return NIL
    if type(tree) is tuple:
        return append(flatten(tree[0]), flatten(tree[1]))
    return (tree, NIL)


def count_leaves(tree):
    if tree == NIL:
        return 0
    if type(tree) is tuple:
        return count_leaves(tree[0]) + count_leaves(tree[1])
    return 1


def depth(tree):
    if type(tree) is tuple:
        return 1 + max(depth(tree[0]), depth(tree[1][0]))
    return 0


def copy(lst):
    return NIL if lst == NIL else (lst[0], copy(lst[1]))


def total(lst):
    return 0 if lst == NIL else lst[0] + total(lst[1])


def length(lst):
    n = 0
    while lst != NIL:
        n, lst = n + 1, lst[1]
    return n


def run(n: int = 20_000) -> list[int]:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 1000))
    tree = build(1, n)
    flat = flatten(tree)
    return [count_leaves(tree), total(flat), depth(tree), length(copy(flat))]
