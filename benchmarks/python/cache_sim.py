"""cache-sim: four page replacement policies side by side (benchmarks/scheme/cache-sim.scm).

The same algorithm as the Scheme, in Python's own way: a class per policy
with an access(page) method; FIFO a deque and a set, LRU an OrderedDict
(moved to the end on a hit, its oldest popped when full), CLOCK lists of
pages and use bits with a page-to-slot list, OPT a list of the pages held
(newest last) and the next uses worked out by a loop from the end; the
shared generator (from 83) drawn in the same order.
"""

from collections import OrderedDict, deque

from .lcg import Random

PAGE_COUNT = 100
SIZES = [4, 8, 16, 32]


def make_references(rng, n):
    refs = []
    base = 0
    for i in range(n):
        if i % 200 == 0:
            base = rng.below(PAGE_COUNT - 12)
        if rng.below(20) < 17:
            refs.append(base + rng.below(12))
        else:
            refs.append(rng.below(PAGE_COUNT))
    return refs


class Fifo:
    def __init__(self, frames):
        self.frames = frames
        self.queue = deque()
        self.held = set()

    def access(self, page):
        if page in self.held:
            return True
        if len(self.queue) == self.frames:
            self.held.discard(self.queue.popleft())
        self.queue.append(page)
        self.held.add(page)
        return False

    def contents(self):
        return list(self.queue)


class Lru:
    def __init__(self, frames):
        self.frames = frames
        self.pages = OrderedDict()

    def access(self, page):
        if page in self.pages:
            self.pages.move_to_end(page)
            return True
        if len(self.pages) == self.frames:
            self.pages.popitem(last=False)
        self.pages[page] = True
        return False

    def contents(self):
        return list(reversed(self.pages))


class Clock:
    def __init__(self, frames):
        self.frames = frames
        self.slots = [None] * frames
        self.used = [False] * frames
        self.where = [None] * PAGE_COUNT
        self.hand = 0

    def access(self, page):
        slot = self.where[page]
        if slot is not None:
            self.used[slot] = True
            return True
        while self.used[self.hand]:
            self.used[self.hand] = False
            self.hand = (self.hand + 1) % self.frames
        old = self.slots[self.hand]
        if old is not None:
            self.where[old] = None
        self.slots[self.hand] = page
        self.used[self.hand] = True
        self.where[page] = self.hand
        self.hand = (self.hand + 1) % self.frames
        return False

    def contents(self):
        pages = [self.slots[(self.hand + k) % self.frames] for k in range(self.frames)]
        return [page for page in pages if page is not None]


def next_uses(refs):
    n = len(refs)
    following = [n] * n
    last = [n] * PAGE_COUNT
    for i in range(n - 1, -1, -1):
        following[i] = last[refs[i]]
        last[refs[i]] = i
    return following


class Opt:
    def __init__(self, frames, following):
        self.frames = frames
        self.following = following
        self.held = []  # newest last
        self.when_next = [0] * PAGE_COUNT
        self.time = 0

    def access(self, page):
        hit = page in self.held
        if not hit:
            if len(self.held) == self.frames:
                victim = max(reversed(self.held), key=lambda p: self.when_next[p])
                self.held.remove(victim)
            self.held.append(page)
        self.when_next[page] = self.following[self.time]
        self.time += 1
        return hit


def simulate(cache, refs):
    hits = 0
    for page in refs:
        if cache.access(page):
            hits += 1
    return hits, len(refs) - hits


def run(n):
    rng = Random(83)
    refs = make_references(rng, n)
    following = next_uses(refs)
    makers = [("fifo", Fifo), ("lru", Lru), ("clock", Clock), ("opt", lambda frames: Opt(frames, following))]
    misses = 0
    contents = {}
    table = []
    for name, make in makers:
        row = [name]
        for frames in SIZES:
            cache = make(frames)
            hits, missed = simulate(cache, refs)
            misses += missed
            if frames == 8 and name in ("lru", "clock"):
                contents[name] = cache.contents()
            row.append(hits)
        table.append(row)
    opt = table[3][1:]
    lru = table[1][1:]
    opt_best = all(hits <= best for row in table for hits, best in zip(row[1:], opt))
    lru_rising = all(a <= b for a, b in zip(lru, lru[1:]))
    return [n, table, opt_best, lru_rising, misses, contents["lru"], contents["clock"]]
