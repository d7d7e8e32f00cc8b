"""list-ops: map, filter, reduce, take, drop and zip written by hand (benchmarks/scheme/list-ops.scm).

The same algorithms as the Scheme, over Python lists: each procedure walks
its list once with a loop, calling the procedure it was given on each
element and growing an accumulator (at its end, so the Scheme's reverse of
a consed accumulator is not needed); drop walks past k elements and, a
Python list not sharing its tail, returns the rest as a new list.
list-copy and last-pair are the built-ins list() and [-1], + is operator.add.
"""

from operator import add


def my_map(f, lst):
    acc = []
    for x in lst:
        acc.append(f(x))
    return acc


def my_filter(keep, lst):
    acc = []
    for x in lst:
        if keep(x):
            acc.append(x)
    return acc


def my_reduce(f, init, lst):
    for x in lst:
        init = f(init, x)
    return init


def take(lst, k):
    acc = []
    for x in lst:
        if k == 0:
            break
        acc.append(x)
        k -= 1
    return acc


def drop(lst, k):
    i = 0
    while k != 0 and i < len(lst):
        i += 1
        k -= 1
    return lst[i:]


def zip_lists(a, b):
    pairs = []
    for i in range(min(len(a), len(b))):
        pairs.append([a[i], b[i]])
    return pairs


def iota_from(k, n):
    acc = []
    for i in range(n):
        acc.append(k + i)
    return acc


def is_even(x):
    return x % 2 == 0


def run(n: int = 20_000) -> list[int]:
    xs = iota_from(1, n)
    evens = my_filter(is_even, xs)
    squares = my_map(lambda x: x * x, evens)
    total = my_reduce(add, 0, squares)
    pairs = zip_lists(take(xs, n // 2), drop(list(xs), n // 2))
    return [total,
            len(pairs),
            xs[-1],
            my_reduce(lambda acc, p: (acc * 31 + p[0] + p[1]) % 1000003, 0, pairs)]
