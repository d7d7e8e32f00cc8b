"""Tests of the character, string, symbol, vector and bytevector primitives.

The interpreter is not assembled yet, so these call the Python functions the
registry holds, checking the declared arity as the runtime will.  Factories
run against `FakeInterp`, which has the two attributes they use: `call` and
`max_alloc`.  Results are compared in their written form (`show`), so a row
reads like a REPL transcript.
"""

from __future__ import annotations

import pytest

from schemehost.datatypes import NIL, UNSPECIFIED, Char, MString, Pair, Symbol, cons, list_to_scheme, new_string
from schemehost.errors import MemoryLimitExceeded, SchemeError
from schemehost.primitives import bytevectors, chars, registry, strings, vectors
from schemehost.runtime import Primitive

MODULES = {m.__name__ for m in (chars, strings, vectors, bytevectors)}


class FakeInterp:
    """Stand-in for the interpreter: calls Python-backed procedures directly."""

    def __init__(self, max_alloc=None):
        self.max_alloc = max_alloc

    def call(self, proc, *args):
        proc.check_arity(len(args))
        return proc.fn(*args)

    def caller(self, proc, n):
        return lambda *args: self.call(proc, *args)


def table(max_alloc=None) -> dict:
    """Return name -> (fn, lo, hi) for the primitives of the modules under test."""
    out = {
        name: (fn, lo, hi)
        for name, fn, lo, hi, _tail in registry.PRIMITIVES
        if fn.__module__ in MODULES
    }

    def define(name, fn, lo, hi):
        out[name] = (fn, lo, hi)

    interp = FakeInterp(max_alloc)
    for factory in registry.FACTORIES:
        if factory.__module__ in MODULES:
            factory(interp, define)
    return out


def run(name, *args, max_alloc=None):
    """Call primitive `name` as the runtime would, arity check first."""
    fn, lo, hi = table(max_alloc)[name]
    assert lo <= len(args) and (hi == -1 or len(args) <= hi), f"{name}: arity {lo}..{hi}"
    return fn(*args)


def show(x) -> str:
    """Write `x` the way Scheme's `write` would (enough of it for these tests)."""
    t = type(x)
    if x is True:
        return "#t"
    if x is False:
        return "#f"
    if t is int or t is float:
        return repr(x)
    if t is MString:
        return '"' + x.s + '"'
    if t is Char:
        if x.ch.isprintable() and not x.ch.isspace():
            return "#\\" + x.ch
        return f"#\\x{ord(x.ch):x}"
    if t is Symbol:
        return x.name
    if t is list:
        return "#(" + " ".join(map(show, x)) + ")"
    if t is bytearray:
        return "#u8(" + " ".join(map(str, x)) + ")"
    if x is NIL or t is Pair:
        return "(" + " ".join(map(show, x)) + ")"
    if x is UNSPECIFIED:
        return "#<unspecified>"
    raise AssertionError(f"show: unexpected value {x!r}")


def s(text: str) -> MString:
    return new_string(text)


def c(ch: str) -> Char:
    return Char.of(ch)


def lst(*items):
    return list_to_scheme(items)


def bv(*items) -> bytearray:
    return bytearray(items)


def proc(fn, lo=0, hi=-1) -> Primitive:
    """A Scheme procedure backed by the Python function `fn`."""
    return Primitive("test-proc", fn, lo, hi)


def error_of(name, *args, **kw) -> tuple[str, list[str]]:
    """Return the message and written irritants of the error `name` raises."""
    with pytest.raises(SchemeError) as info:
        run(name, *args, **kw)
    payload = info.value.payload
    return payload.message, [show(i) for i in payload.irritants]


SYMBOL_A = Symbol.intern("a")

# -- the registry table ----------------------------------------------------------------

ARITIES = [
    ("char?", 1, 1),
    ("char=?", 1, -1),
    ("char-ci>=?", 1, -1),
    ("integer->char", 1, 1),
    ("string", 0, -1),
    ("make-string", 1, 2),
    ("substring", 2, 3),
    ("string-copy", 1, 3),
    ("string-copy!", 3, 5),
    ("string-fill!", 2, 4),
    ("string->list", 1, 3),
    ("string-append", 0, -1),
    ("string-map", 2, -1),
    ("string-for-each", 2, -1),
    ("string<?", 1, -1),
    ("string-ci=?", 1, -1),
    ("symbol=?", 1, -1),
    ("make-vector", 1, 2),
    ("vector-fill!", 2, 4),
    ("vector-copy!", 3, 5),
    ("vector-map", 2, -1),
    ("vector-for-each", 2, -1),
    ("vector-append", 0, -1),
    ("make-bytevector", 1, 2),
    ("bytevector-copy!", 3, 5),
    ("bytevector-append", 0, -1),
    ("utf8->string", 1, 3),
    ("string->utf8", 1, 3),
]


@pytest.mark.parametrize("name, lo, hi", ARITIES)
def test_registry_declared_arity_matches_r7rs(name, lo, hi):
    _fn, got_lo, got_hi = table()[name]
    assert (got_lo, got_hi) == (lo, hi)


