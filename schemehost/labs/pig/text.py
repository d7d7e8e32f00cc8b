"""Bounded text about what a submission made: safe to build, small to send.

Everything the Pig grader says about a submission's values (the arguments of
a failing call, a returned value, an error's message and irritants, record
type and procedure names) is built here, by functions that

  - never raise: a value that cannot be shown becomes a placeholder;
  - stop at a nesting depth and a number of parts, so a record that points
    to itself, a circular list or a 40,000-long chain of records ends
    quickly (nothing here relies on the printer's own cycle handling);
  - cut every piece of text to a fixed size, with a note saying how much was
    cut, so a 2,000,000-character type name costs the report 100 characters.

`cut` is also the last step for any other text a submission controls
(console output, Python strategy errors) before it leaves the worker.
"""

from __future__ import annotations

from fractions import Fraction

TEXT_LIMIT = 1_000  # characters of one message or one value's text
NAME_LIMIT = 100  # characters of a record type, field or procedure name
DEPTH_LIMIT = 8  # nesting levels shown; deeper parts print as ...
PARTS_LIMIT = 100  # values shown in one text; later ones print as ...
DIGITS_BITS = 100_000  # an integer with more bits is summarized, not converted

__all__ = ["TEXT_LIMIT", "cut", "value_text", "values_text", "error_text"]


