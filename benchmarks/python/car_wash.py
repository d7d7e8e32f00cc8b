"""car-wash: a day at a car wash simulated event by event (benchmarks/scheme/car-wash.scm).

The same simulation as the Scheme, in Python's own way: events and cars
dataclasses, the binary heap a class of its own over a list (not
heapq: the Scheme sifts by hand), the waiting line a list popped at its
head and filtered when a car gives up, the day's state in an object, the waits summed by sum() and
maximised by max(); the shared generator (from 349) drawn in the same
order.
"""

from dataclasses import dataclass

from .lcg import Random

CLOSING = 480
WASHES = ((5, 8), (9, 14), (14, 20))


@dataclass
class Event:
    time: int
    order: int
    kind: str
    car: object = None

    def earlier(self, other):
        return self.time < other.time or (self.time == other.time and self.order < other.order)


@dataclass
class Car:
    number: int
    arrived: int
    minutes: int
    price: int


class Heap:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)

    def insert(self, e):
        items = self.items
        items.append(e)
        i = len(items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if not items[i].earlier(items[parent]):
                break
            items[i], items[parent] = items[parent], items[i]
            i = parent

    def pop(self):
        items = self.items
        top = items[0]
        last = items.pop()
        size = len(items)
        if size:
            items[0] = last
            i = 0
            while True:
                left = 2 * i + 1
                right = left + 1
                least = i
                if left < size and items[left].earlier(items[least]):
                    least = left
                if right < size and items[right].earlier(items[least]):
                    least = right
                if least == i:
                    break
                items[i], items[least] = items[least], items[i]
                i = least
        return top


class Day:
    def __init__(self, rng, bays, room, stats):
        self.rng = rng
        self.free = bays
        self.room = room
        self.stats = stats
        self.pending = Heap()
        self.made = 0
        self.line = []
        self.waits = []
        self.arrived = self.washed = self.driven_on = self.gave_up = self.busy = self.takings = self.handled = self.check = 0

    def schedule(self, time, kind, car=None):
        self.made += 1
        self.pending.insert(Event(time, self.made, kind, car))
        self.stats["most_pending"] = max(self.stats["most_pending"], len(self.pending))

    def start_wash(self, car, now):
        self.free -= 1
        self.waits.append(now - car.arrived)
        self.busy += car.minutes
        self.schedule(now + car.minutes, "finish", car)

    def simulate(self):
        self.schedule(0, "arrive")
        self.schedule(CLOSING, "close")
        is_open = True
        while len(self.pending):
            e = self.pending.pop()
            now = e.time
            self.handled += 1
            self.check = (self.check * 17 + now + e.order) % 1000003
            if e.kind == "arrive":
                if is_open:
                    minutes, price = WASHES[self.rng.next() % 3]
                    car = Car(self.arrived, now, minutes, price)
                    self.arrived += 1
                    if self.free > 0:
                        self.start_wash(car, now)
                    elif len(self.line) < self.room:
                        self.line.append(car)
                        self.schedule(now + 5 + self.rng.next() % 20, "give-up", car)
                    else:
                        self.driven_on += 1
                    self.schedule(now + 1 + self.rng.next() % 7, "arrive")
            elif e.kind == "finish":
                self.free += 1
                self.washed += 1
                self.takings += e.car.price
                if self.line:
                    self.start_wash(self.line.pop(0), now)
            elif e.kind == "give-up":
                if any(c is e.car for c in self.line):
                    self.line = [c for c in self.line if c is not e.car]
                    self.gave_up += 1
            else:
                is_open = False
        return [self.arrived, self.washed, self.driven_on, self.gave_up, sum(self.waits), max(self.waits, default=0),
                self.busy, self.takings, self.handled, self.check]


def run(n):
    rng = Random(349)
    stats = {"most_pending": 0}
    totals = [0] * 10
    first = None
    for _ in range(n):
        bays = 2 + rng.next() % 3
        room = 3 + rng.next() % 6
        day = Day(rng, bays, room, stats).simulate()
        for k in range(9):
            totals[k] = max(totals[k], day[k]) if k == 5 else totals[k] + day[k]
        totals[9] = (totals[9] * 31 + day[9]) % 1000003
        if first is None:
            first = [bays, room] + day
    return [n] + totals[:9] + [stats["most_pending"], totals[9], first]