def test_registry_text_primitives_all_present():
    names = set(table())
    expected = {
        "char?", "char->integer", "integer->char",
        "char=?", "char<?", "char>?", "char<=?", "char>=?",
        "char-ci=?", "char-ci<?", "char-ci>?", "char-ci<=?", "char-ci>=?",
        "char-alphabetic?", "char-numeric?", "char-whitespace?",
        "char-upper-case?", "char-lower-case?", "digit-value",
        "char-upcase", "char-downcase", "char-foldcase",
        "string?", "make-string", "string", "string-length", "string-ref",
        "string-set!", "substring", "string-append", "string-copy", "string-copy!",
        "string-fill!", "string->list", "list->string", "string->symbol",
        "symbol->string", "symbol?", "symbol=?",
        "string=?", "string<?", "string>?", "string<=?", "string>=?",
        "string-ci=?", "string-ci<?", "string-ci>?", "string-ci<=?", "string-ci>=?",
        "string-upcase", "string-downcase", "string-foldcase",
        "string->vector", "vector->string", "string-map", "string-for-each",
        "vector?", "make-vector", "vector", "vector-length", "vector-ref",
        "vector-set!", "vector->list", "list->vector", "vector-fill!",
        "vector-copy", "vector-copy!", "vector-append", "vector-map", "vector-for-each",
        "bytevector?", "make-bytevector", "bytevector", "bytevector-u8-ref",
        "bytevector-u8-set!", "bytevector-length", "bytevector-copy",
        "bytevector-copy!", "bytevector-append", "utf8->string", "string->utf8",
    }
    assert expected <= names


# -- characters --------------------------------------------------------------------------

CHAR_VALUES = [
    ("char?", (c("a"),), "#t"),
    ("char?", (s("a"),), "#f"),
    ("char->integer", (c("A"),), "65"),
    ("char->integer", (c("λ"),), "955"),
    ("integer->char", (955,), "#\\λ"),
    ("integer->char", (0x10FFFF,), "#\\x10ffff"),
    ("integer->char", (0,), "#\\x0"),
    ("char=?", (c("a"),), "#t"),
    ("char=?", (c("a"), c("a"), c("a")), "#t"),
    ("char=?", (c("a"), c("a"), c("b")), "#f"),
    ("char<?", (c("a"), c("b"), c("c")), "#t"),
    ("char<?", (c("a"), c("c"), c("b")), "#f"),
    ("char<?", (c("a"), c("a")), "#f"),
    ("char<=?", (c("a"), c("a"), c("b")), "#t"),
    ("char>?", (c("c"), c("b"), c("a")), "#t"),
    ("char>=?", (c("b"), c("b"), c("c")), "#f"),
    ("char<?", (c("Z"), c("a")), "#t"),
    ("char-ci=?", (c("a"), c("A")), "#t"),
    ("char-ci=?", (c("σ"), c("Σ"), c("ς")), "#t"),
    ("char-ci=?", (c("ß"), c("S")), "#f"),
    ("char-ci<?", (c("Z"), c("a")), "#f"),
    ("char-ci<?", (c("a"), c("B")), "#t"),
    ("char-ci>?", (c("b"), c("A")), "#t"),
    ("char-ci<=?", (c("A"), c("a")), "#t"),
    ("char-ci>=?", (c("a"), c("B")), "#f"),
    ("char-alphabetic?", (c("a"),), "#t"),
    ("char-alphabetic?", (c("λ"),), "#t"),
    ("char-alphabetic?", (c("Ⅷ"),), "#t"),  # letter number, Nl
    ("char-alphabetic?", (c("1"),), "#f"),
    ("char-alphabetic?", (c(" "),), "#f"),
    ("char-numeric?", (c("7"),), "#t"),
    ("char-numeric?", (c("٣"),), "#t"),  # ARABIC-INDIC DIGIT THREE
    ("char-numeric?", (c("½"),), "#f"),
    ("char-numeric?", (c("x"),), "#f"),
    ("char-whitespace?", (c(" "),), "#t"),
    ("char-whitespace?", (c("\t"),), "#t"),
    ("char-whitespace?", (c("\n"),), "#t"),
    ("char-whitespace?", (c("\u3000"),), "#t"),
    ("char-whitespace?", (c("\x1c"),), "#f"),
    ("char-whitespace?", (c("a"),), "#f"),
    ("char-upper-case?", (c("A"),), "#t"),
    ("char-upper-case?", (c("a"),), "#f"),
    ("char-upper-case?", (c("Ⓐ"),), "#t"),
    ("char-upper-case?", (c("1"),), "#f"),
    ("char-lower-case?", (c("a"),), "#t"),
    ("char-lower-case?", (c("ß"),), "#t"),
    ("char-lower-case?", (c("A"),), "#f"),
    ("digit-value", (c("3"),), "3"),
    ("digit-value", (c("٣"),), "3"),
    ("digit-value", (c("a"),), "#f"),
    ("digit-value", (c("½"),), "#f"),
    ("char-upcase", (c("a"),), "#\\A"),
    ("char-upcase", (c("A"),), "#\\A"),
    ("char-upcase", (c("λ"),), "#\\Λ"),
    ("char-upcase", (c("ß"),), "#\\ß"),  # "SS" is two characters
    ("char-upcase", (c("1"),), "#\\1"),
    ("char-downcase", (c("A"),), "#\\a"),
    ("char-downcase", (c("Σ"),), "#\\σ"),
    ("char-downcase", (c("İ"),), "#\\i"),  # simple lowercase; the full one is "i\u0307"
    ("char-foldcase", (c("İ"),), "#\\İ"),  # no simple folding (only full and Turkic ones)
    ("char-upcase", (c("ǰ"),), "#\\ǰ"),  # "J\u030c" is two characters, no simple mapping
    ("char-foldcase", (c("A"),), "#\\a"),
    ("char-foldcase", (c("ς"),), "#\\σ"),
    ("char-foldcase", (c("ß"),), "#\\ß"),
]


