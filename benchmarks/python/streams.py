"""streams: the primes by a sieve of lazy streams (benchmarks/scheme/streams.scm).

The same algorithm as the Scheme: SICP's streams, each a pair (head, promise),
the promise made by `delay` around a thunk and memoizing its value as R7RS
`delay` does; stream-filter and sieve build new streams of new promises, and
the sieve stacks one stream-filter per prime found.  Forcing the n-th prime's
promise forces the promises of every filter below it, one nested call each,
so run() raises the recursion limit to fit that depth.
"""

import sys


class Promise:
    """A delayed computation: its thunk runs on the first force, its value is kept."""

    __slots__ = ("thunk", "value")

    def __init__(self, thunk):
        self.thunk = thunk
        self.value = None


def force(promise):
    if promise.thunk is not None:
        promise.value = promise.thunk()
        promise.thunk = None
    return promise.value


def stream_car(s):
    return s[0]


def stream_cdr(s):
    return force(s[1])


def integers_from(n):
    return (n, Promise(lambda: integers_from(n + 1)))


def stream_filter(keep, s):
    # The Scheme's tail call on a rejected head is a loop here.
    while not keep(stream_car(s)):
        s = stream_cdr(s)
    return (stream_car(s), Promise(lambda: stream_filter(keep, stream_cdr(s))))


def sieve(s):
    p = stream_car(s)
    return (p, Promise(lambda: sieve(stream_filter(lambda x: x % p != 0, stream_cdr(s)))))


def stream_ref(s, n):
    while n != 0:
        s = stream_cdr(s)
        n -= 1
    return stream_car(s)


def run(n: int = 250) -> int:
    # Each prime stacks a filter, and forcing through it nests a few calls more.
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 6 * n + 1000))
    try:
        return stream_ref(sieve(integers_from(2)), n)
    finally:
        sys.setrecursionlimit(old)