def cut(text: str, limit: int = TEXT_LIMIT) -> str:
    """Return `text`, or its first `limit` characters and a note of what was cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [cut: {len(text) - limit:,} more characters]"


class _Full(Exception):
    """The text reached its size: stop walking."""


class _Writer:
    """Collects pieces of text up to a size, counting the values shown."""

    __slots__ = ("pieces", "size", "limit", "parts")

    def __init__(self, limit: int):
        self.pieces: list[str] = []
        self.size = 0
        self.limit = limit
        self.parts = 0

    def emit(self, text: str) -> None:
        self.pieces.append(text)
        self.size += len(text)
        if self.size > self.limit:
            raise _Full

    def text(self, complete: bool) -> str:
        joined = "".join(self.pieces)
        if complete and len(joined) <= self.limit:
            return joined
        return joined[: self.limit] + "... [cut]"


def value_text(x, limit: int = TEXT_LIMIT) -> str:
    """Return the written form of Scheme value `x`, bounded; never raise."""
    return values_text([x], limit)


def values_text(xs, limit: int = TEXT_LIMIT, sep: str = " ") -> str:
    """Return the written forms of the values `xs`, separated by `sep`, bounded as a whole."""
    w = _Writer(limit)
    try:
        for k, x in enumerate(xs):
            if k:
                w.emit(sep)
            _write(x, w, 0)
    except _Full:
        return w.text(False)
    except Exception as exc:  # a value this module does not know how to walk: say so, do not fail
        w.pieces.append(f"#<value that could not be shown: {type(exc).__name__}>")
        return w.text(True)
    return w.text(True)


def _write(x, w: _Writer, depth: int) -> None:
    from ...datatypes import NIL, ErrorObject, MString, MultipleValues, Pair, Symbol, new_string
    from ...forms import Record, RecordType
    from ...runtime import Procedure

    w.parts += 1
    if depth > DEPTH_LIMIT or w.parts > PARTS_LIMIT:
        w.emit("...")
        return
    t = type(x)
    if t is Pair:
        _write_list(x, w, depth, Pair, NIL, Symbol)
    elif t is list:  # a vector
        w.emit("#(")
        for k, item in enumerate(x):
            if k:
                w.emit(" ")
            if w.parts >= PARTS_LIMIT:
                w.emit(f"... {len(x) - k:,} more")
                break
            _write(item, w, depth + 1)
        w.emit(")")
    elif issubclass(t, Record):
        w.emit("#<" + cut(str(x.rtype.name), NAME_LIMIT))
        for field, value in zip(x.rtype.fields, x.values):
            w.emit(f" {cut(str(field), NAME_LIMIT)}: ")
            _write(value, w, depth + 1)
        w.emit(">")
    elif t is RecordType:
        w.emit(f"#<record-type {cut(str(x.name), NAME_LIMIT)}>")
    elif t is ErrorObject:
        w.emit("#<error ")
        _write(new_string(x.message), w, depth + 1)
        for irritant in x.irritants:
            w.emit(" ")
            _write(irritant, w, depth + 1)
        w.emit(">")
    elif t is MultipleValues:
        for k, v in enumerate(x.values):
            if k:
                w.emit(" ")
            _write(v, w, depth + 1)
    elif t is MString:
        _write_text(x.s, w, True)
    elif t is Symbol:
        _write_text(x.name, w, False)
    elif t is bytearray:
        shown = " ".join(str(b) for b in x[:PARTS_LIMIT])
        more = f" ... {len(x) - PARTS_LIMIT:,} more" if len(x) > PARTS_LIMIT else ""
        w.emit(f"#u8({shown}{more})")
    elif t is int and x.bit_length() > DIGITS_BITS:
        w.emit(f"#<exact integer of about {int(x.bit_length() * 0.30103) + 1:,} digits>")
    elif t is Fraction and max(x.numerator.bit_length(), x.denominator.bit_length()) > DIGITS_BITS:
        w.emit("#<exact rational with more than 30,000 digits>")
    elif isinstance(x, Procedure):
        name = getattr(x, "name", None)
        w.emit(f"#<procedure {cut(str(name), NAME_LIMIT)}>" if name else "#<procedure>")
    else:
        from ...printer import atom_text

        w.emit(cut(atom_text(x, True), NAME_LIMIT * 2))


def _write_list(x, w: _Writer, depth: int, Pair, NIL, Symbol) -> None:
    # (quote d) and friends as 'd, as the printer writes them
    if type(x.car) is Symbol and type(x.cdr) is Pair and x.cdr.cdr is NIL:
        prefix = _QUOTE_PREFIX.get(x.car.name)
        if prefix is not None:
            w.emit(prefix)
            _write(x.cdr.car, w, depth + 1)
            return
    w.emit("(")
    p = x
    first = True
    while type(p) is Pair:
        if not first:
            w.emit(" ")
        first = False
        if w.parts >= PARTS_LIMIT:
            w.emit("...")
            w.emit(")")
            return
        _write(p.car, w, depth + 1)
        p = p.cdr
    if p is not NIL:
        w.emit(" . ")
        _write(p, w, depth + 1)
    w.emit(")")


_QUOTE_PREFIX = {"quote": "'", "quasiquote": "`", "unquote": ",", "unquote-splicing": ",@"}


def _write_text(s: str, w: _Writer, string: bool) -> None:
    """Emit a string (written, with quotes) or a symbol's name, cut to its share."""
    from ...datatypes import new_string
    from ...printer import atom_text

    limit = TEXT_LIMIT if string else NAME_LIMIT
    head = s[:limit]
    text = atom_text(new_string(head), True) if string else head
    if len(s) > limit:
        text += f"... [cut: {len(s) - limit:,} more characters]"
    w.emit(text)


def error_text(err) -> str:
    """Return the one-line `file:line:col: message: irritants` of a schemehost error, bounded.

    The same line as the error's headline (what `schemehost run` prints
    first), built without the printer so that no value can crash or flood it.
    """
    from ...errors import SchemeError

    try:
        span = getattr(err, "span", None)
        where = f"{cut(str(span), NAME_LIMIT * 2)}: " if span is not None else ""
        if isinstance(err, SchemeError):
            return where + condition_text(err.payload)
        return where + cut(str(err.args[0]) if err.args else type(err).__name__)
    except Exception as exc:  # never let a description end the grader
        return f"(an error that could not be described: {type(exc).__name__})"


def condition_text(payload) -> str:
    """Return the `message: irritant ...` text of a raised Scheme object, bounded."""
    from ...datatypes import ErrorObject

    if type(payload) is ErrorObject:
        text = cut(str(payload.message))
        if payload.irritants:
            sep = " " if text.endswith(":") else ": "
            text += sep + values_text(payload.irritants)
        return text
    return "uncaught exception: " + value_text(payload)
