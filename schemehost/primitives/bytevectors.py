"""Bytevector primitives, R7RS 6.9.  A Scheme bytevector is a Python bytearray.

A byte is an exact integer from 0 to 255; anything else (#t, 1.0, 256) is an
error with the offending value as irritant.  make-bytevector and
bytevector-append check the interpreter's `max_alloc` in the factory at the
bottom.
"""

from __future__ import annotations

from ..datatypes import UNSPECIFIED, Char, MString
from ..runtime import charge
from .registry import (
    check_bytevector,
    check_exact_nonneg,
    check_index,
    needs_interp,
    primitive,
    scheme_error,
    type_error,
)
from .strings import check_alloc, check_slice, check_text, copy_into, out_of_memory

_BYTE = "a byte (an exact integer from 0 to 255)"


def check_byte(who: str, index: int, b) -> int:
    if type(b) is not int or not 0 <= b <= 255:
        raise type_error(who, index, _BYTE, b)
    return b


# (bytevector? obj)
@primitive("bytevector?")
def is_bytevector(obj):
    return type(obj) is bytearray


# (bytevector byte ...)
@primitive("bytevector")
def bytevector(*bytes_):
    return bytearray(check_byte("bytevector", i, b) for i, b in enumerate(bytes_, 1))


# (bytevector-length bytevector)
@primitive("bytevector-length")
def bytevector_length(bv):
    return len(check_bytevector("bytevector-length", 1, bv))


# (bytevector-u8-ref bytevector k)
@primitive("bytevector-u8-ref")
def bytevector_u8_ref(bv, k):
    data = check_bytevector("bytevector-u8-ref", 1, bv)
    return data[check_index("bytevector-u8-ref", 2, k, len(data))]


# (bytevector-u8-set! bytevector k byte)
@primitive("bytevector-u8-set!")
def bytevector_u8_set(bv, k, b):
    data = check_bytevector("bytevector-u8-set!", 1, bv)
    check_index("bytevector-u8-set!", 2, k, len(data))
    data[k] = check_byte("bytevector-u8-set!", 3, b)
    return UNSPECIFIED


# (bytevector-copy bytevector [start [end]])
@primitive("bytevector-copy")
def bytevector_copy(bv, start=None, end=None):
    data, start, end = check_slice("bytevector-copy", check_bytevector, bv, start, end)
    return data[start:end]


# (bytevector-copy! to at from [start [end]])
@primitive("bytevector-copy!")
def bytevector_copy_to(to, at, frm, start=None, end=None):
    return copy_into("bytevector-copy!", check_bytevector, to, at, frm, start, end)


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

    # (make-bytevector k [byte]); the fill R7RS leaves unspecified is 0.
    def make_bytevector(k, b=0):
        check_exact_nonneg("make-bytevector", 1, k)
        check_byte("make-bytevector", 2, b)
        check_alloc(interp, "make-bytevector", k)
        charge(k)
        try:
            return bytearray([b]) * k
        except (MemoryError, OverflowError) as exc:
            raise out_of_memory("make-bytevector", k) from exc

    # (bytevector-append bytevector ...)
    def bytevector_append(*bvs):
        for i, bv in enumerate(bvs, 1):
            check_bytevector("bytevector-append", i, bv)
        n = sum(map(len, bvs))
        check_alloc(interp, "bytevector-append", n)
        charge(n)
        try:
            return bytearray().join(bvs)
        except (MemoryError, OverflowError) as exc:
            raise out_of_memory("bytevector-append", n) from exc

    define("make-bytevector", make_bytevector, 1, 2)
    define("bytevector-append", bytevector_append, 0, -1)
