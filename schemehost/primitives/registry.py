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

# A list walk checks for a cycle once it has taken SHORT steps (see long_walk).
SHORT = 4096
_SHORT_RANGE = range(SHORT)
# What long_walk returns: a countdown that never reaches zero again.
_WALKED = -(1 << 62)

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


def chain_end(p) -> tuple[int, object] | None:
    """(number of pairs, what ends the chain) from `p`, or None when it is circular."""
    n = 0
    slow = fast = p
    while type(fast) is Pair:
        fast = fast.cdr
        n += 1
        if type(fast) is not Pair:
            break
        fast = fast.cdr
        n += 1
        slow = slow.cdr
        if fast is slow:
            return None
    return n, fast


def long_walk(who: str, index: int, whole, p, calls: bool = False) -> int:
    """A walk of list `whole` reached `p` after SHORT steps: check the rest is finite.

    Raises the circular-list error if a cycle is reachable from `p`;
    otherwise charges SHORT plus the rest's length (the steps the walk
    takes at most) and returns a countdown that stays negative.  Walks
    count down from SHORT, call this when the count reaches zero, and
    call `walked(countdown)` when they end.  A walk that `calls` a Scheme
    procedure per element is charged through those calls instead:

        n = SHORT
        while type(p) is Pair:
            ...
            n -= 1
            if n == 0:
                n = long_walk(who, index, lst, p)
        walked(n)
    """
    n = rest_length(p)
    if n is None:
        raise circular_error(who, index, whole)
    if not calls:
        charge(SHORT + n)
    return _WALKED


def long_walk_any(who: str, first_index: int, lists, ps) -> int:
    """long_walk for a walk over several lists in step, which ends with the
    shortest (an error only when every one of them is circular), calling a
    procedure per element (so not charged here)."""
    if all(rest_length(p) is None for p in ps):
        raise circular_error(who, first_index, lists[0])
    return _WALKED


def walked(n: int) -> None:
    """Charge the steps of a walk that ended with countdown `n` (see long_walk)."""
    if n > 0:
        charge(SHORT - n)


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
        if type(p) is Pair:
            long_walk(who, index, x, p, calls)
            while type(p) is Pair:
                append(p.car)
                p = p.cdr
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
