"""cnf: propositional formulas in conjunctive normal form (benchmarks/scheme/cnf.scm).

The same passes as the Scheme, in Python's own way: formulas as nested
tuples with strings for variables, literals as (variable, positive)
pairs, a clause a tuple of literals in order of the variable, the clauses
a list with a set beside it for repeats, truth-table rows from
itertools.product and a dict; the shared generator (from 107) drawn in
the same order.
"""

from itertools import product

from .lcg import Random

VARIABLES = ["p", "q", "r", "s", "t"]
INDEX = {v: i for i, v in enumerate(VARIABLES)}


def random_formula(rng, depth):
    choice = 0 if depth == 0 else rng.next() % 6
    if choice == 0:
        return VARIABLES[rng.next() % 5]
    if choice == 1:
        return ("not", random_formula(rng, depth - 1))
    a = random_formula(rng, depth - 1)
    b = random_formula(rng, depth - 1)
    return (("and", "or", "implies", "iff")[choice - 2], a, b)


def eliminate(f):
    if isinstance(f, str):
        return f
    if f[0] == "not":
        return ("not", eliminate(f[1]))
    a, b = eliminate(f[1]), eliminate(f[2])
    if f[0] == "implies":
        return ("or", ("not", a), b)
    if f[0] == "iff":
        return ("and", ("or", ("not", a), b), ("or", a, ("not", b)))
    return (f[0], a, b)


def nnf(f, negate=False):
    if isinstance(f, str):
        return ("not", f) if negate else f
    if f[0] == "not":
        return nnf(f[1], not negate)
    op = f[0]
    if negate:
        op = "or" if op == "and" else "and"
    return (op, nnf(f[1], negate), nnf(f[2], negate))


def is_literal(f):
    return isinstance(f, str) or f[0] == "not"


def leaves(f):
    return 1 if is_literal(f) else leaves(f[1]) + leaves(f[2])


def key(lit):
    return 2 * INDEX[lit[0]] + (0 if lit[1] else 1)


class Converter:
    def __init__(self):
        self.tautologies = 0
        self.repeats = 0

    def add(self, clause, clauses, seen):
        literals = set(clause)
        if any((v, not pos) in literals for v, pos in clause):
            self.tautologies += 1
        elif clause in seen:
            self.repeats += 1
        else:
            seen.add(clause)
            clauses.append(clause)

    def cnf(self, f):
        if is_literal(f):
            return [((f, True),)] if isinstance(f, str) else [((f[1], False),)]
        left, right = self.cnf(f[1]), self.cnf(f[2])
        if f[0] == "and":
            clauses, seen = list(left), set(left)
            for c in right:
                self.add(c, clauses, seen)
            return clauses
        clauses, seen = [], set()
        for c1 in left:
            for c2 in right:
                self.add(tuple(sorted(set(c1) | set(c2), key=key)), clauses, seen)
        return clauses


def value(f, env):
    if isinstance(f, str):
        return env[f]
    if f[0] == "not":
        return not value(f[1], env)
    a = value(f[1], env)
    if f[0] == "and":
        return a and value(f[2], env)
    if f[0] == "or":
        return a or value(f[2], env)
    if f[0] == "implies":
        return (not a) or value(f[2], env)
    return a == value(f[2], env)


def clauses_value(clauses, env):
    return all(any(env[v] == pos for v, pos in clause) for clause in clauses)


def clause_text(clause):
    return " | ".join(v if pos else "~" + v for v, pos in clause)


def run(n):
    rng = Random(107)
    conv = Converter()
    nnf_leaves = clause_count = literal_count = differ = 0
    satisfiable = valid = unsatisfiable = 0
    first = None
    rows = [dict(zip(VARIABLES, bits)) for bits in product([False, True], repeat=5)]
    for _ in range(n):
        f = random_formula(rng, 4)
        g = nnf(eliminate(f))
        clauses = conv.cnf(g)
        nnf_leaves += leaves(g)
        clause_count += len(clauses)
        literal_count += sum(len(c) for c in clauses)
        true_rows = 0
        for env in rows:
            expected = value(f, env)
            if expected != clauses_value(clauses, env):
                differ += 1
            if expected:
                true_rows += 1
        if true_rows == 32:
            valid += 1
            satisfiable += 1
        elif true_rows == 0:
            unsatisfiable += 1
        else:
            satisfiable += 1
        if first is None:
            first = [clause_text(c) for c in clauses]
    return [n, nnf_leaves, clause_count, literal_count, conv.tautologies, conv.repeats, differ,
            satisfiable, valid, unsatisfiable, first]
