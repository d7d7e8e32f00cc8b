"""Vector primitives, R7RS 6.8.  A Scheme vector is a Python list.

make-vector and vector-append, which may allocate far more than their
arguments hold, live in the factory at the bottom and check the interpreter's
`max_alloc`.  string->vector and vector->string are in strings.py.
"""

from __future__ import annotations

from ..datatypes import UNSPECIFIED, list_to_scheme
from ..runtime import charge
from .registry import check_exact_nonneg, check_index, check_vector, needs_interp, primitive
from .strings import (
    check_alloc,
    check_procedure,
    check_slice,
    copy_into,
    list_items,
    out_of_memory,
)


# (vector? obj)
@primitive("vector?")
def is_vector(obj):
    return type(obj) is list


# (vector obj ...)
@primitive("vector")
def vector(*objs):
    return list(objs)


# (vector-length vector)
@primitive("vector-length")
def vector_length(v):
    return len(check_vector("vector-length", 1, v))


# (vector-ref vector k)
@primitive("vector-ref")
def vector_ref(v, k):
    items = check_vector("vector-ref", 1, v)
    return items[check_index("vector-ref", 2, k, len(items))]


# (vector-set! vector k obj)
@primitive("vector-set!")
def vector_set(v, k, obj):
    items = check_vector("vector-set!", 1, v)
    items[check_index("vector-set!", 2, k, len(items))] = obj
    return UNSPECIFIED


# (vector->list vector [start [end]])
@primitive("vector->list")
def vector_to_list(v, start=None, end=None):
    items, start, end = check_slice("vector->list", check_vector, v, start, end)
    return list_to_scheme(items[start:end])


# (list->vector list)
@primitive("list->vector")
def list_to_vector(lst):
    return list_items("list->vector", 1, lst)


# (vector-fill! vector fill [start [end]])
@primitive("vector-fill!")
def vector_fill(v, fill, start=None, end=None):
    items, start, end = check_slice("vector-fill!", check_vector, v, start, end, 3)
    items[start:end] = [fill] * (end - start)
    return UNSPECIFIED


# (vector-copy vector [start [end]])
@primitive("vector-copy")
def vector_copy(v, start=None, end=None):
    items, start, end = check_slice("vector-copy", check_vector, v, start, end)
    return items[start:end]


# (vector-copy! to at from [start [end]])
@primitive("vector-copy!")
def vector_copy_to(to, at, frm, start=None, end=None):
    return copy_into("vector-copy!", check_vector, to, at, frm, start, end)


@needs_interp
def vector_procedures(interp, define) -> None:
    """Define the allocating and higher-order vector procedures for `interp`."""
    caller = interp.caller

    # (make-vector k [fill]); the fill R7RS leaves unspecified is #f.
    def make_vector(k, fill=False):
        check_exact_nonneg("make-vector", 1, k)
        check_alloc(interp, "make-vector", k)
        charge(k)
        try:
            return [fill] * k
        except (MemoryError, OverflowError) as exc:
            raise out_of_memory("make-vector", k) from exc

    # (vector-append vector ...)
    def vector_append(*vectors):
        for i, v in enumerate(vectors, 1):
            check_vector("vector-append", i, v)
        n = sum(map(len, vectors))
        check_alloc(interp, "vector-append", n)
        charge(n)
        try:
            out = []
            for v in vectors:
                out.extend(v)
            return out
        except (MemoryError, OverflowError) as exc:
            raise out_of_memory("vector-append", n) from exc

    def _vectors(who, vectors):
        for i, v in enumerate(vectors, 2):
            check_vector(who, i, v)
        return min(map(len, vectors))

    # (vector-map proc vector1 vector2 ...): as long as the shortest vector.
    def vector_map(proc, v1, *more):
        check_procedure("vector-map", 1, proc)
        vectors = (v1, *more)
        n = _vectors("vector-map", vectors)
        f = caller(proc, len(vectors))
        if not more:
            return [f(v1[i]) for i in range(n)]
        return [f(*[v[i] for v in vectors]) for i in range(n)]

    # (vector-for-each proc vector1 vector2 ...)
    def vector_for_each(proc, v1, *more):
        check_procedure("vector-for-each", 1, proc)
        vectors = (v1, *more)
        n = _vectors("vector-for-each", vectors)
        f = caller(proc, len(vectors))
        for i in range(n):
            f(*[v[i] for v in vectors])
        return UNSPECIFIED

    define("make-vector", make_vector, 1, 2)
    define("vector-append", vector_append, 0, -1)
    define("vector-map", vector_map, 2, -1)
    define("vector-for-each", vector_for_each, 2, -1)
