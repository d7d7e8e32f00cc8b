"""Bytevector primitives, R7RS 6.9.  A Scheme bytevector is a Python bytearray.

A byte is an exact integer from 0 to 255; anything else (#t, 1.0, 256) is an
error with the offending value as irritant.  make-bytevector and
bytevector-append check the interpreter's `max_alloc` in the factory at the
bottom.
"""

from __future__ import annotations

from ..datatypes import Char, MString
from .registry import (
    named,
    check_bytevector,
    check_exact_nonneg,
    needs_interp,
    primitive,
    scheme_error,
    type_error,
)
from .strings import (
    allocate,
    check_slice,
    check_text,
    sequence_primitives,
)

_BYTE = "a byte (an exact integer from 0 to 255)"


def check_byte(who: str, index: int, b) -> int:
    if type(b) is not int or not 0 <= b <= 255:
        raise type_error(who, index, _BYTE, b)
    return b


# (bytevector? obj), (bytevector-length bytevector), (bytevector-u8-ref bytevector k),
# (bytevector-u8-set! bytevector k byte), (bytevector-copy bytevector [start [end]]),
# (bytevector-copy! to at from [start [end]])
sequence_primitives(
    "bytevector", bytearray, check_bytevector, "bytevector-u8-ref", check_byte
)


# (bytevector byte ...)
@primitive("bytevector")
def bytevector(*bytes_):
    return bytearray(check_byte("bytevector", i, b) for i, b in enumerate(bytes_, 1))


# (utf8->string bytevector [start [end]])
@primitive("utf8->string")
def utf8_to_string(bv, start=None, end=None):
    data, start, end = check_slice("utf8->string", check_bytevector, bv, start, end)
    try:
        return MString(data[start:end].decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise scheme_error(
            "utf8->string: invalid UTF-8 sequence at index", start + exc.start
        ) from exc


# (string->utf8 string [start [end]])
@primitive("string->utf8")
def string_to_utf8(s, start=None, end=None):
    text, start, end = check_slice("string->utf8", check_text, s, start, end)
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
    @scheme("make-bytevector")
    def make_bytevector(k, b=0):
        check_exact_nonneg("make-bytevector", 1, k)
        check_byte("make-bytevector", 2, b)
        return allocate(interp, "make-bytevector", k, lambda: bytearray([b]) * k)

    # (bytevector-append bytevector ...)
    @scheme("bytevector-append")
    def bytevector_append(*bvs):
        for i, bv in enumerate(bvs, 1):
            check_bytevector("bytevector-append", i, bv)
        n = sum(map(len, bvs))
        return allocate(interp, "bytevector-append", n, lambda: bytearray().join(bvs))

