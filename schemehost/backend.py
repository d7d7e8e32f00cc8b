"""What both back ends' code shares at run time: the errors a variable
reference or a call raises, and the finish of a tail call whose operator
is not a closure (compiler.py's nodes and pyfunc.py's generated code).
How a call is made lives in calls.py; this module names the variable."""

from __future__ import annotations

from .calls import make_finish as make_call_finish
from .calls import not_procedure_error
from .datatypes import ErrorObject, Symbol
from .errors import SchemeError


def unbound_error(name: str, span) -> SchemeError:
    err = SchemeError(ErrorObject("unbound variable", (Symbol.intern(name),)))
    err.span = span
    return err


def unassigned_error(name: Symbol, span) -> SchemeError:
    err = SchemeError(ErrorObject("variable used before its definition", (name,)))
    err.span = span
    return err


def make_finish(span, form, opname):
    """Return finish(f, args) for a tail call whose operator is not a Closure (calls.make_finish)."""
    return make_call_finish(span, form, lambda: unbound_error(opname or "?", span))
