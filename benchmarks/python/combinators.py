"""combinators: arithmetic parsed by parser combinators (benchmarks/scheme/combinators.scm).

The same algorithm as the Scheme: a parser a function from a text and
an index to None or a (value, index) pair; succeed, item, bind, sat,
either, many, many1, token, literal and chainl1 as closures, each rule of
the grammar building its combinators anew on every call; the values
worked out while parsing (max, min and gcd from a list of pairs
searched by a loop, / truncating toward zero, a division by zero raised
as an exception, a text with characters left over another).  The texts
come from the Scheme's draws, x -> (1103515245x + 12345) mod 2^31.
"""

import math

from .alist import assoc
from .lcg import Random


class DivisionByZero(Exception):
    pass


class ParseError(Exception):
    pass


def succeed(value):
    return lambda text, i: (value, i)


def fail(text, i):
    return None


def item(text, i):
    return (text[i], i + 1) if i < len(text) else None


def bind(p, f):
    def parser(text, i):
        result = p(text, i)
        return result and f(result[0])(text, result[1])
    return parser


def sat(test):
    return bind(item, lambda c: succeed(c) if test(c) else fail)


def either(*parsers):
    def parser(text, i):
        for p in parsers:
            result = p(text, i)
            if result:
                return result
        return None
    return parser


def many(p):
    return lambda text, i: either(many1(p), succeed([]))(text, i)


def many1(p):
    return bind(p, lambda x: bind(many(p), lambda xs: succeed([x] + xs)))


def token(p):
    return bind(p, lambda value: bind(many(sat(str.isspace)), lambda spaces: succeed(value)))


def literal(c):
    return token(sat(lambda d: c == d))


def chainl1(p, op):
    def rest(a):
        return either(bind(op, lambda f: bind(p, lambda b: rest(f(a, b)))), succeed(a))
    return bind(p, rest)


def divide(a, b):
    if b == 0:
        raise DivisionByZero()
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


FUNCTIONS = [("max", max), ("min", min), ("gcd", math.gcd)]


number = token(bind(many1(sat(str.isdigit)), lambda digits: succeed(int("".join(digits)))))
name = token(bind(many1(sat(str.isalpha)), lambda letters: succeed("".join(letters))))
add_op = either(bind(literal("+"), lambda c: succeed(lambda a, b: a + b)),
                bind(literal("-"), lambda c: succeed(lambda a, b: a - b)))
mul_op = either(bind(literal("*"), lambda c: succeed(lambda a, b: a * b)),
                bind(literal("/"), lambda c: succeed(divide)))


def expr(text, i):
    return chainl1(term, add_op)(text, i)


def term(text, i):
    return chainl1(factor, mul_op)(text, i)


def arguments(text, i):
    return bind(expr, lambda first: bind(many(bind(literal(","), lambda comma: expr)),
                                         lambda others: succeed([first] + others)))(text, i)


def factor(text, i):
    return either(
        number,
        bind(literal("("), lambda open_: bind(expr, lambda value: bind(literal(")"), lambda close: succeed(value)))),
        bind(literal("-"), lambda minus: bind(factor, lambda value: succeed(-value))),
        bind(name, lambda f: bind(literal("("), lambda open_: bind(arguments, lambda args: bind(
            literal(")"), lambda close: succeed(assoc(f, FUNCTIONS)[1](*args)))))),
    )(text, i)


def parse_text(text):
    result = expr(text, 0)
    if result and result[1] == len(text):
        return result[0]
    raise ParseError(len(text) - result[1] if result else len(text))


def operator(rng, symbol):
    return symbol + " " if rng.next() % 2 == 1 else symbol


def bracketed(text):
    return "(" + text + ")"


def random_text(rng, depth):
    def pair(joiner, wrap):
        left = random_text(rng, depth - 1)
        op = operator(rng, joiner)
        right = random_text(rng, depth - 1)
        return wrap(left) + op + wrap(right)

    if depth == 0:
        return str(rng.below(100))
    kind = rng.below(10)
    if kind == 0:
        return str(rng.below(100))
    if kind in (1, 2):
        return pair("+", lambda text: text)
    if kind == 3:
        return pair("-", bracketed)
    if kind in (4, 5):
        return pair("*", bracketed)
    if kind == 6:
        return pair("/", bracketed)
    if kind == 7:
        return "-" + bracketed(random_text(rng, depth - 1))
    f = ["max", "min", "gcd"][rng.below(3)]
    count = 2 + rng.below(2)
    args = [random_text(rng, depth - 1) for _ in range(count)]
    joined = args[0]
    for arg in args[1:]:
        joined += operator(rng, ",") + arg
    return f + "(" + joined + ")"


def run(n: int = 2_000) -> list:
    rng = Random(47)
    valued = by_zero = cut = total = chars = 0
    first = []
    for k in range(n):
        whole = random_text(rng, 4)
        text = whole[:-1] if rng.below(8) == 0 else whole
        try:
            outcome = parse_text(text)
        except DivisionByZero:
            outcome = "division-by-zero"
        except ParseError:
            outcome = "cut"
        if type(outcome) is int:
            valued += 1
            total = (total + outcome) % 1000003
        elif outcome == "division-by-zero":
            by_zero += 1
        else:
            cut += 1
        chars += len(text)
        if k == 0:
            first = [text, outcome]
    return [valued, by_zero, cut, total, chars] + first
