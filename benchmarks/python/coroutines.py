"""coroutines: cooperative threads with channels between them (benchmarks/scheme/coroutines.scm).

The same system as the Scheme, written the Python way: a thread is a
generator, every `yield` one of the Scheme's yield!s (where the Scheme
captures the thread's continuation with call/cc); the scheduler runs the
first generator of a deque of ready ones until it yields, then puts it
at the back, and drops it when it returns; spawn appends a new one.  A
channel is a capacity and a list of values; send and receive are
generators that yield while the channel is full or empty, used by
`yield from`.  The same three systems spawned in the same order: the
sieve pipeline, ping and pong, two producers and two consumers.
"""

from collections import deque

DONE = object()


class Scheduler:
    def __init__(self):
        self.ready = deque()
        self.yields = 0
        self.most_waiting = 0

    def spawn(self, thread):
        self.ready.append(thread)
        self.most_waiting = max(self.most_waiting, len(self.ready))

    def run(self):
        while self.ready:
            thread = self.ready.popleft()
            try:
                next(thread)
            except StopIteration:
                continue
            self.yields += 1
            self.ready.append(thread)


class Channel:
    def __init__(self, capacity):
        self.capacity = capacity
        self.items = []


def send(channel, value):
    while len(channel.items) == channel.capacity:
        yield
    channel.items.append(value)


def receive(channel):
    while not channel.items:
        yield
    return channel.items.pop(0)


def counter(n, out):
    for i in range(2, n):
        yield from send(out, i)
    yield from send(out, DONE)


def sieve_filter(scheduler, inbox, primes):
    p = yield from receive(inbox)
    if p is DONE:
        yield from send(primes, DONE)
        return
    out = Channel(2)
    yield from send(primes, p)
    scheduler.spawn(sieve_filter(scheduler, out, primes))
    while True:
        x = yield from receive(inbox)
        if x is DONE:
            yield from send(out, DONE)
            return
        if x % p != 0:
            yield from send(out, x)


def ping(rounds, to, reply, result):
    value = 0
    for _ in range(rounds):
        yield from send(to, value)
        value = yield from receive(reply)
    result.append(value)
    yield from send(to, DONE)


def each_until_done(channel, take, answer_to=None):
    """Receive from channel until DONE, handing each value to take; what take returns is sent to answer_to."""
    while True:
        value = yield from receive(channel)
        if value is DONE:
            return
        answer = take(value)
        if answer_to is not None:
            yield from send(answer_to, answer)


def pong(to, inbox):
    yield from each_until_done(inbox, lambda value: (3 * value + 1 if value % 2 else 2 * value + 1) % 1000003, to)


def producer(tag, count, out):
    for i in range(count):
        yield from send(out, tag * 1000 + i)
        if i % 7 == 0:
            yield
    yield from send(out, DONE)


def consumer(shared, tally, order):
    def take(value):
        tally[0] += 1
        tally[1] += value
        order[0] = (order[0] * 31 + value) % 1000003
    yield from each_until_done(shared, take)


def run(n):
    scheduler = Scheduler()
    primes = [0, 0, 0]  # count, sum, largest
    last_ping = []
    tally_a = [0, 0]
    tally_b = [0, 0]
    order = [0]

    def main():
        numbers = Channel(2)
        found = Channel(4)
        there = Channel(1)
        back = Channel(1)
        shared = Channel(3)
        scheduler.spawn(counter(n, numbers))
        scheduler.spawn(sieve_filter(scheduler, numbers, found))
        scheduler.spawn(ping(n, there, back, last_ping))
        scheduler.spawn(pong(back, there))
        scheduler.spawn(producer(1, n // 2, shared))
        scheduler.spawn(producer(2, n // 2, shared))
        scheduler.spawn(consumer(shared, tally_a, order))
        scheduler.spawn(consumer(shared, tally_b, order))
        yield from each_until_done(found, take_prime)

    def take_prime(p):
        primes[0] += 1
        primes[1] += p
        primes[2] = max(primes[2], p)

    scheduler.spawn(main())
    scheduler.run()
    return [primes[0], primes[1], primes[2], last_ping[0], tally_a, tally_b, order[0],
            scheduler.yields, scheduler.most_waiting]
