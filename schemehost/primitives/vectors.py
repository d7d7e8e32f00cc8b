"""Vector primitives, R7RS 6.8.  A Scheme vector is a Python list.

make-vector and vector-append, which may allocate far more than their
arguments hold, live in the factory at the bottom and check the interpreter's
`max_alloc`.  string->vector and vector->string are in strings.py.
"""

from __future__ import annotations

from itertools import chain

from ..calls import ready
from ..datatypes import UNSPECIFIED, list_to_scheme
from ..runtime import Closure, charge
from .registry import (
    ANY,
    ELEMENTS,
    END,
    EXACT_NONNEG,
    PROCEDURE,
    START,
    VECTOR,
    End,
    Start,
    allocate,
    named,
    needs_interp,
    primitive,
)
from .strings import sequence_primitives


# (vector? obj), (vector-length vector), (vector-ref vector k), (vector-set! vector k obj),
# (vector-copy vector [start [end]]), (vector-copy! to at from [start [end]])
sequence_primitives("vector", VECTOR, list, "vector-ref")


# (vector obj ...)
@primitive("vector")
def vector(*objs):
    return list(objs)


# (vector->list vector [start [end]])
@primitive("vector->list", args=(VECTOR, START, END))
def vector_to_list(v, start=None, end=None):
    charge(end - start)
    return list_to_scheme(v[start:end])


# (list->vector list)
@primitive("list->vector", args=(ELEMENTS,))
def list_to_vector(lst):
    return lst  # the declaration made it a fresh Python list


# (vector-fill! vector fill [start [end]])
@primitive("vector-fill!", args=(VECTOR, ANY, Start(1), End(1)))
def vector_fill(v, fill, start=None, end=None):
    charge(end - start)
    v[start:end] = [fill] * (end - start)
    return UNSPECIFIED


@needs_interp
def vector_procedures(interp, define) -> None:
    """Define the allocating and higher-order vector procedures for `interp`."""
    scheme = named(define)
    caller = interp.caller

    # (make-vector k [fill]); the fill R7RS leaves unspecified is #f.
    @scheme("make-vector", args=(EXACT_NONNEG, ANY))
    def make_vector(k, fill=False):
        return allocate(interp, "make-vector", k, lambda: [fill] * k)

    # (vector-append vector ...)
    @scheme("vector-append", rest=VECTOR)
    def vector_append(*vectors):
        n = sum(map(len, vectors))
        return allocate(interp, "vector-append", n, lambda: list(chain.from_iterable(vectors)))

    def walk(proc, v, out):
        """Call proc on each element of vector `v` in turn (each read when its turn
        comes: proc may change `v`; the length is fixed first), its values appended
        to `out` unless that is None.  A closure with a fast entry of one argument
        is entered here, as calls.caller's call1 would enter it (a Python frame
        fewer per element); anything else with no list made per element."""
        n = len(v)
        ready(proc, 1)
        if type(proc) is Closure and proc.fk == 1:
            fast, env = proc.fast, proc.env
            budget, run = interp.budget, interp.apply
            for i in range(n):
                for _ in budget.it: break
                else: budget.exhausted()
                r = fast(v[i], env)
                if type(r) is tuple:
                    r = run(*r)
                if out is not None:
                    out.append(r)
        else:
            f = caller(proc, 1)
            for i in range(n):
                r = f(v[i])
                if out is not None:
                    out.append(r)

    # (vector-map proc vector1 vector2 ...): as long as the shortest vector.
    @scheme("vector-map", args=(PROCEDURE, VECTOR), rest=VECTOR)
    def vector_map(proc, v1, *more):
        if not more:
            out = []
            walk(proc, v1, out)
            return out
        vectors = (v1, *more)
        n = min(map(len, vectors))
        f = caller(proc, len(vectors))
        return [f(*[v[i] for v in vectors]) for i in range(n)]

    # (vector-for-each proc vector1 vector2 ...)
    @scheme("vector-for-each", args=(PROCEDURE, VECTOR), rest=VECTOR)
    def vector_for_each(proc, v1, *more):
        if not more:
            walk(proc, v1, None)
            return UNSPECIFIED
        vectors = (v1, *more)
        n = min(map(len, vectors))
        f = caller(proc, len(vectors))
        for i in range(n):
            f(*[v[i] for v in vectors])
        return UNSPECIFIED

