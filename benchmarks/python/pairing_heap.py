"""pairing-heap: persistent pairing heaps ordered by a function (benchmarks/scheme/pairing-heap.scm).

The same algorithm as the Scheme: a heap is None or a Node of an item and
its children kept as a linked list of (heap, rest) pairs, so that meld
shares them as the Scheme's cons does; delete_min melds the children in
pairs from the left, then from the right.  Heapsort, a merge of 16
sorted runs, running medians in two heaps and shortest-job-first
service of job dataclasses, all with the shared generator (from 7).
"""

import operator
import sys
from dataclasses import dataclass

from .checksum import of_numbers as checksum
from .lcg import Random


@dataclass(frozen=True, slots=True)
class Node:
    item: object
    children: tuple | None


def meld(before, a, b):
    if a is None:
        return b
    if b is None:
        return a
    if before(b.item, a.item):
        return Node(b.item, (a, b.children))
    return Node(a.item, (b, a.children))


def insert(before, x, heap):
    return meld(before, Node(x, None), heap)


def merge_pairs(before, heaps):
    if heaps is None:
        return None
    first, rest = heaps
    if rest is None:
        return first
    second, rest = rest
    return meld(before, meld(before, first, second), merge_pairs(before, rest))


def delete_min(before, heap):
    return heap.item, merge_pairs(before, heap.children)


def fold_in(before, items):
    heap = None
    for item in items:
        heap = insert(before, item, heap)
    return heap



def heapsort(numbers):
    heap = fold_in(operator.gt, numbers)
    result = []
    while heap is not None:
        largest, heap = delete_min(operator.gt, heap)
        result.append(largest)
    result.reverse()
    return result


def merge_runs(runs):
    def before(a, b):
        return a[0][a[1]] < b[0][b[1]]
    heap = fold_in(before, [(run, 0) for run in runs if run])
    merged = []
    while heap is not None:
        (run, i), heap = delete_min(before, heap)
        merged.append(run[i])
        if i + 1 < len(run):
            heap = insert(before, (run, i + 1), heap)
    return merged


def sorted_run(length, rng):
    run, x = [], 0
    for _ in range(length):
        x += rng.below(1000)
        run.append(x)
    return run


def medians(numbers):
    low = high = None
    low_size = high_size = 0
    total = 0
    for x in numbers:
        if low is None or x <= low.item:
            low, low_size = insert(operator.gt, x, low), low_size + 1
        else:
            high, high_size = insert(operator.lt, x, high), high_size + 1
        if low_size > high_size + 1:
            top, low = delete_min(operator.gt, low)
            high = insert(operator.lt, top, high)
            low_size, high_size = low_size - 1, high_size + 1
        elif high_size > low_size:
            top, high = delete_min(operator.lt, high)
            low = insert(operator.gt, top, low)
            low_size, high_size = low_size + 1, high_size - 1
        total += low.item
    return total


@dataclass(frozen=True, slots=True)
class Job:
    number: int
    arrival: int
    length: int


def shorter(a, b):
    return (a.length, a.number) < (b.length, b.number)


def make_jobs(count, rng):
    jobs, time = [], 0
    for k in range(count):
        time += rng.below(20)
        jobs.append(Job(k, time, 1 + rng.below(30)))
    return jobs


def serve(jobs):
    time = waits = 0
    ready = None
    served = []
    i = 0
    while True:
        if i < len(jobs) and jobs[i].arrival <= time:
            ready = insert(shorter, jobs[i], ready)
            i += 1
        elif ready is not None:
            job, ready = delete_min(shorter, ready)
            waits += time - job.arrival
            time += job.length
            served.append(job.number)
        elif i < len(jobs):
            time = jobs[i].arrival
        else:
            return waits, time, served


def run(n: int = 10_000) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n + 1000))
    rng = Random(7)
    numbers = [rng.below(100000) for _ in range(n)]
    numbers.reverse()  # the Scheme conses each draw on the front
    result = heapsort(numbers)
    runs = [sorted_run(n // 16, rng) for _ in range(16)]
    runs.reverse()
    merged = merge_runs(runs)
    jobs = make_jobs(n // 4, rng)
    waits, end, order = serve(jobs)
    return [all(a <= b for a, b in zip(result, result[1:])), result[:3], checksum(result),
            len(merged), checksum(merged), medians(numbers), waits, end, order[:5]]
