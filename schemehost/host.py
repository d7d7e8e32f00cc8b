"""Python <-> Scheme: value conversion and Scheme procedures as Python callables.

A value crossing between the two worlds goes through here, nowhere else.

    to_scheme(3)            -> 3             to_python(3)           -> 3
    to_scheme("hi")         -> MString       to_python(MString)     -> "hi"
    to_scheme([1, [2]])     -> (1 (2))       to_python((1 (2)))     -> [1, [2]]
    to_scheme(True)         -> #t            to_python(Symbol)      -> Symbol
    to_scheme((1, 2))       -> #(1 2)        to_python(#(1 2))      -> (1, 2)
"""

from __future__ import annotations

import time
from fractions import Fraction

from .datatypes import NIL, UNSPECIFIED, Char, MString, MultipleValues, Pair, cons, new_string
from .errors import scheme_error
from .runtime import Procedure


def to_scheme(x):
    """Return the Scheme value for a Python value (lists become lists, tuples vectors)."""
    t = type(x)
    if t is bool or t is int or t is float or t is Fraction or t is complex:
        return x
    if t is str:
        return new_string(x)
    if x is None:
        return UNSPECIFIED
    if t is list:
        result = NIL
        for v in reversed(x):
            result = cons(to_scheme(v), result)
        return result
    if t is tuple:
        return [to_scheme(v) for v in x]
    if t is bytes:
        return bytearray(x)
    if x.__class__ is not t:
        # (A weakref proxy, a mock: generated code tests x.__class__, pyfunc.class_tests.)
        raise TypeError(f"a {t.__name__} whose __class__ is {x.__class__.__name__} cannot be a Scheme value")
    return x  # already a Scheme value (Symbol, Pair, Char, procedure, ...)


def to_python(x):
    """Return a plain Python value for a Scheme value (proper lists become lists)."""
    t = type(x)
    if t is Pair:
        out = []
        p = x
        while type(p) is Pair:
            out.append(to_python(p.car))
            p = p.cdr
        if p is not NIL:
            out.append(to_python(p))  # improper tail kept as a last element
        return out
    if x is NIL:
        return []
    if t is MString:
        return x.s
    if t is Char:
        return x.ch
    if t is list:
        return tuple(to_python(v) for v in x)
    if t is bytearray:
        return bytes(x)
    if t is MultipleValues:
        return tuple(to_python(v) for v in x.values)
    if x is UNSPECIFIED:
        return None
    return x


class SchemeProcedure:
    """A Scheme procedure callable from Python.

    Arguments are converted with to_scheme unless `raw`; the result with
    to_python unless `raw`.  `step_limit` bounds each call; errors arrive as
    schemehost exceptions (SchemeError, StepLimitExceeded, ...), never as
    stray Python ones.  `calls` and `slowest` record what the calls cost.
    """

    def __init__(self, interp, proc, *, step_limit: int | None = None, raw: bool = False, name: str | None = None):
        if not isinstance(proc, Procedure):
            raise scheme_error("attempt to call a non-procedure", proc)
        self.interp = interp
        self.proc = proc
        self.step_limit = step_limit
        self.raw = raw
        self.name = name or getattr(proc, "name", None) or "procedure"
        self.calls = 0
        self.slowest = (0.0, None)

    def __call__(self, *args):
        sargs = list(args) if self.raw else [to_scheme(a) for a in args]
        start = time.perf_counter()
        try:
            result = self.interp.call_procedure(self.proc, sargs, self.step_limit)
        finally:
            elapsed = time.perf_counter() - start
            self.calls += 1
            if elapsed > self.slowest[0]:
                self.slowest = (elapsed, sargs)
        return result if self.raw else to_python(result)

    def __repr__(self) -> str:
        return f"<SchemeProcedure {self.name}>"


def procedure(interp, name: str, **kwargs) -> SchemeProcedure:
    """Return global procedure `name` of `interp` as a Python callable."""
    return SchemeProcedure(interp, interp.lookup(name), name=name, **kwargs)


__all__ = ["to_scheme", "to_python", "SchemeProcedure", "procedure"]
