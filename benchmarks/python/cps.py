"""cps: the same computations in direct style (benchmarks/scheme/cps.scm).

Python has no proper tail calls, so a chain of continuations would need a
stack frame for every step of the whole computation; the Python side is the
plain recursion the CPS versions were converted from, with the factorial
as a loop (n^2 frames would pass Python's recursion limit).
"""


def fact(n):
    product = 1
    for k in range(2, n + 1):
        product *= k
    return product


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def tree_sum(tree):
    if isinstance(tree, tuple):
        return tree_sum(tree[0]) + tree_sum(tree[1])
    return tree


def reverse(lst):
    if not lst:
        return []
    return reverse(lst[1:]) + [lst[0]]


def build_tree(low, high):
    """A balanced tree of pairs (tuples) whose leaves are the squares of low..high."""
    if low == high:
        return low * low
    mid = (low + high) // 2
    return (build_tree(low, mid), build_tree(mid + 1, high))


def run(n: int = 25) -> list[int]:
    reversed_list = reverse(list(range(1, 10 * n + 1)))
    return [
        fact(n * n) % 1000003,
        fib(n),
        tree_sum(build_tree(1, 50 * n)),
        reversed_list[0],
        sum(i * x for i, x in enumerate(reversed_list, start=1)),
    ]