@pytest.mark.parametrize("name, args, expected", CHAR_VALUES)
def test_char_procedure_valid_arguments_returns_value(name, args, expected):
    assert show(run(name, *args)) == expected


def test_char_upcase_result_is_interned():
    assert run("char-upcase", c("q")) is Char.of("Q")


def test_downcase_char_table_covers_every_multi_character_lowercase():
    # Python's lower() is Unicode's full mapping; where it gives one character
    # that is also the simple mapping.  The others need an entry in the table.
    longer = [ch for ch in map(chr, range(0x110000)) if len(ch.lower()) > 1]
    assert longer == sorted(chars._SIMPLE_LOWERCASE)


CHAR_ERRORS = [
    ("char->integer", (s("a"),), "char->integer: argument 1 must be a character"),
    ("integer->char", (0xD800,), "integer->char: argument 1 must be a Unicode scalar value"),
    ("integer->char", (0x110000,), "integer->char: argument 1 must be a Unicode scalar value"),
    ("integer->char", (-1,), "integer->char: argument 1 must be a Unicode scalar value"),
    ("integer->char", (65.0,), "integer->char: argument 1 must be an exact integer"),
    ("integer->char", (True,), "integer->char: argument 1 must be an exact integer"),
    ("char=?", (1,), "char=?: argument 1 must be a character"),
    ("char<?", (c("a"), 2), "char<?: argument 2 must be a character"),
    ("char<?", (c("b"), c("a"), 3), "char<?: argument 3 must be a character"),
    ("char-ci=?", (c("a"), c("a"), s("a")), "char-ci=?: argument 3 must be a character"),
    ("char-alphabetic?", (s("a"),), "char-alphabetic?: argument 1 must be a character"),
    ("digit-value", (3,), "digit-value: argument 1 must be a character"),
    ("char-upcase", (SYMBOL_A,), "char-upcase: argument 1 must be a character"),
    ("char-foldcase", (NIL,), "char-foldcase: argument 1 must be a character"),
]


@pytest.mark.parametrize("name, args, message", CHAR_ERRORS)
def test_char_procedure_bad_argument_raises_message(name, args, message):
    got_message, irritants = error_of(name, *args)
    assert got_message == message
    assert irritants == [show(args[-1])]


# -- strings: values -----------------------------------------------------------------------

STRING_VALUES = [
    ("string?", (s(""),), "#t"),
    ("string?", (SYMBOL_A,), "#f"),
    ("string?", (c("a"),), "#f"),
    ("string", (), '""'),
    ("string", (c("a"), c("λ")), '"aλ"'),
    ("make-string", (3, c("x")), '"xxx"'),
    ("make-string", (2,), '"  "'),
    ("make-string", (0, c("x")), '""'),
    ("string-length", (s("straße"),), "6"),
    ("string-length", (s(""),), "0"),
    ("string-ref", (s("abc"), 0), "#\\a"),
    ("string-ref", (s("aλc"), 1), "#\\λ"),
    ("substring", (s("hello"), 1, 3), '"el"'),
    ("substring", (s("hello"), 2), '"llo"'),
    ("substring", (s("hello"), 5, 5), '""'),
    ("substring", (s("hello"), 0, 5), '"hello"'),
    ("string-append", (), '""'),
    ("string-append", (s("ab"), s(""), s("cd")), '"abcd"'),
    ("string-copy", (s("hello"),), '"hello"'),
    ("string-copy", (s("hello"), 2), '"llo"'),
    ("string-copy", (s("hello"), 1, 4), '"ell"'),
    ("string->list", (s("abc"),), "(#\\a #\\b #\\c)"),
    ("string->list", (s("abc"), 1), "(#\\b #\\c)"),
    ("string->list", (s("abc"), 1, 2), "(#\\b)"),
    ("string->list", (s(""),), "()"),
    ("list->string", (lst(c("a"), c("b")),), '"ab"'),
    ("list->string", (NIL,), '""'),
    ("string->vector", (s("abc"),), "#(#\\a #\\b #\\c)"),
    ("string->vector", (s("abc"), 2), "#(#\\c)"),
    ("vector->string", ([c("a"), c("b"), c("c")],), '"abc"'),
    ("vector->string", ([c("a"), c("b"), c("c")], 0, 2), '"ab"'),
    ("vector->string", ([c("a"), 1], 0, 1), '"a"'),  # only the range must be characters
    ("string-upcase", (s("hello"),), '"HELLO"'),
    ("string-upcase", (s("straße"),), '"STRASSE"'),
    ("string-downcase", (s("HeLLo"),), '"hello"'),
    ("string-downcase", (s("ΧΑΟΣ"),), '"χαος"'),  # final sigma
    ("string-downcase", (s("İ"),), '"i\u0307"'),  # full mapping, unlike char-downcase
    ("string-foldcase", (s("Straße"),), '"strasse"'),
    ("string=?", (s("abc"),), "#t"),
    ("string=?", (s("abc"), s("abc"), s("abc")), "#t"),
    ("string=?", (s("abc"), s("abc"), s("abd")), "#f"),
    ("string=?", (s("abc"), s("ABC")), "#f"),
    ("string<?", (s("abc"), s("abd")), "#t"),
    ("string<?", (s("ab"), s("abc")), "#t"),
    ("string<?", (s("abc"), s("ab")), "#f"),
    ("string<?", (s("a"), s("b"), s("b")), "#f"),
    ("string<=?", (s("a"), s("b"), s("b")), "#t"),
    ("string>?", (s("c"), s("b"), s("a")), "#t"),
    ("string>=?", (s("a"), s("a"), s("b")), "#f"),
    ("string<?", (s("Zebra"), s("apple")), "#t"),
    ("string-ci=?", (s("Straße"), s("STRASSE")), "#t"),
    ("string-ci=?", (s("abc"), s("ABC"), s("aBc")), "#t"),
    ("string-ci<?", (s("Zebra"), s("apple")), "#f"),
    ("string-ci<?", (s("apple"), s("Zebra")), "#t"),
    ("string-ci>?", (s("B"), s("a")), "#t"),
    ("string-ci<=?", (s("ABC"), s("abc")), "#t"),
    ("string-ci>=?", (s("a"), s("B")), "#f"),
    ("symbol?", (SYMBOL_A,), "#t"),
    ("symbol?", (s("a"),), "#f"),
    ("symbol=?", (SYMBOL_A,), "#t"),
    ("symbol=?", (SYMBOL_A, Symbol.intern("a"), SYMBOL_A), "#t"),
    ("symbol=?", (SYMBOL_A, Symbol.intern("b")), "#f"),
    ("symbol=?", (SYMBOL_A, Symbol("a")), "#f"),  # an uninterned symbol
    ("symbol->string", (Symbol.intern("hello"),), '"hello"'),
    ("string->symbol", (s("hello"),), "hello"),
]


