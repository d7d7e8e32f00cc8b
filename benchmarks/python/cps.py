"""cps: continuation-passing style (benchmarks/scheme/cps.scm).

The same algorithm as the Scheme: every procedure takes a continuation k, a
lambda, and hands its result to k instead of returning it: factorial,
doubly recursive Fibonacci, the sum of a tree of pairs, and a reversal by an
append written in CPS too.  Lists are chains of (first, rest) pairs ending
in None, as the Scheme's are of conses, and the tree is of pairs.

In Scheme every call to k is a tail call, so no stack builds up; in Python
a chain of continuations calling each other would need a frame for every
step of the whole computation (half a million for fib 25).  So a
continuation is applied by a trampoline: where the Scheme calls (k v), the
Python returns the step (k, v) and `trampoline` applies it, k returning the
next step in turn, until the final continuation returns (DONE, value).
Calls of the CPS procedures themselves stay direct calls, as deep as the
recursion they make (n^2 for the factorial).
"""

import sys

DONE = None


def trampoline(step):
    k, value = step
    while k is not DONE:
        k, value = k(value)
    return value


def identity(x):
    return DONE, x


def fact_cps(n, k):
    if n == 0:
        return k, 1
    return fact_cps(n - 1, lambda v: (k, n * v))


def fib_cps(n, k):
    if n < 2:
        return k, n
    return fib_cps(n - 1, lambda a: fib_cps(n - 2, lambda b: (k, a + b)))


def tree_sum_cps(tree, k):
    if tree is None:
        return k, 0
    if type(tree) is tuple:
        return tree_sum_cps(tree[0], lambda left: tree_sum_cps(tree[1], lambda right: (k, left + right)))
    return k, tree


def append_cps(a, b, k):
    if a is None:
        return k, b
    return append_cps(a[1], b, lambda rest: (k, (a[0], rest)))


def reverse_cps(lst, k):
    if lst is None:
        return k, None
    return reverse_cps(lst[1], lambda reversed_rest: append_cps(reversed_rest, (lst[0], None), k))


def build_tree(low, high):
    """A balanced tree of pairs whose leaves are the squares of low..high."""
    if low == high:
        return low * low
    mid = (low + high) // 2
    return (build_tree(low, mid), build_tree(mid + 1, high))


def iota_from_1(n):
    acc = None
    for k in range(n, 0, -1):
        acc = (k, acc)
    return acc


def weighted_sum(lst):
    i = 1
    total = 0
    while lst is not None:
        total += i * lst[0]
        lst = lst[1]
        i += 1
    return total


def run(n: int = 25) -> list[int]:
    # fact_cps recurs n^2 calls deep before its first continuation runs.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n * n + 1000))
    reversed_list = trampoline(reverse_cps(iota_from_1(10 * n), identity))
    return [
        trampoline(fact_cps(n * n, lambda v: (DONE, v % 1000003))),
        trampoline(fib_cps(n, identity)),
        trampoline(tree_sum_cps(build_tree(1, 50 * n), identity)),
        reversed_list[0],
        weighted_sum(reversed_list),
    ]
