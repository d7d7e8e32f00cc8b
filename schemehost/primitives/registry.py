"""Declare primitives in one table: name, arity, and the Python function.

A primitive module declares pure procedures with `@primitive("name")` and
procedures that need their interpreter (ports, random, calling Scheme
procedures back) with `@needs_interp` on a factory taking the interpreter.
Argument checks go through the `check_*` helpers so every message reads
alike: ``car: argument 1 must be a pair: 3``.
"""

from __future__ import annotations

import operator
from fractions import Fraction

from ..datatypes import NIL, Char, MString, Pair, Symbol
from ..errors import SchemeError, scheme_error
from ..runtime import charge

# A list walk looks for a cycle once it has taken SHORT steps (see NO_MARK).
SHORT = 4096
_SHORT_RANGE = range(SHORT)

# (name, function, min args, max args or -1, tail-capable)
PRIMITIVES: list[tuple[str, object, int, int, bool]] = []
# factories: fn(interp) -> iterable of (name, function, min, max, tail)
FACTORIES: list = []


def python_arity(fn) -> tuple[int, int]:
    """Return (min, max or -1) positional arguments of a plain Python function.

    Read from the code object rather than inspect.signature: it runs for
    every primitive at import, and start-up time matters.
    """
    code = fn.__code__
    n = code.co_argcount
    defaults = len(fn.__defaults__ or ())
    varargs = bool(code.co_flags & 0x04)  # CO_VARARGS
    return n - defaults, (-1 if varargs else n)


def primitive(*names: str, lo: int | None = None, hi: int | None = None, tail: bool = False):
    """Register `fn` under each of `names`; arity from its signature unless given."""

    def deco(fn):
        a, b = python_arity(fn)
        for name in names:
            PRIMITIVES.append((name, fn, a if lo is None else lo, b if hi is None else hi, tail))
        return fn

    return deco


def named(define):
    """Return the decorator a factory puts on each procedure it defines.

    `@scheme("name", ...)` (with scheme = named(define)) defines the function
    below under each name through the factory's `define`, its arity read from
    its signature unless `lo` or `hi` says otherwise (map takes a procedure and
    at least one list), so each name sits on the function it names and no
    separate table can pair a name with the wrong function or arity.
    """

    def scheme(*names: str, lo: int | None = None, hi: int | None = None, tail: bool = False):
        def deco(fn):
            a, b = python_arity(fn)
            for name in names:
                if tail:
                    define(name, fn, a if lo is None else lo, b if hi is None else hi, tail=True)
                else:  # the plain four-argument call every factory's define takes
                    define(name, fn, a if lo is None else lo, b if hi is None else hi)
            return fn

        return deco

    return scheme


def needs_interp(factory):
    """Register a factory run once per interpreter: `factory(interp, define)`."""
    FACTORIES.append(factory)
    return factory


# The suffixes and tests of the ordering predicates char=? char<? ... and
# string=? string<? ...; chars.py and strings.py each define theirs from it.
COMPARISONS = (
    ("=?", operator.eq),
    ("<?", operator.lt),
    (">?", operator.gt),
    ("<=?", operator.le),
    (">=?", operator.ge),
)

_TYPE_NAMES = {
    "pair": "a pair",
    "list": "a list",
    "number": "a number",
    "integer": "an integer",
    "exact integer": "an exact integer",
    "real": "a real number",
    "string": "a string",
    "symbol": "a symbol",
    "char": "a character",
    "vector": "a vector",
    "bytevector": "a bytevector",
    "procedure": "a procedure",
    "index": "a valid index",
    "port": "a port",
}


def type_error(who: str, index: int, expected: str, got) -> SchemeError:
    what = _TYPE_NAMES.get(expected, expected)
    return scheme_error(f"{who}: argument {index} must be {what}", got)


def _type_check(name: str, py_type: type, expected: str):
    """Return check_`name`(who, index, x): `x` if its type is exactly `py_type`, else
    the error "`who`: argument `index` must be <`expected`>"."""

    def check(who: str, index: int, x):
        if type(x) is not py_type:
            raise type_error(who, index, expected, x)
        return x

    check.__name__ = check.__qualname__ = "check_" + name
    return check


check_pair = _type_check("pair", Pair, "pair")
check_string = _type_check("string", MString, "string")
check_symbol = _type_check("symbol", Symbol, "symbol")
check_char = _type_check("char", Char, "char")
check_vector = _type_check("vector", list, "vector")
check_bytevector = _type_check("bytevector", bytearray, "bytevector")


def check_integer(who: str, index: int, x) -> int:
    """Accept an exact integer (or an integral float, returned as int)."""
    t = type(x)
    if t is int:
        return x
    if t is float and x.is_integer():
        return int(x)
    raise type_error(who, index, "integer", x)


def check_exact_nonneg(who: str, index: int, x) -> int:
    if type(x) is not int or x < 0:
        raise scheme_error(f"{who}: argument {index} must be a non-negative exact integer", x)
    return x