@pytest.mark.parametrize("name, args, expected", STRING_VALUES)
def test_string_procedure_valid_arguments_returns_value(name, args, expected):
    assert show(run(name, *args)) == expected


def test_string_to_symbol_same_text_returns_same_symbol():
    assert run("string->symbol", s("abc")) is Symbol.intern("abc")


def test_symbol_to_string_mutated_result_leaves_symbol_alone():
    sym = Symbol.intern("frozen")
    text = run("symbol->string", sym)
    run("string-set!", text, 0, c("F"))
    assert sym.name == "frozen"
    assert run("symbol->string", sym) is not text


@pytest.mark.parametrize("name", ["string-copy", "substring", "string-append", "string-upcase"])
def test_string_producer_result_is_fresh_string(name):
    original = s("abc")
    args = (original, 0, 3) if name == "substring" else (original,)
    result = run(name, *args)
    assert result is not original
    run("string-set!", result, 0, c("z"))
    assert original.s == "abc"


# -- strings: mutation ------------------------------------------------------------------------

SELF = object()  # stands for the destination itself in an argument list

STRING_MUTATIONS = [
    ("string-set!", "abc", (1, c("λ")), "aλc"),
    ("string-set!", "abc", (2, c("z")), "abz"),
    ("string-fill!", "abcde", (c("x"),), "xxxxx"),
    ("string-fill!", "abcde", (c("x"), 2), "abxxx"),
    ("string-fill!", "abcde", (c("x"), 1, 3), "axxde"),
    ("string-fill!", "abcde", (c("x"), 2, 2), "abcde"),
    ("string-copy!", "abcde", (1, s("XY")), "aXYde"),
    ("string-copy!", "abcde", (0, s("VWXYZ")), "VWXYZ"),
    ("string-copy!", "abcde", (5, s("")), "abcde"),
    ("string-copy!", "abcde", (3, s("VWXYZ"), 3), "abcYZ"),
    ("string-copy!", "abcde", (0, s("VWXYZ"), 1, 3), "WXcde"),
    # overlapping, within one string: forwards and backwards
    ("string-copy!", "abcde", (1, SELF, 0, 4), "aabcd"),
    ("string-copy!", "abcde", (0, SELF, 1), "bcdee"),
    ("string-copy!", "abcde", (0, SELF), "abcde"),
]


@pytest.mark.parametrize("name, start, args, after", STRING_MUTATIONS)
def test_string_mutator_valid_arguments_changes_string(name, start, args, after):
    target = s(start)
    args = tuple(target if a is SELF else a for a in args)
    assert run(name, target, *args) is UNSPECIFIED
    assert target.s == after


# -- strings: errors -------------------------------------------------------------------------

