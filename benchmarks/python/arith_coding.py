"""arith-coding: arithmetic coding of n messages in exact rationals (benchmarks/scheme/arith-coding.scm).

The same algorithm as the Scheme: messages drawn with the shared
generator (from 128); each message's model counted into a dict, its
characters in order, as (char, low, high) ranges of Fractions; the
interval narrowed character by character, the range found by a search
of the model; the shortest dyadic rational inside it found by counting
bits up from 0; decoding walks the ranges for the one that holds the
value and scales the value back out of it.
"""

from fractions import Fraction
from math import ceil

from .lcg import Random

SOURCE = "eeeeetttaaoinsh"


def random_message(rng):
    length = 1 + rng.next() % 60
    return "".join(SOURCE[rng.next() % len(SOURCE)] for _ in range(length))


def make_model(message):
    counts = {}
    for c in message:
        counts[c] = counts.get(c, 0) + 1
    total = len(message)
    model = []
    below = 0
    for c in sorted(counts):
        above = below + counts[c]
        model.append((c, Fraction(below, total), Fraction(above, total)))
        below = above
    return model


def find_range(c, model):
    for entry in model:
        if entry[0] == c:
            return entry
    raise KeyError(c)


def shortest_dyadic(low, high):
    k = 0
    scale = 1
    while True:
        m = ceil(low * scale)
        if Fraction(m, scale) < high:
            return m, k
        k += 1
        scale *= 2


def encode(message, model):
    low = Fraction(0)
    width = Fraction(1)
    for c in message:
        _, bottom, top = find_range(c, model)
        low += width * bottom
        width *= top - bottom
    return shortest_dyadic(low, low + width)


def decode(value, length, model):
    chars = []
    for _ in range(length):
        for c, bottom, top in model:
            if value < top:
                chars.append(c)
                value = (value - bottom) / (top - bottom)
                break
    return "".join(chars)


def written(q):
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def run(n: int = 200) -> list:
    rng = Random(128)
    characters = bits = most = total = 0
    all_decoded = True
    first = False
    for _ in range(n):
        message = random_message(rng)
        model = make_model(message)
        m, k = encode(message, model)
        code = Fraction(m, 2 ** k)
        characters += len(message)
        bits += k
        most = max(most, k)
        total = (31 * total + m) % 1000003
        all_decoded = all_decoded and decode(code, len(message), model) == message
        if first is False:
            first = written(code)
    return [characters, bits, most, total, all_decoded, first]