def check_index(who: str, index: int, k, size: int, inclusive: bool = False) -> int:
    """Check that `k` is an exact integer index into something of `size`."""
    if type(k) is not int:
        raise type_error(who, index, "exact integer", k)
    limit = size + 1 if inclusive else size
    if not 0 <= k < limit:
        raise scheme_error(f"{who}: index out of range", k)
    return k


def check_real(who: str, index: int, x):
    t = type(x)
    if t is int or t is float or t is Fraction:
        return x
    raise type_error(who, index, "real", x)


def circular_error(who: str, index: int, x) -> SchemeError:
    """The error for a circular list where a list is wanted: the same
    `must be a list` as for any other non-list (R7RS: not a list)."""
    return type_error(who, index, "list", x)


def rest_length(p) -> int | None:
    """The number of pairs in the chain from `p`, or None when it is circular."""
    n = chain_end(p)
    return None if n is None else n[0]


# How every list walk in the primitives finds a cycle in the one pass it makes
# (Brent's algorithm).  The walk counts its steps down in windows, the first
# SHORT steps long and each next one twice as long as the last.  At the start
# of each window after the first it remembers the pair it has reached,
# `mark`, and compares every pair it reaches with it: on a circular list it
# meets its mark again in the first window that starts inside the cycle and
# is at least as long as the cycle, so it stops within about four times (the
# pairs before the cycle + the cycle + SHORT) steps; a proper list is walked
# once, one identity test per step more.  A walk that charges its work
# (runtime.charge) pays for each window as it ends (next_window) and for the
# steps of the last one after the walk, so the budget stops a long walk as it
# goes, and a whole walk costs what one charge of all its elements would (each
# window is a multiple of 256 elements):
#
#     n = w = SHORT
#     mark = NO_MARK
#     while type(p) is Pair:
#         ...
#         p = p.cdr
#         if p is mark:
#             raise circular_error(who, index, lst)
#         n -= 1
#         if n == 0:
#             n = w = next_window(w)  # w + w when the walk calls a procedure per element
#             mark = p
#     if w - n >= 256:  # unless it calls a procedure per element
#         charge(w - n)
#
# A walk over several lists in step ends with the shortest, so it is an error
# only when every one of them is circular: it follows one list at a time
# (`j`), and when that one proves circular moves on to the next (`proven`).

# The mark of a walk's first window: no value is this object.
NO_MARK = object()


def next_window(w: int) -> int:
    """Charge the `w` elements of the window a walk has finished; return the next one's length."""
    charge(w)
    return w + w


def proven(who: str, first_index: int, lists, j: int):
    """List `j` of a walk over `lists` in step is circular: follow the next
    one from the next window, (j + 1, NO_MARK); when it was the last, every
    list is circular, an error."""
    if j + 1 >= len(lists):
        raise circular_error(who, first_index, lists[0])
    return j + 1, NO_MARK


def chain_end(p) -> tuple[int, object] | None:
    """(number of pairs, what ends the chain) from `p`, or None when it is circular."""
    n = 0
    for _ in _SHORT_RANGE:
        if type(p) is not Pair:
            return n, p
        p = p.cdr
        n += 1
    w = SHORT
    while type(p) is Pair:
        mark = p
        for _ in range(w):
            p = p.cdr
            if type(p) is not Pair:
                return n + _ + 1, p
            if p is mark:
                return None
        n += w
        w += w
    return n, p


def list_items(who: str, index: int, x, calls: bool = False) -> tuple[list, object]:
    """Return (elements, tail) of the chain of pairs `x`; a circular one is an error.

    Charges for each element (runtime.charge), unless the caller `calls` a
    Scheme procedure per element, which the calls then pay for."""
    out = []
    append = out.append
    p = x
    for _ in _SHORT_RANGE:
        if type(p) is not Pair:
            break
        append(p.car)
        p = p.cdr
    else:
        # Long: go on in windows, looking for the cycle (see NO_MARK above),
        # charging each window as it ends.
        if not calls:
            charge(SHORT)
        done = w = SHORT
        while type(p) is Pair:
            mark = p
            for _ in range(w):
                append(p.car)
                p = p.cdr
                if type(p) is not Pair:
                    break
                if p is mark:
                    raise circular_error(who, index, x)
            else:
                if not calls:
                    charge(w)
                done += w
                w += w
        if not calls:
            charge(len(out) - done)
        return out, p
    if not calls and len(out) >= 256:
        charge(len(out))
    return out, p


def check_list(who: str, index: int, x, calls: bool = False) -> list:
    """Return the elements of proper list `x` as a Python list (charged as list_items)."""
    out, tail = list_items(who, index, x, calls)
    if tail is not NIL:
        raise type_error(who, index, "list", x)
    return out


def open_coded(code):
    """Decorator: give the primitive made of the function below the
    runtime.OpenCode `code` (written under the registry's decorator, so
    that it is there when the primitive is made)."""

    def deco(fn):
        fn.inline = code
        return fn

    return deco
