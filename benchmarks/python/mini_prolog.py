"""mini-prolog: a small Prolog interpreter (benchmarks/scheme/mini-prolog.scm).

The same search as the Scheme's success and failure continuations, in
the order it makes its choices: a goal a generator of substitutions, a
conjunction a generator nested over its first goal, a predicate's
clauses tried in order, each renamed apart with a fresh stamp when it is
tried (a variable '?x' becomes the tuple ('?x', stamp)), the first
solution the first value taken.  Terms are lists (functor, arguments),
strings and integers; a substitution a linked list of (variable, term,
rest) tuples, () when empty, searched by a loop newest first;
unification without an occurs check.  The same built-ins (is, <,
differ), the same clauses and queries, inferences and stamps counted
where the Scheme counts them.
"""

import sys

EMPTY = ()


def is_variable(x):
    return isinstance(x, tuple) or (isinstance(x, str) and x[0] == "?")


def lookup(variable, s):
    while s:
        if s[0] == variable:
            return s
        s = s[2]
    return None


def walk(term, s):
    while is_variable(term):
        binding = lookup(term, s)
        if binding is None:
            return term
        term = binding[1]
    return term


def unify(a, b, s):
    a = walk(a, s)
    b = walk(b, s)
    if is_variable(a) and is_variable(b) and a == b:
        return s
    if is_variable(a):
        return (a, b, s)
    if is_variable(b):
        return (b, a, s)
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return None
        for x, y in zip(a, b):
            s = unify(x, y, s)
            if s is None:
                return None
        return s
    if isinstance(a, list) or isinstance(b, list):
        return None
    return s if a == b else None


def resolve(term, s):
    term = walk(term, s)
    if isinstance(term, list):
        return [resolve(x, s) for x in term]
    return term


def rename(term, stamp):
    if isinstance(term, str) and term[0] == "?":
        return (term, stamp)
    if isinstance(term, list):
        return [rename(x, stamp) for x in term]
    return term


def evaluate(expression, s):
    e = walk(expression, s)
    if isinstance(e, list):
        x = evaluate(e[1], s)
        y = evaluate(e[2], s)
        if e[0] == "+":
            return x + y
        if e[0] == "-":
            return x - y
        return x * y
    return e


class Prolog:
    def __init__(self):
        self.stamp = 0
        self.inferences = 0
        self.database = []  # (predicate, [clauses]) pairs, searched in order

    def add_clause(self, clause):
        name = clause[0][0]
        for entry in self.database:
            if entry[0] == name:
                entry[1].append(clause)
                return
        self.database.insert(0, (name, [clause]))

    def clauses_for(self, goal):
        for name, clauses in self.database:
            if name == goal[0]:
                return clauses
        return []

    def solve(self, goals, s, index=0):
        if index == len(goals):
            yield s
            return
        for s2 in self.solve_goal(goals[index], s):
            yield from self.solve(goals, s2, index + 1)

    def solve_goal(self, goal, s):
        self.inferences += 1
        functor = goal[0]
        if functor == "is":
            s2 = unify(goal[1], evaluate(goal[2], s), s)
            if s2 is not None:
                yield s2
        elif functor == "<":
            if evaluate(goal[1], s) < evaluate(goal[2], s):
                yield s
        elif functor == "differ":
            if unify(goal[1], goal[2], s) is None:
                yield s
        else:
            for clause in self.clauses_for(goal):
                self.stamp += 1
                renamed = rename(clause, self.stamp)
                unified = unify(goal, renamed[0], s)
                if unified is not None:
                    yield from self.solve(renamed, unified, 1)

    def all_solutions(self, goals, template):
        return [resolve(template, s) for s in self.solve(goals, EMPTY)]

    def first_solution(self, goals, template):
        for s in self.solve(goals, EMPTY):
            return resolve(template, s)
        return False


def prolog_list(items):
    term = "nil"
    for item in reversed(items):
        term = ["cons", item, term]
    return term


def python_list(term):
    items = []
    while term != "nil":
        items.append(term[1])
        term = term[2]
    return items


RULES = [
    [["grandparent", "?x", "?z"], ["parent", "?x", "?y"], ["parent", "?y", "?z"]],
    [["ancestor", "?x", "?y"], ["parent", "?x", "?y"]],
    [["ancestor", "?x", "?z"], ["parent", "?x", "?y"], ["ancestor", "?y", "?z"]],
    [["sibling", "?a", "?b"], ["parent", "?p", "?a"], ["parent", "?p", "?b"], ["differ", "?a", "?b"]],
    [["append", "nil", "?l", "?l"]],
    [["append", ["cons", "?h", "?t"], "?l", ["cons", "?h", "?r"]], ["append", "?t", "?l", "?r"]],
    [["nrev", "nil", "nil"]],
    [["nrev", ["cons", "?h", "?t"], "?r"], ["nrev", "?t", "?rt"], ["append", "?rt", ["cons", "?h", "nil"], "?r"]],
    [["select", "?x", ["cons", "?x", "?t"], "?t"]],
    [["select", "?x", ["cons", "?h", "?t"], ["cons", "?h", "?r"]], ["select", "?x", "?t", "?r"]],
    [["permutation", "nil", "nil"]],
    [["permutation", "?l", ["cons", "?h", "?t"]], ["select", "?h", "?l", "?r"], ["permutation", "?r", "?t"]],
    [["fib", 0, 0]],
    [["fib", 1, 1]],
    [["fib", "?n", "?f"], ["<", 1, "?n"], ["is", "?a", ["-", "?n", 1]], ["is", "?b", ["-", "?n", 2]],
     ["fib", "?a", "?fa"], ["fib", "?b", "?fb"], ["is", "?f", ["+", "?fa", "?fb"]]],
]


def run(n):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    prolog = Prolog()
    for k in range(n):
        if 2 * k + 1 < n:
            prolog.add_clause([["parent", k, 2 * k + 1]])
        if 2 * k + 2 < n:
            prolog.add_clause([["parent", k, 2 * k + 2]])
    for clause in RULES:
        prolog.add_clause(clause)
    grandparents = prolog.all_solutions([["grandparent", "?x", "?y"]], ["?x", "?y"])
    ancestors = prolog.all_solutions([["ancestor", "?x", "?y"]], ["?x", "?y"])
    siblings = prolog.all_solutions([["sibling", "?x", "?y"]], ["?x", "?y"])
    splits = prolog.all_solutions([["append", "?x", "?y", prolog_list(list(range(1, 9)))]], ["?x", "?y"])
    before = prolog.inferences
    reversed_list = prolog.first_solution([["nrev", prolog_list(list(range(1, n // 4 + 1))), "?r"]], "?r")
    nrev_inferences = prolog.inferences - before
    permutations = prolog.all_solutions([["permutation", prolog_list(list(range(1, n // 24 + 1))), "?p"]], "?p")
    fibonacci = prolog.first_solution([["fib", n // 10, "?f"]], "?f")
    return [len(grandparents), len(ancestors), len(siblings), len(splits),
            [python_list(part) for part in splits[2]], python_list(reversed_list), nrev_inferences,
            len(permutations), python_list(permutations[-1]), fibonacci, prolog.inferences, prolog.stamp]
