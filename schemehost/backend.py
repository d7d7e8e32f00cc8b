"""What both back ends' code shares at run time: the errors a variable
reference or a call raises, and the finish of a tail call whose operator
is not a closure (compiler.py's nodes and pyfunc.py's generated code)."""

from __future__ import annotations

from .datatypes import UNASSIGNED, ErrorObject, Symbol
from .errors import SchemeError, SchemehostError
from .runtime import Primitive, Procedure


def unbound_error(name: str, span) -> SchemeError:
    err = SchemeError(ErrorObject("unbound variable", (Symbol.intern(name),)))
    err.span = span
    return err


def unassigned_error(name: Symbol, span) -> SchemeError:
    err = SchemeError(ErrorObject("variable used before its definition", (name,)))
    err.span = span
    return err


def make_finish(span, form, opname):
    """Return finish(f, args) for a tail call whose operator is not a Closure."""

    def finish(f, args):
        if type(f) is Primitive:
            if not (f.lo <= len(args) and (f.hi < 0 or len(args) <= f.hi)):
                f.check_arity(len(args))
            try:
                return f.fn(*args)
            except SchemehostError as e:
                if e.span is None:
                    e.span = span
                e.add_frame((span, form))
                raise
        if f is UNASSIGNED:
            raise unbound_error(opname or "?", span)
        if not isinstance(f, Procedure):
            raise not_procedure_error(f, span)
        return (f, args)

    return finish


def not_procedure_error(f, span):
    err = SchemeError(ErrorObject("attempt to call a non-procedure", (f,)))
    err.span = span
    return err
