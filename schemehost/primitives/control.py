"""Control: apply, continuations, multiple values, dynamic-wind, exceptions,
promises, parameters and exit.

Exceptions follow R7RS with one Python mechanism underneath: a handler
stack on the interpreter.  `raise` calls the innermost handler directly (in
the dynamic environment of the raise, minus that handler); a `guard` frame
or a `with-exception-handler` frame also catches a SchemeError travelling up
the Python stack (errors signalled by primitives), and `min_depth` on the
exception tells handlers that were already consulted to let it pass.
"""

from __future__ import annotations

from operator import itemgetter

from ..datatypes import NIL, ErrorObject, MString, MultipleValues, Symbol, cons, list_to_scheme, new_string, sym
from ..continuations import call_cc_procedure, rewind, wind
from ..errors import ResourceLimit, SchemeError, SchemeExit
from ..runtime import Closure, Parameter, Primitive, Procedure
from .registry import ANY, PROCEDURE, ArgType, check_list, checked_in_body, named, needs_interp, primitive, scheme_error

_NO_LIMIT = 1 << 30


class Promise:
    """A promise from delay, delay-force or make-promise.

    Its state lives in `box`, a list [done, value-or-thunk, lazy], which
    promises share as R7RS 4.2.5's reference implementation does: when a
    delay-force promise's thunk yields another promise, that promise's
    state moves into this one's box and it adopts the box, so a chain of
    delay-force promises runs the final body once and every promise of the
    chain then sees its value.  `thunk` runs at most once per box; with
    `lazy` (delay-force) its result is another promise, forced in a loop
    (iterative forcing, so streams stay in constant space).
    """

    __slots__ = ("box",)

    def scheme_repr(self) -> str:
        return "#<promise>"


# A Promise whose box is still to be set (compiler.compile_delay sets it):
# Promise has no __init__, so calling the class makes an empty one (as
# runtime.new_closure, cheaper than object.__new__ bound in a partial).
new_promise = Promise


def force(p):
    """(force promise): R7RS 4.2.5's reference `force`, as a loop.

    After a thunk returns, the promise may already be done: its body
    forced it again (re-entrantly) and the first value to arrive wins.
    """
    if type(p) is not Promise:
        return p
    while True:
        box = p.box
        if box[0]:
            return box[1]
        thunk, lazy = box[1], box[2]
        v = thunk()
        box = p.box
        if box[0]:
            return box[1]
        if not lazy:
            box[0], box[1], box[2] = True, v, False
            return v
        if type(v) is not Promise:
            raise scheme_error("force: delay-force expression did not yield a promise", v)
        # promise-update!: this box takes v's state, and v shares this box.
        inner = v.box
        if inner is box:  # the reference would loop here for ever
            raise scheme_error("force: a delay-force promise yielded itself", v)
        box[0], box[1], box[2] = inner[0], inner[1], inner[2]
        v.box = box


class Environment:
    """An environment specifier for eval: a top level of its own (`top`,
    built from import sets by `environment`), or None for the program's.
    Either way eval stays inside its interpreter and its sandbox: the
    sandbox's checks live in the primitives, not in their bindings."""

    __slots__ = ("name", "top")

    def __init__(self, name, top=None):
        self.name = name
        self.top = top

    def scheme_repr(self) -> str:
        return f"#<environment {self.name}>"


ENVIRONMENT = ArgType("environment", "type({x}) is not _Environment", "an environment",
                      env={"_Environment": Environment})
ERROR_OBJECT = ArgType("error object", "type({x}) is not _ErrorObject", "an error object",
                       env={"_ErrorObject": ErrorObject})
# apply's arguments after the procedure: objects, then a list (the last is checked by the body).
SPREAD = checked_in_body("objects then a list", None)

NO_MATCH = object()


