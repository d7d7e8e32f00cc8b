"""perm-cycles: permutations taken apart into cycles (benchmarks/scheme/perm-cycles.scm).

The same computations as the Scheme, in Python's own way: permutations
as tuples built by comprehensions, composition and inverse by
indexing, cycles found with a set of points seen, math.lcm over the
lengths, sorted(reverse=True) for the cycle type, powers by squaring in
a while loop, the orbit by a deque and a set; the shared generator
(from 241) drawn in the same order.
"""

import math
from collections import deque

from .lcg import Random


def random_permutation(rng, s):
    v = list(range(s))
    for i in range(s - 1, 0, -1):
        j = rng.next() % (i + 1)
        v[i], v[j] = v[j], v[i]
    return tuple(v)


def compose(p, q):
    return tuple(p[i] for i in q)


def inverse(p):
    r = [0] * len(p)
    for i, x in enumerate(p):
        r[x] = i
    return tuple(r)


def power(p, k):
    result = tuple(range(len(p)))
    base = p
    while k:
        if k & 1:
            result = compose(result, base)
        base = compose(base, base)
        k >>= 1
    return result


def cycles(p):
    seen = set()
    found = []
    for start in range(len(p)):
        if start in seen:
            continue
        cycle = []
        i = start
        while i not in seen:
            seen.add(i)
            cycle.append(i)
            i = p[i]
        found.append(cycle)
    return found


def cycle_type(p):
    return sorted((len(c) for c in cycles(p)), reverse=True)


def order(p):
    return math.lcm(*cycle_type(p))


def sign(p):
    return 1 if (len(p) - len(cycles(p))) % 2 == 0 else -1


def orbit(start, p, q):
    seen = {start}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for j in (p[i], q[i]):
            if j not in seen:
                seen.add(j)
                queue.append(j)
    return len(seen)


def shuffle_permutation(cards, out):
    if out:
        return tuple(i if i == cards - 1 else 2 * i % (cards - 1) for i in range(cards))
    return tuple((2 * i + 1) % (cards + 1) for i in range(cards))


def checks(p, q):
    e = tuple(range(len(p)))
    return sum([
        power(p, order(p)) == e,
        compose(p, inverse(p)) == e,
        inverse(compose(p, q)) == compose(inverse(q), inverse(p)),
        sign(compose(p, q)) == sign(p) * sign(q),
    ])


def run(n):
    rng = Random(241)
    passed = orders = commutators = even = orbits = outs = ins = total = 0
    first = []
    for k in range(n):
        s = 6 + rng.next() % 7
        p = random_permutation(rng, s)
        q = random_permutation(rng, s)
        commutator = compose(compose(p, q), compose(inverse(p), inverse(q)))
        passed += checks(p, q)
        orders += order(p)
        commutators += order(commutator)
        even += sign(p) == 1
        orbits += orbit(0, p, q)
        outs += order(shuffle_permutation(2 * s, True))
        ins += order(shuffle_permutation(2 * s, False))
        for length in cycle_type(p):
            total = (total * 13 + length) % 1000003
        total = (total * 7 + 1) % 1000003
        if k == 0:
            first = [list(p), cycles(p), order(p)]
    return [n, passed, orders, commutators, even, orbits, outs, ins, total, first]
