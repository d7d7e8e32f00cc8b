"""units: quantities converted between units in exact rationals (benchmarks/scheme/units.scm).

The same search as the Scheme, in Python's own way: the table a list of
(unit, unit, factor) tuples with Fraction factors, a unit's neighbours
found by a for loop over all of it, the breadth-first search by a deque
of (unit, factor) pairs with the units seen in a list tested by `in`,
the compound units taken apart by str.find and slices, temperatures by
an if chain, the query written by an f-string and read back by split
and Fraction, the units that do not match an exception of their own,
the answer written by divmod and a zero-padded format; the shared
generator (from 293) drawn in the same order.
"""

from collections import deque
from fractions import Fraction as F

from .lcg import Random

CONVERSIONS = [
    ("foot", "inch", 12), ("yard", "foot", 3), ("mile", "yard", 1760), ("inch", "cm", F(127, 50)),
    ("m", "cm", 100), ("km", "m", 1000), ("furlong", "yard", 220), ("chain", "yard", 22),
    ("rod", "yard", F(11, 2)), ("league", "mile", 3), ("nmi", "m", 1852), ("fathom", "foot", 6),
    ("mm", "cm", F(1, 10)), ("hand", "inch", 4), ("cubit", "inch", 18),
    ("pound", "ounce", 16), ("ounce", "gram", F(45359237, 1600000)), ("kg", "gram", 1000),
    ("stone", "pound", 14), ("ton", "pound", 2000), ("tonne", "kg", 1000), ("gram", "mg", 1000),
    ("grain", "mg", F(6479891, 100000)), ("carat", "mg", 200),
    ("gallon", "quart", 4), ("quart", "pint", 2), ("pint", "cup", 2), ("cup", "floz", 8),
    ("floz", "tbsp", 2), ("tbsp", "tsp", 3), ("gallon", "litre", F(473176473, 125000000)),
    ("litre", "ml", 1000), ("barrel", "gallon", 42), ("ml", "cc", 1),
    ("week", "day", 7), ("day", "hour", 24), ("hour", "minute", 60), ("minute", "second", 60),
    ("fortnight", "week", 2), ("year", "day", 365), ("second", "ms", 1000),
]

KINDS = [
    ["inch", "foot", "yard", "mile", "cm", "m", "km", "furlong", "chain", "rod", "league", "nmi",
     "fathom", "mm", "hand", "cubit"],
    ["pound", "ounce", "gram", "kg", "stone", "ton", "tonne", "grain", "mg", "carat"],
    ["gallon", "quart", "pint", "cup", "floz", "tbsp", "tsp", "litre", "ml", "barrel", "cc"],
    ["week", "day", "hour", "minute", "second", "fortnight", "year", "ms"],
]

TEMPERATURES = ["degC", "degF", "K"]
ZERO_CELSIUS = F(5463, 20)


class Incompatible(Exception):
    pass


class Converter:
    def __init__(self):
        self.taken = 0

    def factor(self, start, goal):
        queue = deque([(start, F(1))])
        seen = [start]
        while queue:
            unit, here = queue.popleft()
            if unit == goal:
                return here
            self.taken += 1
            for other, f in neighbours(unit):
                if other not in seen:
                    queue.append((other, here * f))
                    seen.append(other)
        raise Incompatible(start, goal)

    def compound_factor(self, start, goal):
        from_slash, to_slash = start.find("/"), goal.find("/")
        from_hat, to_hat = start.find("^"), goal.find("^")
        if from_slash >= 0 and to_slash >= 0:
            return (self.factor(start[:from_slash], goal[:to_slash])
                    / self.factor(start[from_slash + 1:], goal[to_slash + 1:]))
        if from_hat >= 0 and to_hat >= 0:
            power = int(start[from_hat + 1:])
            if power != int(goal[to_hat + 1:]):
                raise Incompatible(start, goal)
            return self.factor(start[:from_hat], goal[:to_hat]) ** power
        if from_slash >= 0 or to_slash >= 0 or from_hat >= 0 or to_hat >= 0:
            raise Incompatible(start, goal)
        return self.factor(start, goal)

    def convert(self, x, start, goal):
        if start in TEMPERATURES and goal in TEMPERATURES:
            return from_kelvin(to_kelvin(x, start), goal)
        if start in TEMPERATURES or goal in TEMPERATURES:
            raise Incompatible(start, goal)
        return x * self.compound_factor(start, goal)


def neighbours(unit):
    found = []
    for a, b, f in CONVERSIONS:
        if a == unit:
            found.append((b, F(f)))
        elif b == unit:
            found.append((a, 1 / F(f)))
    return found


def to_kelvin(x, unit):
    if unit == "degC":
        return x + ZERO_CELSIUS
    if unit == "degF":
        return (x - 32) * F(5, 9) + ZERO_CELSIUS
    return x


def from_kelvin(x, unit):
    if unit == "degC":
        return x - ZERO_CELSIUS
    if unit == "degF":
        return (x - ZERO_CELSIUS) * F(9, 5) + 32
    return x


def decimal(x, places):
    scale = 10 ** places
    whole, frac = divmod(round(abs(x) * scale), scale)
    return f"{'-' if x < 0 else ''}{whole}.{frac:0{places}d}"


def pick(rng, units):
    return units[rng.next() % len(units)]


def random_units(rng):
    kind = rng.next() % 10
    if kind == 0:
        return pick(rng, TEMPERATURES), pick(rng, TEMPERATURES)
    if kind == 1:
        a, b = pick(rng, KINDS[0]), pick(rng, KINDS[3])
        c, d = pick(rng, KINDS[0]), pick(rng, KINDS[3])
        return f"{a}/{b}", f"{c}/{d}"
    if kind == 2:
        a, b = pick(rng, KINDS[0]), pick(rng, KINDS[0])
        return f"{a}^2", f"{b}^2"
    if kind == 3:
        one = rng.next() % 4
        two = (one + 1 + rng.next() % 3) % 4
        return pick(rng, KINDS[one]), pick(rng, KINDS[two])
    units = KINDS[rng.next() % 4]
    a = pick(rng, units)
    return a, pick(rng, units)


def random_query(rng):
    start, goal = random_units(rng)
    top = 1 + rng.next() % 200
    bottom = 1 + rng.next() % 8
    return f"{F(top, bottom)} {start} in {goal}"


def run(n):
    rng = Random(293)
    converter = Converter()
    answered = mismatched = back = whole = total = 0
    first = []
    for k in range(n):
        text = random_query(rng)
        quantity, start, word, goal = text.split()
        x = F(quantity)
        if word != "in":
            raise ValueError(f"units: expected in, not {word}")
        try:
            answer = converter.convert(x, start, goal)
        except Incompatible:
            answer = None
        if answer is None:
            shown = "incompatible"
            mismatched += 1
        else:
            shown = f"{decimal(answer, 4)} {goal}"
            answered += 1
            if converter.convert(answer, goal, start) == x:
                back += 1
            if answer.denominator == 1:
                whole += 1
        for ch in shown:
            total = (total * 31 + ord(ch)) % 1000003
        if k < 3:
            first.append([text, shown])
    return [n, answered, mismatched, back, converter.taken, whole, total, first]
