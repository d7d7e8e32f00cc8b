"""calc: scan, parse and evaluate arithmetic strings (benchmarks/scheme/calc.scm)."""


def tokenize(s):
    tokens = []
    i = 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            value = 0
            while i < len(s) and s[i].isdigit():
                value = value * 10 + ord(s[i]) - ord("0")
                i += 1
            tokens.append(value)
        elif c in "+-*()":
            tokens.append(c)
            i += 1
        else:
            raise ValueError(f"calc: bad character {c!r}")
    return tokens


# Each parser takes the tokens and a position and returns (tree, position).
def parse_expr(tokens, i):
    tree, i = parse_term(tokens, i)
    while i < len(tokens) and tokens[i] in ("+", "-"):
        op = tokens[i]
        right, i = parse_term(tokens, i + 1)
        tree = (op, tree, right)
    return tree, i


def parse_term(tokens, i):
    tree, i = parse_factor(tokens, i)
    while i < len(tokens) and tokens[i] == "*":
        right, i = parse_factor(tokens, i + 1)
        tree = ("*", tree, right)
    return tree, i


def parse_factor(tokens, i):
    token = tokens[i]
    if isinstance(token, int):
        return token, i + 1
    if token == "(":
        tree, i = parse_expr(tokens, i + 1)
        return tree, i + 1
    raise ValueError(f"calc: unexpected token {token!r}")


def evaluate(tree):
    if isinstance(tree, int):
        return tree
    op, left, right = tree
    a, b = evaluate(left), evaluate(right)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    return a * b


def expression(k):
    s = str(k)
    return f"({s} + 3) * ({s} - 1) + 2 * {s} - (7 * ({s} + 11)) * 4 - 5"


def run(n: int = 2_000) -> int:
    return sum(evaluate(parse_expr(tokenize(expression(k)), 0)[0]) for k in range(n))
