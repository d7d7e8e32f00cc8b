"""josephus: the Josephus problem on a circular list, Floyd's cycle finding on a rho (benchmarks/scheme/josephus.scm).

The same algorithm as the Scheme, with a pair as a two-item list
[car, cdr]: the circle's last pair points back at its first, every k-th
is counted out by going k - 1 pairs on from the pair before the count
starts and splicing the next pair out; the survivor is in the pair that
is its own cdr (`is`).  Survivors are checked against J(m) = (J(m - 1)
+ k) mod m; Floyd's tortoise and hare find the tail and the cycle of a
rho again, comparing pairs with `is`.
"""


def numbers_from_1(n):
    people = None
    for i in range(n, 0, -1):
        people = [i, people]
    return people


def final_pair(items):
    while items[1] is not None:
        items = items[1]
    return items


def list_tail(items, k):
    for _ in range(k):
        items = items[1]
    return items


def make_circle(n):
    """The circle of 1..n, given by its last pair (the one before 1)."""
    people = numbers_from_1(n)
    last = final_pair(people)
    last[1] = people
    return last


def count_out(n, k):
    """Everyone counted out, in order, the survivor last."""
    before = make_circle(n)
    out = []
    while before[1] is not before:
        before = list_tail(before, k - 1)
        victim = before[1]
        before[1] = victim[1]
        out.append(victim[0])
    out.append(before[0])
    return out


def recurrence(n, k):
    j = 0
    for m in range(2, n + 1):
        j = (j + k) % m
    return j + 1


def make_rho(tail, cycle):
    items = numbers_from_1(tail + cycle)
    last = final_pair(items)
    last[1] = list_tail(items, tail)
    return items


def floyd(items):
    tortoise = items[1]
    hare = items[1][1]
    while tortoise is not hare:
        tortoise = tortoise[1]
        hare = hare[1][1]
    a, b, tail = items, hare, 0
    while a is not b:
        a = a[1]
        b = b[1]
        tail += 1
    p, cycle = a[1], 1
    while p is not a:
        p = p[1]
        cycle += 1
    return [tail, cycle]


def run(n: int = 60000) -> list:
    survivors = []
    agree = True
    for k in range(7, 1, -1):
        survivor = count_out(n, k)[-1]
        survivors.insert(0, survivor)
        agree = agree and survivor == recurrence(n, k)
    order = count_out(n, 3)
    return [survivors,
            agree,
            [order[0], order[1], order[2]],
            order[n - 2],
            floyd(make_rho(n // 3, n - n // 3))]
