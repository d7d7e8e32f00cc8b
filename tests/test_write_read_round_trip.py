"""`write` then `read` gives the datum back (issue 18, "Round trips"; R7RS 6.13.3 `write`).

For any acyclic datum built from every kind of value, `(read (open-input-string
<what write wrote>))` is equal to it, in the strict sense below.  Plus the
symbols that `write` must put between bars (issue 18 item 8), with their
exact text.
"""

from __future__ import annotations

import io
import math
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schemehost import Interpreter
from schemehost.datatypes import NIL, Char, MString, Pair, Symbol, cons, new_string
from schemehost.printer import write_string
from schemehost.reader import read_one

# ------------------------------------------------------------ strict equality


def same_datum(a, b) -> bool:
    """`equal?`, made strict where it may be loose: exact and inexact apart, -0.0 apart
    from 0.0 (eqv?, R7RS 6.1), and a NaN equal to a NaN."""
    if type(a) is not type(b):
        return False
    t = type(a)
    if t is Pair:
        while type(a) is Pair and type(b) is Pair:
            if not same_datum(a.car, b.car):
                return False
            a, b = a.cdr, b.cdr
        return same_datum(a, b)
    if t is list:
        return len(a) == len(b) and all(same_datum(x, y) for x, y in zip(a, b))
    if t is float:
        return _same_float(a, b)
    if t is complex:
        return _same_float(a.real, b.real) and _same_float(a.imag, b.imag)
    if t is MString:
        return a.s == b.s
    if t is Char:
        return a.ch == b.ch
    if t in (Symbol, bool) or a is NIL:
        return a is b
    return a == b  # int, Fraction, bytearray


def _same_float(x: float, y: float) -> bool:
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return x == y and math.copysign(1.0, x) == math.copysign(1.0, y)


# ------------------------------------------------------------ data of every kind


def _scheme_list(items: list, tail=NIL):
    result = tail
    for item in reversed(items):
        result = cons(item, result)
    return result


def _rational(pair) -> Fraction | int:
    numerator, denominator = pair
    value = Fraction(numerator, denominator)
    return value.numerator if value.denominator == 1 else value


numbers = st.one_of(
    st.integers(),
    st.integers(min_value=-(10**5000), max_value=10**5000),  # past the 4300 digits Python's str() takes
    st.tuples(st.integers(), st.integers(min_value=1)).map(_rational),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 1.7976931348623157e308, 1e21, 1e-7]),
    st.complex_numbers(allow_nan=True, allow_infinity=True).filter(lambda z: z.imag != 0),
)
atoms = st.one_of(
    numbers,
    st.text().map(Symbol.intern),  # any name at all
    st.sampled_from(["", ".", "..", "...", "+", "-", "+i", "-i", "1+", "+NaN.0abc", "\\123", "|", "#t", "a b",
                     "quote", "λ", "->x", "+.a", "-inf.0", "1/2", "#", ";", "'"]).map(Symbol.intern),
    st.text().map(new_string),
    # (Not a surrogate: a Scheme character is a Unicode scalar value, and integer->char and
    # the reader make no other; st.characters() gives a lone surrogate now and then.)
    st.characters(exclude_categories=["Cs"]).map(Char.of),
    st.binary(max_size=20).map(bytearray),
    st.booleans(),
    st.just(NIL),
)


def _compound(children):
    return st.one_of(
        st.lists(children, max_size=6).map(_scheme_list),
        st.tuples(st.lists(children, min_size=1, max_size=6), atoms.filter(lambda x: x is not NIL)).map(
            lambda parts: _scheme_list(*parts)),  # an improper list
        st.lists(children, max_size=6),  # a vector
        st.tuples(st.sampled_from(["quote", "quasiquote", "unquote", "unquote-splicing"]), children).map(
            lambda parts: _scheme_list([Symbol.intern(parts[0]), parts[1]])),
    )


data = st.recursive(atoms, _compound, max_leaves=30)


@pytest.fixture(scope="module")
def interp():
    return Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO())


_ROUND_TRIP = "(read (open-input-string (let ((o (open-output-string))) (write d o) (get-output-string o))))"


@settings(max_examples=300, deadline=None)
@given(data)
@example(complex(-0.0, 1.0))
@example(Symbol.intern("\x00"))
@example(Symbol.intern("+NaN.0abc"))
@example(Char.of("\u0301"))
@example(new_string("\u2028\x7f\x00\\\""))
def test_write_then_read_gives_the_datum_back(interp, datum):
    interp.define("d", datum)
    back = interp.eval_string(_ROUND_TRIP)
    assert same_datum(back, datum), (write_string(datum), write_string(back))


# ------------------------------------------------------------ symbols between bars


@pytest.mark.parametrize("name, written", [
    ("\\123", "|\\\\123|"),
    ("+NaN.0abc", "|+NaN.0abc|"),
    ("+nan.0", "|+nan.0|"),
    ("-inf.0x", "|-inf.0x|"),
    ("1+", "|1+|"),
    (".", "|.|"),
    ("+i", "|+i|"),
    ("-i", "|-i|"),
    ("1/2", "|1/2|"),
    ("1e3", "|1e3|"),
    (".5", "|.5|"),
    ("+5a", "|+5a|"),
    ("+.", "|+.|"),
    ("", "||"),
    ("a b", "|a b|"),
    ("a(b", "|a(b|"),
    ("a'b", "|a'b|"),
    ('a"b', '|a"b|'),
    ("a|b", "|a\\|b|"),
    ("#a", "|#a|"),
    ("a#b", "|a#b|"),
    ("@", "|@|"),
    ("{x}", "|{x}|"),
    ("a\tb", "|a\\x9;b|"),
    ("a\nb", "|a\\xa;b|"),
    ("\x00", "|\\x0;|"),
    ("\u200b", "|\\x200b;|"),
    ("\xa0", "|\\xa0;|"),
    ("\u0663x", "|\u0663x|"),  # ARABIC-INDIC DIGIT THREE: a digit cannot start an identifier
])
def test_write_symbol_that_would_not_read_back_bare_uses_bars(name, written):
    assert write_string(Symbol.intern(name)) == written
    assert read_one(written) is Symbol.intern(name)


@pytest.mark.parametrize("name", [
    "abc", "ABC", "a.b", "a@b", "x1", "+", "-", "...", "..", "->x", "-a", "+.a", ".a", "!$%&*/:<=>?^_~", "λ", "x\u0663",
    "café", "a\u0301", "list->vector", "set-car!", "<=?",
])
def test_write_symbol_that_reads_back_bare_stays_bare(name):
    assert write_string(Symbol.intern(name)) == name
    assert read_one(name) is Symbol.intern(name)
