"""simplify: expression trees simplified, differentiated, evaluated, written (benchmarks/scheme/simplify.scm).

The same algorithm as the Scheme: a class for each kind of node (a
dataclass with slots), told apart by isinstance in the Scheme's order;
simplify bottom up by the same rules, the derivative by the sum,
product and power rules, values from a list of (name, value) pairs
searched by a loop, trees written to a string stream.  The trees are drawn in the same
order from the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

import io
from dataclasses import dataclass

from .alist import assoc
from .lcg import Random


@dataclass(slots=True)
class Num:
    value: int


@dataclass(slots=True)
class Var:
    name: str


@dataclass(slots=True)
class Sum:
    left: object
    right: object


@dataclass(slots=True)
class Product:
    left: object
    right: object


@dataclass(slots=True)
class Power:
    base: object
    exponent: int


def random_leaf(rng):
    kind = rng.below(5)
    if kind == 0:
        return Num(0)
    if kind == 1:
        return Num(1)
    if kind == 2:
        return Num(rng.below(10))
    if kind == 3:
        return Var("x")
    return Var("y")


def random_tree(rng, depth):
    if depth == 0:
        return random_leaf(rng)
    kind = rng.below(8)
    if kind == 0:
        return random_leaf(rng)
    if kind <= 2:
        left = random_tree(rng, depth - 1)
        return Sum(left, random_tree(rng, depth - 1))
    if kind <= 5:
        left = random_tree(rng, depth - 1)
        return Product(left, random_tree(rng, depth - 1))
    base = random_tree(rng, depth - 1)
    return Power(base, rng.below(4))


def size(e):
    if isinstance(e, (Sum, Product)):
        return 1 + size(e.left) + size(e.right)
    if isinstance(e, Power):
        return 1 + size(e.base)
    return 1


def same(a, b):
    if isinstance(a, Num):
        return isinstance(b, Num) and a.value == b.value
    if isinstance(a, Var):
        return isinstance(b, Var) and a.name == b.name
    if isinstance(a, Sum):
        return isinstance(b, Sum) and same(a.left, b.left) and same(a.right, b.right)
    if isinstance(a, Product):
        return isinstance(b, Product) and same(a.left, b.left) and same(a.right, b.right)
    return isinstance(b, Power) and a.exponent == b.exponent and same(a.base, b.base)


def number_is(e, k):
    return isinstance(e, Num) and e.value == k


def simple_sum(a, b):
    if isinstance(a, Num) and isinstance(b, Num):
        return Num(a.value + b.value)
    if number_is(a, 0):
        return b
    if number_is(b, 0):
        return a
    if same(a, b):
        return Product(Num(2), a)
    return Sum(a, b)


def simple_product(a, b):
    if isinstance(a, Num) and isinstance(b, Num):
        return Num(a.value * b.value)
    if number_is(a, 0) or number_is(b, 0):
        return Num(0)
    if number_is(a, 1):
        return b
    if number_is(b, 1):
        return a
    return Product(a, b)


def simple_power(a, k):
    if k == 0:
        return Num(1)
    if k == 1:
        return a
    if isinstance(a, Num):
        return Num(a.value ** k)
    if isinstance(a, Power):
        return simple_power(a.base, k * a.exponent)
    return Power(a, k)


def simplify(e):
    if isinstance(e, Sum):
        return simple_sum(simplify(e.left), simplify(e.right))
    if isinstance(e, Product):
        return simple_product(simplify(e.left), simplify(e.right))
    if isinstance(e, Power):
        return simple_power(simplify(e.base), e.exponent)
    return e


def derive(e):
    if isinstance(e, Num):
        return Num(0)
    if isinstance(e, Var):
        return Num(1 if e.name == "x" else 0)
    if isinstance(e, Sum):
        return Sum(derive(e.left), derive(e.right))
    if isinstance(e, Product):
        return Sum(Product(derive(e.left), e.right), Product(e.left, derive(e.right)))
    if e.exponent == 0:
        return Num(0)
    k = e.exponent
    return Product(Product(Num(k), Power(e.base, k - 1)), derive(e.base))


def value(e, env):
    if isinstance(e, Num):
        return e.value
    if isinstance(e, Var):
        return assoc(e.name, env)[1]
    if isinstance(e, Sum):
        return value(e.left, env) + value(e.right, env)
    if isinstance(e, Product):
        return value(e.left, env) * value(e.right, env)
    return value(e.base, env) ** e.exponent


def write_tree(e, out):
    if isinstance(e, Num):
        out.write(str(e.value))
    elif isinstance(e, Var):
        out.write(e.name)
    elif isinstance(e, (Sum, Product)):
        out.write("(")
        write_tree(e.left, out)
        out.write(" + " if isinstance(e, Sum) else " * ")
        write_tree(e.right, out)
        out.write(")")
    elif isinstance(e.base, Power):
        out.write("(")
        write_tree(e.base, out)
        out.write(")^")
        out.write(str(e.exponent))
    else:
        write_tree(e.base, out)
        out.write("^")
        out.write(str(e.exponent))


def tree_to_string(e):
    out = io.StringIO()
    write_tree(e, out)
    return out.getvalue()


def run(n: int = 6_000) -> list:
    rng = Random(41)
    env = [("x", 3), ("y", -2)]
    nodes = simple_nodes = derived_nodes = agree = chars = total = 0
    first = []
    for k in range(n):
        e = random_tree(rng, 5)
        s = simplify(e)
        d = simplify(derive(e))
        written = tree_to_string(d)
        nodes += size(e)
        simple_nodes += size(s)
        derived_nodes += size(d)
        if value(e, env) == value(s, env):
            agree += 1
        chars += len(written)
        total = (total + value(d, env)) % 1000003
        if k == 0:
            first = [tree_to_string(e), tree_to_string(s), written]
    return [nodes, simple_nodes, derived_nodes, agree, chars, total] + first
