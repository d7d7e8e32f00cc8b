"""roman-calc: a calculator over Roman numerals (benchmarks/scheme/roman-calc.scm).

The same calculator as the Scheme, in Python's own way: a dict of letter
values, the numeral read by a for loop over zip of the string and its
tail, written back by a loop over a list of tuples into a list joined,
expressions as nested lists evaluated through a dict of functions called
with *args; the shared generator (from 131) drawn in the same order.
"""

from .lcg import Random

LETTERS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
NUMERALS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman_to_number(s):
    total = 0
    for here, after in zip(s, s[1:] + " "):
        v = LETTERS[here]
        if after != " " and v < LETTERS[after]:
            total -= v
        else:
            total += v
    return total


def number_to_roman(n):
    out = []
    for value, letters in NUMERALS:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def difference(a, *rest):
    return abs(a - sum(rest)) if rest else a


def times(*args):
    p = 1
    for a in args:
        p *= a
    return p


OPERATORS = {"plus": lambda *a: sum(a), "times": times, "minus": difference, "max": max, "min": min}
NAMES = ["plus", "times", "minus", "max", "min", "plus"]


def evaluate(e):
    if isinstance(e, str):
        return roman_to_number(e)
    return OPERATORS[e[0]](*[evaluate(x) for x in e[1:]])


def random_tree(rng, depth):
    if depth == 0 or rng.next() % 10 < 3:
        return number_to_roman(1 + rng.next() % 120)
    op = NAMES[rng.next() % 6]
    arity = 2 + rng.next() % 2
    return [op] + [random_tree(rng, depth - 1) for _ in range(arity)]


def run(n):
    rng = Random(131)
    written = none = wrong = total = checksum = 0
    first = None
    for i in range(n):
        e = random_tree(rng, 3)
        v = evaluate(e)
        answer = number_to_roman(v) if 1 <= v <= 3999 else v
        if isinstance(answer, str):
            written += 1
            if roman_to_number(answer) != v:
                wrong += 1
            for ch in answer:
                checksum = (checksum * 31 + ord(ch)) % 1000003
        else:
            none += 1
        total += v
        if i == 0:
            first = [e, answer]
    return [n, written, none, wrong, total, checksum, first]
