"""let-lang: a small expression language scanned, parsed and evaluated (benchmarks/scheme/let-lang.scm).

The same interpreter as the Scheme, in Python's own way: the scanner
walks the text by an index (str.isdigit, isalpha, isspace) into a list
of (kind, value) tuples, the parser is a class holding the tokens and
a position, its depth in parentheses kept right by try/finally, trees
are tuples, values Fractions, the environment a list of (name, value)
tuples searched by a for loop, newest first, errors exceptions of their
own; trees are written back by f-strings and join; the programs are
written as lists of pieces joined, the shared generator (from 277)
drawn in the same order.
"""

from fractions import Fraction

from .lcg import Random

NAMES = ["x", "y", "n", "rate", "total", "k2"]
FUNCTIONS = ["max", "min", "sum"]
GLOBALS = [("x", Fraction(3)), ("y", Fraction(-2)), ("n", Fraction(10))]


class LangError(Exception):
    kind = "error"


class SyntaxErr(LangError):
    kind = "syntax"


class Unbound(LangError):
    kind = "unbound"


class DivideByZero(LangError):
    kind = "divide-by-zero"


class Arity(LangError):
    kind = "arity"


class Counts:
    def __init__(self):
        self.tokens = 0
        self.deepest = 0
        self.read_back = 0


def scan(text, counts):
    tokens = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
            continue
        counts.tokens += 1
        if c.isdigit():
            n = 0
            while i < len(text) and text[i].isdigit():
                n = n * 10 + ord(text[i]) - ord("0")
                i += 1
            tokens.append(("num", n))
        elif c.isalpha():
            start = i
            while i < len(text) and (text[i].isalpha() or text[i].isdigit()):
                i += 1
            word = text[start:i]
            tokens.append(("kw", word) if word in ("let", "in") else ("id", word))
        elif c in "+-*/()=,":
            tokens.append(("op", c))
            i += 1
        else:
            raise SyntaxErr("unexpected character", c)
    tokens.append(("eof", None))
    return tokens


class Parser:
    def __init__(self, text, counts):
        self.counts = counts
        self.tokens = scan(text, counts)
        self.pos = 0
        self.depth = 0

    def peek(self):
        return self.tokens[self.pos]

    def advance(self):
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def is_op(self, c):
        kind, value = self.peek()
        return kind == "op" and value == c

    def is_kw(self, word):
        kind, value = self.peek()
        return kind == "kw" and value == word

    def expect_op(self, c):
        if not self.is_op(c):
            raise SyntaxErr("expected", c)
        self.advance()

    def nested(self, parse):
        self.depth += 1
        self.counts.deepest = max(self.counts.deepest, self.depth)
        try:
            return parse()
        finally:
            self.depth -= 1

    def parse(self):
        e = self.expr()
        if self.peek()[0] != "eof":
            raise SyntaxErr("text after the end")
        return e

    def expr(self):
        if not self.is_kw("let"):
            return self.sum()
        self.advance()
        kind, name = self.advance()
        if kind != "id":
            raise SyntaxErr("expected a name after let")
        self.expect_op("=")
        value = self.expr()
        if not self.is_kw("in"):
            raise SyntaxErr("expected in")
        self.advance()
        return ("let", name, value, self.expr())

    def sum(self):
        left = self.term()
        while True:
            if self.is_op("+"):
                self.advance()
                left = ("add", left, self.term())
            elif self.is_op("-"):
                self.advance()
                left = ("sub", left, self.term())
            else:
                return left

    def term(self):
        left = self.factor()
        while True:
            if self.is_op("*"):
                self.advance()
                left = ("mul", left, self.factor())
            elif self.is_op("/"):
                self.advance()
                left = ("div", left, self.factor())
            else:
                return left

    def args(self):
        if self.is_op(")"):
            self.advance()
            return []
        args = [self.expr()]
        while True:
            if self.is_op(","):
                self.advance()
                args.append(self.expr())
            elif self.is_op(")"):
                self.advance()
                return args
            else:
                raise SyntaxErr("expected , or )")

    def parenthesised(self):
        e = self.expr()
        self.expect_op(")")
        return e

    def factor(self):
        kind, value = self.peek()
        if kind == "num":
            self.advance()
            return ("num", value)
        if kind == "id":
            self.advance()
            if self.is_op("("):
                self.advance()
                return ("call", value, self.nested(self.args))
            return ("var", value)
        if kind == "op" and value == "-":
            self.advance()
            return ("neg", self.factor())
        if kind == "op" and value == "(":
            self.advance()
            return self.nested(self.parenthesised)
        raise SyntaxErr("unexpected", value)


