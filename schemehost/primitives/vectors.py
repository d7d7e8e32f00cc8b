"""Vector primitives, R7RS 6.8.  A Scheme vector is a Python list.

make-vector and vector-append, which may allocate far more than their
arguments hold, live in the factory at the bottom and check the interpreter's
`max_alloc`.  string->vector and vector->string are in strings.py.
"""

from __future__ import annotations

from itertools import chain

from ..datatypes import UNSPECIFIED, list_to_scheme
from .registry import named, check_exact_nonneg, check_vector, needs_interp, primitive
from .strings import (
    allocate,
    check_procedure,
    check_slice,
    list_items,
    sequence_primitives,
)


# (vector? obj), (vector-length vector), (vector-ref vector k), (vector-set! vector k obj),
# (vector-copy vector [start [end]]), (vector-copy! to at from [start [end]])
sequence_primitives("vector", list, check_vector, "vector-ref")


# (vector obj ...)
@primitive("vector")
def vector(*objs):
    return list(objs)


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


@needs_interp
def vector_procedures(interp, define) -> None:
    """Define the allocating and higher-order vector procedures for `interp`."""
    scheme = named(define)
    caller = interp.caller

    # (make-vector k [fill]); the fill R7RS leaves unspecified is #f.
    @scheme("make-vector")
    def make_vector(k, fill=False):
        check_exact_nonneg("make-vector", 1, k)
        return allocate(interp, "make-vector", k, lambda: [fill] * k)

    # (vector-append vector ...)
    @scheme("vector-append")
    def vector_append(*vectors):
        for i, v in enumerate(vectors, 1):
            check_vector("vector-append", i, v)
        n = sum(map(len, vectors))
        return allocate(interp, "vector-append", n, lambda: list(chain.from_iterable(vectors)))

    def _vectors(who, vectors):
        for i, v in enumerate(vectors, 2):
            check_vector(who, i, v)
        return min(map(len, vectors))

    # (vector-map proc vector1 vector2 ...): as long as the shortest vector.
    @scheme("vector-map")
    def vector_map(proc, v1, *more):
        check_procedure("vector-map", 1, proc)
        vectors = (v1, *more)
        n = _vectors("vector-map", vectors)
        f = caller(proc, len(vectors))
        if not more:
            return [f(v1[i]) for i in range(n)]
        return [f(*[v[i] for v in vectors]) for i in range(n)]

    # (vector-for-each proc vector1 vector2 ...)
    @scheme("vector-for-each")
    def vector_for_each(proc, v1, *more):
        check_procedure("vector-for-each", 1, proc)
        vectors = (v1, *more)
        n = _vectors("vector-for-each", vectors)
        f = caller(proc, len(vectors))
        for i in range(n):
            f(*[v[i] for v in vectors])
        return UNSPECIFIED