class GuardFrame(tuple):
    """Stands in the handler stack for a `guard`: its clauses and its extent,
    made as a tuple (clauses, env, winders), in C.

    `select(obj)` runs the guard's clauses (`clauses(frame)`, frame the
    variable bound to obj in the guard's environment `env`), giving NO_MATCH
    when none applies; `winders` is the dynamic-wind extent of the guard
    expression, where the clauses run (R7RS 4.2.7).
    """

    __slots__ = ()

    winders = property(itemgetter(2))

    def select(self, obj):
        return self[0]([obj, self[1]])


class GuardReturn(BaseException):
    """Leave the guard of `args[0]`, a GuardFrame, with `args[1]`: a clause matched
    at the raise.  (Made with no __init__ of its own: its args are its fields.)"""


@primitive("procedure?")
def is_procedure(x):
    return isinstance(x, Procedure)


@primitive("promise?")
def is_promise(x):
    return type(x) is Promise


@primitive("make-promise")
def make_promise(v):
    if type(v) is Promise:
        return v
    p = Promise()
    p.box = [True, v, False]
    return p


@primitive("error-object?")
def is_error_object(x):
    return type(x) is ErrorObject


@primitive("error-object-message", args=(ERROR_OBJECT,))
def error_object_message(x):
    return new_string(x.message)


@primitive("error-object-irritants", args=(ERROR_OBJECT,))
def error_object_irritants(x):
    result = NIL
    for v in reversed(x.irritants):
        result = cons(v, result)
    return result


@primitive("read-error?")
def is_read_error(x):
    return type(x) is ErrorObject and x.kind == "read"


@primitive("file-error?")
def is_file_error(x):
    return type(x) is ErrorObject and x.kind == "file"


@primitive("error-object-kind", args=(ERROR_OBJECT,))
def error_object_kind(x):
    return Symbol.intern(x.kind)


@primitive("values")
def values(*vals):
    if len(vals) == 1:
        return vals[0]
    m = MultipleValues()  # (new_values' body, without its call)
    m.values = list(vals)
    return m


