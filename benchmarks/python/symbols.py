"""symbols: generated expressions as tuples with str variables, simplified, evaluated in a dict
(benchmarks/scheme/symbols.scm).

The same algorithms as the Scheme: leaves and operators drawn by make_leaf
and make_operator, the expression simplified bottom up, evaluated in an
environment (a dict where the Scheme's is an association list read with
assq), measured, and its variables counted by a walk over every element,
the operator included, testing each with is_variable (a str whose first
character is x).
"""

ENVIRONMENT = {f"x{k}": value for k, value in enumerate((3, 5, 7, 11))}


def variable(k):
    return "x" + str(k)


def make_leaf(r):
    kind = r % 6
    if kind == 0:
        return 0
    if kind == 1:
        return 1
    if kind == 2:
        return r % 10
    return variable(r % 4)


def make_operator(r):
    kind = r % 3
    if kind == 0:
        return "+"
    if kind == 1:
        return "*"
    return "-"


class Expressions:
    def __init__(self):
        self.seed = 1

    def next_random(self):
        self.seed = (self.seed * 37 + 11) % 1009
        return self.seed

    def make(self, depth):
        r = self.next_random()
        if depth == 0:
            return make_leaf(r)
        operator = make_operator(r)
        left = self.make(depth - 1)
        right = self.make(depth - 1)
        return (operator, left, right)


def simplify(e):
    if not isinstance(e, tuple):
        return e
    op, a, b = e[0], simplify(e[1]), simplify(e[2])
    numbers = isinstance(a, int) and isinstance(b, int)
    if op == "+":
        if numbers:
            return a + b
        if a == 0:
            return b
        if b == 0:
            return a
    elif op == "*":
        if numbers:
            return a * b
        if a == 0 or b == 0:
            return 0
        if a == 1:
            return b
        if b == 1:
            return a
    else:
        if numbers:
            return a - b
        if b == 0:
            return a
        if isinstance(a, str) and a == b:
            return 0
    return (op, a, b)


def evaluate(e):
    if isinstance(e, int):
        return e
    if isinstance(e, str):
        return ENVIRONMENT[e]
    a, b = evaluate(e[1]), evaluate(e[2])
    return a + b if e[0] == "+" else a * b if e[0] == "*" else a - b


def size(e):
    return 1 + size(e[1]) + size(e[2]) if isinstance(e, tuple) else 1


def is_variable(x):
    return isinstance(x, str) and x[0] == "x"


def count_variables(e):
    if is_variable(e):
        return 1
    if isinstance(e, tuple):
        count = 0
        for x in e:
            count += count_variables(x)
        return count
    return 0


def run(n: int = 5_000) -> list:
    source = Expressions()
    counts = {int: 0, str: 0, tuple: 0}
    total_size = variables = total = 0
    same = True
    for _ in range(n):
        e = source.make(3)
        s = simplify(e)
        value = evaluate(s)
        counts[type(s)] += 1
        total_size += size(s)
        variables += count_variables(s)
        same = same and value == evaluate(e)
        total = (total + value) % 1000003
    return [counts[int], counts[str], counts[tuple], total_size, variables, same, total]
