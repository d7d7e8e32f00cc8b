"""json-emit: nested data written out as JSON text (benchmarks/scheme/json-emit.scm).

The same printers as the Scheme, in Python's own way: Python's values
(int, str, bool, None, list for arrays, dict for objects), a recursive
function appending pieces to a list joined at the end, a dict of escapes;
the shared generator (from 149) drawn in the same order.  (The escaping
is counted, so json.dumps, which prints the same texts, is not used.)
"""

from .lcg import Random

ALPHABET = 'ab "\\\n\tzeo'
KEYS = ["id", "name", "tags", "size", "ok", "note", "items", "parent"]
ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t"}


def random_string(rng):
    return "".join(ALPHABET[rng.next() % len(ALPHABET)] for _ in range(rng.next() % 7))


def random_scalar(rng):
    kind = rng.next() % 5
    if kind <= 1:
        return rng.next() % 1000 - 500
    if kind == 2:
        return random_string(rng)
    if kind == 3:
        return rng.next() % 2 == 0
    return None


def random_object(rng, depth):
    length = rng.next() % 4
    start = rng.next() % len(KEYS)
    return {KEYS[(start + j) % len(KEYS)]: random_value(rng, depth - 1) for j in range(length)}


def random_value(rng, depth):
    if depth == 0:
        return random_scalar(rng)
    kind = rng.next() % 6
    if kind < 3:
        return random_scalar(rng)
    if kind < 5:
        return [random_value(rng, depth - 1) for _ in range(rng.next() % 5)]
    return random_object(rng, depth)


class Printer:
    def __init__(self):
        self.escaped = 0

    def string(self, s, out):
        out.append('"')
        for c in s:
            if c in ESCAPES:
                self.escaped += 1
                out.append(ESCAPES[c])
            else:
                out.append(c)
        out.append('"')

    def emit(self, v, indent, out):
        if v is True:
            out.append("true")
        elif v is False:
            out.append("false")
        elif v is None:
            out.append("null")
        elif isinstance(v, int):
            out.append(str(v))
        elif isinstance(v, str):
            self.string(v, out)
        elif isinstance(v, list):
            if not v:
                out.append("[]")
                return
            out.append("[")
            for i, item in enumerate(v):
                if i:
                    out.append(",")
                if indent is not None:
                    out.append("\n" + "  " * (indent + 1))
                self.emit(item, None if indent is None else indent + 1, out)
            if indent is not None:
                out.append("\n" + "  " * indent)
            out.append("]")
        elif not v:
            out.append("{}")
        else:
            out.append("{")
            for i, (key, item) in enumerate(v.items()):
                if i:
                    out.append(",")
                if indent is not None:
                    out.append("\n" + "  " * (indent + 1))
                self.string(key, out)
                out.append(":")
                if indent is not None:
                    out.append(" ")
                self.emit(item, None if indent is None else indent + 1, out)
            if indent is not None:
                out.append("\n" + "  " * indent)
            out.append("}")

    def to_json(self, v, indent):
        out = []
        self.emit(v, indent, out)
        return "".join(out)


def run(n):
    rng = Random(149)
    printer = Printer()
    compact = indented = checksum = 0
    first = ""
    for i in range(n):
        doc = random_object(rng, 4)
        text = printer.to_json(doc, None)
        pretty = printer.to_json(doc, 0)
        compact += len(text)
        indented += len(pretty)
        for ch in text:
            checksum = (checksum * 31 + ord(ch)) % 1000003
        if i == 0:
            first = text
    return [n, compact, indented, printer.escaped, checksum, first]