@needs_interp
def _control(interp, define):
    scheme = named(define)
    apply = interp.apply

    spread_into = interp.spread

    @scheme("apply", lo=2, tail=True, args=(ANY,), rest=SPREAD)
    def apply_(f, *args):
        # A non-procedure `f` is reported by the trampoline, as every call reports it (calls.py).
        if type(f) is Closure and f.rest:
            return spread_into(f, *args)
        spread = check_list("apply", len(args) + 1, args[-1])
        return (f, list(args[:-1]) + spread)

    @scheme("call-with-values", tail=True)
    def call_with_values(producer, consumer):
        v = apply(producer, [])
        if type(v) is MultipleValues:
            return (consumer, list(v.values))
        return (consumer, [v])

    scheme("call-with-current-continuation", "call/cc", "call-with-escape-continuation")(call_cc_procedure(interp))

    @scheme("dynamic-wind", args=(PROCEDURE, PROCEDURE, PROCEDURE))
    def dynamic_wind(before, thunk, after):
        apply(before, [])
        return wind(interp, before, thunk, after, call_thunk)

    def call_thunk(thunk):
        return apply(thunk, [])

    @scheme("raise", hi=1)
    def raise_(obj, continuable=False):
        handlers = interp.handlers
        depth = len(handlers)
        if depth == 0:
            raise SchemeError(obj, continuable)
        handler = handlers[depth - 1]
        if type(handler) is GuardFrame:
            return raise_to_guard(handler, obj, continuable, depth)
        saved = handlers[depth - 1 :]
        del handlers[depth - 1 :]
        try:
            result = apply(handler, [obj])
        except SchemeError as e:
            e.min_depth = min(getattr(e, "min_depth", _NO_LIMIT), depth - 1)
            raise
        finally:
            handlers.extend(saved)
        if continuable:
            return result
        err = SchemeError(ErrorObject("exception handler returned from a non-continuable raise", (obj,)))
        err.min_depth = depth - 1
        raise err

    def raise_to_guard(frame, obj, continuable, depth):
        # The clauses run in the guard's dynamic environment; with none
        # matching, the object goes on to the next handler out from where it
        # was raised, as by raise-continuable (R7RS 4.2.7).
        handlers = interp.handlers
        at_raise = tuple(interp.winders)
        saved = handlers[depth - 1 :]
        del handlers[depth - 1 :]
        try:
            rewind(interp, frame.winders)
            result = frame.select(obj)
            if result is not NO_MATCH:
                raise GuardReturn(frame, result)
            rewind(interp, at_raise)
            return raise_(obj, continuable)
        except SchemeError as e:
            e.min_depth = min(getattr(e, "min_depth", _NO_LIMIT), depth - 1)
            raise
        finally:
            handlers[depth - 1 :] = saved

    @scheme("raise-continuable")
    def raise_continuable(obj):
        return raise_(obj, True)

    @scheme("error")
    def error(message, *irritants):
        if type(message) is Symbol and irritants and type(irritants[0]) is MString:
            text = f"{message.name}: {irritants[0].s}"
            irritants = irritants[1:]
        elif type(message) is MString:
            text = message.s
        else:
            from ..printer import display_string

            text = display_string(message)
        return raise_(ErrorObject(text, irritants))

    @scheme("with-exception-handler", args=(PROCEDURE, ANY))
    def with_exception_handler(handler, thunk):
        handlers = interp.handlers
        depth = len(handlers)
        handlers.append(handler)
        try:
            return apply(thunk, [])
        except SchemeError as e:
            if getattr(e, "min_depth", _NO_LIMIT) <= depth:
                raise
            # An error signalled by a primitive: give it to this handler.
            del handlers[depth:]
            try:
                apply(handler, [e.payload])
            except SchemeError as inner:
                inner.min_depth = min(getattr(inner, "min_depth", _NO_LIMIT), depth)
                raise
            err = SchemeError(ErrorObject("exception handler returned from a non-continuable raise", (e.payload,)))
            err.span = e.span
            err.min_depth = depth
            raise err from None
        finally:
            del handlers[depth:]

    scheme("force")(force)

    @scheme("make-parameter")
    def make_parameter(value, converter=None):
        if converter is not None:
            value = apply(converter, [value])
        return Parameter(value, converter)

    @scheme("exit")
    def exit_(status=True):
        # Run every outstanding dynamic-wind `after`, innermost first (R7RS 6.14).
        rewind(interp, ())
        raise SchemeExit(_exit_code(status))

    @scheme("emergency-exit")
    def emergency_exit(status=True):
        raise SchemeExit(_exit_code(status))

    @scheme("procedure-arity")
    def procedure_arity(f):
        if type(f) is Closure:
            return cons(f.nreq, False if f.rest else f.nreq)
        if isinstance(f, Primitive):
            return cons(f.lo, False if f.hi < 0 else f.hi)
        return False

    @scheme("eval", args=(ANY, ENVIRONMENT))
    def eval_(expr, env=None):
        # An environment of its own (environment, scheme-report-environment,
        # null-environment) is immutable (R7RS 6.12); the program's is not.
        top = None if env is None else env.top
        return interp.compiler.compile_in(expr, top, frozen=top is not None)(None)

    @scheme("environment")
    def environment(*specs):
        return Environment("environment", interp.compiler.import_environment(list(specs)))

    @scheme("interaction-environment")
    def interaction_environment():
        return Environment("interaction-environment")

    @scheme("scheme-report-environment")
    def report_environment(version=5):
        if version != 5:
            raise scheme_error("scheme-report-environment: only version 5 is available", version)
        return environment(list_to_scheme([sym("scheme"), sym("r5rs")]))

    @scheme("null-environment")
    def null_environment(version=5):
        return Environment("null-environment", report_environment(version).top.keywords_only())



def _exit_code(status) -> int:
    if status is True:
        return 0
    if status is False:
        return 1
    if type(status) is int:
        return status & 0xFF
    return 0


__all__ = ["Promise", "force", "GuardFrame", "GuardReturn", "NO_MATCH", "ResourceLimit"]
