"""infer: Hindley-Milner type inference (benchmarks/scheme/infer.scm).

The same algorithm as the Scheme: type variables are ints, int and bool
strings, arrows and lists tuples ("->", a, b) and ("list", a); the
substitution a list of (variable, type) pairs searched newest first, the
environment a list of (name, scheme) pairs searched by the shared
association-list loop; unification with the occurs check raises
TypeClash; let generalizes, every use instantiates.  Terms are nested
lists of ints, bools and names (str), drawn with the shared generator
(from 3) in the Scheme's order.
"""

import io

from .alist import assoc
from .lcg import Random


class TypeClash(Exception):
    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


class Inference:
    def __init__(self):
        self.subst = []
        self.counter = 100

    def fresh(self):
        self.counter += 1
        return self.counter

    def walk(self, t):
        while type(t) is int:
            for v, u in reversed(self.subst):
                if v == t:
                    t = u
                    break
            else:
                return t
        return t

    def resolve(self, t):
        t = self.walk(t)
        if type(t) is tuple:
            return (t[0],) + tuple(self.resolve(u) for u in t[1:])
        return t

    def occurs(self, v, t):
        t = self.walk(t)
        if type(t) is int:
            return v == t
        if type(t) is tuple:
            return any(self.occurs(v, u) for u in t[1:])
        return False

    def unify(self, t1, t2):
        t1, t2 = self.walk(t1), self.walk(t2)
        if type(t1) is int and type(t2) is int and t1 == t2:
            return
        if type(t1) is int:
            if self.occurs(t1, t2):
                raise TypeClash("occurs")
            self.subst.append((t1, t2))
        elif type(t2) is int:
            if self.occurs(t2, t1):
                raise TypeClash("occurs")
            self.subst.append((t2, t1))
        elif type(t1) is str and type(t2) is str:
            if t1 != t2:
                raise TypeClash("mismatch")
        elif type(t1) is tuple and type(t2) is tuple and t1[0] == t2[0]:
            for a, b in zip(t1[1:], t2[1:]):
                self.unify(a, b)
        else:
            raise TypeClash("mismatch")

    def generalize(self, t, env):
        t = self.resolve(t)
        fixed = set()
        for _, (bound, u) in env:
            fixed.update(v for v in type_variables(self.resolve(u)) if v not in bound)
        return tuple(v for v in type_variables(t) if v not in fixed), t

    def instantiate(self, scheme):
        bound, t = scheme
        renaming = {v: self.fresh() for v in bound}

        def copy(u):
            if type(u) is int:
                return renaming.get(u, u)
            if type(u) is tuple:
                return (u[0],) + tuple(copy(w) for w in u[1:])
            return u
        return copy(t)

    def infer(self, term, env):
        if type(term) is bool:
            return "bool"
        if type(term) is int:
            return "int"
        if type(term) is str:
            binding = assoc(term, env)
            if binding is None:
                raise TypeClash("unbound")
            return self.instantiate(binding[1])
        head = term[0]
        if head == "lambda":
            params, body = term[1], term[2]
            if len(params) > 1:
                return self.infer(["lambda", params[:1], ["lambda", params[1:], body]], env)
            a = self.fresh()
            t = self.infer(body, [(params[0], ((), a))] + env)
            return ("->", a, t)
        if head == "if":
            tc = self.infer(term[1], env)
            self.unify(tc, "bool")
            tt = self.infer(term[2], env)
            te = self.infer(term[3], env)
            self.unify(tt, te)
            return tt
        if head == "let":
            name, value = term[1][0]
            t1 = self.infer(value, env)
            return self.infer(term[2], [(name, self.generalize(t1, env))] + env)
        if len(term) > 2:
            return self.infer([[term[0], term[1]]] + term[2:], env)
        tf = self.infer(term[0], env)
        ta = self.infer(term[1], env)
        r = self.fresh()
        self.unify(tf, ("->", ta, r))
        return r


def type_variables(t, acc=None):
    """The type variables of t in the order they first appear."""
    acc = [] if acc is None else acc
    if type(t) is int:
        if t not in acc:
            acc.append(t)
    elif type(t) is tuple:
        for u in t[1:]:
            type_variables(u, acc)
    return acc


def arrow(a, b):
    return ("->", a, b)