STRING_ERRORS = [
    ("string-length", (SYMBOL_A,), "string-length: argument 1 must be a string", ["a"]),
    ("string-ref", (SYMBOL_A, 0), "string-ref: argument 1 must be a string", ["a"]),
    ("string-ref", (s("abc"), 3), "string-ref: index out of range", ["3"]),
    ("string-ref", (s("abc"), -1), "string-ref: index out of range", ["-1"]),
    ("string-ref", (s(""), 0), "string-ref: index out of range", ["0"]),
    ("string-ref", (s("abc"), 1.0), "string-ref: argument 2 must be an exact integer", ["1.0"]),
    ("string-set!", (s("abc"), 3, c("x")), "string-set!: index out of range", ["3"]),
    ("string-set!", (s("abc"), 0, s("x")), "string-set!: argument 3 must be a character", ['"x"']),
    ("string", (c("a"), 1), "string: argument 2 must be a character", ["1"]),
    ("make-string", (-1,), "make-string: argument 1 must be a non-negative exact integer", ["-1"]),
    ("make-string", (2.0,),
     "make-string: argument 1 must be a non-negative exact integer", ["2.0"]),
    ("make-string", (2, s("x")), "make-string: argument 2 must be a character", ['"x"']),
    ("substring", (s("hello"), 3, 2), "substring: end must not be before start", ["3", "2"]),
    ("substring", (s("hello"), 0, 6), "substring: index out of range", ["6"]),
    ("substring", (s("hello"), 6, 6), "substring: index out of range", ["6"]),
    ("substring", (s("hello"), -1, 2), "substring: index out of range", ["-1"]),
    ("substring", (s("hello"), 1, c("x")),
     "substring: argument 3 must be an exact integer", ["#\\x"]),
    ("string-append", (s("a"), c("b")), "string-append: argument 2 must be a string", ["#\\b"]),
    ("string-copy", (s("abc"), 2, 1), "string-copy: end must not be before start", ["2", "1"]),
    ("string-copy", (s("abc"), 4), "string-copy: index out of range", ["4"]),
    ("string-copy!", (s("abc"), 4, s("")), "string-copy!: index out of range", ["4"]),
    ("string-copy!", (s("abc"), 2, s("xy")),
     "string-copy!: source range does not fit in destination at index", ["2"]),
    ("string-copy!", (s("abc"), 0, s("xy"), 1, 3), "string-copy!: index out of range", ["3"]),
    ("string-copy!", (s("abc"), 0, [c("x")]),
     "string-copy!: argument 3 must be a string", ["#(#\\x)"]),
    ("string-fill!", (s("abc"), c("x"), 1, 4), "string-fill!: index out of range", ["4"]),
    ("string-fill!", (s("abc"), 1), "string-fill!: argument 2 must be a character", ["1"]),
    ("string->list", (s("abc"), 2, 1), "string->list: end must not be before start", ["2", "1"]),
    ("list->string", (lst(c("a"), 2),),
     "list->string: argument 1 must be a list of characters", ["2"]),
    ("list->string", (cons(c("a"), c("b")),), "list->string: argument 1 must be a list",
     ["(#\\a)"]),  # show() stops at the improper tail
    ("list->string", (s("ab"),), "list->string: argument 1 must be a list", ['"ab"']),
    ("vector->string", ([c("a"), 1],), "vector->string: argument 1 must be a vector of characters",
     ["1"]),
    ("string->vector", (s("abc"), 0, 9), "string->vector: index out of range", ["9"]),
    ("string-upcase", (c("a"),), "string-upcase: argument 1 must be a string", ["#\\a"]),
    ("string=?", (s("a"), SYMBOL_A), "string=?: argument 2 must be a string", ["a"]),
    ("string<?", (s("b"), s("a"), 1), "string<?: argument 3 must be a string", ["1"]),
    ("string-ci=?", (1,), "string-ci=?: argument 1 must be a string", ["1"]),
    ("symbol=?", (SYMBOL_A, s("a")), "symbol=?: argument 2 must be a symbol", ['"a"']),
    ("symbol->string", (s("a"),), "symbol->string: argument 1 must be a symbol", ['"a"']),
    ("string->symbol", (SYMBOL_A,), "string->symbol: argument 1 must be a string", ["a"]),
]


@pytest.mark.parametrize("name, args, message, irritants", STRING_ERRORS)
def test_string_procedure_bad_argument_raises_message(name, args, message, irritants):
    assert error_of(name, *args) == (message, irritants)


def test_list_to_string_circular_list_raises_not_a_list():
    cell = cons(c("a"), NIL)
    cell.cdr = cell
    with pytest.raises(SchemeError) as info:
        run("list->string", cell)
    assert info.value.payload.message == "list->string: argument 1 must be a list"


def test_string_set_bad_index_leaves_string_unchanged():
    target = s("abc")
    with pytest.raises(SchemeError):
        run("string-set!", target, 5, c("x"))
    assert target.s == "abc"


# -- vectors ----------------------------------------------------------------------------------

VECTOR_VALUES = [
    ("vector?", ([],), "#t"),
    ("vector?", (s("abc"),), "#f"),
    ("vector?", (bv(1),), "#f"),
    ("vector", (), "#()"),
    ("vector", (1, s("a"), c("b")), '#(1 "a" #\\b)'),
    ("make-vector", (3,), "#(#f #f #f)"),
    ("make-vector", (2, SYMBOL_A), "#(a a)"),
    ("make-vector", (0,), "#()"),
    ("vector-length", ([1, 2, 3],), "3"),
    ("vector-ref", ([1, 2, 3], 2), "3"),
    ("vector->list", ([1, 2, 3],), "(1 2 3)"),
    ("vector->list", ([1, 2, 3], 1), "(2 3)"),
    ("vector->list", ([1, 2, 3], 1, 2), "(2)"),
    ("vector->list", ([1, 2, 3], 3), "()"),
    ("list->vector", (lst(1, 2),), "#(1 2)"),
    ("list->vector", (NIL,), "#()"),
    ("vector-copy", ([1, 2, 3],), "#(1 2 3)"),
    ("vector-copy", ([1, 2, 3], 1), "#(2 3)"),
    ("vector-copy", ([1, 2, 3], 0, 2), "#(1 2)"),
    ("vector-append", (), "#()"),
    ("vector-append", ([1], [], [2, 3]), "#(1 2 3)"),
]


@pytest.mark.parametrize("name, args, expected", VECTOR_VALUES)
def test_vector_procedure_valid_arguments_returns_value(name, args, expected):
    assert show(run(name, *args)) == expected


