"""Open-coded primitives: `(car x)`, `(+ a b)`, ... compiled to Python
expressions when the operator is a global still bound to the standard
primitive.

Each inlined call checks, every time it runs, that the global still holds
the original primitive (one identity test) and that the arguments have the
common types (exact integers, pairs, ...).  Anything else (a redefined `+`,
a float, a wrong type) takes the slow path: the ordinary call of whatever
the global holds now, which also produces the ordinary error messages.
"""

from __future__ import annotations

from .datatypes import NIL, Char, MString, Pair, Symbol
from .errors import SchemehostError
from .codegen import inline_node, register_names
from .runtime import Closure

_INT2 = "type(x) is int and type(y) is int"

# name -> (guard, expression) over arguments x (and y)
UNARY = {
    "car": ("type(x) is Pair", "x.car"),
    "cdr": ("type(x) is Pair", "x.cdr"),
    "cadr": ("type(x) is Pair and type(x.cdr) is Pair", "x.cdr.car"),
    "cddr": ("type(x) is Pair and type(x.cdr) is Pair", "x.cdr.cdr"),
    "caar": ("type(x) is Pair and type(x.car) is Pair", "x.car.car"),
    "cdar": ("type(x) is Pair and type(x.car) is Pair", "x.car.cdr"),
    "null?": ("True", "x is NIL"),
    "pair?": ("True", "type(x) is Pair"),
    "not": ("True", "x is False"),
    "zero?": ("type(x) is int", "x == 0"),
    "string-length": ("type(x) is MString", "len(x.s)"),
    "vector-length": ("type(x) is list", "len(x)"),
    "abs": ("type(x) is int", "abs(x)"),
    "even?": ("type(x) is int", "x % 2 == 0"),
    "odd?": ("type(x) is int", "x % 2 == 1"),
    "positive?": ("type(x) is int", "x > 0"),
    "negative?": ("type(x) is int", "x < 0"),
    "symbol?": ("True", "type(x) is Symbol"),
    "string?": ("True", "type(x) is MString"),
    "vector?": ("True", "type(x) is list"),
    "char?": ("True", "type(x) is Char"),
    "boolean?": ("True", "type(x) is bool"),
}

BINARY = {
    "+": (_INT2, "x + y"),
    "-": (_INT2, "x - y"),
    "*": (_INT2, "x * y"),
    "=": (_INT2, "x == y"),
    "<": (_INT2, "x < y"),
    ">": (_INT2, "x > y"),
    "<=": (_INT2, "x <= y"),
    ">=": (_INT2, "x >= y"),
    "eq?": ("x is y", "True"),
    "eqv?": ("type(x) is Char or type(x) is Symbol", "x is y"),
    "equal?": ("type(x) is Char or type(x) is Symbol", "x is y"),
    "char=?": ("type(x) is Char and type(y) is Char", "x is y"),
    "max": (_INT2, "x if x >= y else y"),
    "min": (_INT2, "x if x <= y else y"),
    "cons": ("True", "Pair(x, y)"),
    "vector-ref": ("type(x) is list and type(y) is int and 0 <= y < len(x)", "x[y]"),
    "string-ref": ("type(x) is MString and type(y) is int and 0 <= y < len(x.s)", "Char.of(x.s[y])"),
    "quotient": (_INT2 + " and y > 0 and x >= 0", "x // y"),
    "remainder": (_INT2 + " and y > 0 and x >= 0", "x % y"),
}

register_names(Pair=Pair, NIL=NIL, Char=Char, MString=MString, Symbol=Symbol)
_TABLES = {1: UNARY, 2: BINARY}


def inline_call(name: str, cell, orig, argnodes, tail: bool, apply, span, form):
    """Return an open-coded node for `(name arg...)`, or None if not inlinable."""
    entry = _TABLES.get(len(argnodes), {}).get(name)
    if entry is None:
        return None
    guard, expr = entry

    def slow(args):
        f = cell.value
        if tail and type(f) is Closure:
            return (f, args)
        try:
            return apply(f, args)
        except SchemehostError as e:
            if e.span is None:
                e.span = span
            e.add_frame((span, form))
            raise

    return inline_node(guard, expr, argnodes, {"cell": cell, "orig": orig, "slow": slow})
