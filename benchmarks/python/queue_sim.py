"""queue-sim: a one-teller bank line in a collections.deque, driven by a hand-written
linear congruential generator (benchmarks/scheme/queue-sim.scm)."""

from collections import deque


class Random:
    def __init__(self, seed=1):
        self.seed = seed

    def next(self):
        self.seed = (self.seed * 75 + 74) % 65537
        return self.seed


def run(n: int = 50_000) -> list[int]:
    rng = Random()
    line = deque()
    longest = served = total_wait = busy = 0
    for t in range(n):
        if rng.next() % 10 < 4:
            line.append(t)
            longest = max(longest, len(line))
        if busy > 0:
            busy -= 1
        if busy == 0 and line:
            arrived = line.popleft()
            served += 1
            total_wait += t - arrived
            busy = 1 + rng.next() % 3
    return [served, total_wait, longest, len(line)]
