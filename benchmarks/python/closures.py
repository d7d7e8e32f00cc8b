"""closures: accumulators, compose and adders (benchmarks/scheme/closures.scm)."""


def make_acc(total):
    def acc(amount):
        nonlocal total
        total += amount
        return total

    return acc


def compose(f, g):
    return lambda x: f(g(x))


def make_adder(k):
    return lambda x: x + k


def round_of(i: int) -> int:
    acc = make_acc(i)
    add_then_double = compose(lambda x: 2 * x, make_adder(i))
    acc(1)
    acc(2)
    return sum(list(map(lambda x: add_then_double(acc(x)), [1, 2, 3])))


def run(n: int = 100_000) -> int:
    total = 0
    for i in range(n):
        total += round_of(i)
    return total