INT_OP = ((), arrow("int", arrow("int", "int")))
INT_TEST = ((), arrow("int", arrow("int", "bool")))
BUILTINS = [
    ("+", INT_OP), ("-", INT_OP), ("*", INT_OP), ("=", INT_TEST), ("<", INT_TEST),
    ("not", ((), arrow("bool", "bool"))),
    ("nil", ((1,), ("list", 1))),
    ("cons", ((1,), arrow(1, arrow(("list", 1), ("list", 1))))),
    ("car", ((1,), arrow(("list", 1), 1))),
    ("cdr", ((1,), arrow(("list", 1), ("list", 1)))),
    ("null?", ((1,), arrow(("list", 1), "bool"))),
    ("fix", ((1,), arrow(arrow(1, 1), 1))),
]


def variable_name(k):
    return chr(ord("a") + k) if k < 26 else f"t{k}"


def type_to_string(t):
    names = {v: variable_name(k) for k, v in enumerate(type_variables(t))}
    out = io.StringIO()

    def put(u):
        if type(u) is int:
            out.write(names[u])
        elif type(u) is str:
            out.write(u)
        elif u[0] == "list":
            out.write("[")
            put(u[1])
            out.write("]")
        else:
            if type(u[1]) is tuple and u[1][0] == "->":
                out.write("(")
                put(u[1])
                out.write(")")
            else:
                put(u[1])
            out.write(" -> ")
            put(u[2])
    put(t)
    return out.getvalue()


def type_of(term):
    inference = Inference()
    try:
        t = inference.infer(term, BUILTINS)
    except TypeClash as clash:
        return clash.kind
    return type_to_string(inference.resolve(t))


EXAMPLES = [
    ["lambda", ["x"], "x"],
    ["lambda", ["x", "y"], "x"],
    ["lambda", ["f", "g", "x"], ["f", ["g", "x"]]],
    ["lambda", ["x", "y", "z"], ["x", "z", ["y", "z"]]],
    ["lambda", ["f", "x"], ["f", ["f", "x"]]],
    ["let", [["id", ["lambda", ["x"], "x"]]], ["id", "id"]],
    [["lambda", ["id"], ["id", "id"]], ["lambda", ["x"], "x"]],
    ["lambda", ["x"], ["x", "x"]],
    ["if", 1, 2, 3],
    ["+", 1, True],
    ["lambda", ["x"], "y"],
    ["fix", ["lambda", ["map", "f", "xs"], ["if", ["null?", "xs"], "nil",
                                             ["cons", ["f", ["car", "xs"]], ["map", "f", ["cdr", "xs"]]]]]],
    ["fix", ["lambda", ["foldr", "f", "z", "xs"], ["if", ["null?", "xs"], "z",
                                                   ["f", ["car", "xs"], ["foldr", "f", "z", ["cdr", "xs"]]]]]],
    ["let", [["pair", ["lambda", ["a", "b", "k"], ["k", "a", "b"]]]], ["pair", 1, True]],
    ["let", [["twice", ["lambda", ["f", "x"], ["f", ["f", "x"]]]]], ["twice", "twice", ["+", 1], 0]],
]


class TermMaker:
    def __init__(self, rng):
        self.rng = rng
        self.names_made = 0

    def fresh_name(self):
        self.names_made += 1
        return f"x{self.names_made}"

    def term(self, depth, scope):
        choice = self.rng.below(3 if depth == 0 else 8)
        if choice == 0:
            return self.rng.below(10)
        if choice == 1:
            return self.rng.below(2) == 0
        if choice == 2:
            return scope[self.rng.below(len(scope))]
        if choice in (3, 4):
            f = self.term(depth - 1, scope)
            a = self.term(depth - 1, scope)
            return [f, a]
        if choice == 5:
            x = self.fresh_name()
            return ["lambda", [x], self.term(depth - 1, [x] + scope)]
        if choice == 6:
            c = self.term(depth - 1, scope)
            t = self.term(depth - 1, scope)
            e = self.term(depth - 1, scope)
            return ["if", c, t, e]
        x = self.fresh_name()
        value = self.term(depth - 1, scope)
        body = self.term(depth - 1, [x] + scope)
        return ["let", [[x, value]], body]


def run(n: int = 4_000) -> list:
    fixed = [type_of(term) for term in EXAMPLES]
    maker = TermMaker(Random(3))
    scope = ["+", "=", "not", "nil", "cons", "car", "cdr", "null?"]
    typed = occurs = mismatch = length_sum = 0
    for _ in range(n):
        answer = type_of(maker.term(5, scope))
        if answer == "occurs":
            occurs += 1
        elif answer == "mismatch":
            mismatch += 1
        else:
            typed += 1
            length_sum += len(answer)
    return [fixed, typed, occurs, mismatch, length_sum]
