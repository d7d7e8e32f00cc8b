"""sexp-io: S-expressions printed and read back (benchmarks/scheme/sexp-io.scm).

The same algorithm as the Scheme: data drawn with the shared generator
(from 31) in the same order; Scheme's kinds as Python values (ints,
Fractions, a Symbol and a Char class, str, bool, lists for proper lists,
a Dotted class for a list with a tail, tuples for vectors); a printer
into a StringIO, a comment line before every tenth datum; a reader of
our own over the text by an index, one method per kind, run twice where
the Scheme reads once with the system's read and once with its own; the
counts by a walk over each datum.
"""

from fractions import Fraction
from io import StringIO

from .lcg import Random

SYLLABLES = ["ka", "lum", "ber", "on", "tis", "ro", "vex", "ap", "ul", "zo"]
STRING_PIECES = ["a", "b", "Q", " ", '"', "\\", "\n", "\t", "xy", "ok"]
CHARACTER_CHOICES = ["a", "m", "z", "Q", "(", ")", ";", " ", "\n", "7"]
DELIMITERS = set('()"; \n\t')


class Atom:
    """A Scheme atom Python has no type for: equal to an atom of its own class and value."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return type(other) is type(self) and other.value == self.value

    def __hash__(self):
        return hash(self.value)


class Symbol(Atom):
    __slots__ = ()


class Char(Atom):
    __slots__ = ()


class Dotted:
    __slots__ = ("items", "tail")

    def __init__(self, items, tail):
        self.items = items
        self.tail = tail

    def __eq__(self, other):
        return type(other) is Dotted and other.items == self.items and other.tail == self.tail


class Generator:
    def __init__(self, seed):
        self.rng = Random(seed)

    def below(self, k):
        return self.rng.next() % k

    def symbol(self):
        parts = [SYLLABLES[self.below(10)] for _ in range(1 + self.below(3))]
        parts.reverse()
        name = "-".join(parts)
        end = self.below(6)
        if end == 0:
            name += "?"
        elif end == 1:
            name += "!"
        return Symbol(name)

    def string(self):
        return "".join(STRING_PIECES[self.below(10)] for _ in range(self.below(6)))

    def items(self, depth, k):
        return [self.datum(depth) for _ in range(k)]

    def datum(self, depth):
        kind = self.below(7) if depth >= 4 else self.below(11)
        if kind == 0:
            return self.below(2000) - 999
        if kind == 1:
            numerator = self.below(200) - 100
            value = Fraction(numerator, 2 + self.below(9))
            return value.numerator if value.denominator == 1 else value
        if kind == 2:
            return self.symbol()
        if kind == 3:
            return self.string()
        if kind == 4:
            return self.below(2) == 0
        if kind == 5:
            return Char(CHARACTER_CHOICES[self.below(10)])
        if kind == 6:
            return []
        if kind in (7, 8):
            return self.items(depth + 1, 1 + self.below(5))
        if kind == 9:
            return tuple(self.items(depth + 1, self.below(4)))
        items = self.items(depth + 1, 1 + self.below(3))
        return Dotted(items, self.symbol())


ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t"}


def print_datum(x, out):
    if x is True:
        out.write("#t")
    elif x is False:
        out.write("#f")
    elif type(x) is int:
        out.write(str(x))
    elif type(x) is Fraction:
        out.write(f"{x.numerator}/{x.denominator}")
    elif type(x) is Symbol:
        out.write(x.value)
    elif type(x) is str:
        out.write('"' + "".join(ESCAPES.get(c, c) for c in x) + '"')
    elif type(x) is Char:
        out.write("#\\" + {" ": "space", "\n": "newline"}.get(x.value, x.value))
    elif type(x) is tuple:
        out.write("#(")
        print_items(x, out)
        out.write(")")
    elif type(x) is Dotted:
        out.write("(")
        print_items(x.items, out)
        out.write(" . ")
        print_datum(x.tail, out)
        out.write(")")
    else:
        out.write("(")
        print_items(x, out)
        out.write(")")


def print_items(items, out):
    for k, item in enumerate(items):
        if k > 0:
            out.write(" ")
        print_datum(item, out)


class Reader:
    def __init__(self, text):
        self.text = text
        self.i = 0

    def skip_blanks(self):
        text = self.text
        while self.i < len(text):
            c = text[self.i]
            if c.isspace():
                self.i += 1
            elif c == ";":
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end + 1
            else:
                return c
        return None

    def token(self):
        start = self.i
        while self.i < len(self.text) and self.text[self.i] not in DELIMITERS:
            self.i += 1
        return self.text[start:self.i]

    def string_literal(self):
        self.i += 1
        chars = []
        while True:
            c = self.text[self.i]
            self.i += 1
            if c == '"':
                return "".join(chars)
            if c == "\\":
                e = self.text[self.i]
                self.i += 1
                chars.append({"n": "\n", "t": "\t"}.get(e, e))
            else:
                chars.append(c)

    def hash(self):
        c = self.text[self.i + 1]
        self.i += 2
        if c == "t":
            return True
        if c == "f":
            return False
        if c == "(":
            items, tail = self.list_tail()
            return tuple(items)
        first = self.text[self.i]
        self.i += 1
        rest = self.token()
        if rest == "":
            return Char(first)
        return Char({"pace": " ", "ewline": "\n"}[rest])

    def list_tail(self):
        items = []
        while True:
            c = self.skip_blanks()
            if c == ")":
                self.i += 1
                return items, None
            item = self.datum()
            if item is DOT:
                tail = self.datum()
                self.skip_blanks()
                self.i += 1
                return items, tail
            items.append(item)

    def datum(self):
        c = self.skip_blanks()
        if c is None:
            return None
        if c == "(":
            self.i += 1
            items, tail = self.list_tail()
            return items if tail is None else Dotted(items, tail)
        if c == '"':
            return self.string_literal()
        if c == "#":
            return self.hash()
        token = self.token()
        if token == ".":
            return DOT
        try:
            return int(token)
        except ValueError:
            pass
        if "/" in token:
            return Fraction(token)
        return Symbol(token)

    def read_all(self):
        data = []
        while True:
            x = self.datum()
            if x is None:
                return data
            data.append(x)


DOT = object()


# Where each kind of atom is counted: integers, fractions, symbols, strings, booleans, characters.
ATOM_PLACES = {int: 0, Fraction: 1, Symbol: 2, str: 3, bool: 4, Char: 5}


def count_datum(x, counts, depth):
    place = ATOM_PLACES.get(type(x))
    if place is not None:
        counts[place] += 1
    elif type(x) is tuple:
        counts[8] += 1
        deepest = depth + 1
        for item in x:
            deepest = max(deepest, count_datum(item, counts, depth + 1))
        return deepest
    elif x == []:
        counts[6] += 1
    else:
        items = x.items if type(x) is Dotted else x
        counts[7] += len(items)
        deepest = depth
        for item in items:
            deepest = max(deepest, count_datum(item, counts, depth + 1))
        if type(x) is Dotted:
            deepest = max(deepest, count_datum(x.tail, counts, depth + 1))
        return deepest
    return depth


def run(n):
    generator = Generator(31)
    data = [generator.datum(0) for _ in range(n)]
    out = StringIO()
    for k, x in enumerate(data):
        if k % 10 == 0:
            out.write(f"; datum {k}\n")
        print_datum(x, out)
        out.write("\n")
    text = out.getvalue()
    by_read = Reader(text).read_all()
    by_ours = Reader(text).read_all()
    counts = [0] * 9
    deepest = 0
    for x in data:
        deepest = max(deepest, count_datum(x, counts, 0))
    first = StringIO()
    print_datum(data[0], first)
    checksum = 0
    for c in text:
        checksum = (checksum * 31 + ord(c)) % 1000003
    return [n, len(text), counts[:7], counts[7], counts[8], deepest,
            by_read == data, by_ours == data, checksum, first.getvalue()]
