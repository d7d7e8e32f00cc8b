"""hamming: SICP 3.5.2's implicitly defined streams (benchmarks/scheme/hamming.scm).

The same algorithm as the Scheme: a stream is a pair (first, promise of
the rest), a promise a small class that runs its function once and keeps
the value; the streams are defined in terms of themselves, each through a
function that reads the name when the promise is forced (ones, the
integers by add_streams, the Fibonacci numbers, the Hamming numbers by
merging the stream scaled by 2, 3 and 5, partial sums, and the exp, sine
and cosine series over Fraction); stream_map takes any number of streams.
"""

from fractions import Fraction


class Promise:
    __slots__ = ("thunk", "done", "value")

    def __init__(self, thunk):
        self.thunk = thunk
        self.done = False
        self.value = None

    def force(self):
        if not self.done:
            value = self.thunk()
            if not self.done:
                self.value = value
                self.done = True
        return self.value


EMPTY = ()


def cons_stream(first, rest_thunk):
    return (first, Promise(rest_thunk))


def stream_car(s):
    return s[0]


def stream_cdr(s):
    return s[1].force()


def stream_ref(s, n):
    for _ in range(n):
        s = stream_cdr(s)
    return stream_car(s)


def stream_map(proc, *streams):
    if streams[0] == EMPTY:
        return EMPTY
    return cons_stream(proc(*[stream_car(s) for s in streams]),
                       lambda: stream_map(proc, *[stream_cdr(s) for s in streams]))


def add_streams(s1, s2):
    return stream_map(lambda a, b: a + b, s1, s2)


def scale_stream(s, factor):
    return stream_map(lambda x: x * factor, s)


def merge(s1, s2):
    if s1 == EMPTY:
        return s2
    if s2 == EMPTY:
        return s1
    s1car = stream_car(s1)
    s2car = stream_car(s2)
    if s1car < s2car:
        return cons_stream(s1car, lambda: merge(stream_cdr(s1), s2))
    if s1car > s2car:
        return cons_stream(s2car, lambda: merge(s1, stream_cdr(s2)))
    return cons_stream(s1car, lambda: merge(stream_cdr(s1), stream_cdr(s2)))


def partial_sums(s):
    sums = None
    sums = cons_stream(stream_car(s), lambda: add_streams(sums, stream_cdr(s)))
    return sums


def integers_starting_from(n):
    return cons_stream(n, lambda: integers_starting_from(n + 1))


def integrate_series(s):
    return stream_map(lambda a, k: Fraction(a) / k, s, integers_starting_from(1))


def sum_first(s, n):
    total = 0
    for _ in range(n):
        total += stream_car(s)
        s = stream_cdr(s)
    return total


def run(n: int = 10_000) -> list:
    ones = None
    ones = cons_stream(1, lambda: ones)
    integers = None
    integers = cons_stream(1, lambda: add_streams(ones, integers))
    fibs = None
    fibs = cons_stream(0, lambda: cons_stream(1, lambda: add_streams(stream_cdr(fibs), fibs)))
    hamming = None
    hamming = cons_stream(1, lambda: merge(scale_stream(hamming, 2),
                                           merge(scale_stream(hamming, 3), scale_stream(hamming, 5))))
    exp_series = None
    exp_series = cons_stream(1, lambda: integrate_series(exp_series))
    sine_series = None
    cosine_series = cons_stream(1, lambda: scale_stream(integrate_series(sine_series), -1))
    sine_series = cons_stream(0, lambda: integrate_series(cosine_series))
    fib = stream_ref(fibs, n)
    k = n // 100 + 5
    return [stream_ref(hamming, n - 1),
            sum_first(hamming, n) % 1000003,
            fib % 1000003,
            len(str(fib)),
            stream_ref(partial_sums(integers), n - 1),
            str(stream_ref(exp_series, k)),
            str(stream_ref(sine_series, k)),
            str(stream_ref(cosine_series, k))]
