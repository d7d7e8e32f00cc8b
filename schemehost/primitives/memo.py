"""Host services for the labs: `memoize` and timing.

    (memoize proc)          => a procedure that remembers proc's results,
                               keyed on the arguments by equal?
    (memoize-clear! m)      empties the memo
    (memoize-stats m)       => ((hits . h) (misses . m) (size . n))
    (time-thunk thunk)      => (seconds . value): wall-clock seconds of one call
    (time-repeat thunk n)   => average seconds over n calls

A string argument is keyed by its current text.  Python caches a str's hash
in the str object, and MString keeps the same str until it is mutated, so a
1,000-letter word is hashed once, not on every call; memoized etaoin stays
quadratic.  Lists and vectors are keyed structurally (their length is paid
per call).
"""

from __future__ import annotations

import time
from fractions import Fraction

from ..datatypes import NIL, Char, MString, Pair, Symbol, cons
from ..runtime import Procedure, charge
from .registry import ANY, PROCEDURE, ArgType, named, list_items, needs_interp

_MISSING = object()


_TAGS = {int: "i", float: "f", Fraction: "q", complex: "c", bool: "b"}


def memo_key(x):
    """Return a hashable key equal for equal? Scheme values.

    Keys are built from strings and numbers only (tags, not type objects),
    so CPython's collector untracks them: a memo of a million entries then
    costs the garbage collector nothing, and memoized code keeps its
    complexity.
    """
    t = type(x)
    if t is int:
        return x
    tag = _TAGS.get(t)
    if tag is not None:
        return (tag, x)
    if t is MString:
        return ("s", x.s)
    if t is Symbol:
        return ("y", x.name)
    if t is Char:
        return ("c", x.ch)
    if t is Pair:
        cars, tail = list_items("memoize", 1, x)
        return ("p", tuple(map(memo_key, cars)), memo_key(tail))
    if x is NIL:
        return "()"
    if t is list:
        charge(len(x))
        return ("v", tuple(memo_key(v) for v in x))
    if t is bytearray:
        return ("u8", bytes(x))
    return ("id", id(x))  # procedures, ports, records: by identity (eqv?)


class Memoized(Procedure):
    """A procedure wrapped by `memoize`."""

    __slots__ = ("proc", "table", "hits", "misses", "name")

    def __init__(self, proc):
        self.proc = proc
        self.table: dict = {}
        self.hits = 0
        self.misses = 0
        self.name = f"memoized {getattr(proc, 'name', None) or 'procedure'}"

    def invoke(self, interp, args):
        if len(args) == 1:
            key = memo_key(args[0])
        else:
            key = tuple(map(memo_key, args))
        table = self.table
        value = table.get(key, _MISSING)
        if value is _MISSING:
            self.misses += 1
            value = interp.apply(self.proc, args)
            table[key] = value
            return value
        self.hits += 1
        return value


MEMOIZED = ArgType("memoized procedure", "type({x}) is not _Memoized", "a memoized procedure",
                   env={"_Memoized": Memoized})
POSITIVE_EXACT = ArgType("positive exact integer", "type({x}) is not int or {x} < 1", "a positive exact integer")


@needs_interp
def _memo(interp, define):
    scheme = named(define)

    @scheme("memoize", args=(PROCEDURE,))
    def memoize(proc):
        return Memoized(proc)

    @scheme("memoize-clear!", args=(MEMOIZED,))
    def memoize_clear(m):
        m.table.clear()
        m.hits = m.misses = 0
        from ..datatypes import UNSPECIFIED

        return UNSPECIFIED

    @scheme("memoize-stats", args=(MEMOIZED,))
    def memoize_stats(m):
        return cons(cons(Symbol.intern("hits"), m.hits),
                    cons(cons(Symbol.intern("misses"), m.misses),
                         cons(cons(Symbol.intern("size"), len(m.table)), NIL)))

    @scheme("time-thunk")
    def time_thunk(thunk):
        start = time.perf_counter()
        value = interp.apply(thunk, [])
        return cons(time.perf_counter() - start, value)

    @scheme("time-repeat", args=(ANY, POSITIVE_EXACT))
    def time_repeat(thunk, n):
        charge(n)
        start = time.perf_counter()
        for _ in range(n):
            interp.apply(thunk, [])
        return (time.perf_counter() - start) / n