def lookup(name, env):
    for key, value in env:
        if key == name:
            return value
    raise Unbound(name)


def call_function(name, args):
    if not args:
        raise Arity(name)
    if name == "max":
        return max(args)
    if name == "min":
        return min(args)
    if name == "sum":
        return sum(args, Fraction(0))
    raise Unbound(name)


def evaluate(e, env):
    tag = e[0]
    if tag == "num":
        return Fraction(e[1])
    if tag == "var":
        return lookup(e[1], env)
    if tag == "neg":
        return -evaluate(e[1], env)
    if tag in ("add", "sub", "mul", "div"):
        a = evaluate(e[1], env)
        b = evaluate(e[2], env)
        if tag == "add":
            return a + b
        if tag == "sub":
            return a - b
        if tag == "mul":
            return a * b
        if b == 0:
            raise DivideByZero()
        return a / b
    if tag == "let":
        value = evaluate(e[2], env)
        return evaluate(e[3], [(e[1], value)] + env)
    if tag == "call":
        return call_function(e[1], [evaluate(a, env) for a in e[2]])
    raise ValueError(f"let-lang: no such tree {e}")


SIGNS = {"add": "+", "sub": "-", "mul": "*", "div": "/"}


def unparse(e):
    tag = e[0]
    if tag in ("num", "var"):
        return str(e[1])
    if tag == "neg":
        return f"-({unparse(e[1])})"
    if tag in SIGNS:
        return f"({unparse(e[1])} {SIGNS[tag]} {unparse(e[2])})"
    if tag == "let":
        return f"(let {e[1]} = {unparse(e[2])} in {unparse(e[3])})"
    return f"{e[1]}({', '.join(unparse(a) for a in e[2])})"


def pick_name(rng, scope):
    r = rng.next() % 8
    if r == 0 or not scope:
        return NAMES[rng.next() % 6]
    return scope[rng.next() % len(scope)]


def generate(rng, depth, scope, out):
    kind = rng.next() % 2 if depth == 0 else rng.next() % 8
    if kind == 0:
        out.append(str(rng.next() % 10))
    elif kind == 1:
        out.append(pick_name(rng, scope))
    elif kind in (2, 3, 4):
        paren = rng.next() % 3 == 0
        op = "+-*/"[rng.next() % 4]
        if paren:
            out.append("(")
        generate(rng, depth - 1, scope, out)
        out.append(f" {op} ")
        generate(rng, depth - 1, scope, out)
        if paren:
            out.append(")")
    elif kind == 5:
        name = NAMES[rng.next() % 6]
        out.append(f"(let {name} = ")
        generate(rng, depth - 1, scope, out)
        out.append(" in ")
        generate(rng, depth - 1, [name] + scope, out)
        out.append(")")
    elif kind == 6:
        out.append("-")
        generate(rng, depth - 1, scope, out)
    else:
        name = FUNCTIONS[rng.next() % 3]
        count = 1 + rng.next() % 3
        out.append(name + "(")
        for i in range(count):
            if i > 0:
                out.append(", ")
            generate(rng, depth - 1, scope, out)
        out.append(")")


def program_text(rng):
    out = []
    generate(rng, 4, ["x", "y", "n"], out)
    text = "".join(out)
    if rng.next() % 10 == 0:
        i = rng.next() % len(text)
        text = text[:i] + text[i + 1:]
    return text


def run(n):
    rng = Random(277)
    counts = Counts()
    valued = level = total = 0
    errors = {"syntax": 0, "unbound": 0, "divide-by-zero": 0, "arity": 0}
    first = []
    for k in range(n):
        text = program_text(rng)
        parser = None
        try:
            parser = Parser(text, counts)
            tree = parser.parse()
            if Parser(unparse(tree), counts).parse() == tree:
                counts.read_back += 1
            shown = str(evaluate(tree, GLOBALS))
            valued += 1
        except LangError as e:
            shown = e.kind
            errors[e.kind] += 1
        if parser is None or parser.depth == 0:
            level += 1
        for ch in shown:
            total = (total * 31 + ord(ch)) % 1000003
        if k == 0:
            first = [text, shown]
    return [n, valued, errors["syntax"], errors["unbound"], errors["divide-by-zero"], errors["arity"],
            counts.read_back, counts.tokens, counts.deepest, level, total, first]
