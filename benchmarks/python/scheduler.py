"""scheduler: a multilevel feedback queue on one CPU, tick by tick (benchmarks/scheme/scheduler.scm).

The same algorithm as the Scheme: processes drawn with the shared
generator (from 41) in the same order, each a class with slots whose
fields change; the ready queues circuits' twin's SICP queue of [item,
next] cells with a front and a rear, as the Scheme's queue records of
pairs; the
events a binary heap by hand in a list (sift up and down on (time,
sequence)); every tick the same steps in the same order: events due,
a boost every 200 ticks, preemption, dispatch, one tick of work,
demotion after a whole quantum, I/O after a burst.
"""

from fractions import Fraction

from .checksum import of_numbers
from .circuits import Queue
from .lcg import Random

QUANTUM = (4, 8, 16)


class Process:
    __slots__ = ("pid", "arrival", "bursts", "level", "state", "ready_since", "waited", "finished")

    def __init__(self, pid, arrival, bursts):
        self.pid = pid
        self.arrival = arrival
        self.bursts = bursts
        self.level = 0
        self.state = "new"
        self.ready_since = 0
        self.waited = 0
        self.finished = None


class ReadyQueue(Queue):
    """circuits' twin's queue of [item, next] cells, walked and spliced onto another."""

    def get(self):
        x = self.first()
        self.delete()
        return x

    def values(self):
        cell = self.front
        while cell is not None:
            yield cell[0]
            cell = cell[1]

    def move_all_to(self, other):
        if self.front is None:
            return
        if other.front is None:
            other.front = self.front
        else:
            other.rear[1] = self.front
        other.rear = self.rear
        self.front = None


class Heap:
    """Events (time, sequence, kind, process) by time, then sequence."""

    def __init__(self):
        self.items = []
        self.made = 0

    def push(self, time, kind, process):
        items = self.items
        items.append((time, self.made, kind, process))
        self.made += 1
        i = len(items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if items[i][:2] < items[parent][:2]:
                items[i], items[parent] = items[parent], items[i]
                i = parent
            else:
                break

    def pop(self):
        items = self.items
        top = items[0]
        last = items.pop()
        if items:
            items[0] = last
            i = 0
            size = len(items)
            while True:
                left = 2 * i + 1
                right = left + 1
                smallest = left if left < size and items[left][:2] < items[i][:2] else i
                if right < size and items[right][:2] < items[smallest][:2]:
                    smallest = right
                if smallest == i:
                    break
                items[i], items[smallest] = items[smallest], items[i]
                i = smallest
        return top


def random_bursts(rng):
    bursts = []
    for _ in range(1 + rng.next() % 4):
        if rng.next() % 5 == 0:
            cpu = 20 + rng.next() % 60
        else:
            cpu = 1 + rng.next() % 20
        io = 5 + rng.next() % 30
        bursts += [cpu, io]
    return bursts[:-1]


def run(n):
    rng = Random(41)
    heap = Heap()
    arrival = 0
    for k in range(n):
        arrival += rng.next() % 100
        heap.push(arrival, "arrive", Process(k, arrival, random_bursts(rng)))
    queues = [ReadyQueue(), ReadyQueue(), ReadyQueue()]
    by_level = [0, 0, 0]
    busy = idle = dispatches = preemptions = demotions = boosts = 0
    done = []

    def make_ready(p, now):
        p.state = "ready"
        p.ready_since = now
        queues[p.level].insert(p)

    def highest_ready():
        for level in range(3):
            if not queues[level].empty():
                return level
        return None

    now = 0
    running = None
    used = 0
    while len(done) < n:
        while heap.items and heap.items[0][0] <= now:
            _, _, kind, p = heap.pop()
            if kind == "io-done":
                p.bursts = p.bursts[1:]
            make_ready(p, now)
        if now > 0 and now % 200 == 0:
            boosts += 1
            for level in (1, 2):
                for p in queues[level].values():
                    p.level = 0
                queues[level].move_all_to(queues[0])
        best = highest_ready()
        preempt = running is not None and best is not None and best < running.level
        if preempt:
            preemptions += 1
            make_ready(running, now)
        if preempt or running is None:
            used = 0
            running = None
            if best is not None:
                running = queues[best].get()
                dispatches += 1
                by_level[best] += 1
                running.waited += now - running.ready_since
                running.state = "running"
        if running is None:
            idle += 1
            now += 1
            continue
        busy += 1
        running.bursts[0] -= 1
        if running.bursts[0] == 0:
            if len(running.bursts) == 1:
                running.state = "done"
                running.finished = now + 1
                done.append(running)
            else:
                running.state = "blocked"
                running.bursts = running.bursts[1:]
                heap.push(now + 1 + running.bursts[0], "io-done", running)
            running = None
            used = 0
        elif used + 1 == QUANTUM[running.level]:
            if running.level < 2:
                demotions += 1
                running.level += 1
            make_ready(running, now + 1)
            running = None
            used = 0
        else:
            used += 1
        now += 1
    waits = [p.waited for p in done]
    turnaround = sum(p.finished - p.arrival for p in done)
    return [now, busy, idle, dispatches, preemptions, demotions, boosts, by_level,
            str(Fraction(turnaround, n)), sum(waits), max(waits),
            of_numbers(p.pid for p in done), [p.pid for p in done[:5]]]
