"""Identifiers: symbols, and the aliases macro expansion introduces.

Kept below the analysis layer (analysis.py, expander.py) so that it, the
back ends and the readers of code can all recognise aliases.
"""

from __future__ import annotations

from .datatypes import Pair, Symbol, cons


class Alias:
    """An identifier introduced by a macro expansion.

    `scope` is the macro's definition scope and `top` its top-level
    environment (compiler.TopLevel; None: wherever it is compiled), so a
    macro exported by a library refers to the library's bindings.
    """

    __slots__ = ("sym", "scope", "name", "top")

    def __init__(self, symbol, scope, top=None):
        self.sym = symbol  # a Symbol or another Alias (macro-made macros)
        self.scope = scope
        self.name = base_symbol(symbol).name
        self.top = top

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


def mentions(x, names, budget: list) -> bool:
    """Does an identifier named one of `names` (strings) occur anywhere in datum `x`,
    quoted or not?  Each datum looked at costs budget[0] one; at zero the answer is
    True (too big to look through: assume the worst)."""
    stack = [x]
    while stack:
        budget[0] -= 1
        if budget[0] < 0:
            return True
        x = stack.pop()
        t = type(x)
        if t is Pair:
            stack.append(x.car)
            stack.append(x.cdr)
        elif t is Symbol or t is Alias:
            if x.name in names:
                return True
        elif t is list:
            stack.extend(x)
    return False


def strip(x):
    """Return datum `x` with every Alias replaced by its symbol (copying pairs)."""
    t = type(x)
    if t is Alias:
        return base_symbol(x)
    if t is not Pair and t is not list:
        return x
    if not _contains_alias(x):
        return x
    if t is list:
        return [strip(v) for v in x]
    items = []
    p = x
    while type(p) is Pair:
        items.append(strip(p.car))
        p = p.cdr
    result = strip(p)
    for v in reversed(items):
        result = cons(v, result)
    return result


def has_cycle(x) -> bool:
    """True if datum `x` reaches itself through pairs and vectors.

    Datum labels (#0=(a . #0#)) make such data; a walk that copies or
    rewrites a datum must not start on one.  Shared parts are no cycle.
    """
    return find_cycle(x) is not None


def find_cycle(x, skip=None):
    """Return a pair or vector of `x` that reaches itself, or None.

    `skip(o)` true leaves pair or vector `o` and its parts out of the walk.
    """
    state: dict[int, bool] = {}  # id -> True while its parts are walked, False when done
    stack = [(x, False)]
    while stack:
        o, leaving = stack.pop()
        if leaving:
            state[id(o)] = False
            continue
        t = type(o)
        if t is not Pair and t is not list:
            continue
        if skip is not None and skip(o):
            continue
        walking = state.get(id(o))
        if walking:
            return o
        if walking is False:
            continue
        state[id(o)] = True
        stack.append((o, True))
        if t is Pair:
            stack.append((o.cdr, False))
            stack.append((o.car, False))
        else:
            stack.extend((item, False) for item in reversed(o))
    return None


def _contains_alias(x) -> bool:
    # Quoted data may be cyclic (datum labels): visit each pair and vector once.
    seen = set()
    stack = [x]
    while stack:
        o = stack.pop()
        t = type(o)
        if t is Alias:
            return True
        if t is Pair or t is list:
            if id(o) in seen:
                continue
            seen.add(id(o))
            if t is Pair:
                stack.append(o.car)
                stack.append(o.cdr)
            else:
                stack.extend(o)
    return False
