"""unify: type inference for lambda terms by unification (benchmarks/scheme/unify.scm).

The same algorithm as the Scheme: a term is a str, ("lambda", x, body) or
(f, a); a type is an int (a type variable) or ("->", from, to); a
substitution is a list of (variable, type) pairs searched from the newest
by a loop and grown by appending (one list per term: a failure abandons
the term), with the occurs check; failure is None.
The combinators and the Park-Miller random terms are the Scheme's.
"""


def walk(type_, subst):
    while isinstance(type_, int):
        for i in range(len(subst) - 1, -1, -1):
            if subst[i][0] == type_:
                type_ = subst[i][1]
                break
        else:
            return type_
    return type_


def occurs(var, type_, subst):
    type_ = walk(type_, subst)
    if isinstance(type_, int):
        return var == type_
    return occurs(var, type_[1], subst) or occurs(var, type_[2], subst)


def unify(a, b, subst):
    """The substitution extended so a and b agree, or None."""
    a = walk(a, subst)
    b = walk(b, subst)
    if isinstance(a, int) and isinstance(b, int) and a == b:
        return subst
    if isinstance(a, int):
        if occurs(a, b, subst):
            return None
        subst.append((a, b))
        return subst
    if isinstance(b, int):
        if occurs(b, a, subst):
            return None
        subst.append((b, a))
        return subst
    subst = unify(a[1], b[1], subst)
    if subst is None:
        return None
    return unify(a[2], b[2], subst)


def resolve(type_, subst):
    type_ = walk(type_, subst)
    if isinstance(type_, int):
        return type_
    return ("->", resolve(type_[1], subst), resolve(type_[2], subst))


def infer(term):
    counter = 0

    def fresh():
        nonlocal counter
        counter += 1
        return counter

    def go(term, env, subst):
        """(type, subst), or None."""
        if isinstance(term, str):
            for name, type_ in env:
                if name == term:
                    return type_, subst
            raise KeyError(term)
        if term[0] == "lambda":
            var = fresh()
            body = go(term[2], [(term[1], var)] + env, subst)
            if body is None:
                return None
            return ("->", var, body[0]), body[1]
        fun = go(term[0], env, subst)
        if fun is None:
            return None
        arg = go(term[1], env, fun[1])
        if arg is None:
            return None
        result = fresh()
        subst = unify(fun[0], ("->", arg[0], result), arg[1])
        if subst is None:
            return None
        return result, subst

    found = go(term, [], [])
    if found is None:
        return None
    return resolve(found[0], found[1])


def arrows(type_):
    if isinstance(type_, int):
        return 0
    return 1 + arrows(type_[1]) + arrows(type_[2])


def type_to_string(type_):
    names = []

    def name_of(var):
        for named, name in names:
            if named == var:
                return name
        k = len(names)
        name = chr(ord("a") + k) if k < 26 else "t" + str(k)
        names.append((var, name))
        return name

    def show(type_):
        if isinstance(type_, int):
            return name_of(type_)
        source = show(type_[1])
        target = show(type_[2])
        return (source if isinstance(type_[1], int) else "(" + source + ")") + " -> " + target

    return show(type_)


COMBINATORS = [
    ("lambda", "x", "x"),
    ("lambda", "x", ("lambda", "y", "x")),
    ("lambda", "x", ("lambda", "y", ("lambda", "z", (("x", "z"), ("y", "z"))))),
    ("lambda", "f", ("lambda", "g", ("lambda", "x", ("f", ("g", "x"))))),
    ("lambda", "f", ("lambda", "x", ("f", ("f", "x")))),
    ("lambda", "x", ("x", "x")),
]

NAMES = ["x" + str(k) for k in range(12)]

seed = 1


def next_choice():
    global seed
    seed = 16807 * seed % 2147483647
    return seed


def random_term(depth, scope):
    """scope lists the variables in scope, the innermost first."""
    r = next_choice()
    if scope and (depth <= 0 or r % 4 == 0):
        return scope[r // 4 % len(scope)]
    if not scope or depth <= 0 or r % 4 == 1:
        var = NAMES[len(scope)]
        return ("lambda", var, random_term(depth - 1, [var] + scope))
    return (random_term(depth - 1, scope), random_term(depth - 1, scope))


def run(n: int = 50_000) -> list:
    global seed
    seed = 1
    typed = total = most = 0
    last = None
    for i in range(n):
        type_ = infer(random_term(1 + i % 8, []))
        if type_ is not None:
            typed += 1
            total += arrows(type_)
            most = max(most, arrows(type_))
            last = type_
    shown = []
    for term in COMBINATORS:
        type_ = infer(term)
        shown.append(False if type_ is None else type_to_string(type_))
    return [shown, typed, total, most, False if last is None else type_to_string(last)]
