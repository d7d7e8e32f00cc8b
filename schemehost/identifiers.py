"""Identifiers: symbols, and the aliases macro expansion introduces.

Kept apart from the expander so the compiler can recognise aliases without
importing the expander (which imports the compiler).
"""

from __future__ import annotations

from .datatypes import Pair, Symbol


class Alias:
    """An identifier introduced by a macro expansion."""

    __slots__ = ("sym", "scope", "name")

    def __init__(self, symbol, scope):
        self.sym = symbol  # a Symbol or another Alias (macro-made macros)
        self.scope = scope
        self.name = base_symbol(symbol).name

    def __repr__(self) -> str:
        return f"Alias({self.name})"

    def scheme_repr(self) -> str:
        return self.name


def base_symbol(x):
    while type(x) is Alias:
        x = x.sym
    return x


def is_ident(x) -> bool:
    return type(x) is Symbol or type(x) is Alias


def strip(x):
    """Return datum `x` with every Alias replaced by its symbol (copying pairs)."""
    t = type(x)
    if t is Alias:
        return base_symbol(x)
    if t is list:
        return [strip(v) for v in x]
    if t is not Pair:
        return x
    if not _contains_alias(x):
        return x
    items = []
    p = x
    while type(p) is Pair:
        items.append(strip(p.car))
        p = p.cdr
    result = strip(p)
    for v in reversed(items):
        result = Pair(v, result)
    return result


def _contains_alias(x) -> bool:
    stack = [x]
    while stack:
        o = stack.pop()
        t = type(o)
        if t is Alias:
            return True
        if t is Pair:
            stack.append(o.car)
            stack.append(o.cdr)
        elif t is list:
            stack.extend(o)
    return False