@pytest.mark.parametrize("name", ["vector-copy", "vector-append"])
def test_vector_producer_result_is_fresh_vector(name):
    original = [1, 2, 3]
    result = run(name, original)
    assert result is not original
    run("vector-set!", result, 0, 9)
    assert original == [1, 2, 3]


def test_make_vector_fill_is_shared_not_copied():
    fill = s("x")
    result = run("make-vector", 2, fill)
    assert result[0] is fill and result[1] is fill


VECTOR_MUTATIONS = [
    ("vector-set!", [1, 2, 3], (0, SYMBOL_A), "#(a 2 3)"),
    ("vector-fill!", [1, 2, 3, 4], (0,), "#(0 0 0 0)"),
    ("vector-fill!", [1, 2, 3, 4], (0, 2), "#(1 2 0 0)"),
    ("vector-fill!", [1, 2, 3, 4], (0, 1, 3), "#(1 0 0 4)"),
    ("vector-copy!", [1, 2, 3, 4, 5], (1, [8, 9]), "#(1 8 9 4 5)"),
    ("vector-copy!", [1, 2, 3, 4, 5], (3, [7, 8, 9], 1), "#(1 2 3 8 9)"),
    ("vector-copy!", [1, 2, 3, 4, 5], (0, [7, 8, 9], 1, 2), "#(8 2 3 4 5)"),
    ("vector-copy!", [1, 2, 3, 4, 5], (5, []), "#(1 2 3 4 5)"),
    # overlapping, within one vector: forwards and backwards
    ("vector-copy!", [1, 2, 3, 4, 5], (1, SELF, 0, 4), "#(1 1 2 3 4)"),
    ("vector-copy!", [1, 2, 3, 4, 5], (0, SELF, 1), "#(2 3 4 5 5)"),
    ("vector-copy!", [1, 2, 3, 4, 5], (2, SELF, 0, 3), "#(1 2 1 2 3)"),
]


@pytest.mark.parametrize("name, start, args, after", VECTOR_MUTATIONS)
def test_vector_mutator_valid_arguments_changes_vector(name, start, args, after):
    target = list(start)
    args = tuple(target if a is SELF else a for a in args)
    assert run(name, target, *args) is UNSPECIFIED
    assert show(target) == after
    assert len(target) == len(start)


VECTOR_ERRORS = [
    ("vector-length", (s("ab"),), "vector-length: argument 1 must be a vector", ['"ab"']),
    ("vector-ref", ([1, 2], 2), "vector-ref: index out of range", ["2"]),
    ("vector-ref", ([1, 2], -1), "vector-ref: index out of range", ["-1"]),
    ("vector-ref", ([1, 2], True), "vector-ref: argument 2 must be an exact integer", ["#t"]),
    ("vector-set!", ([], 0, 1), "vector-set!: index out of range", ["0"]),
    ("vector-set!", (NIL, 0, 1), "vector-set!: argument 1 must be a vector", ["()"]),
    ("make-vector", (-2,), "make-vector: argument 1 must be a non-negative exact integer", ["-2"]),
    ("vector->list", ([1, 2], 3), "vector->list: index out of range", ["3"]),
    ("vector->list", ([1, 2], 2, 1), "vector->list: end must not be before start", ["2", "1"]),
    ("list->vector", (cons(1, 2),), "list->vector: argument 1 must be a list", ["(1)"]),
    ("vector-fill!", ([1, 2], 0, 0, 3), "vector-fill!: index out of range", ["3"]),
    ("vector-copy", ([1, 2], 1, 0), "vector-copy: end must not be before start", ["1", "0"]),
    ("vector-copy!", ([1, 2], 3, []), "vector-copy!: index out of range", ["3"]),
    ("vector-copy!", ([1, 2], 1, [7, 8]),
     "vector-copy!: source range does not fit in destination at index", ["1"]),
    ("vector-copy!", ([1, 2], 0, s("ab")), "vector-copy!: argument 3 must be a vector", ['"ab"']),
    ("vector-copy!", ([1, 2], 0, [7], 0, 2), "vector-copy!: index out of range", ["2"]),
    ("vector-append", ([1], 2), "vector-append: argument 2 must be a vector", ["2"]),
]


@pytest.mark.parametrize("name, args, message, irritants", VECTOR_ERRORS)
def test_vector_procedure_bad_argument_raises_message(name, args, message, irritants):
    assert error_of(name, *args) == (message, irritants)


def test_vector_copy_to_room_error_leaves_destination_unchanged():
    target = [1, 2]
    with pytest.raises(SchemeError):
        run("vector-copy!", target, 1, [7, 8])
    assert target == [1, 2]


# -- bytevectors ------------------------------------------------------------------------------

