"""The primitive registry: every built-in's declared arity is the one it has.

Primitives are declared two ways: `@primitive("name")` for pure functions,
and `@named("name")` (registry.named) on the procedures a `needs_interp`
factory makes for one interpreter. Either way the (least, most) a primitive
declares must be what its Python function accepts and what
`Interpreter.arity` reports.
"""

from __future__ import annotations

import pytest

from schemehost import Interpreter
from schemehost.primitives.registry import PRIMITIVES, python_arity
from schemehost.runtime import Primitive


def arity_problem(prim: Primitive) -> str | None:
    """Say how `prim`'s declared arity disagrees with its function, or None."""
    least, most = python_arity(prim.fn)
    if prim.lo < least:
        return f"declares at least {prim.lo} arguments, its function needs {least}"
    if most != -1 and (prim.hi == -1 or prim.hi > most):
        shown = "any number" if prim.hi == -1 else prim.hi
        return f"declares up to {shown} arguments, its function takes at most {most}"
    return None


def registered() -> list[tuple[str, Primitive]]:
    interp = Interpreter()
    return [(s.name, c.value) for s, c in interp.globals.items() if isinstance(c.value, Primitive)]


def test_registry_every_primitive_declared_arity_fits_its_function():
    prims = registered()
    assert len(prims) > 300
    bad = [f"{name}: {arity_problem(p)}" for name, p in prims if arity_problem(p)]
    assert not bad, "\n".join(bad)


def test_registry_interpreter_arity_reports_the_declared_arity():
    for name, prim in registered():
        assert Interpreter.arity(prim) == (prim.lo, None if prim.hi < 0 else prim.hi), name


def test_registry_module_level_declarations_are_what_the_interpreter_binds():
    interp = Interpreter()
    for name, fn, lo, hi, _tail in PRIMITIVES:
        bound = interp.lookup(name)
        assert (bound.fn, bound.lo, bound.hi) == (fn, lo, hi), name


@pytest.mark.parametrize(
    "fn, lo, hi, problem",
    [
        (lambda a, b: a, 2, 3, "declares up to 3 arguments, its function takes at most 2"),
        (lambda a, b: a, 2, -1, "declares up to any number arguments, its function takes at most 2"),
        (lambda a, b=0: a, 0, 2, "declares at least 0 arguments, its function needs 1"),
        (lambda a, *rest: a, 1, -1, None),
        (lambda a, b=0: a, 1, 2, None),
    ],
)
def test_registry_arity_problem_finds_a_mismatch(fn, lo, hi, problem):
    assert arity_problem(Primitive("p", fn, lo, hi)) == problem


def test_registry_named_defines_every_name_with_its_signature_arity():
    """`named(define)` is the decorator the factories put on each procedure
    (lists, control, system, io): the arity comes from the signature unless
    `lo`/`hi` narrow it, and `tail` is passed on."""
    from schemehost.primitives.registry import named

    calls = []
    scheme = named(lambda name, fn, lo, hi, tail=False: calls.append((name, fn.__name__, lo, hi, tail)))

    @scheme("first", "second")
    def pair_of(x, y=1):
        return x

    @scheme("mapping", lo=2, tail=True)
    def mapping(proc, *lists):
        return proc

    assert calls == [
        ("first", "pair_of", 1, 2, False),
        ("second", "pair_of", 1, 2, False),
        ("mapping", "mapping", 2, -1, True),
    ]


@pytest.mark.parametrize(
    "name, lo, hi",
    [("map", 2, -1), ("fold", 3, -1), ("apply", 2, -1), ("raise", 1, 1), ("call/cc", 1, 1), ("features", 0, 0)],
)
def test_registry_factory_procedures_keep_their_declared_arity(name, lo, hi):
    """The factories moved from a table of define calls to `@scheme` on each
    procedure; where the signature is wider than Scheme allows (map takes a
    procedure and at least one list) the declared arity must stay the narrow one."""
    from schemehost.datatypes import sym

    prim = Interpreter().globals[sym(name)].value
    assert (prim.lo, prim.hi) == (lo, hi)
