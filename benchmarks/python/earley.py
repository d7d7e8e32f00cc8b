"""earley: Earley's recogniser checked against recursive descent (benchmarks/scheme/earley.scm).

The same recognisers as the Scheme, in Python's own way: the grammar a
dict of tuples, items tuples, the chart a list of lists searched by
`in` (as the Scheme's member), the agenda a list walked by an index and
appended to, the recursive descent as functions over an index; the
shared generator (from 311) drawn in the same order.
"""

from .lcg import Random

GRAMMAR = {
    "S": (("E",),),
    "E": (("E", "+", "T"), ("E", "-", "T"), ("T",)),
    "T": (("T", "*", "F"), ("T", "/", "F"), ("F",)),
    "F": (("lp", "E", "rp"), ("-", "F"), ("num",), ("id",)),
}
TERMINALS = ("num", "id", "+", "-", "*", "/", "lp", "rp")


def generate(rng, sym, depth, limit):
    if sym not in GRAMMAR:
        return [sym]
    rules = GRAMMAR[sym]
    rhs = rules[-1] if depth >= limit else rules[rng.next() % len(rules)]
    out = []
    for s in rhs:
        out += generate(rng, s, depth + 1, limit)
    return out


def mutate(rng, tokens):
    kind = rng.next() % 4
    tokens = list(tokens)
    if kind == 1:
        del tokens[rng.next() % len(tokens)]
    elif kind == 2:
        k = rng.next() % len(tokens)
        if k + 1 < len(tokens):
            tokens[k], tokens[k + 1] = tokens[k + 1], tokens[k]
    elif kind == 3:
        k = rng.next() % (len(tokens) + 1)
        tokens.insert(k, TERMINALS[rng.next() % len(TERMINALS)])
    return tokens


class Earley:
    def __init__(self):
        self.items_made = 0

    def recognise(self, tokens):
        n = len(tokens)
        chart = [[] for _ in range(n + 1)]

        def add(i, item):
            if item in chart[i]:
                return False
            self.items_made += 1
            chart[i].append(item)
            return True

        for rhs in GRAMMAR["S"]:
            add(0, ("S", rhs, 0, 0))
        for i in range(n + 1):
            if not chart[i]:
                return False, i
            agenda = list(chart[i])
            k = 0
            while k < len(agenda):
                lhs, rhs, dot, origin = agenda[k]
                k += 1
                if dot == len(rhs):
                    for w_lhs, w_rhs, w_dot, w_origin in list(chart[origin]):
                        if w_dot < len(w_rhs) and w_rhs[w_dot] == lhs:
                            moved = (w_lhs, w_rhs, w_dot + 1, w_origin)
                            if add(i, moved):
                                agenda.append(moved)
                    continue
                sym = rhs[dot]
                if sym in GRAMMAR:
                    for p in GRAMMAR[sym]:
                        predicted = (sym, p, 0, i)
                        if add(i, predicted):
                            agenda.append(predicted)
                elif i < n and sym == tokens[i]:
                    add(i + 1, (lhs, rhs, dot + 1, origin))
        return ("S", ("E",), 1, 0) in chart[n], n


class Descent:
    """E as T (+|- T)*, T as F (*|/ F)*, F as num, id, - F or lp E rp; each returns the next index or None."""

    def __init__(self, tokens):
        self.tokens = tokens

    def peek(self, i):
        return self.tokens[i] if i is not None and i < len(self.tokens) else None

    def e(self, i):
        i = self.t(i)
        while self.peek(i) in ("+", "-"):
            i = self.t(i + 1)
        return i

    def t(self, i):
        i = self.f(i)
        while self.peek(i) in ("*", "/"):
            i = self.f(i + 1)
        return i

    def f(self, i):
        tok = self.peek(i)
        if tok in ("num", "id"):
            return i + 1
        if tok == "-":
            return self.f(i + 1)
        if tok == "lp":
            i = self.e(i + 1)
            return i + 1 if self.peek(i) == "rp" else None
        return None

    def accepts(self):
        return self.e(0) == len(self.tokens)


def run(n):
    rng = Random(311)
    earley = Earley()
    yes = no = disagree = tokens_read = reached = check = 0
    shown = []
    for k in range(n):
        limit = 3 + rng.next() % 5
        tokens = mutate(rng, generate(rng, "S", 0, limit))
        accepted, how_far = earley.recognise(tokens)
        for tok in tokens:
            check = (check * 11 + TERMINALS.index(tok) + 1) % 1000003
        check = (check * 3 + (1 if accepted else 2)) % 1000003
        if accepted:
            yes += 1
        else:
            no += 1
            reached += how_far
        if accepted != Descent(tokens).accepts():
            disagree += 1
        tokens_read += len(tokens)
        if k < 4:
            shown.append([" ".join(tokens), accepted])
    return [n, yes, no, disagree, tokens_read, earley.items_made, reached, check, shown]
