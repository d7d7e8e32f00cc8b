"""turtle: an interpreter of a small Logo (benchmarks/scheme/turtle.scm).

The same algorithm as the Scheme: programs as nested lists of names
(str) and numbers; a Turtle dataclass moved by cos and sin of its
heading in radians; expressions looked up in an environment of
(name, value) pairs by the shared association-list loop, operators
from a table; each procedure call catches the Stop its body may raise
(the Scheme's call/cc), jump puts the pen back in a finally (the
Scheme's dynamic-wind).  Exact division of integers is a Fraction, as
Scheme's / gives.
"""

import math
import operator
import sys
from dataclasses import dataclass
from fractions import Fraction

from .alist import assoc


@dataclass
class Turtle:
    x: float = 0
    y: float = 0
    heading: object = 0
    pen_down: bool = True
    segments: int = 0
    drawn: float = 0
    min_x: float = 0
    max_x: float = 0
    min_y: float = 0
    max_y: float = 0

    def move(self, distance):
        radians = self.heading * PI / 180
        x = self.x + distance * math.cos(radians)
        y = self.y + distance * math.sin(radians)
        if self.pen_down:
            self.segments += 1
            self.drawn += abs(distance)
            self.min_x, self.max_x = min(self.min_x, x), max(self.max_x, x)
            self.min_y, self.max_y = min(self.min_y, y), max(self.max_y, y)
        self.x, self.y = x, y


PI = 4 * math.atan(1)


def divide(a, *rest):
    for b in rest:
        a = Fraction(a, b) if isinstance(a, (int, Fraction)) and isinstance(b, (int, Fraction)) else a / b
    return a


def _chain(test):
    return lambda *xs: all(test(a, b) for a, b in zip(xs, xs[1:]))


OPERATORS = {"+": lambda *xs: sum(xs), "-": lambda a, *rest: a - sum(rest) if rest else -a,
             "*": lambda *xs: math.prod(xs), "/": divide, "=": _chain(operator.eq), "<": _chain(operator.lt),
             ">": _chain(operator.gt), "min": min}


class Stop(Exception):
    pass


def value(expression, env):
    if isinstance(expression, (int, float, Fraction)):
        return expression
    if isinstance(expression, str):
        binding = assoc(expression, env)
        if binding is None:
            raise NameError(expression)
        return binding[1]
    return OPERATORS[expression[0]](*(value(e, env) for e in expression[1:]))


def execute_all(commands, t, env, procedures):
    for command in commands:
        execute(command, t, env, procedures)


def execute(command, t, env, procedures):
    name = command[0]
    if name == "forward":
        t.move(value(command[1], env))
    elif name == "back":
        t.move(-value(command[1], env))
    elif name == "left":
        t.heading += value(command[1], env)
    elif name == "right":
        t.heading -= value(command[1], env)
    elif name == "penup":
        t.pen_down = False
    elif name == "pendown":
        t.pen_down = True
    elif name == "repeat":
        for _ in range(value(command[1], env)):
            execute_all(command[2:], t, env, procedures)
    elif name == "if":
        if value(command[1], env):
            execute_all(command[2:], t, env, procedures)
    elif name == "ifelse":
        execute_all(command[2] if value(command[1], env) else command[3], t, env, procedures)
    elif name == "jump":
        pen = t.pen_down
        t.pen_down = False
        try:
            t.move(value(command[1], env))
        finally:
            t.pen_down = pen
    elif name == "stop":
        raise Stop
    else:
        parameters, body = procedures[name]
        arguments = [value(e, env) for e in command[1:]]
        try:
            execute_all(body, t, list(zip(parameters, arguments)), procedures)
        except Stop:
            pass


LIBRARY = {
    "square": (["size"], [["repeat", 4, ["forward", "size"], ["right", 90]]]),
    "polygon": (["sides", "size"], [["repeat", "sides", ["forward", "size"], ["right", ["/", 360, "sides"]]]]),
    "spiral": (["size", "step", "limit"], [["if", [">", "size", "limit"], ["stop"]],
                                           ["forward", "size"],
                                           ["right", 91],
                                           ["spiral", ["+", "size", "step"], "step", "limit"]]),
    "tree": (["size", "depth"], [["if", ["=", "depth", 0], ["stop"]],
                                 ["forward", "size"],
                                 ["left", 30],
                                 ["tree", ["*", "size", 0.7], ["-", "depth", 1]],
                                 ["right", 60],
                                 ["tree", ["*", "size", 0.7], ["-", "depth", 1]],
                                 ["left", 30],
                                 ["jump", ["-", "size"]]]),
    "koch": (["size", "depth"], [["ifelse", ["=", "depth", 0],
                                  [["forward", "size"]],
                                  [["koch", ["/", "size", 3], ["-", "depth", 1]],
                                   ["left", 60],
                                   ["koch", ["/", "size", 3], ["-", "depth", 1]],
                                   ["right", 120],
                                   ["koch", ["/", "size", 3], ["-", "depth", 1]],
                                   ["left", 60],
                                   ["koch", ["/", "size", 3], ["-", "depth", 1]]]]]),
    "snowflake": (["size", "depth"], [["repeat", 3, ["koch", "size", "depth"], ["right", 120]]]),
}


def hundredths(x):
    return round(100 * x)


def run(n: int = 12_000) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * n + 1000))
    t = Turtle()
    execute_all([["square", n],
                 ["spiral", 1, 1, min(n, 500)],
                 ["repeat", n // 10, ["polygon", 5, 20], ["right", 7]],
                 ["penup"], ["forward", 10], ["pendown"],
                 ["tree", 40, min(9, n // 200)],
                 ["snowflake", 90, min(4, n // 400)]],
                t, [], LIBRARY)
    return [t.segments, hundredths(t.drawn),
            [hundredths(v) for v in (t.min_x, t.max_x, t.min_y, t.max_y, t.x, t.y)],
            str(t.heading), t.pen_down]