BYTEVECTOR_VALUES = [
    ("bytevector?", (bv(),), "#t"),
    ("bytevector?", ([1],), "#f"),
    ("bytevector", (), "#u8()"),
    ("bytevector", (0, 255, 7), "#u8(0 255 7)"),
    ("make-bytevector", (3,), "#u8(0 0 0)"),
    ("make-bytevector", (2, 255), "#u8(255 255)"),
    ("bytevector-length", (bv(1, 2, 3),), "3"),
    ("bytevector-u8-ref", (bv(5, 6), 1), "6"),
    ("bytevector-copy", (bv(1, 2, 3),), "#u8(1 2 3)"),
    ("bytevector-copy", (bv(1, 2, 3), 1), "#u8(2 3)"),
    ("bytevector-copy", (bv(1, 2, 3), 1, 2), "#u8(2)"),
    ("bytevector-append", (), "#u8()"),
    ("bytevector-append", (bv(1), bv(), bv(2, 3)), "#u8(1 2 3)"),
    ("utf8->string", (bv(0x41),), '"A"'),
    ("utf8->string", (bv(206, 187, 120),), '"λx"'),
    ("utf8->string", (bv(255, 65, 66), 1), '"AB"'),
    ("utf8->string", (bv(65, 66, 255), 0, 2), '"AB"'),
    ("utf8->string", (bv(),), '""'),
    ("string->utf8", (s("λx"),), "#u8(206 187 120)"),
    ("string->utf8", (s("aλx"), 1, 2), "#u8(206 187)"),
    ("string->utf8", (s("😀"),), "#u8(240 159 152 128)"),
    ("string->utf8", (s(""),), "#u8()"),
]


@pytest.mark.parametrize("name, args, expected", BYTEVECTOR_VALUES)
def test_bytevector_procedure_valid_arguments_returns_value(name, args, expected):
    assert show(run(name, *args)) == expected


BYTEVECTOR_MUTATIONS = [
    ("bytevector-u8-set!", [1, 2, 3], (1, 255), "#u8(1 255 3)"),
    ("bytevector-copy!", [1, 2, 3, 4, 5], (1, bv(8, 9)), "#u8(1 8 9 4 5)"),
    ("bytevector-copy!", [1, 2, 3, 4, 5], (0, bv(7, 8, 9), 1, 2), "#u8(8 2 3 4 5)"),
    # overlapping, within one bytevector: forwards and backwards
    ("bytevector-copy!", [1, 2, 3, 4, 5], (1, SELF, 0, 4), "#u8(1 1 2 3 4)"),
    ("bytevector-copy!", [1, 2, 3, 4, 5], (0, SELF, 1), "#u8(2 3 4 5 5)"),
]


@pytest.mark.parametrize("name, start, args, after", BYTEVECTOR_MUTATIONS)
def test_bytevector_mutator_valid_arguments_changes_bytevector(name, start, args, after):
    target = bytearray(start)
    args = tuple(target if a is SELF else a for a in args)
    assert run(name, target, *args) is UNSPECIFIED
    assert show(target) == after


BYTE = "a byte (an exact integer from 0 to 255)"

BYTEVECTOR_ERRORS = [
    ("bytevector", (1, 256), f"bytevector: argument 2 must be {BYTE}", ["256"]),
    ("bytevector", (-1,), f"bytevector: argument 1 must be {BYTE}", ["-1"]),
    ("bytevector", (True,), f"bytevector: argument 1 must be {BYTE}", ["#t"]),
    ("bytevector", (c("a"),), f"bytevector: argument 1 must be {BYTE}", ["#\\a"]),
    ("make-bytevector", (2, 256), f"make-bytevector: argument 2 must be {BYTE}", ["256"]),
    ("make-bytevector", (-1,),
     "make-bytevector: argument 1 must be a non-negative exact integer", ["-1"]),
    ("bytevector-u8-set!", (bv(1), 0, 300), f"bytevector-u8-set!: argument 3 must be {BYTE}",
     ["300"]),
    ("bytevector-u8-set!", (bv(1), 1, 0), "bytevector-u8-set!: index out of range", ["1"]),
    ("bytevector-u8-ref", (bv(1), 1), "bytevector-u8-ref: index out of range", ["1"]),
    ("bytevector-u8-ref", ([1], 0),
     "bytevector-u8-ref: argument 1 must be a bytevector", ["#(1)"]),
    ("bytevector-length", (s("a"),),
     "bytevector-length: argument 1 must be a bytevector", ['"a"']),
    ("bytevector-copy", (bv(1, 2), 2, 1), "bytevector-copy: end must not be before start",
     ["2", "1"]),
    ("bytevector-copy!", (bv(1, 2), 1, bv(7, 8)),
     "bytevector-copy!: source range does not fit in destination at index", ["1"]),
    ("bytevector-append", (bv(1), [2]), "bytevector-append: argument 2 must be a bytevector",
     ["#(2)"]),
    ("utf8->string", (bv(65, 255),), "utf8->string: invalid UTF-8 sequence at index", ["1"]),
    ("utf8->string", (bv(65, 66, 0xED, 0xA0, 0x80), 1),  # an encoded surrogate
     "utf8->string: invalid UTF-8 sequence at index", ["2"]),
    ("utf8->string", (bv(206, 187), 0, 1), "utf8->string: invalid UTF-8 sequence at index", ["0"]),
    ("utf8->string", (s("a"),), "utf8->string: argument 1 must be a bytevector", ['"a"']),
    ("string->utf8", (s("ab"), 3), "string->utf8: index out of range", ["3"]),
    ("string->utf8", (s("a\ud800"),), "string->utf8: character has no UTF-8 encoding",
     ["#\\xd800"]),
    ("string->utf8", (bv(65),), "string->utf8: argument 1 must be a string", ["#u8(65)"]),
]


@pytest.mark.parametrize("name, args, message, irritants", BYTEVECTOR_ERRORS)
def test_bytevector_procedure_bad_argument_raises_message(name, args, message, irritants):
    assert error_of(name, *args) == (message, irritants)


# -- the allocation cap ------------------------------------------------------------------------

