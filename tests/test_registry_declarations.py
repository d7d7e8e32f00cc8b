"""Primitive declarations: every built-in declares its names, arity and
argument types, and the declared types give the errors users see.

A primitive is declared with `@primitive("name", args=(TYPE, ...), rest=TYPE)`
(or the same through `named(define)` in a factory that needs the
interpreter); the registry generates the type tests from it (registry.py).
These tests hold each declaration to the function it declares and each
declared type to its error text, primitive by primitive.
"""

from __future__ import annotations

import pytest

from schemehost import Interpreter, SchemehostError, format_error
from schemehost.datatypes import NIL, Char, ErrorObject, cons, list_to_scheme, new_string, sym
from schemehost.errors import SchemeError
from schemehost.ports import BinaryInputPort, BinaryOutputPort, StringOutputPort
from schemehost.primitives import registry
from schemehost.primitives.registry import ANY, ArgType, Declaration, primitive, python_arity
from test_registry import registered as declared

# What "argument i must be ..." says for each declared type, written out here
# so a change of wording shows as a failing row.
MUST_BE = {
    "pair": "a pair",
    "string": "a string",
    "symbol": "a symbol",
    "char": "a character",
    "vector": "a vector",
    "bytevector": "a bytevector",
    "procedure": "a procedure",
    "number": "a number",
    "real": "a real number",
    "integer": "an integer",
    "exact integer": "an exact integer",
    "exact-nonneg": "a non-negative exact integer",
    "byte": "a byte (an exact integer from 0 to 255)",
    "index": "an exact integer",
    "elements": "a list",
    "port": "a port",
    "input port": "an input port",
    "output port": "an output port",
    "textual input port": "an input port",
    "textual output port": "an output port",
    "binary input port": "an input port",
    "binary output port": "an output port",
    "string output port": "a string output port",
    "bytevector output port": "a bytevector output port",
    "environment": "an environment",
    "error object": "an error object",
    "memoized procedure": "a memoized procedure",
    "positive exact integer": "a positive exact integer",
    "positive number": "a positive number",
    "feature": "a symbol",
    "u8": "a byte",
    "boolean": "a boolean",
    "walked list": "a list",
}

# Types whose error has its own wording (checked by the body with another argument).
OWN_WORDING = {"start or end", "objects then a list", "lists walked in step", "lists, then anything"}


def good_value(interp: Interpreter, t: ArgType):
    """A value of type `t` that lets the check of a later argument be reached."""
    plain = {
        "any": 1,
        "pair": cons(1, NIL),
        "string": new_string("abc"),
        "symbol": sym("abc"),
        "char": Char.of("a"),
        "vector": [1, 2, 3],
        "bytevector": bytearray(b"abc"),
        "number": 2,
        "real": 1.5,
        "integer": 4,
        "exact integer": 65,
        "exact-nonneg": 2,
        "byte": 7,
        "index": 0,
        "elements": list_to_scheme([1, 2]),
        "error object": ErrorObject("m", ()),
        "positive exact integer": 1,
        "positive number": 5,
        "feature": sym("random"),
        "u8": 1,
        "start or end": 0,
        "boolean": True,
        "walked list": list_to_scheme([1, 2]),
    }
    if t.name in plain:
        return plain[t.name]
    if t.name == "procedure":
        return interp.lookup("list")
    if t.name in ("port", "input port", "textual input port"):
        return interp.eval_string('(open-input-string "abc")')
    if t.name in ("output port", "textual output port", "string output port"):
        return StringOutputPort()
    if t.name == "binary input port":
        return BinaryInputPort(bytearray(b"ab"))
    if t.name in ("binary output port", "bytevector output port"):
        return BinaryOutputPort()
    if t.name == "environment":
        return interp.eval_string("(interaction-environment)")
    if t.name == "memoized procedure":
        return interp.eval_string("(memoize car)")
    raise AssertionError(f"no good value for type {t.name!r}")


def bad_value(t: ArgType):
    """A value that is not of type `t`."""
    return 1.5 if t.name in ("symbol", "feature") else sym("bad")




