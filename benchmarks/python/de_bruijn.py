"""de-bruijn: lambda terms reduced to normal form in de Bruijn's form (benchmarks/scheme/de-bruijn.scm).

The same algorithm as the Scheme: named terms are nested lists of strings,
turned into tuples ("var", k), ("lam", body) and ("app", f, a) by looking
each name up among those bound around it; shift and substitution by
recursion on the tag; normal order one leftmost outermost step at a time,
each from the root, the steps counted.  The terms are Church numerals and
their arithmetic, and the factorial by the Y combinator.
"""

import sys


def index_of(name, names):
    for k, bound in enumerate(names):
        if bound == name:
            return k
    raise NameError(f"free variable {name}")


def nameless(e, names):
    if isinstance(e, str):
        return ("var", index_of(e, names))
    if e[0] == "lambda":
        params = e[1]
        inner = list(reversed(params)) + names
        term = nameless(e[2], inner)
        for _ in params:
            term = ("lam", term)
        return term
    term = nameless(e[0], names)
    for arg in e[1:]:
        term = ("app", term, nameless(arg, names))
    return term


def shift(d, c, t):
    tag = t[0]
    if tag == "var":
        return ("var", t[1] + d) if t[1] >= c else t
    if tag == "lam":
        return ("lam", shift(d, c + 1, t[1]))
    return ("app", shift(d, c, t[1]), shift(d, c, t[2]))


def subst(j, s, t):
    tag = t[0]
    if tag == "var":
        return s if t[1] == j else t
    if tag == "lam":
        return ("lam", subst(j + 1, shift(1, 0, s), t[1]))
    return ("app", subst(j, s, t[1]), subst(j, s, t[2]))


def beta(body, arg):
    return shift(-1, 0, subst(0, shift(1, 0, arg), body))


def step(t):
    """Return the term after one leftmost outermost step, or None."""
    tag = t[0]
    if tag == "var":
        return None
    if tag == "lam":
        body = step(t[1])
        return None if body is None else ("lam", body)
    f, a = t[1], t[2]
    if f[0] == "lam":
        return beta(f[1], a)
    f2 = step(f)
    if f2 is not None:
        return ("app", f2, a)
    a2 = step(a)
    return None if a2 is None else ("app", f, a2)


class Reducer:
    def __init__(self):
        self.steps = 0

    def evaluate(self, e):
        t = nameless(e, [])
        while True:
            following = step(t)
            if following is None:
                return t
            self.steps += 1
            t = following


def church(k):
    body = "x"
    for _ in range(k):
        body = ["f", body]
    return ["lambda", ["f", "x"], body]


def church_to_number(t):
    if t[0] != "lam" or t[1][0] != "lam":
        return None
    body = t[1][1]
    k = 0
    while body != ("var", 0):
        if body[0] != "app" or body[1] != ("var", 1):
            return None
        body = body[2]
        k += 1
    return k


TRUE = ["lambda", ["t", "f"], "t"]
FALSE = ["lambda", ["t", "f"], "f"]
PLUS = ["lambda", ["m", "n", "f", "x"], ["m", "f", ["n", "f", "x"]]]
TIMES = ["lambda", ["m", "n", "f"], ["m", ["n", "f"]]]
PRED = ["lambda", ["n", "f", "x"],
        ["n", ["lambda", ["g", "h"], ["h", ["g", "f"]]], ["lambda", ["u"], "x"], ["lambda", ["u"], "u"]]]
MINUS = ["lambda", ["m", "n"], ["n", PRED, "m"]]
IS_ZERO = ["lambda", ["n"], ["n", ["lambda", ["x"], FALSE], TRUE]]
Y = ["lambda", ["f"], [["lambda", ["x"], ["f", ["x", "x"]]], ["lambda", ["x"], ["f", ["x", "x"]]]]]
FACTORIAL = [Y, ["lambda", ["fact", "n"], [[IS_ZERO, "n"], church(1), [TIMES, "n", ["fact", [PRED, "n"]]]]]]


def run(n: int = 12) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    reducer = Reducer()
    total = 0
    laws = 0
    for k in range(1, n + 1):
        doubled = church_to_number(reducer.evaluate([PLUS, church(k), church(k)]))
        product = reducer.evaluate([TIMES, church(k), [PLUS, church(k), church(1)]])
        less = church_to_number(reducer.evaluate([PRED, [PLUS, church(k), church(k)]]))
        total += doubled + church_to_number(product) + less
        if reducer.evaluate([PLUS, [TIMES, church(k), church(k)], church(k)]) == product:
            laws += 1
    before = reducer.steps
    zero = reducer.evaluate([IS_ZERO, [MINUS, church(3), church(3)]]) == nameless(TRUE, [])
    fact = church_to_number(reducer.evaluate([FACTORIAL, church(2)]))
    return [before, total, laws, zero, fact, reducer.steps - before]
