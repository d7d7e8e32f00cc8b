"""iterators: generators made of closures over mutable state (benchmarks/scheme/iterators.scm).

The same algorithm as the Scheme: a generator is a function of no
arguments returning its next value, or the unique object DONE when it has
none left, its state in `nonlocal` variables of the function that made it;
generators are made from others by wrapping them, and drained by a fold
(`operator.add` and `operator.mul` where the Scheme passes + and *).
"""

import operator

DONE = object()


def range_gen(start, stop):
    nxt = start

    def gen():
        nonlocal nxt
        if nxt >= stop:
            return DONE
        value = nxt
        nxt += 1
        return value
    return gen


def fibonacci_mod_gen(m):
    a, b = 0, 1

    def gen():
        nonlocal a, b
        value = a
        a = b
        b = (value + b) % m
        return value
    return gen


def random_gen(seed):
    x = seed

    def gen():
        nonlocal x
        x = (21 * x + 13) % 10000
        return x
    return gen


def map_gen(f, source):
    def gen():
        value = source()
        return DONE if value is DONE else f(value)
    return gen


def filter_gen(keep, source):
    def gen():
        while True:
            value = source()
            if value is DONE:
                return DONE
            if keep(value):
                return value
    return gen


def take_gen(k, source):
    left = k

    def gen():
        nonlocal left
        if left == 0:
            return DONE
        left -= 1
        return source()
    return gen


def zip_gen(f, gen1, gen2):
    def gen():
        a = gen1()
        b = gen2()
        if a is DONE or b is DONE:
            return DONE
        return f(a, b)
    return gen


def interleave_gen(gen1, gen2):
    """Values from gen1 and gen2 in turn, until the one whose turn it is is done."""
    first_turn = True

    def gen():
        nonlocal first_turn
        value = gen1() if first_turn else gen2()
        first_turn = not first_turn
        return value
    return gen


def number_gen(source):
    """Values paired with their positions from 1."""
    position = 0

    def gen():
        nonlocal position
        value = source()
        if value is DONE:
            return DONE
        position += 1
        return (position, value)
    return gen


def gen_fold(f, init, gen):
    acc = init
    while True:
        value = gen()
        if value is DONE:
            return acc
        acc = f(acc, value)


def gen_count(gen):
    return gen_fold(lambda count, value: count + 1, 0, gen)


def count_records(gen):
    """How many values are above every value before them."""
    best = None
    records = 0

    def step(acc, value):
        nonlocal best, records
        if best is None or value > best:
            best = value
            records += 1
        return records
    return gen_fold(step, 0, gen)


def run(n: int = 20000) -> list:
    return [
        gen_fold(operator.add, 0, map_gen(lambda x: x * x, filter_gen(lambda x: x % 2 == 1, range_gen(0, n)))),
        gen_fold(operator.add, 0, zip_gen(operator.mul, range_gen(0, n), range_gen(n, 2 * n))),
        gen_count(filter_gen(lambda x: x % 2 == 0, take_gen(n, fibonacci_mod_gen(1000)))),
        count_records(take_gen(n, random_gen(1))),
        gen_count(interleave_gen(range_gen(0, n), range_gen(100, 100 + n))),
        gen_fold(lambda total, pair: total + pair[0] * pair[1], 0,
                 number_gen(interleave_gen(range_gen(0, n), range_gen(100, 100 + n)))),
    ]