def test_registry_declarations_every_primitive_declares_name_arity_and_types():
    prims = declared()
    assert len(prims) > 300
    problems = []
    for name, prim in prims:
        decl = getattr(prim.fn, "declaration", None)
        if not isinstance(decl, Declaration):
            problems.append(f"{name}: no declaration")
            continue
        nparams = prim.fn.__code__.co_argcount
        least, most = python_arity(prim.fn)
        if name not in decl.names:
            problems.append(f"{name}: declared as {decl.names}")
        if (decl.lo, decl.hi) != (prim.lo, prim.hi):
            problems.append(f"{name}: declares {decl.lo}..{decl.hi}, bound {prim.lo}..{prim.hi}")
        if len(decl.args) != nparams or not all(isinstance(t, ArgType) for t in decl.args):
            problems.append(f"{name}: {len(decl.args)} argument types for {nparams} parameters")
        if (decl.rest is not None) != (most == -1):
            problems.append(f"{name}: rest type {decl.rest!r} for a function taking at most {most}")
        for t in decl.args + ((decl.rest,) if decl.rest is not None else ()):
            if t is not ANY and t.name not in MUST_BE and t.name not in OWN_WORDING:
                problems.append(f"{name}: type {t.name!r} has no row in MUST_BE")
    assert not problems, "\n".join(problems)


def typed_positions(decl: Declaration):
    """(position, type, preceding types) of each argument whose wrong value the declaration words."""
    for i, t in enumerate(decl.args, 1):
        if t.name in MUST_BE:
            yield i, t, decl.args[: i - 1]
    if decl.rest is not None and decl.rest.name in MUST_BE:
        n = len(decl.args)
        yield n + 1, decl.rest, decl.args
        yield n + 2, decl.rest, decl.args + (decl.rest,)


def test_registry_declarations_declared_types_give_the_worded_error():
    """For every primitive and every typed argument: a wrong value there, right
    values before it, gives ``who: argument i must be <what>`` with the value
    as irritant, whether the generated entry or the body checks it."""
    interp = Interpreter()
    checked, problems = 0, []
    for name, prim in declared():
        decl = prim.fn.declaration
        for i, t, before in typed_positions(decl):
            args = [good_value(interp, b) for b in before]
            bad = bad_value(t)
            args.append(bad)
            while len(args) < max(decl.lo, len(decl.args)):  # optional ones too: write-u8 checks its port first
                later = decl.args[len(args)] if len(args) < len(decl.args) else decl.rest
                args.append(good_value(interp, later))
            expected = f"{decl.who}: argument {i} must be {MUST_BE[t.name]}"
            try:
                prim.fn(*args)
            except SchemeError as e:
                got = (e.payload.message, tuple(e.payload.irritants))
                if got != (expected, (bad,)):
                    problems.append(f"({name} ...) argument {i}: {got}, not {(expected, (bad,))}")
            else:
                problems.append(f"({name} ...) with {bad!r} as argument {i}: no error")
            checked += 1
    assert checked > 250
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "program, headline",
    [
        ("(car 3)", "car: argument 1 must be a pair: 3"),
        ("(string-ref 'a 0)", "string-ref: argument 1 must be a string: a"),
        ("(string-ref \"abc\" 1.0)", "string-ref: argument 2 must be an exact integer: 1.0"),
        ("(vector-ref (vector 1 2) 2)", "vector-ref: index out of range: 2"),
        ("(vector-copy (vector 1 2 3) 2 1)", "vector-copy: end must not be before start: 2 1"),
        ("(vector-copy (vector 1 2 3) 0 4)", "vector-copy: index out of range: 4"),
        ("(vector-copy! (vector 1) 0 (vector 1 2))", "vector-copy!: source range does not fit in destination at index: 0"),
        ("(bytevector 1 256)", "bytevector: argument 2 must be a byte (an exact integer from 0 to 255): 256"),
        ("(list->vector '(1 . 2))", "list->vector: argument 1 must be a list: (1 . 2)"),
        ("(char-upcase 1)", "char-upcase: argument 1 must be a character: 1"),
        ("(char<? #\\a #\\b 3)", "char<?: argument 3 must be a character: 3"),
        ("(odd? 1.5)", "odd?: argument 1 must be an integer: 1.5"),
        ("(quotient 7 'x)", "quotient: argument 2 must be an integer: x"),
        ("(max 1 'x)", "max: argument 2 must be a real number: x"),
        ("(gcd 4 'x)", "gcd: argument 2 must be an integer: x"),
        ("(1- 'x)", "1-: argument 1 must be a number: x"),
        ("(exact-integer-sqrt -1)", "exact-integer-sqrt: argument 1 must be a non-negative exact integer: -1"),
        ("(make-vector -1)", "make-vector: argument 1 must be a non-negative exact integer: -1"),
        ("(vector-map car 'x)", "vector-map: argument 2 must be a vector: x"),
        ("(dynamic-wind list list 3)", "dynamic-wind: argument 3 must be a procedure: 3"),
        ("(get-output-string 1)", "get-output-string: argument 1 must be a string output port: 1"),
        ("(close-input-port 1)", "close-input-port: argument 1 must be an input port: 1"),
        ("(read-char 1)", "read-char: argument 1 must be an input port: 1"),
        ("(eval 1 2)", "eval: argument 2 must be an environment: 2"),
        ("(error-object-message 1)", "error-object-message: argument 1 must be an error object: 1"),
        ("(time-repeat list 0)", "time-repeat: argument 2 must be a positive exact integer: 0"),
        ("(+ 1 \"2\")", "+: argument 2 must be a number: \"2\""),
    ],
)
def test_registry_declarations_error_headline_exact_text(program, headline):
    interp = Interpreter()
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(program, "t.scm")
    assert format_error(info.value).split("\n")[0] == "t.scm:1:1: " + headline


