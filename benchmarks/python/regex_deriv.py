"""regex-deriv: regular expressions matched by Brzozowski's derivatives (benchmarks/scheme/regex-deriv.scm).

The same algorithm as the Scheme: an expression is "eps", "none", a
one-letter string or a tuple ("seq", r, s), ("alt", r, ...) or ("star",
r); the derivatives are built by the same smart constructors (sequences
nested to the right, alternatives flattened into one tuple without
"none" or repeats), a text matches when its derivative by every letter is
nullable, and the states are found by a work list.  The texts come from
the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

EPS = "eps"
NONE = "none"

ANY = ("alt", "a", "b", "c")
EXPRESSIONS = (
    ("seq", ("star", ("alt", "a", "b")), ("seq", "a", ("seq", "b", "b"))),
    ("seq", ("star", "a"), ("seq", ("star", "b"), ("star", "c"))),
    ("star", ("alt", ("seq", "a", "b"), "c")),
    ("seq", ("star", ("alt", "b", "c")),
     ("star", ("seq", "a", ("seq", ("star", ("alt", "b", "c")), ("seq", "a", ("star", ("alt", "b", "c"))))))),
    ("seq", ("star", ANY), ("seq", "c", ("seq", "a", ("seq", "b", ("star", ANY))))),
    ("seq", ("star", ("alt", "a", ("seq", "b", "c"))), ("alt", "b", EPS)),
    ("seq", ("star", ANY), ("seq", "a", ("seq", ANY, ANY))),
)


def make_seq(r, s):
    if r == NONE or s == NONE:
        return NONE
    if r == EPS:
        return s
    if s == EPS:
        return r
    if type(r) is tuple and r[0] == "seq":
        return make_seq(r[1], make_seq(r[2], s))
    return ("seq", r, s)


def alternatives(r):
    if type(r) is tuple and r[0] == "alt":
        return r[1:]
    return (r,)


def make_alt(r, s):
    kept = []
    for x in alternatives(r) + alternatives(s):
        if x != NONE and x not in kept:
            kept.append(x)
    if not kept:
        return NONE
    if len(kept) == 1:
        return kept[0]
    return ("alt",) + tuple(kept)


def nullable(r):
    if r == EPS:
        return True
    if type(r) is str:  # "none" or a letter
        return False
    kind = r[0]
    if kind == "seq":
        return nullable(r[1]) and nullable(r[2])
    if kind == "alt":
        return any(nullable(x) for x in r[1:])
    return True


def deriv(c, r):
    if r == EPS or r == NONE:
        return NONE
    if type(r) is str:
        return EPS if r == c else NONE
    kind = r[0]
    if kind == "seq":
        d = make_seq(deriv(c, r[1]), r[2])
        if nullable(r[1]):
            return make_alt(d, deriv(c, r[2]))
        return d
    if kind == "alt":
        d = NONE
        for x in r[1:]:
            d = make_alt(d, deriv(c, x))
        return d
    return make_seq(deriv(c, r[1]), r)


def states(r):
    """(the states, how many accept)."""
    work = [r]
    seen = [r]
    while work:
        state = work.pop(0)
        for c in "abc":
            d = deriv(c, state)
            if d not in seen:
                work.append(d)
                seen.append(d)
    return len(seen), sum(1 for s in seen if nullable(s))


class Matcher:
    def __init__(self, seed):
        self.seed = seed
        self.steps = 0

    def next(self):
        self.seed = (self.seed * 1103515245 + 12345) % 2147483648
        return self.seed // 65536

    def random_text(self):
        length = self.next() % 12 + 2
        return "".join("abc"[self.next() % 3] for _ in range(length))

    def matches(self, r, text):
        for c in text:
            if r == NONE:
                return False
            self.steps += 1
            r = deriv(c, r)
        return nullable(r)


def run(n: int = 400) -> list:
    m = Matcher(11)
    counts = [0] * len(EXPRESSIONS)
    for _ in range(n):
        text = m.random_text()
        for k, r in enumerate(EXPRESSIONS):
            if m.matches(r, text):
                counts[k] += 1
    automata = [states(r) for r in EXPRESSIONS]
    return [counts, [a[0] for a in automata], [a[1] for a in automata], m.steps]
