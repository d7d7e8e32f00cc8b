"""bin-packing: the packing heuristics and an exact search (benchmarks/scheme/bin-packing.scm).

The same algorithms as the Scheme, in Python's own way: a bin a list
[room, items], the bins a list appended to, the first fitting bin found
by a for loop with else, the tightest and roomiest by a loop keeping the
best, the sizes sorted by an insertion sort, the exact search a nested
function over a list of loads that raises an exception of its own when
the bound is met; the shared generator (from 197) drawn in the same
order.
"""

from .lcg import Random

CAPACITY = 100


class BoundMet(Exception):
    pass


def random_items(rng):
    m = 10 + rng.next() % 21
    return [5 + rng.next() % 66 for _ in range(m)]


def next_fit(items):
    bins = []
    for size in items:
        if bins and bins[-1][0] >= size:
            bins[-1][0] -= size
            bins[-1][1].append(size)
        else:
            bins.append([CAPACITY - size, [size]])
    return bins


def first_fit(items):
    bins = []
    for size in items:
        for b in bins:
            if b[0] >= size:
                b[0] -= size
                b[1].append(size)
                break
        else:
            bins.append([CAPACITY - size, [size]])
    return bins


def chosen_fit(items, better):
    bins = []
    for size in items:
        best = None
        for b in bins:
            if b[0] >= size and (best is None or better(b[0], best[0])):
                best = b
        if best is None:
            bins.append([CAPACITY - size, [size]])
        else:
            best[0] -= size
            best[1].append(size)
    return bins


def sort_decreasing(items):
    out = []
    for x in items:
        i = 0
        while i < len(out) and x < out[i]:
            i += 1
        out.insert(i, x)
    return out


def lower_bound(items):
    return (sum(items) + CAPACITY - 1) // CAPACITY


def exact_packing(items):
    sizes = sort_decreasing(items)
    count = len(sizes)
    loads = [0] * count
    bound = lower_bound(items)
    best = count
    nodes = 0

    def place(i, used):
        nonlocal best, nodes
        nodes += 1
        if used >= best:
            return
        if i == count:
            best = used
            if best == bound:
                raise BoundMet
            return
        size = sizes[i]
        for j in range(used):
            if loads[j] + size <= CAPACITY:
                loads[j] += size
                place(i + 1, used)
                loads[j] -= size
        if used + 1 < best:
            loads[used] = size
            place(i + 1, used + 1)
            loads[used] = 0

    try:
        place(0, 0)
    except BoundMet:
        pass
    return best, nodes


def run(n):
    rng = Random(197)
    nxt = first = best = worst = decreasing = bounds = optimal = nodes = met = 0
    shown = []
    for k in range(n):
        items = random_items(rng)
        ffd = first_fit(sort_decreasing(items))
        bound = lower_bound(items)
        bins, searched = exact_packing(items[:9])
        nxt += len(next_fit(items))
        first += len(first_fit(items))
        best += len(chosen_fit(items, lambda a, b: a < b))
        worst += len(chosen_fit(items, lambda a, b: a > b))
        decreasing += len(ffd)
        bounds += bound
        optimal += bins
        nodes += searched
        met += len(ffd) == bound
        if k == 0:
            shown = [b[1] for b in ffd]
    return [n, nxt, first, best, worst, decreasing, bounds, optimal, nodes, met, shown]