def test_registry_declarations_checked_entry_keeps_the_function_face():
    """The generated entry has the body's name, module, arity and defaults,
    and the body under `__wrapped__`; an untyped declaration binds the body itself."""
    from schemehost.primitives import strings, system

    entry = strings.sequence_primitives.__globals__["primitive"]  # the module's decorator
    assert entry is primitive
    copy = Interpreter().lookup("vector-copy").fn
    assert copy.__name__ == "vector-copy" and copy.__module__ == strings.__name__
    assert python_arity(copy) == (1, 3) and copy.__defaults__ == (None, None)
    assert copy.__wrapped__.declaration is copy.declaration
    assert Interpreter().lookup("void").fn is system.void


def test_registry_declarations_one_generated_maker_per_shape():
    """Entries are generated once per shape (parameters and types), not once
    per primitive or per interpreter: start-up pays a few compiles."""
    Interpreter()
    before = len(registry._MAKERS)
    Interpreter()
    assert len(registry._MAKERS) == before
    typed = [p for _, p in declared() if p.fn.declaration.typed() and p.fn.declaration.checks == "entry"]
    assert before < len(typed) // 2


def test_registry_declarations_generated_checks_run_in_argument_order():
    @primitive("test-declared-pair", args=(registry.STRING, registry.Index(1), registry.CHAR))
    def declared_pair(s, k, c):
        return (s, k, c)

    try:
        with pytest.raises(SchemeError) as info:
            declared_pair(1, "x", 2)
        assert info.value.payload.message == "test-declared-pair: argument 1 must be a string"
        with pytest.raises(SchemeError) as info:
            declared_pair(new_string("ab"), 2, 2)
        assert (info.value.payload.message, tuple(info.value.payload.irritants)) == (
            "test-declared-pair: index out of range", (2,))
        s = new_string("ab")
        assert declared_pair(s, 1, Char.of("z")) == (s, 1, Char.of("z"))
    finally:
        registry.PRIMITIVES[:] = [row for row in registry.PRIMITIVES if row[0] != "test-declared-pair"]


