"""sort-network: Batcher's and the bitonic sorting networks (benchmarks/scheme/sort-network.scm).

The same networks and checks as the Scheme, in Python's own way: lists
of (i, j) tuples built by recursion and list concatenation or by range
loops with i ^ j, lists for the wires' values sorted in place, the 0-1
inputs from an integer's bits; the shared generator (from 109) drawn in
the same order.
"""

from .lcg import Random


def batcher_merge(lo, hi, r):
    step = r * 2
    if step < hi - lo:
        return (batcher_merge(lo, hi, step) + batcher_merge(lo + r, hi, step)
                + [(i, i + r) for i in range(lo + r, hi - r, step)])
    return [(lo, lo + r)]


def batcher(lo, hi):
    if lo >= hi:
        return []
    mid = lo + (hi - lo) // 2
    return batcher(lo, mid) + batcher(mid + 1, hi) + batcher_merge(lo, hi, 1)


def bitonic(w):
    net = []
    k = 2
    while k <= w:
        j = k // 2
        while j > 0:
            for i in range(w):
                partner = i ^ j
                if partner > i:
                    net.append((i, partner) if i & k == 0 else (partner, i))
            j //= 2
        k *= 2
    return net


def insertion(w):
    return [(j - 1, j) for i in range(1, w) for j in range(i, 0, -1)]


def depth(net, w):
    free = [0] * w
    deepest = 0
    for i, j in net:
        layer = 1 + max(free[i], free[j])
        free[i] = free[j] = layer
        deepest = max(deepest, layer)
    return deepest


def apply_network(net, values):
    for i, j in net:
        if values[i] > values[j]:
            values[i], values[j] = values[j], values[i]
    return values


def is_sorted(values):
    return all(values[i - 1] <= values[i] for i in range(1, len(values)))


def zero_one_sorted(net, w):
    good = 0
    for k in range(2 ** w):
        if is_sorted(apply_network(net, [(k >> i) & 1 for i in range(w)])):
            good += 1
    return good


def describe(w):
    b, t = batcher(0, w - 1), bitonic(w)
    return [w, len(b), depth(b, w), len(t), depth(t, w)]


def run(n):
    rng = Random(109)
    b4, t4 = batcher(0, 3), bitonic(4)
    b8, t8 = batcher(0, 7), bitonic(8)
    b16, t16, i16 = batcher(0, 15), bitonic(16), insertion(16)
    alike = checksum = 0
    for _ in range(n):
        v = [rng.next() % 1000 for _ in range(16)]
        x = apply_network(b16, list(v))
        y = apply_network(t16, list(v))
        z = apply_network(i16, list(v))
        if is_sorted(x) and x == y == z:
            alike += 1
        checksum = (checksum * 7 + x[0] + 3 * x[15] + x[8]) % 1000003
    return [n, describe(4), describe(8), describe(16), [len(i16), depth(i16, 16)],
            [zero_one_sorted(b4, 4), zero_one_sorted(t4, 4), zero_one_sorted(b8, 8), zero_one_sorted(t8, 8)],
            alike, checksum]
