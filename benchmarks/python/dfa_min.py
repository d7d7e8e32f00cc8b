"""dfa-min: minimising automata by partition refinement (benchmarks/scheme/dfa-min.scm).

The same refinement as the Scheme, in Python's own way: the table a list
of (on-a, on-b) tuples, accepting states a set, reachability by a deque
and a set, a dict from states to block numbers, each block split by a
dict from signature tuples to lists (kept in the order first met),
itertools.product for the words; the shared generator (from 163) drawn
in the same order.
"""

from collections import deque
from itertools import product

from .lcg import Random

WORDS = [w for length in range(6) for w in product("ab", repeat=length)]


def random_dfa(rng):
    k = 4 + rng.next() % 8
    table = []
    for _ in range(k):
        on_a = rng.next() % k
        on_b = rng.next() % k
        table.append((on_a, on_b))
    accepting = {s for s in range(k) if rng.next() % 3 == 0}
    return table, accepting


def reachable(table):
    seen = {0}
    todo = deque([0])
    while todo:
        s = todo.popleft()
        for t in table[s]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return sorted(seen)


def minimise(table, accepting):
    states = reachable(table)
    partition = [b for b in ([s for s in states if s not in accepting],
                             [s for s in states if s in accepting]) if b]
    rounds = 1
    while True:
        where = {s: i for i, block in enumerate(partition) for s in block}
        refined = []
        for block in partition:
            groups = {}
            for s in block:
                groups.setdefault((where[table[s][0]], where[table[s][1]]), []).append(s)
            refined.extend(groups.values())
        if len(refined) == len(partition):
            return states, partition, rounds
        partition = refined
        rounds += 1


def agreements(table, accepting, partition):
    where = {s: i for i, block in enumerate(partition) for s in block}
    small = [(where[table[b[0]][0]], where[table[b[0]][1]]) for b in partition]
    small_accepting = {i for i, b in enumerate(partition) if b[0] in accepting}
    count = 0
    for word in WORDS:
        big, little = 0, where[0]
        for letter in word:
            k = 0 if letter == "a" else 1
            big = table[big][k]
            little = small[little][k]
        if (big in accepting) == (little in small_accepting):
            count += 1
    return count


def run(n):
    rng = Random(163)
    reached = minimal = already = rounds = agreed = 0
    first = []
    for i in range(n):
        table, accepting = random_dfa(rng)
        states, partition, r = minimise(table, accepting)
        reached += len(states)
        minimal += len(partition)
        if len(partition) == len(states):
            already += 1
        rounds += r
        agreed += agreements(table, accepting, partition)
        if i == 0:
            first = partition
    return [n, reached, minimal, already, rounds, agreed, first]