@pytest.mark.parametrize(
    "fn, kwargs, message",
    [
        (lambda a, b: a, {"args": (ANY,)}, "p: 1 argument types for 2 parameters"),
        (lambda a: a, {"rest": ANY}, "p: a rest type for a procedure without a rest parameter"),
    ],
)
def test_registry_declarations_declaration_that_does_not_fit_is_refused(fn, kwargs, message):
    with pytest.raises(ValueError) as info:
        registry.declare(fn, ("p",), kwargs.get("args"), kwargs.get("rest"), None, None, False, None, False, "entry")
    assert str(info.value) == message


# The hand-written check helpers a declaration replaces.
CHECK_HELPERS = {
    "check_pair", "check_string", "check_symbol", "check_char", "check_vector", "check_bytevector",
    "check_integer", "check_real", "check_exact_nonneg", "check_index", "check_procedure", "check_text",
    "check_slice", "check_range", "check_copy", "check_byte", "num",
}
# Where a body still calls one, and why: atan's second argument makes the
# first one's type stricter (real, not complex), checked before the second.
# numbers' `num` is the check of the variadic folds declared checks="body".
KEPT_CALLS = {
    ("numbers", "atan"): {"check_real"},
    ("numbers", "_fold"): {"num"},
    ("numbers", "general"): {"num"},
    ("numbers", "sub"): {"num"},
    ("numbers", "div"): {"num"},
}


@pytest.mark.parametrize(
    "module", ["numbers", "chars", "vectors", "bytevectors", "io", "system", "memo", "control", "strings", "lists"]
)
def test_registry_declarations_bodies_do_not_check_by_hand(module):
    """A declared primitive module calls no check_* helper in its functions:
    the declaration says the types and the registry checks them."""
    import ast
    import importlib
    import inspect

    tree = ast.parse(inspect.getsource(importlib.import_module(f"schemehost.primitives.{module}")))
    found = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CHECK_HELPERS:
                    if node.func.id not in KEPT_CALLS.get((module, fn.name), ()):
                        found.add((fn.name, node.func.id))
    assert not found


def test_registry_declarations_variadic_body_gets_its_rest_as_one_tuple():
    """The entry of a variadic primitive passes its rest on as one tuple
    (registry._tuple_rest): the body sees what `*rest` would have given it,
    closure cells included."""
    seen = []

    @primitive("test-declared-rest", args=(registry.CHAR,), rest=registry.CHAR)
    def declared_rest(first, *more):
        def count():
            return len(more)

        seen.append(more)
        return first.ch + "".join(c.ch for c in more) + str(count())

    try:
        assert declared_rest(Char.of("a")) == "a0"
        assert declared_rest(Char.of("a"), Char.of("b"), Char.of("c")) == "abc2"
        assert seen == [(), (Char.of("b"), Char.of("c"))]
        with pytest.raises(SchemeError) as info:
            declared_rest(Char.of("a"), Char.of("b"), 1, Char.of("c"))
        assert (info.value.payload.message, tuple(info.value.payload.irritants)) == (
            "test-declared-rest: argument 3 must be a character", (1,))
    finally:
        registry.PRIMITIVES[:] = [row for row in registry.PRIMITIVES if row[0] != "test-declared-rest"]


@pytest.mark.parametrize(
    "program, value",
    [
        ('(string-copy "hello" 1)', '"ello"'),
        ('(string-copy "hello" 1 3)', '"el"'),
        ("(vector->list #(1 2 3) 1)", "(2 3)"),
        ("(let ((v (vector 1 2 3))) (vector-fill! v 0 1) v)", "#(1 0 0)"),
        ("(let ((v (vector 1 2 3 4))) (vector-copy! v 0 #(8 9) 1) v)", "#(9 2 3 4)"),
        ('(utf8->string #u8(104 105 33) 2)', '"!"'),
    ],
)
def test_registry_declarations_left_out_range_is_the_whole_sequence(program, value):
    """Start and End left out are 0 and the length, filled in by the entry."""
    from schemehost.printer import to_string

    assert to_string(Interpreter().eval_string(program), True, "cycles") == value
