"""ini-config: INI files read, interpolated and typed, errors raised and caught (benchmarks/scheme/ini-config.scm).

The same algorithm as the Scheme, written as Python is: n files of ten
sections drawn with the shared generator (from 59) in the same order,
each into a StringIO;
read back line by line with str methods, a wrong line raised as a
ParseError and caught around the line; the configuration a dict of
dicts (a later key replaces an earlier one in place); references
expanded one at a time, the depth kept by try/finally, a cycle raised
as an exception and caught around the value, a missing key handed to a
callback (Python's stand-in for raise-continuable) that counts it and
gives "?".
"""

from io import StringIO

from .lcg import Random

KEY_NAMES = ["host", "port", "user", "path", "debug", "retries", "mode", "items", "name", "root"]
WORDS = ["alpha", "beta", "gamma", "delta", "yes", "no", "On", "off", "TRUE", "42", "7", "-3", "a,b,c", "x, y"]


class ParseError(Exception):
    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


class Cycle(Exception):
    pass


def section_name(k):
    return "s" + str(k)


def random_value(rng, sections_so_far):
    kind = rng.below(8)
    if kind <= 2:
        return WORDS[rng.below(14)]
    if kind == 3:
        return str(rng.below(10000))
    if kind == 4:
        return '"say \\"' + WORDS[rng.below(14)] + '\\" \\\\ done\\n"'
    if kind == 5:
        return "${" + KEY_NAMES[rng.below(10)] + "}/x"
    if kind == 6:
        section = section_name(rng.below(sections_so_far + 1))
        return "pre-${" + section + "." + KEY_NAMES[rng.below(10)] + "}"
    first = WORDS[rng.below(14)]
    return first + "," + WORDS[rng.below(14)]


def write_config(rng, n, out):
    for s in range(n):
        if rng.below(12) == 0:
            out.write("[broken")
        else:
            out.write("[" + section_name(s) + "]")
        out.write("\n")
        for _ in range(2 + rng.below(5)):
            kind = rng.below(15)
            if kind == 0:
                out.write("; a comment")
            elif kind == 1:
                out.write("# another")
            elif kind == 2:
                out.write("   ")
            elif kind == 3:
                out.write("no equals sign here")
            elif kind == 4:
                out.write('quote = "never closed')
            else:
                out.write(KEY_NAMES[rng.below(10)])
                out.write(" = " if rng.below(2) == 0 else "=")
                out.write(random_value(rng, s))
            out.write("\n")


def read_quoted(text):
    chars = []
    i = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return "".join(chars)
        if c == "\\":
            i += 1
            chars.append("\n" if text[i] == "n" else text[i])
        else:
            chars.append(c)
        i += 1
    raise ParseError("unclosed-quote")


def read_line(line):
    line = line.lstrip(" ")
    if line == "" or line[0] in ";#":
        return None
    if line[0] == "[":
        close = line.find("]")
        if close < 0:
            raise ParseError("bad-header")
        return ("section", line[1:close])
    equals = line.find("=")
    if equals < 0:
        raise ParseError("no-equals")
    key = line[:equals].rstrip(" ")
    rest = line[equals + 1:].lstrip(" ")
    value = read_quoted(rest) if rest.startswith('"') else rest.rstrip(" ")
    return (key, value)


class Config:
    def __init__(self, text, totals):
        self.totals = totals
        self.errors = {"bad-header": 0, "no-equals": 0, "unclosed-quote": 0}
        self.sections = {}
        lines = text.split("\n")[:-1]
        self.lines = len(lines)
        current = None
        for line in lines:
            try:
                item = read_line(line)
            except ParseError as e:
                self.errors[e.kind] += 1
                if e.kind == "bad-header":
                    current = None
                continue
            if item is None:
                continue
            if item[0] == "section":
                current = self.sections[item[1]] = {}
            elif current is not None:
                if item[0] in current:
                    totals.replaced += 1
                current[item[0]] = item[1]

    def lookup(self, section, key):
        return self.sections.get(section, {}).get(key)

    def on_missing(self, place):
        self.totals.missing += 1
        return "?"

    def expand(self, section, text, visiting):
        open_at = text.find("${")
        if open_at < 0:
            return text
        close = text.find("}", open_at)
        reference = text[open_at + 2:close]
        target_section, dot, target_key = reference.partition(".")
        if not dot:
            target_section, target_key = section, reference
        place = (target_section, target_key)
        value = self.lookup(target_section, target_key)
        if place in visiting:
            raise Cycle(place)
        if value is None:
            replacement = self.on_missing(place)
        else:
            totals = self.totals
            totals.depth += 1
            totals.deepest = max(totals.deepest, totals.depth)
            try:
                replacement = self.expand(target_section, value, visiting + [place])
            finally:
                totals.depth -= 1
        return text[:open_at] + replacement + self.expand(section, text[close + 1:], visiting)

    def resolve(self, section, key):
        try:
            return self.expand(section, self.lookup(section, key), [(section, key)])
        except Cycle:
            self.totals.cycles += 1
            return "<cycle>"


def is_integer(text):
    digits = text[1:] if text.startswith("-") else text
    return digits.isdigit()


class Totals:
    def __init__(self):
        self.replaced = self.depth = self.deepest = self.cycles = self.missing = 0
        self.checksum = 0


def one_file(rng, totals):
    """Return the file's counts (lines, sections, keys, the three errors, the integers' sum, trues,
    falses, list items) and its first section's values; carry the rest in totals."""
    out = StringIO()
    write_config(rng, 10, out)
    config = Config(out.getvalue(), totals)
    keys = total = trues = falses = items = 0
    checksum = totals.checksum
    first = None
    for section, entries in config.sections.items():
        resolved = [config.resolve(section, key) for key in entries]
        for v in resolved:
            if is_integer(v):
                total += int(v)
            if v.lower() in ("yes", "on", "true"):
                trues += 1
            if v.lower() in ("no", "off", "false"):
                falses += 1
            pieces = v.split(",")
            if len(pieces) > 1:
                items += len(pieces)
            for c in v:
                checksum = (checksum * 31 + ord(c)) % 1000003
            checksum = (checksum * 31 + 10) % 1000003
        keys += len(resolved)
        if first is None:
            first = resolved
    totals.checksum = checksum
    counts = [config.lines, len(config.sections), keys, *config.errors.values(), total, trues, falses, items]
    return counts, (first if first is not None else [])


def run(n):
    rng = Random(59)
    totals = Totals()
    sums = [0] * 10
    first = None
    for _ in range(n):
        counts, shown = one_file(rng, totals)
        sums = [a + b for a, b in zip(sums, counts)]
        if first is None:
            first = shown
    return [n, sums[0], sums[1], sums[2], totals.replaced, sums[3:6], totals.cycles, totals.missing,
            totals.deepest, totals.depth, sums[6], sums[7], sums[8], sums[9], totals.checksum, first]
