"""variadic: rest arguments and apply (benchmarks/scheme/variadic.scm)."""


def total(*xs):
    if not xs:
        return 0
    return xs[0] + total(*xs[1:])


def biggest(x, *more):
    if not more:
        return x
    m = biggest(*more)
    return x if x > m else m


def average(first, *rest):
    return total(first, *rest) // (1 + len(rest))


def collect(*items):
    return list(items)


def run(n: int = 20_000) -> list[int]:
    t = top = avg = items = 0
    for i in range(n):
        args = collect(i, i + 1, 2 * i, 7)
        t += total(*args)
        top = max(top, biggest(*args))
        avg += average(i, i + 2, i + 4)
        items += len(collect(1, 2, *args))
    return [t, top, avg, items]