ALLOCATIONS = [
    ("make-string", (11, c("x"))),
    ("make-vector", (11,)),
    ("make-bytevector", (11,)),
    ("string-append", (s("abcdef"), s("ghijk"))),
    ("vector-append", ([0] * 6, [0] * 5)),
    ("bytevector-append", (bv(*[0] * 6), bv(*[0] * 5))),
]


@pytest.mark.parametrize("name, args", ALLOCATIONS)
def test_allocation_over_limit_raises_memory_limit(name, args):
    with pytest.raises(MemoryLimitExceeded) as info:
        run(name, *args, max_alloc=10)
    assert str(info.value) == f"{name}: allocation of 11 elements exceeds the limit of 10"


@pytest.mark.parametrize("name, args", ALLOCATIONS)
def test_allocation_at_limit_succeeds(name, args):
    result = run(name, *args, max_alloc=11)
    assert len(result.s if type(result) is MString else result) == 11


def test_allocation_over_limit_is_not_scheme_catchable():
    assert not issubclass(MemoryLimitExceeded, SchemeError)


@pytest.mark.parametrize(
    "name, args, n",
    [
        ("make-vector", (10**20,), 10**20),  # OverflowError in the host
        ("make-vector", (2**60,), 2**60),  # MemoryError in the host
        ("make-string", (10**20,), 10**20),
        ("make-bytevector", (10**20,), 10**20),
    ],
)
def test_allocation_host_failure_without_limit_raises_memory_limit(name, args, n):
    with pytest.raises(MemoryLimitExceeded) as info:
        run(name, *args, max_alloc=None)
    assert str(info.value) == f"{name}: allocation of {n} elements failed: out of host memory"


def test_allocation_limit_read_at_call_time():
    interp = FakeInterp(max_alloc=None)
    made = {}
    for factory in registry.FACTORIES:
        if factory.__module__ in MODULES:
            factory(interp, lambda name, fn, lo, hi: made.__setitem__(name, fn))
    assert len(made["make-vector"](5)) == 5
    interp.max_alloc = 4
    with pytest.raises(MemoryLimitExceeded):
        made["make-vector"](5)


# -- procedures that call back into Scheme ------------------------------------------------------


def upcase(ch):
    return Char.of(ch.ch.upper())


def pick_larger(a, b):
    return a if a.ch > b.ch else b


HIGHER_ORDER_VALUES = [
    ("string-map", (proc(upcase), s("abc")), '"ABC"'),
    ("string-map", (proc(upcase), s("")), '""'),
    ("string-map", (proc(pick_larger), s("adc"), s("bbbbb")), '"bdc"'),  # shortest wins
    ("string-map", (proc(pick_larger), s("abc"), s("")), '""'),
    ("vector-map", (proc(lambda x: x * 10), [1, 2, 3]), "#(10 20 30)"),
    ("vector-map", (proc(lambda x, y: x + y), [1, 2, 3], [10, 20]), "#(11 22)"),
    ("vector-map", (proc(lambda x: x), []), "#()"),
]


@pytest.mark.parametrize("name, args, expected", HIGHER_ORDER_VALUES)
def test_mapping_procedure_valid_arguments_returns_value(name, args, expected):
    assert show(run(name, *args)) == expected


@pytest.mark.parametrize(
    "name, sequences, expected",
    [
        ("string-for-each", (s("ab"),), [("a",), ("b",)]),
        ("string-for-each", (s("abc"), s("xy")), [("a", "x"), ("b", "y")]),
        ("vector-for-each", ([1, 2],), [(1,), (2,)]),
        ("vector-for-each", ([1, 2, 3], [4, 5], [6, 7, 8]), [(1, 4, 6), (2, 5, 7)]),
        ("vector-for-each", ([],), []),
    ],
)
def test_for_each_procedure_calls_in_order_returns_unspecified(name, sequences, expected):
    seen = []

    def record(*xs):
        seen.append(tuple(x.ch if type(x) is Char else x for x in xs))
        return 0

    assert run(name, proc(record), *sequences) is UNSPECIFIED
    assert seen == expected


HIGHER_ORDER_ERRORS = [
    ("string-map", (s("abc"), s("abc")), "string-map: argument 1 must be a procedure", ['"abc"']),
    ("string-map", (proc(upcase), s("a"), [c("b")]), "string-map: argument 3 must be a string",
     ["#(#\\b)"]),
    ("string-map", (proc(lambda ch: 1), s("a")), "string-map: procedure must return a character",
     ["1"]),
    ("string-for-each", (1, s("a")), "string-for-each: argument 1 must be a procedure", ["1"]),
    ("string-for-each", (proc(upcase), 2), "string-for-each: argument 2 must be a string", ["2"]),
    ("vector-map", (proc(upcase), s("ab")), "vector-map: argument 2 must be a vector", ['"ab"']),
    ("vector-map", (c("f"), []), "vector-map: argument 1 must be a procedure", ["#\\f"]),
    ("vector-for-each", (proc(upcase), [], NIL), "vector-for-each: argument 3 must be a vector",
     ["()"]),
]


@pytest.mark.parametrize("name, args, message, irritants", HIGHER_ORDER_ERRORS)
def test_mapping_procedure_bad_argument_raises_message(name, args, message, irritants):
    assert error_of(name, *args) == (message, irritants)


def test_string_map_callback_error_propagates_unchanged():
    def fail(ch):
        raise registry.scheme_error("boom", ch)

    with pytest.raises(SchemeError) as info:
        run("string-map", proc(fail), s("q"))
    assert info.value.payload.message == "boom"
