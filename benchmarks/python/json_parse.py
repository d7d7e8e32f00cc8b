"""json-parse: a JSON-like document written to a string and read back by recursive descent (benchmarks/scheme/json-parse.scm).

The same algorithm as the Scheme: values are ints, strings, True and
False, None (null), lists (arrays) and dicts (objects); the generator
draws from x -> (75x + 74) mod 65537 from x = 1, nesting at most three
deep; the writer writes piece by piece to an io.StringIO, escaping quotes
and backslashes; the reader walks the text by an index, one method per
kind of value, building strings from lists of characters.
"""

import io

LETTERS = 'abcdefgh"\\ '


class Generator:
    def __init__(self):
        self.seed = 1

    def random_below(self, k):
        self.seed = (75 * self.seed + 74) % 65537
        return self.seed % k

    def make_string(self):
        chars = []
        for _ in range(self.random_below(6)):
            chars.insert(0, LETTERS[self.random_below(len(LETTERS))])
        return "".join(chars)

    def make_value(self, depth):
        kind = self.random_below(10 if depth < 3 else 6)
        if kind < 2:
            return self.random_below(2000) - 1000
        if kind == 2:
            return self.make_string()
        if kind == 3:
            return self.random_below(2) == 0
        if kind == 4:
            return None
        if kind == 5:
            return self.random_below(100)
        if kind < 8:
            return [self.make_value(depth + 1) for _ in range(self.random_below(5))]
        members = {}
        for i in range(self.random_below(4)):
            members["k" + str(i)] = self.make_value(depth + 1)
        return members


def write_json_string(s, out):
    out.write('"')
    for c in s:
        if c == '"' or c == "\\":
            out.write("\\")
        out.write(c)
    out.write('"')


def write_json(value, out):
    if value is True:
        out.write("true")
    elif value is False:
        out.write("false")
    elif value is None:
        out.write("null")
    elif type(value) is int:
        out.write(str(value))
    elif type(value) is str:
        write_json_string(value, out)
    elif type(value) is list:
        out.write("[")
        for i, item in enumerate(value):
            if i > 0:
                out.write(", ")
            write_json(item, out)
        out.write("]")
    else:
        out.write("{")
        first = True
        for key, item in value.items():
            if not first:
                out.write(", ")
            write_json_string(key, out)
            out.write(": ")
            write_json(item, out)
            first = False
        out.write("}")


class Reader:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def skip_space(self):
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def expect(self, c):
        self.skip_space()
        if self.text[self.pos] != c:
            raise ValueError(f"expected {c} at {self.pos}")
        self.pos += 1

    def read_string(self):
        self.expect('"')
        chars = []
        while True:
            c = self.text[self.pos]
            self.pos += 1
            if c == '"':
                return "".join(chars)
            if c == "\\":
                chars.append(self.text[self.pos])
                self.pos += 1
            else:
                chars.append(c)

    def read_number(self):
        negative = self.text[self.pos] == "-"
        if negative:
            self.pos += 1
        value = 0
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
            value = value * 10 + (ord(self.text[self.pos]) - ord("0"))
            self.pos += 1
        return -value if negative else value

    def read_word(self, word, value):
        self.pos += len(word)
        return value

    def read_array(self):
        self.expect("[")
        self.skip_space()
        if self.text[self.pos] == "]":
            self.pos += 1
            return []
        items = [self.read_value()]
        while True:
            self.skip_space()
            c = self.text[self.pos]
            self.pos += 1
            if c != ",":
                return items
            items.append(self.read_value())

    def read_object(self):
        self.expect("{")
        self.skip_space()
        members = {}
        if self.text[self.pos] == "}":
            self.pos += 1
            return members
        while True:
            key = self.read_string()
            self.expect(":")
            members[key] = self.read_value()
            self.skip_space()
            c = self.text[self.pos]
            self.pos += 1
            if c != ",":
                return members

    def read_value(self):
        self.skip_space()
        c = self.text[self.pos]
        if c == "{":
            return self.read_object()
        if c == "[":
            return self.read_array()
        if c == '"':
            return self.read_string()
        if c == "t":
            return self.read_word("true", True)
        if c == "f":
            return self.read_word("false", False)
        if c == "n":
            return self.read_word("null", None)
        return self.read_number()


def run(n: int = 50_000) -> list:
    generator = Generator()
    document = [generator.make_value(1) for _ in range(n)]
    out = io.StringIO()
    write_json(document, out)
    text = out.getvalue()
    back = Reader(text).read_value()
    totals = {"integers": 0, "sum": 0, "strings": 0, "characters": 0, "keys": 0, "deepest": 0}

    def tally(value, depth):
        if depth > totals["deepest"]:
            totals["deepest"] = depth
        if type(value) is int:
            totals["integers"] += 1
            totals["sum"] += value
        elif type(value) is str:
            totals["strings"] += 1
            totals["characters"] += len(value)
        elif type(value) is list:
            for item in value:
                tally(item, depth + 1)
        elif type(value) is dict:
            for item in value.values():
                totals["keys"] += 1
                tally(item, depth + 1)

    tally(back, 0)
    return [len(text), back == document, totals["integers"], totals["sum"], totals["strings"],
            totals["characters"], totals["keys"], totals["deepest"], text[:40]]
