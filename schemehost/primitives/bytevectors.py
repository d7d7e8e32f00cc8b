"""Bytevector primitives, R7RS 6.9.  A Scheme bytevector is a Python bytearray.

A byte is an exact integer from 0 to 255; anything else (#t, 1.0, 256) is an
error with the offending value as irritant.  make-bytevector and
bytevector-append check the interpreter's `max_alloc` in the factory at the
bottom.
"""

from __future__ import annotations

from ..datatypes import Char, new_string
from ..runtime import charge
from .registry import (
    BYTE,
    BYTEVECTOR,
    END,
    EXACT_NONNEG,
    START,
    STRING,
    allocate,
    named,
    needs_interp,
    primitive,
    scheme_error,
)
from .strings import sequence_primitives


# (bytevector? obj), (bytevector-length bytevector), (bytevector-u8-ref bytevector k),
# (bytevector-u8-set! bytevector k byte), (bytevector-copy bytevector [start [end]]),
# (bytevector-copy! to at from [start [end]])
sequence_primitives("bytevector", BYTEVECTOR, bytearray, "bytevector-u8-ref", BYTE)


# (bytevector byte ...)
@primitive("bytevector", rest=BYTE)
def bytevector(*bytes_):
    return bytearray(bytes_)


# (utf8->string bytevector [start [end]])
@primitive("utf8->string", args=(BYTEVECTOR, START, END))
def utf8_to_string(bv, start=None, end=None):
    charge(end - start)
    try:
        return new_string(bv[start:end].decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise scheme_error(
            "utf8->string: invalid UTF-8 sequence at index", start + exc.start
        ) from exc


# (string->utf8 string [start [end]])
@primitive("string->utf8", args=(STRING, START, END))
def string_to_utf8(s, start=None, end=None):
    text = s.s
    charge(end - start)
    try:
        return bytearray(text[start:end].encode("utf-8"))
    except UnicodeEncodeError as exc:
        # Only a lone surrogate gets here, and only if the reader let one in.
        bad = Char.of(exc.object[exc.start])
        raise scheme_error("string->utf8: character has no UTF-8 encoding", bad) from exc


@needs_interp
def bytevector_procedures(interp, define) -> None:
    """Define the allocating bytevector procedures for `interp`."""
    scheme = named(define)

    # (make-bytevector k [byte]); the fill R7RS leaves unspecified is 0.
    @scheme("make-bytevector", args=(EXACT_NONNEG, BYTE))
    def make_bytevector(k, b=0):
        return allocate(interp, "make-bytevector", k, lambda: bytearray([b]) * k)

    # (bytevector-append bytevector ...)
    @scheme("bytevector-append", rest=BYTEVECTOR)
    def bytevector_append(*bvs):
        n = sum(map(len, bvs))
        return allocate(interp, "bytevector-append", n, lambda: bytearray().join(bvs))

