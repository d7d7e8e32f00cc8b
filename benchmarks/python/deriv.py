"""deriv: symbolic differentiation (benchmarks/scheme/deriv.scm).

Expressions are nested tuples ("+", a, b) and ("*", a, b); a variable is a
str, a number an int.
"""

EXPRESSIONS = [
    ("+", ("*", "x", ("*", "x", "x")), ("*", 3, ("*", "x", "y"))),
    ("*", ("+", "x", 3), ("+", ("*", "x", "y"), ("*", 2, "x"))),
    ("+", ("*", ("*", "x", "x"), ("+", "y", 1)), ("*", "x", ("*", "y", ("+", "x", 5)))),
    ("*", ("*", "x", "y"), ("+", ("*", "x", "x"), ("*", "y", ("+", "x", 7)))),
]


def is_number(e, n):
    return type(e) is int and e == n


def make_sum(a1, a2):
    if is_number(a1, 0):
        return a2
    if is_number(a2, 0):
        return a1
    if type(a1) is int and type(a2) is int:
        return a1 + a2
    return ("+", a1, a2)


def make_product(m1, m2):
    if is_number(m1, 0) or is_number(m2, 0):
        return 0
    if is_number(m1, 1):
        return m2
    if is_number(m2, 1):
        return m1
    if type(m1) is int and type(m2) is int:
        return m1 * m2
    return ("*", m1, m2)


def deriv(exp, var):
    if type(exp) is int:
        return 0
    if type(exp) is str:
        return 1 if exp == var else 0
    op, a, b = exp
    if op == "+":
        return make_sum(deriv(a, var), deriv(b, var))
    if op == "*":
        return make_sum(make_product(a, deriv(b, var)), make_product(deriv(a, var), b))
    raise ValueError(f"unknown expression type {exp!r}")


def size(exp):
    if type(exp) is tuple:
        return sum(size(x) for x in exp)
    return 1


def run(n: int = 5_000) -> int:
    total = 0
    for i in range(n):
        total += size(deriv(EXPRESSIONS[i % 4], "x" if i % 2 == 0 else "y"))
    return total
