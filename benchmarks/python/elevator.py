"""elevator: two lifts simulated tick by tick as state machines (benchmarks/scheme/elevator.scm).

The same simulation as the Scheme, in Python's own way: passengers and
lifts as dataclasses, the state a string tested by an if chain, the
floors' queues lists in a list, any() over generators, a Building object
holding what the Scheme keeps in top-level variables; the shared
generator (from 211) drawn in the same order.
"""

from dataclasses import dataclass, field

from .lcg import Random

TICKS = 150


@dataclass
class Passenger:
    id: int
    origin: int
    to: int
    born: int
    boarded: int | None = None


@dataclass
class Lift:
    name: str
    floor: int
    state: str = "idle"
    direction: str = "none"
    riders: list = field(default_factory=list)
    moves: int = 0
    stops: int = 0


class Building:
    def __init__(self, rng, floors, capacity):
        self.rng = rng
        self.floors = floors
        self.capacity = capacity
        self.waiting = [[] for _ in range(floors)]

    def nearest_waiting(self, f):
        d = 1
        while True:
            below, above = f - d, f + d
            if below < 0 and above >= self.floors:
                return None
            if below >= 0 and self.waiting[below]:
                return below
            if above < self.floors and self.waiting[above]:
                return above
            d += 1

    def arrive(self, t, stats):
        origin = self.rng.next() % self.floors
        to = self.rng.next() % (self.floors - 1)
        if to >= origin:
            to += 1
        self.waiting[origin].append(Passenger(stats.next_id, origin, to, t))
        stats.next_id += 1

    @staticmethod
    def head_for(lift, direction):
        lift.direction = direction
        lift.state = direction

    @staticmethod
    def open(lift):
        lift.stops += 1
        lift.state = "open"

    def choose(self, lift):
        f = lift.floor
        if lift.riders:
            if lift.direction == "up" and any(p.to > f for p in lift.riders):
                self.head_for(lift, "up")
            elif lift.direction == "down" and any(p.to < f for p in lift.riders):
                self.head_for(lift, "down")
            else:
                self.head_for(lift, "up" if lift.riders[0].to > f else "down")
        elif self.waiting[f]:
            self.open(lift)
        else:
            g = self.nearest_waiting(f)
            if g is not None:
                self.head_for(lift, "up" if g > f else "down")

    def move(self, lift, delta):
        lift.floor += delta
        lift.moves += 1
        f = lift.floor
        if any(p.to == f for p in lift.riders) or (self.waiting[f] and len(lift.riders) < self.capacity):
            self.open(lift)
        elif not lift.riders:
            ahead = self.waiting[f + 1:] if delta > 0 else self.waiting[:f]
            if not any(ahead):
                lift.state = "idle"

    def open_doors(self, lift, t, stats):
        f = lift.floor
        staying = []
        for p in lift.riders:
            if p.to == f:
                stats.deliver(p, f, t)
            else:
                staying.append(p)
        lift.riders = staying
        queue = self.waiting[f]
        room = self.capacity - len(lift.riders)
        for p in queue[:room]:
            p.boarded = t
        lift.riders.extend(queue[:room])
        self.waiting[f] = queue[room:]
        lift.state = "idle"

    def step(self, lift, t, stats):
        if lift.state == "idle":
            self.choose(lift)
        elif lift.state == "up":
            self.move(lift, 1)
        elif lift.state == "down":
            self.move(lift, -1)
        elif lift.state == "open":
            self.open_doors(lift, t, stats)
        else:
            raise ValueError(f"elevator: no such state {lift.state}")


class Stats:
    def __init__(self):
        self.next_id = 0
        self.delivered = 0
        self.trip_total = 0
        self.wait_total = 0
        self.checksum = 0

    def deliver(self, p, f, t):
        self.delivered += 1
        self.trip_total += t - p.born
        self.wait_total += p.boarded - p.born
        self.checksum = (self.checksum * 31 + 16 * p.id + f) % 1000003


def simulate(rng, stats):
    floors = 5 + rng.next() % 8
    capacity = 4 + rng.next() % 5
    building = Building(rng, floors, capacity)
    lifts = [Lift("a", 0), Lift("b", floors - 1)]
    for t in range(TICKS):
        if rng.next() % 8 < 3:
            building.arrive(t, stats)
        for lift in lifts:
            building.step(lift, t, stats)
    return building, lifts


def run(n):
    rng = Random(211)
    stats = Stats()
    moves = stops = left = riding = 0
    first = []
    for b in range(n):
        building, (a, z) = simulate(rng, stats)
        moves += a.moves + z.moves
        stops += a.stops + z.stops
        left += sum(len(q) for q in building.waiting)
        riding += len(a.riders) + len(z.riders)
        if b == 0:
            first = [building.floors, building.capacity, a.state, a.floor, z.state, z.floor]
    return [n, stats.delivered, stats.trip_total, stats.wait_total, moves, stops, left, riding,
            stats.checksum, first]
