"""bank-queue: a discrete-event simulation of a bank's tellers (benchmarks/scheme/bank-queue.scm).

The same simulation as the Scheme, in Python's own way: a small class
for customers, the future events in a heapq ordered by (time, order
made), the waiting line a collections.deque, report lines by f-strings
joined; the shared generator (from 151) drawn in the same order.
"""

import heapq
from collections import deque

from .lcg import Random


class Customer:
    __slots__ = ("id", "arrival", "service", "start")

    def __init__(self, id, arrival, service):
        self.id = id
        self.arrival = arrival
        self.service = service
        self.start = None


def simulate_day(rng, count, teller_count):
    tellers = [None] * teller_count
    events = []
    made = 0

    def schedule(time, kind, who, teller):
        nonlocal made
        heapq.heappush(events, (time, made, kind, who, teller))
        made += 1

    schedule(0, "arrive", 1, None)
    line = deque()
    served = wait = longest = longest_line = closing = 0
    report = []
    while events:
        t, _, kind, who, j = heapq.heappop(events)
        if kind == "arrive":
            c = Customer(who, t, 2 + rng.next() % 14)
            if who < count:
                schedule(t + 1 + rng.next() % 8, "arrive", who + 1, None)
            free = next((k for k, busy in enumerate(tellers) if busy is None), None)
            if free is None:
                line.append(c)
                longest_line = max(longest_line, len(line))
            else:
                c.start = t
                tellers[free] = c
                schedule(t + c.service, "leave", c, free)
        else:
            c = who
            waited = c.start - c.arrival
            report.append(f"t={t} customer {c.id} left teller {j + 1} after waiting {waited}")
            tellers[j] = None
            served += 1
            wait += waited
            longest = max(longest, waited)
            closing = t
            if line:
                nxt = line.popleft()
                nxt.start = t
                tellers[j] = nxt
                schedule(t + nxt.service, "leave", nxt, j)
    text = "".join(r + "\n" for r in report)
    return served, wait, longest, longest_line, closing, text, report[:3]


def run(n):
    rng = Random(151)
    served = wait = longest = longest_line = closing = length_sum = checksum = 0
    first = []
    for day in range(n):
        count = 30 + rng.next() % 30
        teller_count = 2 + rng.next() % 3
        s, w, lo, ll, closing, text, lines = simulate_day(rng, count, teller_count)
        served += s
        wait += w
        longest = max(longest, lo)
        longest_line = max(longest_line, ll)
        length_sum += len(text)
        for ch in text:
            checksum = (checksum * 31 + ord(ch)) % 1000003
        if day == 0:
            first = lines
    return [n, served, wait, longest, longest_line, closing, length_sum, checksum, first]
