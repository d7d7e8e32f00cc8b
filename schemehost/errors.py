"""Source spans and the exceptions schemehost shows to users.

The exception tree::

    SchemehostError                 anything a user may see; never a traceback
     +-- ReadError                  text that is not Scheme; file, line, column
     +-- SchemeError                a Scheme `raise` (or a primitive's error);
     |                              `guard` and `with-exception-handler` catch it
     +-- ResourceLimit              a limit the host set; Scheme cannot catch it
     |    +-- StepLimitExceeded     the step (procedure call) budget ran out
     |    +-- RecursionLimitExceeded  non-tail recursion deeper than allowed
     |    +-- MemoryLimitExceeded   an allocation over the cap
     |    +-- InputExhausted        a program kept reading at end of input
     |    +-- SandboxViolation      a forbidden operation (files, stdin, ...)
     |    +-- Interrupted           the host asked the computation to stop
     +-- SchemeExit                 `(exit)`: ends the program, never the host

`ContinuationInvoked` is control flow, not an error: it derives from
BaseException so that no `except Exception` in a primitive swallows it.
"""

from __future__ import annotations

from operator import itemgetter

from .datatypes import ErrorObject


class Span(tuple):
    """Where a datum starts in its source (1-based line and column): file, line, column.

    A value: immutable, equal to a Span of the same three, hashable.  A
    tuple underneath because the reader makes one for every pair it reads,
    and `tuple.__new__(Span, (file, line, column))` is the cheapest immutable
    object to make (issue 13's loading time); it equals no plain tuple.
    """

    __slots__ = ()

    def __new__(cls, file: str, line: int, column: int):
        return tuple.__new__(cls, (file, line, column))

    file = property(itemgetter(0), doc="the source's name")
    line = property(itemgetter(1), doc="1-based line")
    column = property(itemgetter(2), doc="1-based column")

    def __getnewargs__(self):
        return tuple(self)

    def __eq__(self, other):
        return type(other) is Span and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return f"Span(file={self[0]!r}, line={self[1]!r}, column={self[2]!r})"

    def __str__(self) -> str:
        return f"{self[0]}:{self[1]}:{self[2]}"


def position_after(text: str, line: int, column: int, after_cr: bool = False) -> tuple[int, int, bool]:
    """The (line, column, after_cr) just past `text`, which starts at (line, column).

    A line ends at a linefeed, a carriage return, or both together (R7RS
    7.1.1): CR LF is one line ending.  `after_cr` says that the character just
    before `text` was a carriage return, so that a linefeed opening `text`
    finishes that line ending instead of starting another; the third value
    says the same of the last character of `text`.
    """
    if not text:
        return line, column, after_cr
    lf = text.count("\n")
    cr = text.count("\r")
    if lf or cr:
        endings = lf + cr - (text.count("\r\n") if lf and cr else 0)
        if after_cr and text[0] == "\n":
            endings -= 1
        line += endings
        column = len(text) - max(text.rfind("\n"), text.rfind("\r"))
    else:
        column += len(text)
    return line, column, text[-1] == "\r"


class SchemehostError(Exception):
    """Base of every error schemehost reports to a user.

    `span` is where it happened; `trace` collects (span, form) of the calls
    it passed through, innermost first, for the backtrace.
    """

    span: Span | None = None
    MAX_TRACE = 12
    trace: list
    trace_dropped = 0

    def add_frame(self, frame) -> None:
        trace = self.__dict__.setdefault("trace", [])
        if len(trace) < self.MAX_TRACE:
            trace.append(frame)
        else:
            self.trace_dropped += 1

    def headline(self) -> str:
        """Return the one-line `file:line:col: message` form."""
        where = f"{self.span}: " if self.span is not None else ""
        return where + self.describe()

    def describe(self) -> str:
        return str(self.args[0]) if self.args else type(self).__name__


class ReadError(SchemehostError):
    """Text that cannot be read as Scheme data."""

    def __init__(self, message: str, span: Span | None = None):
        super().__init__(message)
        self.message = message
        self.span = span


class SchemeError(SchemehostError):
    """A raised Scheme object travelling up the Python stack.

    `payload` is what Scheme's `guard` sees: any Scheme value, usually an
    ErrorObject.  `trace` collects the spans of the calls it passed through,
    innermost first, for the backtrace.
    """

    def __init__(self, payload, continuable: bool = False, span: Span | None = None):
        super().__init__(payload)
        self.payload = payload
        self.continuable = continuable
        self.span = span
        self.trace = []

    # The printer installs `describe_condition` here when it is imported
    # (errors sit below the printer, so they cannot import it).
    describer = staticmethod(repr)

    def describe(self) -> str:
        return self.describer(self.payload)


def scheme_error(message: str, *irritants, kind: str = "error") -> SchemeError:
    """Return (for raising) a catchable Scheme error with an error object."""
    return SchemeError(ErrorObject(message, irritants, kind))


class ResourceLimit(SchemehostError):
    """A limit set by the host was reached; Scheme code cannot catch it."""

    verdict = "resource limit"

    def __init__(self, message: str, span: Span | None = None):
        super().__init__(message)
        self.span = span


class StepLimitExceeded(ResourceLimit):
    verdict = "step limit exceeded"


class RecursionLimitExceeded(ResourceLimit):
    verdict = "recursion too deep"


class MemoryLimitExceeded(ResourceLimit):
    verdict = "memory limit exceeded"


class InputExhausted(ResourceLimit):
    verdict = "input exhausted"


class SandboxViolation(ResourceLimit):
    verdict = "forbidden operation"


class Interrupted(ResourceLimit):
    """The host called `Interpreter.interrupt()` (a Jupyter Kernel > Interrupt)."""

    verdict = "interrupted"


class SchemeExit(SchemehostError):
    """`(exit status)` was called; the status is an int for the process."""

    def __init__(self, status: int):
        super().__init__(f"exit {status}")
        self.status = status


class ContinuationInvoked(BaseException):
    """Unwind to the `call/cc` that made `continuation`, carrying `value`.

    `killed`: weak references to the continuations whose call/cc frames it
    unwound on the way (None: none), see continuations.py.
    """

    killed = None

    def __init__(self, continuation, value):
        self.continuation = continuation
        self.value = value
