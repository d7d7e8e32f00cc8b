"""shunting-yard: minimal parentheses, the shunting yard, reverse Polish (benchmarks/scheme/shunting-yard.scm).

The same algorithms as the Scheme, in Python's own way: trees as tuples
(op, left, right), a dict of (precedence, side), Fractions, the text
built by a recursive function returning strings, the tokens read by an
index over the text, the stacks lists by append and pop, ZeroDivisionError
caught for the reverse Polish; the shared generator (from 191) drawn in
the same order.
"""

import math
from fractions import Fraction

from .lcg import Random

OPERATORS = {"+": (1, "left"), "-": (1, "left"), "*": (2, "left"), "/": (2, "left"), "^": (3, "right")}


def random_tree(rng, depth):
    if depth == 0 or rng.next() % 10 < 3:
        return rng.next() % 10
    op = "+-*/^"[rng.next() % 5]
    left = random_tree(rng, depth - 1)
    if op == "^":
        return (op, left, rng.next() % 4)
    return (op, left, random_tree(rng, depth - 1))


def apply_operator(op, a, b):
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return Fraction(a) / b
    return Fraction(a) ** b


def evaluate(tree):
    if isinstance(tree, int):
        return tree
    op, left, right = tree
    a, b = evaluate(left), evaluate(right)
    if a is None or b is None or (op == "/" and b == 0):
        return None
    return apply_operator(op, a, b)


def tree_precedence(tree):
    return 9 if isinstance(tree, int) else OPERATORS[tree[0]][0]


def tree_text(tree):
    if isinstance(tree, int):
        return str(tree)
    op, left, right = tree
    p, side = OPERATORS[op]
    lp, rp = tree_precedence(left), tree_precedence(right)
    left_text = tree_text(left)
    right_text = tree_text(right)
    if lp < p or (lp == p and side != "left"):
        left_text = "(" + left_text + ")"
    if rp < p or (rp == p and side == "left"):
        right_text = "(" + right_text + ")"
    return left_text + (op if op == "^" else " " + op + " ") + right_text


def tokens(text):
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            value = 0
            while i < len(text) and text[i].isdigit():
                value = value * 10 + int(text[i])
                i += 1
            out.append(value)
        else:
            out.append(c)
            i += 1
    return out


def shunting_yard(toks):
    stack, out = [], []
    for tok in toks:
        if isinstance(tok, int):
            out.append(tok)
        elif tok == "(":
            stack.append(tok)
        elif tok == ")":
            while stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            p1, side = OPERATORS[tok]
            while stack and stack[-1] in OPERATORS and (
                    OPERATORS[stack[-1]][0] > p1 or (OPERATORS[stack[-1]][0] == p1 and side == "left")):
                out.append(stack.pop())
            stack.append(tok)
    return out + stack[::-1]


def evaluate_rpn(rpn):
    stack = []
    try:
        for tok in rpn:
            if isinstance(tok, int):
                stack.append(tok)
            else:
                b = stack.pop()
                a = stack.pop()
                stack.append(apply_operator(tok, a, b))
    except ZeroDivisionError:
        return None
    return stack[0]


def rpn_tree(rpn):
    stack = []
    for tok in rpn:
        if isinstance(tok, int):
            stack.append(tok)
        else:
            b = stack.pop()
            a = stack.pop()
            stack.append((tok, a, b))
    return stack[0]


def run(n):
    rng = Random(191)
    count = undefined = agreed = rebuilt = checksum = 0
    total = 0
    last = []
    for k in range(n):
        tree = random_tree(rng, 3 + rng.next() % 3)
        text = tree_text(tree)
        toks = tokens(text)
        rpn = shunting_yard(toks)
        direct = evaluate(tree)
        stacked = evaluate_rpn(rpn)
        rpn_text = " ".join(str(tok) for tok in rpn)
        count += len(toks)
        if direct is None:
            undefined += 1
        else:
            total += math.floor(direct)
        if direct == stacked:
            agreed += 1
        if rpn_tree(rpn) == tree:
            rebuilt += 1
        for c in rpn_text:
            checksum = (checksum * 31 + ord(c)) % 1000003
        last = [text, rpn_text, "undefined" if direct is None else str(direct)]
    return [n, count, undefined, agreed, rebuilt, checksum, total] + last
