"""Tests for schemehost.reader: R7RS external syntax -> Scheme data, with spans."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schemehost import reader
from schemehost.datatypes import NIL, Char, MString, Pair, Symbol, cons, new_string
from schemehost.errors import ReadError, Span
from schemehost.printer import to_string
from schemehost.reader import (
    CHAR_NAMES,
    ReadOptions,
    is_complete,
    parse_number,
    read_all,
    read_one,
    read_prefix,
)

# ------------------------------------------------------------------ helpers


def S(name: str) -> Symbol:
    return Symbol.intern(name)


def L(*items, tail=NIL):
    """A Scheme list of `items` ending in `tail`."""
    result = tail
    for item in reversed(items):
        result = cons(item, result)
    return result


def Q(kind: str, datum):
    return L(S(kind), datum)


class Str:
    """Expected MString contents (MString has no __eq__)."""

    def __init__(self, s: str):
        self.s = s

    def __repr__(self) -> str:
        return f"Str({self.s!r})"


def same(got, expected, _seen=None) -> bool:
    """Structural equality that keeps Scheme types apart (1, 1.0, True differ).

    Cyclic data (datum labels) compare equal when they unfold alike: a pair
    of containers met again is taken as equal.
    """
    if isinstance(expected, Str):
        return type(got) is MString and got.s == expected.s
    if type(got) is not type(expected):
        return False
    if type(expected) in (Pair, list):
        seen = set() if _seen is None else _seen
        key = (id(got), id(expected))
        if key in seen:
            return True
        seen.add(key)
    if type(expected) is Pair:
        while type(expected) is Pair:
            if type(got) is not Pair or not same(got.car, expected.car, seen):
                return False
            got, expected = got.cdr, expected.cdr
            key = (id(got), id(expected))
            if key in seen:
                return True
            seen.add(key)
        return same(got, expected, seen)
    if type(expected) is list:
        return len(got) == len(expected) and all(same(g, e, seen) for g, e in zip(got, expected))
    if type(expected) is MString:
        return got.s == expected.s
    if type(expected) is float and math.isnan(expected):
        return math.isnan(got)
    if type(expected) in (Symbol, Char) or expected is NIL:
        return got is expected
    return got == expected


def show(datum) -> str:
    """A short text for assertion messages (Pair's own repr needs the printer)."""
    if type(datum) is Pair:
        parts = []
        while type(datum) is Pair:
            parts.append(show(datum.car))
            datum = datum.cdr
        tail = "" if datum is NIL else " . " + show(datum)
        return "(" + " ".join(parts) + tail + ")"
    if type(datum) is list:
        return "#(" + " ".join(show(x) for x in datum) + ")"
    if type(datum) is Symbol:
        return datum.name
    return repr(datum)


def read_error(text: str, filename: str = "<string>") -> ReadError:
    with pytest.raises(ReadError) as info:
        read_all(text, filename)
    return info.value


# ----------------------------------------------------------- the public API


def test_reader_all_names_the_public_api():
    assert sorted(reader.__all__) == sorted(
        ["CHAR_NAMES", "ReadOptions", "is_complete", "parse_number", "read_all", "read_one",
         "read_prefix"]
    )


def test_char_names_table_has_the_r7rs_names():
    assert CHAR_NAMES == {
        "alarm": "\x07",
        "backspace": "\x08",
        "delete": "\x7f",
        "escape": "\x1b",
        "newline": "\n",
        "null": "\x00",
        "return": "\r",
        "space": " ",
        "tab": "\t",
    }


# ---------------------------------------------------------------- numbers

NUMBERS = [
    ("0", 0),
    ("42", 42),
    ("-17", -17),
    ("+5", 5),
    ("-5", -5),
    ("123456789012345678901234567890", 123456789012345678901234567890),
    ("1/3", Fraction(1, 3)),
    ("-6/4", Fraction(-3, 2)),
    ("4/2", 2),
    ("0/5", 0),
    (".5", 0.5),
    ("1.", 1.0),
    ("-1.5e10", -1.5e10),
    ("1e3", 1000.0),
    ("1E3", 1000.0),
    ("2.5e-3", 0.0025),
    ("+.5", 0.5),
    ("1e400", math.inf),
    ("#x-ff", -255),
    ("#xFF", 255),
    ("#XfF", 255),
    ("#b101", 5),
    ("#o17", 15),
    ("#d10", 10),
    ("#x1/A", Fraction(1, 10)),
    ("#e1.5", Fraction(3, 2)),
    ("#e1.0", 1),
    ("#e1e3", 1000),
    ("#e-1.25e-1", Fraction(-1, 8)),
    ("#i1/2", 0.5),
    ("#i3", 3.0),
    ("#e#x10", 16),
    ("#x#e10", 16),
    ("#i#x10", 16.0),
    ("#x#i10", 16.0),
    ("#e.5", Fraction(1, 2)),
    ("+inf.0", math.inf),
    ("-inf.0", -math.inf),
    ("+nan.0", math.nan),
    ("-nan.0", math.nan),
    ("+INF.0", math.inf),
    ("#i+inf.0", math.inf),
    ("1+2i", complex(1, 2)),
    ("1.5-2.5i", complex(1.5, -2.5)),
    ("+i", 1j),
    ("-i", -1j),
    ("3+i", complex(3, 1)),
    ("-2.5i", -2.5j),
    ("+inf.0i", complex(0, math.inf)),
    ("1+0i", 1),
    ("1/2+0i", Fraction(1, 2)),
    ("1+0.0i", complex(1, 0)),
    ("2@0", 2),
    ("#x1e+2i", complex(30, 2)),
]


@pytest.mark.parametrize("text, expected", NUMBERS, ids=[t for t, _ in NUMBERS])
def test_parse_number_numeral_gives_value_and_type(text, expected):
    got = parse_number(text)
    assert same(got, expected), (got, expected)


@pytest.mark.parametrize("text, expected", NUMBERS, ids=[t for t, _ in NUMBERS])
def test_read_one_numeral_gives_same_value_as_parse_number(text, expected):
    got = read_one(text)
    assert same(got, expected), (got, expected)


NOT_NUMBERS = [
    "",
    "abc",
    "1+",
    "+",
    "-",
    "...",
    ".",
    "1/0",
    "#x1/0",
    "#e+inf.0",
    "#e1+2i",
    "#x1.5",
    "#b102",
    "1/2.5",
    "1/-2",
    "#",
    "#x",
    "#x#x1",
    "#e#i1",
    "#q1",
    "1e",
    "e1",
    "1_000",
    " 1",
    "1 ",
    "\u0661\u0662",
    "inf.0",
    "+inf.1",
    "1@",
    "@1",
    "1++i",
    "i",
    "#e1e99999999",
]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_parse_number_non_numeral_gives_none(text):
    assert parse_number(text) is None


@pytest.mark.parametrize(
    "text, radix, expected",
    [
        ("ff", 16, 255),
        ("FF", 16, 255),
        ("11", 2, 3),
        ("17", 8, 15),
        ("10", 10, 10),
        ("#d10", 16, 10),
        ("#x10", 2, 16),
        ("1/10", 2, Fraction(1, 2)),
        ("-ff", 16, -255),
    ],
)
def test_parse_number_radix_argument_sets_default_radix(text, radix, expected):
    assert same(parse_number(text, radix), expected)


@pytest.mark.parametrize("text, radix", [("12", 2), ("1.5", 16), ("8", 8), ("1", 7), ("1", 0)])
def test_parse_number_digit_outside_radix_gives_none(text, radix):
    assert parse_number(text, radix) is None


def test_parse_number_5000_digit_integer_is_exact():
    # Python's int() refuses decimal strings this long; the reader must not.
    assert parse_number("1" * 5000) == (10**5000 - 1) // 9
    assert parse_number("-" + "9" * 5000) == -(10**5000 - 1)


def test_read_one_5000_digit_integer_is_exact():
    assert read_one("7" * 5000) == 7 * (10**5000 - 1) // 9


def test_parse_number_huge_exact_exponent_stays_exact():
    assert parse_number("#e1e400") == 10**400
    assert parse_number("#i" + "9" * 400) == math.inf


# --------------------------------------------------------- simple datums

SIMPLE_DATUMS = [
    # booleans
    ("#t", True),
    ("#f", False),
    ("#true", True),
    ("#false", False),
    ("#T", True),
    # characters
    ("#\\a", Char.of("a")),
    ("#\\A", Char.of("A")),
    ("#\\x", Char.of("x")),
    ("#\\x41", Char.of("A")),
    ("#\\x3bb", Char.of("\u03bb")),
    ("#\\\u03bb", Char.of("\u03bb")),
    ("#\\space", Char.of(" ")),
    ("#\\newline", Char.of("\n")),
    ("#\\alarm", Char.of("\x07")),
    ("#\\backspace", Char.of("\x08")),
    ("#\\delete", Char.of("\x7f")),
    ("#\\escape", Char.of("\x1b")),
    ("#\\null", Char.of("\x00")),
    ("#\\return", Char.of("\r")),
    ("#\\tab", Char.of("\t")),
    ("#\\(", Char.of("(")),
    ("#\\)", Char.of(")")),
    ("#\\[", Char.of("[")),
    ("#\\;", Char.of(";")),
    ('#\\"', Char.of('"')),
    ("#\\\\", Char.of("\\")),
    ("#\\|", Char.of("|")),
    ("#\\'", Char.of("'")),
    ("#\\ ", Char.of(" ")),
    ("#\\\n", Char.of("\n")),
    ("#\\#", Char.of("#")),
    # strings
    ('"abc"', Str("abc")),
    ('""', Str("")),
    ('"a\\ab"', Str("a\x07b")),
    ('"a\\bb"', Str("a\x08b")),
    ('"a\\tb"', Str("a\tb")),
    ('"a\\nb"', Str("a\nb")),
    ('"a\\rb"', Str("a\rb")),
    ('"a\\"b"', Str('a"b')),
    ('"a\\\\b"', Str("a\\b")),
    ('"a\\|b"', Str("a|b")),
    ('"a\\x41;b"', Str("aAb")),
    ('"\\x3bb;"', Str("\u03bb")),
    ('"\\x0;"', Str("\x00")),
    ('"a\\\n   b"', Str("ab")),
    ('"a\\  \n\t b"', Str("ab")),
    ('"a\\\r\n  b"', Str("ab")),
    ('"a\nb"', Str("a\nb")),
    ('"(;|#"', Str("(;|#")),
    # symbols
    ("foo", S("foo")),
    ("FOO", S("FOO")),
    ("+", S("+")),
    ("-", S("-")),
    ("...", S("...")),
    ("->x", S("->x")),
    ("<=?", S("<=?")),
    ("a.b", S("a.b")),
    (".a", S(".a")),
    ("!$%&*/:<=>?^_~", S("!$%&*/:<=>?^_~")),
    ("1+", S("1+")),
    ("1a", S("1a")),
    ("+a", S("+a")),
    ("a#b", S("a#b")),
    ("\u03bb", S("\u03bb")),
    ("|odd symbol|", S("odd symbol")),
    ("||", S("")),
    ("|a\\|b|", S("a|b")),
    ("|\\x41;b|", S("Ab")),
    ("|a\\nb|", S("a\nb")),
    ("|(\"|", S('("')),
]


@pytest.mark.parametrize("text, expected", SIMPLE_DATUMS, ids=[repr(t) for t, _ in SIMPLE_DATUMS])
def test_read_one_simple_datum_gives_value(text, expected):
    got = read_one(text)
    assert same(got, expected), (got, expected)


def test_read_one_symbols_are_interned_and_case_sensitive():
    assert read_one("abc") is read_one("abc") is S("abc")
    assert read_one("ABC") is not read_one("abc")


def test_read_one_strings_are_fresh_mutable_objects():
    first, second = read_all('"x" "x"')
    assert type(first) is MString and first is not second


# -------------------------------------------------------- compound datums

COMPOUND_DATUMS = [
    ("()", NIL),
    ("[]", NIL),
    ("(a)", L(S("a"))),
    ("(a b c)", L(S("a"), S("b"), S("c"))),
    ("[a b]", L(S("a"), S("b"))),
    ("(a [b] (c))", L(S("a"), L(S("b")), L(S("c")))),
    ("(a . b)", L(S("a"), tail=S("b"))),
    ("(a b . c)", L(S("a"), S("b"), tail=S("c"))),
    ("[a . b]", L(S("a"), tail=S("b"))),
    ("(a . (b c))", L(S("a"), S("b"), S("c"))),
    ("(a . ())", L(S("a"))),
    ("(a .b)", L(S("a"), S(".b"))),
    ("(a .5)", L(S("a"), 0.5)),
    ("(1 ... 2)", L(1, S("..."), 2)),
    ("(#\\) #\\()", L(Char.of(")"), Char.of("("))),
    ('("a)" b)', L(Str("a)"), S("b"))),
    ("(a'b)", L(S("a"), Q("quote", S("b")))),
    ("#()", []),
    ("#(1 2 3)", [1, 2, 3]),
    ("#(a #(b) (c))", [S("a"), [S("b")], L(S("c"))]),
    ("#u8()", bytearray()),
    ("#u8(0 1 255)", bytearray([0, 1, 255])),
    ("#U8(7)", bytearray([7])),
    ("#u8(#xff #b1)", bytearray([255, 1])),
    ("'x", Q("quote", S("x"))),
    ("`x", Q("quasiquote", S("x"))),
    (",x", Q("unquote", S("x"))),
    (",@x", Q("unquote-splicing", S("x"))),
    ("'(a b)", Q("quote", L(S("a"), S("b")))),
    ("''a", Q("quote", Q("quote", S("a")))),
    ("' a", Q("quote", S("a"))),
    ("'\n; c\n a", Q("quote", S("a"))),
    ("`(a ,b ,@c)", Q("quasiquote", L(S("a"), Q("unquote", S("b")), Q("unquote-splicing", S("c"))))),
    ("'#(1)", Q("quote", [1])),
    ("'()", Q("quote", NIL)),
]


@pytest.mark.parametrize("text, expected", COMPOUND_DATUMS, ids=[t for t, _ in COMPOUND_DATUMS])
def test_read_one_compound_datum_gives_structure(text, expected):
    got = read_one(text)
    assert same(got, expected), (show(got), show(expected))


# ------------------------------------------------------------ datum labels

# R7RS 2.4: #n= labels the datum after it, #n# is that very datum.  Each row
# is read, then written with write-shared, which labels every shared pair and
# vector: the text shows exactly what is shared.
DATUM_LABELS = [
    ("#0=(a b . #0#)", "#0=(a b . #0#)"),
    ("'#0=(a b . #0#)", "'#0=(a b . #0#)"),
    ("#0=(a #0#)", "#0=(a #0#)"),
    ("#0=#(1 #0#)", "#0=#(1 #0#)"),
    ("#0=(#(#0#))", "#0=(#(#0#))"),
    ("(#0=(x) #0# #0#)", "(#0=(x) #0# #0#)"),
    ("(#5=(x) . #5#)", "(#0=(x) . #0#)"),
    ("(#00=a #0#)", "(a a)"),
    ("#0=(#1=(x . #1#) . #0#)", "#0=(#1=(x . #1#) . #0#)"),
    ("#1=(a #0=#1# #0#)", "#0=(a #0# #0#)"),
    ("#0=(#1=#0# #1#)", "#0=(#0# #0#)"),
    ("#0='#0#", "#0='#0#"),
    ("#0= ; comment\n (a . #0#)", "#0=(a . #0#)"),
    ("#0=(a #;#0# b)", "(a b)"),
    ("#0=(a #;#1=(c) b)", "(a b)"),
    ("#u8(#0=1 #0#)", "#u8(1 1)"),
    ("#0=(a . #0#) #0=(b . #0#)", "#0=(b . #0#)"),
]


@pytest.mark.parametrize("text, shared", DATUM_LABELS, ids=[t for t, _ in DATUM_LABELS])
def test_read_all_datum_labels_share_structure(text, shared):
    datum = read_all(text)[-1]
    assert to_string(datum, labels="shared") == shared


def test_read_one_datum_label_reference_is_the_labelled_object_itself():
    cycle = read_one("#0=(a b . #0#)")
    assert (cycle.car, cycle.cdr.car, cycle.cdr.cdr) == (S("a"), S("b"), cycle)
    assert cycle.cdr.cdr is cycle
    vector = read_one("#0=#(1 #0#)")
    assert vector[1] is vector
    pair = read_one('(#0="abc" #0#)')
    assert type(pair.car) is MString and pair.cdr.car is pair.car


def test_read_all_labelled_datum_starts_where_its_label_does():
    datum = read_one("(x #0=(a) #0#)", "l.scm")
    assert (datum.cdr.span, datum.cdr.car.span) == (Span("l.scm", 1, 4), Span("l.scm", 1, 7))


def test_read_all_datum_labels_round_trip_through_write():
    for text in ("#0=(a . #0#)", "#0=(a (b . #0#))", "#0=#(#0# x)", "(#0=(1 . #0#) #1=#(#1#))"):
        assert to_string(read_one(text)) == text


# ------------------------------------------------------ comments, directives

SKIPPED_TEXT = [
    ("", []),
    ("   \n\t ", []),
    ("; only a comment", []),
    ("a ; comment\nb", [S("a"), S("b")]),
    ("a;comment", [S("a")]),
    ("#| block |# a", [S("a")]),
    ("#| a #| nested |# still comment |# b", [S("b")]),
    ("#| ; |# a", [S("a")]),
    ('#| " |# a', [S("a")]),
    ("#| | # || |# a", [S("a")]),
    ("#||# a", [S("a")]),
    ("#;a b", [S("b")]),
    ("#; a b", [S("b")]),
    ("#;(a (b)) c", [S("c")]),
    ("#; #; a b c", [S("c")]),
    ("#;#;a b", []),
    ("#;'a b", [S("b")]),
    ("'#;a b", [Q("quote", S("b"))]),
    ("(a #;b c)", [L(S("a"), S("c"))]),
    ("(a #| b |# c)", [L(S("a"), S("c"))]),
    ("(a ; b\n c)", [L(S("a"), S("c"))]),
    ("(#;a)", [NIL]),
    ("(a . #;x b)", [L(S("a"), tail=S("b"))]),
    ("(a . b #;c)", [L(S("a"), tail=S("b"))]),
    ("(a #;x . b)", [L(S("a"), tail=S("b"))]),
    ("#(1 #;2 3)", [[1, 3]]),
    ("#u8(1 #;2 3)", [bytearray([1, 3])]),
    ("#!fold-case", []),
    ("#!fold-case ABC", [S("abc")]),
    ("#!fold-case (Foo BAR)", [L(S("foo"), S("bar"))]),
    ("#!fold-case #\\SPACE #\\A #\\X41", [Char.of(" "), Char.of("A"), Char.of("A")]),
    ("#!fold-case |ABC|", [S("ABC")]),
    ("#!fold-case #T #X1F", [True, 31]),
    ("#!fold-case A #!no-fold-case B", [S("a"), S("B")]),
    ("(A #!fold-case B)", [L(S("A"), S("b"))]),
]


@pytest.mark.parametrize("text, expected", SKIPPED_TEXT, ids=[repr(t) for t, _ in SKIPPED_TEXT])
def test_read_all_comments_and_directives_are_skipped(text, expected):
    got = read_all(text)
    assert same(got, expected), ([show(g) for g in got], [show(e) for e in expected])


def test_read_all_several_datums_come_in_order():
    got = read_all("1 two \"three\" (4) #(5)")
    assert same(got, [1, S("two"), Str("three"), L(4), [5]])


def test_read_all_fold_case_does_not_leak_into_next_read():
    read_all("#!fold-case ABC")
    assert read_one("ABC") is S("ABC")


# ------------------------------------------------------------------ spans


def test_read_one_list_pairs_carry_file_line_column():
    datum = read_one("\n  (a b\n     c)", "f.scm")
    assert datum.span == Span("f.scm", 2, 3)
    # Later pairs in the chain carry their element's position.
    assert datum.cdr.span == Span("f.scm", 2, 6)
    assert datum.cdr.cdr.span == Span("f.scm", 3, 6)


SPANS = [
    # text, which pair, expected (line, column)
    ("(a (b c))", lambda d: d, (1, 1)),
    ("(a (b c))", lambda d: d.cdr.car, (1, 4)),
    ("(a (b c))", lambda d: d.cdr.car.cdr, (1, 7)),
    ("[a]", lambda d: d, (1, 1)),
    ("'x", lambda d: d, (1, 1)),
    ("'x", lambda d: d.cdr, (1, 2)),
    ("(f 'x)", lambda d: d.cdr.car, (1, 4)),
    ("(f 'x)", lambda d: d.cdr.car.cdr, (1, 5)),
    ("`(a ,b)", lambda d: d.cdr.car.cdr.car, (1, 5)),
    ("(a b . c)", lambda d: d.cdr, (1, 4)),
    ('"x\ny" (z)', lambda d: d, (2, 4)),
    ("#| a\n b |# (z)", lambda d: d, (2, 7)),
    ("#(1 (x))", lambda d: d[1], (1, 5)),
    ("(\u03bb x)", lambda d: d.cdr, (1, 4)),
    ("(a\tb)", lambda d: d.cdr, (1, 4)),
]


@pytest.mark.parametrize("text, select, span", SPANS, ids=[f"{s[0]!r}-{i}" for i, s in enumerate(SPANS)])
def test_read_all_pair_spans_point_at_opening_token_or_element(text, select, span):
    datum = read_all(text, "s.scm")[-1]
    assert select(datum).span == Span("s.scm", *span)


def test_read_all_every_list_pair_has_a_span():
    datum = read_one("(define (f x) (if (< x 1) 'done `(,x ,@(f (- x 1)))))")
    todo = [datum]
    count = 0
    while todo:
        item = todo.pop()
        if type(item) is Pair:
            assert isinstance(item.span, Span)
            count += 1
            todo.extend([item.car, item.cdr])
    assert count > 20


# ------------------------------------------------------ error messages


ERRORS = [
    # unclosed things are reported where they opened
    ("(a b", "unclosed '(' (opened here, never closed)", 1, 1),
    ("(a\n  (b\n", "unclosed '(' (opened here, never closed)", 2, 3),
    ("x [a", "unclosed '[' (opened here, never closed)", 1, 3),
    ("#(1 2", "unclosed '#(' (opened here, never closed)", 1, 1),
    ("#u8(1 2", "unclosed '#u8(' (opened here, never closed)", 1, 1),
    ("(a . b", "unclosed '(' (opened here, never closed)", 1, 1),
    ('x\n  "abc', "unterminated string (opened here, never closed)", 2, 3),
    ('"a\\"', "unterminated string (opened here, never closed)", 1, 1),
    ("|abc", "unterminated |symbol| (opened here, never closed)", 1, 1),
    ("a #| b", "unclosed block comment '#|' (opened here, never closed)", 1, 3),
    ("#| a #| b |# c", "unclosed block comment '#|' (opened here, never closed)", 1, 1),
    ("#| a #| b", "unclosed block comment '#|' (opened here, never closed)", 1, 6),
    # closers
    ("a)", "unexpected ')' (nothing to close)", 1, 2),
    ("]", "unexpected ']' (nothing to close)", 1, 1),
    ("(a)\n  )", "unexpected ')' (nothing to close)", 2, 3),
    ("(a ]", "expected ')' to close '(' from line 1, column 1, found ']'", 1, 4),
    ("[a )", "expected ']' to close '[' from line 1, column 1, found ')'", 1, 4),
    ("#(a ]", "expected ')' to close '#(' from line 1, column 1, found ']'", 1, 5),
    # prefixes with nothing after them
    ("'", "expected a datum after quote ('), found end of input", 1, 1),
    ("`", "expected a datum after quasiquote (`), found end of input", 1, 1),
    ("x ,", "expected a datum after unquote (,), found end of input", 1, 3),
    (",@", "expected a datum after unquote-splicing (,@), found end of input", 1, 1),
    ("#;", "expected a datum after datum comment (#;), found end of input", 1, 1),
    ("(a ')", "expected a datum after quote ('), found ')'", 1, 5),
    ("(#;)", "expected a datum after datum comment (#;), found ')'", 1, 4),
    ("'.", "expected a datum after quote ('), found '.'", 1, 2),
    # dots
    (". a", "unexpected '.' outside a list", 1, 1),
    ("a . b", "unexpected '.' outside a list", 1, 3),
    ("(. a)", "expected a datum before '.'", 1, 2),
    ("(a . )", "expected one datum after '.', found ')'", 1, 6),
    ("(a . . b)", "expected one datum after '.', found '.'", 1, 6),
    ("(a . b c)", "more than one datum after '.'", 1, 8),
    ("(a . b 'c)", "more than one datum after '.'", 1, 8),
    ("[a . b (c)]", "more than one datum after '.'", 1, 8),
    ("(a . b . c)", "unexpected second '.' in a list", 1, 8),
    ("#(a . b)", "unexpected '.' in a vector", 1, 5),
    ("#u8(1 . 2)", "unexpected '.' in a bytevector", 1, 7),
    # bad # syntax
    ("#foo", "bad # syntax: #foo", 1, 1),
    ("x #", "bad # syntax: #", 1, 3),
    ("# a", "bad # syntax: #", 1, 1),
    ("#'a", "bad # syntax: #'", 1, 1),
    ("(#)", "bad # syntax: #)", 1, 2),
    ("#u8 (1)", "bad # syntax: #u8", 1, 1),
    ("#!foo", "unknown directive: #!foo", 1, 1),
    ("#!", "unknown directive: #!", 1, 1),
    # characters
    ("#\\foo", "bad character name: #\\foo", 1, 1),
    ("#\\Space", "bad character name: #\\Space", 1, 1),
    ("(a #\\xD800)", "bad character name: #\\xD800", 1, 4),
    ("#\\x110000", "bad character name: #\\x110000", 1, 1),
    ("#\\", "expected a character after #\\", 1, 1),
    # strings and |symbols|
    ('"a\\qb"', "unknown escape in string: \\q", 1, 3),
    ('x\n "a\nb\\qc"', "unknown escape in string: \\q", 3, 2),
    ('"ab\\x41"', "bad \\x escape in string (expected \\x<hex digits>;)", 1, 4),
    ('"\\x;"', "bad \\x escape in string (expected \\x<hex digits>;)", 1, 2),
    ('"\\xD800;"', "\\x escape in string names no character: \\xD800;", 1, 2),
    ('"a\\ b"', "unknown escape in string: \\ ", 1, 3),
    ("|a\\qb|", "unknown escape in symbol: \\q", 1, 3),
    # numbers
    ("1/0", "division by zero in number: 1/0", 1, 1),
    ("(+ 1 -3/0)", "division by zero in number: -3/0", 1, 6),
    ("#x1/0", "division by zero in number: #x1/0", 1, 1),
    ("#e+inf.0", "number has no exact value: #e+inf.0", 1, 1),
    ("#e1+2i", "exact complex numbers are not supported: #e1+2i", 1, 1),
    ("#e1e9999999999", "exact number too large: #e1e9999999999", 1, 1),
    ("#xzz", "bad number syntax: #xzz", 1, 1),
    ("#e1.5.5", "bad number syntax: #e1.5.5", 1, 1),
    ("#x#x1", "bad number syntax: #x#x1", 1, 1),
    # bytevectors
    ("#u8(256)", "a bytevector element must be an exact integer from 0 to 255", 1, 5),
    ("#u8(1 -1)", "a bytevector element must be an exact integer from 0 to 255", 1, 7),
    ("#u8(1.0)", "a bytevector element must be an exact integer from 0 to 255", 1, 5),
    ("#u8(#t)", "a bytevector element must be an exact integer from 0 to 255", 1, 5),
    ("#u8(\n a)", "a bytevector element must be an exact integer from 0 to 255", 2, 2),
    # datum labels
    ("#1#", "undefined datum label: #1#", 1, 1),
    ("(#0=a #1#)", "undefined datum label: #1#", 1, 7),
    ("(#0#)", "undefined datum label: #0#", 1, 2),
    ("#0=(a) #0#", "undefined datum label: #0#", 1, 8),
    ("(#0=a\n #0=b)", "datum label #0= defined twice (first at line 1, column 2)", 2, 2),
    ("#0=(#0=a)", "datum label #0= defined twice (first at line 1, column 1)", 1, 5),
    ("#0=#0#", "datum label #0= labels nothing but its own reference #0#", 1, 4),
    ("#0=#1=#0#", "datum label #0= labels nothing but its own reference #0#", 1, 7),
    ("#0=", "expected a datum after datum label (#0=), found end of input", 1, 1),
    ("(#0=)", "expected a datum after datum label (#0=), found ')'", 1, 5),
    ("(a #0= . b)", "expected a datum after datum label (#0=), found '.'", 1, 8),
    ("#0=#u8(#0#)", "a bytevector element must be an exact integer from 0 to 255", 1, 8),
    ("#0 =a", "bad # syntax: #0", 1, 1),
    ("#0#x", "bad # syntax: #0#x", 1, 1),
]


@pytest.mark.parametrize("text, message, line, column", ERRORS, ids=[repr(e[0]) for e in ERRORS])
def test_read_all_bad_text_raises_read_error_with_exact_message_and_span(text, message, line, column):
    error = read_error(text, "bad.scm")
    assert (error.message, error.span) == (message, Span("bad.scm", line, column))


def test_read_error_headline_shows_file_line_column():
    headline = read_error("(a", "prog.scm").headline()
    assert headline == "prog.scm:1:1: unclosed '(' (opened here, never closed)"


def test_read_all_unclosed_list_after_good_datums_points_at_its_opening():
    error = read_error("(define x 1)\n(define (f y)\n  (+ y x)\n")
    assert (error.message, error.span.line, error.span.column) == (
        "unclosed '(' (opened here, never closed)",
        2,
        1,
    )


@pytest.mark.parametrize(
    "text, message, line, column",
    [
        ("", "expected one datum, found none", 1, 1),
        ("  ; c\n ", "expected one datum, found none", 2, 2),
        ("a b", "expected one datum, found more than one", 1, 3),
        ("(a)\n  (b)", "expected one datum, found more than one", 2, 3),
    ],
)
def test_read_one_wrong_datum_count_raises_read_error(text, message, line, column):
    with pytest.raises(ReadError) as info:
        read_one(text, "one.scm")
    assert (info.value.message, info.value.span) == (message, Span("one.scm", line, column))


# ------------------------------------------------------ size and depth


def _depth_of_car_chain(datum) -> int:
    depth = 0
    while type(datum) is Pair:
        depth += 1
        datum = datum.car
    return depth


def test_read_one_10000_nested_lists_read_without_recursion():
    datum = read_one("(" * 10_000 + ")" * 10_000)
    assert _depth_of_car_chain(datum) == 9_999  # the innermost () is NIL


def test_read_one_10000_nested_quotes_read_without_recursion():
    datum = read_one("'" * 10_000 + "a")
    depth = 0
    while type(datum) is Pair:
        assert datum.car is S("quote")
        datum = datum.cdr.car
        depth += 1
    assert (depth, datum) == (10_000, S("a"))


def test_read_one_10000_nested_vectors_and_comments_read_without_recursion():
    datum = read_one("#|" * 10_000 + "|#" * 10_000 + "#(" * 10_000 + ")" * 10_000)
    depth = 0
    while datum:
        datum = datum[0]
        depth += 1
    assert depth == 9_999


def test_read_all_10000_unclosed_lists_reports_the_innermost():
    error = read_error("(" * 10_000)
    assert error.message == "unclosed '(' (opened here, never closed)"
    assert error.span == Span("<string>", 1, 10_000)


def test_read_long_flat_list_builds_every_pair_iteratively():
    # 200,000 elements: long enough that a recursive build would overflow;
    # the reader's speed is the benchmark's business, not this test's.
    datum = read_one("(" + " ".join(["x"] * 200_000) + " 7)")
    count = 0
    last = None
    while type(datum) is Pair:
        count += 1
        last = datum.car
        datum = datum.cdr
    assert (count, last, datum) == (200_001, 7, NIL)


# ------------------------------------------------------------ read_prefix


def test_read_prefix_symbol_before_newline_keeps_the_newline():
    assert read_prefix("heads\nrest", 0) == (S("heads"), 5)


PREFIX_READS = [
    # text, start, at_eof, expected datum, expected end
    ("heads\nrest", 6, True, S("rest"), 10),
    ("  ; c\n  (a b) rest", 0, False, L(S("a"), S("b")), 13),
    ("x (a", 0, False, S("x"), 1),
    ("#;(a) b c", 0, False, S("b"), 7),
    ("'a ", 0, False, Q("quote", S("a")), 2),
    ('"abc"', 0, False, Str("abc"), 5),
    ("|a b|", 0, False, S("a b"), 5),
    ("(a b)", 0, False, L(S("a"), S("b")), 5),
    ("#(1)", 0, False, [1], 4),
    ("42)", 0, False, 42, 2),
    ("abc", 0, True, S("abc"), 3),
    ("a b", 2, True, S("b"), 3),
    ("#\\a", 0, True, Char.of("a"), 3),
    ("#| c |# x ", 0, False, S("x"), 9),
]


@pytest.mark.parametrize(
    "text, start, at_eof, expected, end", PREFIX_READS, ids=[repr(p[0]) for p in PREFIX_READS]
)
def test_read_prefix_complete_datum_gives_datum_and_end(text, start, at_eof, expected, end):
    datum, got_end = read_prefix(text, start, at_eof=at_eof)
    assert same(datum, expected) and got_end == end, (show(datum), got_end)


INCOMPLETE_PREFIXES = [
    "",
    "   ",
    "; just a comment",
    "heads",
    "(a b",
    "(a\n (b c)\n",
    '"abc',
    "|ab",
    "#| abc",
    "'",
    "#;",
    "#; a",
    "#",
    "#\\",
    "#\\a",
    "#t",
    "12",
    "(a .",
    ",",
    "#!fold-case",
    "#0=",
    "#0=(a . #0#",
    "#0",
]


@pytest.mark.parametrize("text", INCOMPLETE_PREFIXES)
def test_read_prefix_incomplete_text_gives_none(text):
    assert read_prefix(text, 0) is None


def test_read_prefix_last_token_from_start_offset_gives_none():
    assert read_prefix("a b", 2) is None


@pytest.mark.parametrize("text", ["", "   ", "; c", "#| c |#", "#;a", "#!fold-case\n"])
def test_read_prefix_only_atmosphere_at_eof_gives_none(text):
    assert read_prefix(text, 0, at_eof=True) is None


@pytest.mark.parametrize(
    "text, message",
    [
        ("(a b", "unclosed '(' (opened here, never closed)"),
        ('"abc', "unterminated string (opened here, never closed)"),
        ("#| abc", "unclosed block comment '#|' (opened here, never closed)"),
        ("'", "expected a datum after quote ('), found end of input"),
        ("#", "bad # syntax: #"),
        ("#\\", "expected a character after #\\"),
    ],
)
def test_read_prefix_incomplete_text_at_eof_raises_read_error(text, message):
    with pytest.raises(ReadError) as info:
        read_prefix(text, 0, at_eof=True)
    assert info.value.message == message


@pytest.mark.parametrize("text", [")", "(a]", "#foo ", '"\\q" ', "1/0 ", ". "])
def test_read_prefix_error_that_more_text_cannot_fix_raises_even_before_eof(text):
    with pytest.raises(ReadError):
        read_prefix(text, 0)


def test_read_prefix_line_and_column_place_spans():
    text = "ignored\n  (a b)"
    datum, end = read_prefix(text, 8, "port.scm", line=7, column=1, at_eof=True)
    assert (datum.span, datum.cdr.span, end) == (Span("port.scm", 7, 3), Span("port.scm", 7, 6), 15)


def test_read_prefix_line_and_column_place_error_spans():
    with pytest.raises(ReadError) as info:
        read_prefix("xx\n )", 2, "port.scm", line=4, column=3)
    assert info.value.span == Span("port.scm", 5, 2)


def test_read_prefix_successive_calls_walk_through_the_text():
    text = "(a) b\n 'c ; done\n"
    got = []
    position = 0
    while (result := read_prefix(text, position, at_eof=True)) is not None:
        datum, position = result
        got.append(datum)
    assert same(got, [L(S("a")), S("b"), Q("quote", S("c"))])


def test_read_prefix_options_carry_fold_case_to_later_calls():
    options = ReadOptions()
    text = "#!fold-case ABC DEF #!no-fold-case GHI"
    first, end = read_prefix(text, 0, options=options, at_eof=True)
    second, end = read_prefix(text, end, options=options, at_eof=True)
    third, end = read_prefix(text, end, options=options, at_eof=True)
    assert (first, second, third, options.fold_case) == (S("abc"), S("def"), S("GHI"), False)


def test_read_prefix_incomplete_read_leaves_options_unchanged():
    options = ReadOptions()
    assert read_prefix("#!fold-case (A", 0, options=options) is None
    assert options.fold_case is False


def test_read_prefix_datum_labels_end_with_their_datum():
    text = "#0=(a . #0#) #0#"
    datum, end = read_prefix(text, 0, at_eof=True)
    assert (datum.cdr is datum, end) == (True, 12)
    with pytest.raises(ReadError) as info:
        read_prefix(text, end, column=end + 1, at_eof=True)
    assert (info.value.message, info.value.span) == ("undefined datum label: #0#", Span("<string>", 1, 14))


def test_read_prefix_start_outside_text_raises_value_error():
    with pytest.raises(ValueError):
        read_prefix("abc", 4)


# ------------------------------------------------------------ is_complete

COMPLETENESS = [
    ("", False),
    ("   \n", False),
    ("; comment", False),
    ("#| c |#", False),
    ("a", True),
    ("(a b)", True),
    ("(a b)\n", True),
    ("(a b", False),
    ("(a\n (b c)\n", False),
    ("(a) (b", False),
    ('"abc', False),
    ('"abc\n', False),
    ('"abc"', True),
    ("|ab", False),
    ("#| a", False),
    ("#| a |# b", True),
    ("'", False),
    ("'a", True),
    ("#;", False),
    ("#; a", False),
    ("#; a b", True),
    ("a #;", False),
    (")", True),
    ("(a]", True),
    ("#foo", True),
    ('"\\q"', True),
    ("1/0", True),
    ("(. a)", True),
    ("#!fold-case", False),
    ("#0=", False),
    ("#0=(a . #0#", False),
    ("#0=(a . #0#)", True),
    ("#0#", True),
]


@pytest.mark.parametrize("text, expected", COMPLETENESS, ids=[repr(t) for t, _ in COMPLETENESS])
def test_is_complete_text_gives_expected_answer(text, expected):
    assert is_complete(text) is expected


# ------------------------------------------------------------ the parser cache


def test_build_parser_cache_dir_gets_one_file_that_later_builds_load(tmp_path):
    cache = tmp_path / "cache"
    reader._build_parser(str(cache))
    files = list(cache.iterdir())
    assert len(files) == 1 and files[0].name.startswith("reader-") and files[0].stat().st_size > 0
    written = files[0].stat().st_mtime_ns
    assert reader._build_parser(str(cache)) is not None
    # Loaded, not rebuilt: lark rewrites the file only when it cannot use it.
    assert list(cache.iterdir()) == files and files[0].stat().st_mtime_ns == written


def test_build_parser_unwritable_cache_dir_falls_back_silently(tmp_path, capsys):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a directory")
    parser = reader._build_parser(str(blocker / "cache"))
    assert parser is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]
    assert capsys.readouterr() == ("", "")


def test_build_parser_corrupt_cache_file_is_rebuilt(tmp_path, capsys):
    cache = tmp_path / "cache"
    reader._build_parser(str(cache))
    (cache_file,) = cache.iterdir()
    cache_file.write_bytes(b"garbage")
    assert reader._build_parser(str(cache)) is not None
    assert capsys.readouterr() == ("", "")


def test_default_cache_dir_uses_xdg_cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert reader._default_cache_dir() == str(tmp_path / "schemehost")


def test_default_cache_dir_ignores_relative_xdg_cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/dir")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert reader._default_cache_dir() == str(tmp_path / ".cache" / "schemehost")


def test_default_cache_dir_that_is_the_working_directory_is_refused(tmp_path, monkeypatch):
    (tmp_path / "schemehost").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path / "schemehost")
    assert reader._default_cache_dir() is None


def test_reading_in_a_fresh_process_writes_nothing_into_the_working_directory(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    cache = tmp_path / "xdg"
    package_root = Path(reader.__file__).resolve().parent.parent
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), PYTHONPATH=str(package_root))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    script = "from schemehost.reader import read_all; print(read_all('(+ 1 2)')[0].car.name)"
    for _ in range(2):  # the first run writes the cache, the second reads it
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=work, env=env, capture_output=True, text=True
        )
        assert (done.returncode, done.stdout, done.stderr) == (0, "+\n", "")
    assert list(work.iterdir()) == []
    assert len(list((cache / "schemehost").iterdir())) == 1


# ------------------------------------------------------------ fuzzing

SCHEMEISH_CHARACTERS = "()[]#;|\"\\'`,@. \n\tabx01uU8e/+-!i\u03bb"
SCHEMEISH_TOKENS = [
    "(", ")", "[", "]", "#(", "#u8(", "'", "`", ",", ",@", ".", "#;", "#|", "|#", ";", "\n", " ",
    '"', "\\", "|", "a", "B", "1", "255", "#t", "#\\", "#\\x41", "#\\space", "#!fold-case",
    "#!no-fold-case", "1/0", "#e1.5", '"a\\x41;"', "+inf.0", "...", "1+2i", "#x", "x41;", "#e",
    "#0=", "#0#", "#1=", "#1#",
]

schemeish_text = st.one_of(
    st.text(),
    st.text(alphabet=SCHEMEISH_CHARACTERS, max_size=60),
    st.lists(st.sampled_from(SCHEMEISH_TOKENS), max_size=30).map("".join),
)


@settings(deadline=None, max_examples=400)
@given(schemeish_text)
@example("#u8(")
@example("(#|")
@example('#\\x110000 "\\xFFFFFFFFFFFF;"')
@example("#e1e99999999999999999999999")
@example("#i" + "9" * 400 + "/1")
@example("1@1e400")
def test_read_all_any_text_gives_list_or_read_error(text):
    try:
        result = read_all(text, "fuzz.scm")
    except ReadError as error:
        assert isinstance(error.message, str) and error.span.file == "fuzz.scm"
        assert error.span.line >= 1 and error.span.column >= 1
        return
    assert isinstance(result, list)
    if result:
        assert is_complete(text)


@settings(deadline=None, max_examples=300)
@given(schemeish_text)
def test_read_prefix_loop_agrees_with_read_all(text):
    try:
        expected = read_all(text)
    except ReadError:
        expected = None
    got = []
    options = ReadOptions()
    position = 0
    try:
        while (result := read_prefix(text, position, at_eof=True, options=options)) is not None:
            datum, end = result
            assert end > position
            got.append(datum)
            position = end
    except ReadError:
        assert expected is None, "read_all accepted what read_prefix refused"
        return
    assert expected is not None, "read_prefix accepted what read_all refused"
    assert len(got) == len(expected) and all(same(g, e) for g, e in zip(got, expected))


@settings(deadline=None, max_examples=300)
@given(schemeish_text, st.booleans())
def test_read_prefix_and_is_complete_any_text_never_raise_other_errors(text, at_eof):
    assert is_complete(text) in (True, False)
    try:
        result = read_prefix(text, 0, at_eof=at_eof)
    except ReadError:
        return
    assert result is None or 0 < result[1] <= len(text)


@settings(deadline=None, max_examples=300)
@given(st.text(max_size=30), st.sampled_from([2, 8, 10, 16]))
def test_parse_number_any_text_gives_number_or_none(text, radix):
    result = parse_number(text, radix)
    assert result is None or type(result) in (int, float, Fraction, complex)


# -- `read` on a port reads the buffered datums in one batch (ports.TextInputPort._read_batch) --

_PIECES = st.sampled_from([
    "1", "-2.5", "abc", "|a b|", '"s t r"', '"x\\ny"', "#\\a", "#\\space", "#t", "(a b)", "(1 . 2)", "[x y]",
    "#(1 2)", "#u8(1 2)", "'q", "`(a ,b)", "#0=(a . #0#)", "#;(skip me)", "; comment\n", "#| block |#",
    " ", " ", "\n", "\t", "(", ")", "#u8(300)", "#!fold-case", "ABC", "#\\", '"open', "(car 5)", "(vector-ref #(1) 1)",
])
# `eval-read` evaluates what it reads: an error in it names the datum's position in the port's text.
_OPERATIONS = st.lists(st.sampled_from(["read", "read", "read", "eval-read", "read-char", "peek-char", "read-line"]),
                       min_size=1, max_size=25)


def _port_transcript(text: str, operations: list[str]) -> list[str]:
    """What each operation on a string port over `text` gives: a value, or an error's text."""
    from schemehost import Interpreter

    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO())
    interp.define("text", new_string(text))
    interp.eval_string("(define p (open-input-string text))")
    return _run_port_operations(interp, operations)


def _run_port_operations(interp, operations: list[str]) -> list[str]:
    """Run each operation on the port `p` of `interp`: its value, or an error's text."""
    from schemehost import SchemehostError, format_error
    from schemehost.printer import write_string

    out = []
    for op in operations:
        expression = "(eval (read p) (interaction-environment))" if op == "eval-read" else f"({op} p)"
        try:
            out.append(write_string(interp.eval_string(expression)))
        except SchemehostError as err:
            out.append("ERROR " + format_error(err))
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=30), _OPERATIONS, st.sampled_from([0, 5, 17, 1 << 14]))
def test_read_in_batches_gives_what_reading_one_datum_at_a_time_gives(pieces, operations, window):
    # The same string port read with batches of at most `window` characters
    # and with none (window 0): the same values, errors (positions included)
    # and port positions for read-char/peek-char/read-line mixed in.
    from schemehost import ports

    text = " ".join(pieces)
    saved = ports.BATCH_WINDOW
    try:
        ports.BATCH_WINDOW = 0
        one_by_one = _port_transcript(text, operations)
        ports.BATCH_WINDOW = window
        assert _port_transcript(text, operations) == one_by_one
    finally:
        ports.BATCH_WINDOW = saved


def _batched(text: str, program: str, monkeypatch) -> tuple[str, int, int]:
    """Run `program` with `text` as standard input; return its value, how many
    batches read_batch parsed and how many characters it was given in all."""
    from schemehost import Interpreter
    from schemehost.printer import write_string

    given = []
    original = reader.read_batch

    def counting(text, start, stop, *args):
        given.append(stop - start)
        return original(text, start, stop, *args)

    monkeypatch.setattr(reader, "read_batch", counting)
    value = Interpreter(stdin=text, stdout=io.StringIO()).eval_string(program)
    return write_string(value), len(given), sum(given)


def test_read_batch_is_used_and_many_datums_read_right(monkeypatch):
    text = " ".join(str(k) for k in range(3000)) + "\n(end)"
    value, batches, _ = _batched(
        text, "(let loop ((x (read)) (sum 0)) (if (number? x) (loop (read) (+ sum x)) (list sum x)))", monkeypatch)
    assert value == f"({sum(range(3000))} (end))"
    # 3001 datums in batches of up to 16 KiB of text: a handful of batches, not one per datum.
    assert 1 <= batches <= 10


def test_read_between_other_reads_parses_no_further_than_its_line(monkeypatch):
    # Stone's penny matcher reads a move, then the rest of its line: a batch
    # reaching further would be thrown away every round (quadratic reading).
    text = "".join(f"heads ; move {k}\n" for k in range(2000))
    value, _, parsed = _batched(
        text, "(let loop ((n 0)) (let ((x (read))) (if (eof-object? x) n (begin (read-line) (loop (+ n 1))))))",
        monkeypatch)
    assert value == "2000"
    assert parsed <= len(text)


def test_reads_one_after_another_batch_many_lines_at_once(monkeypatch):
    text = "".join(f"{k}\n" for k in range(5000))
    value, batches, parsed = _batched(
        text, "(let loop ((sum 0)) (let ((x (read))) (if (eof-object? x) sum (loop (+ sum x)))))", monkeypatch)
    assert value == str(sum(range(5000)))
    # Batches of doubling size, not one per line, and between them all the text.
    assert batches < 30 and len(text) - 10 <= parsed <= len(text)


# -- `read` of a datum that arrives in many pieces (a file port, standard input) is linear --
#
# Issue 17: `read` from a file port or standard input parsed the datum again
# from its start after each line the port took in, so a list of 1,000
# numbers one per line took ~4 s from a file and ~22 s from standard input
# (0.01 s from a string port).  Now the port hands each new line to the same
# reading (reader._Reading), which lexes on from where it stopped.  The work
# is counted without a clock: every character lark's lexer is given (the
# TextSlice of each LexerState the reader makes) and every character the
# scan for a string's closing quote looks at.

_LINES = 10_000


def _ten_thousand_line_datums() -> dict:
    """name -> (datum text of _LINES lines, a Scheme expression over `d`, its expected `write` text)."""
    numbers = "".join(f"{k}\n" for k in range(_LINES))
    return {
        "numbers": ("(\n" + numbers + ")\n", "(apply + d)", str(sum(range(_LINES)))),
        "numbers-crlf": ("(\r\n" + numbers.replace("\n", "\r\n") + ")\r\n", "(apply + d)", str(sum(range(_LINES)))),
        "numbers-cr": ("(\r" + numbers.replace("\n", "\r") + ")\r", "(apply + d)", str(sum(range(_LINES)))),
        "string": ('("' + "".join(f"line {k}\n" for k in range(_LINES)) + '")\n', "(string-length (car d))",
                   str(sum(len(f"line {k}\n") for k in range(_LINES)))),
        "symbol": ("(|" + "".join(f"s {k}\n" for k in range(_LINES)) + "|)\n",
                   "(string-length (symbol->string (car d)))", str(sum(len(f"s {k}\n") for k in range(_LINES)))),
        "block-comment": ("(#|\n" + "".join(f"comment {k} # | \n" for k in range(_LINES)) + "|# 7)\n", "d", "(7)"),
        "line-comments": ("(\n" + "".join(f"; comment {k}\n{k}\n" for k in range(_LINES // 2)) + ")\n",
                          "(length d)", str(_LINES // 2)),
        "blank-lines": ("(1" + "\n" * _LINES + "2)\n", "d", "(1 2)"),
        "nested": ("(\n" * _LINES + ")" * _LINES + "\n", "(let loop ((d d) (n 0)) (if (null? d) n (loop (car d) (+ n 1))))",
                   str(_LINES - 1)),  # the innermost list is ()
        "quoted": ("'\n" * _LINES + "x\n", "(let loop ((d d) (n 0)) (if (symbol? d) n (loop (cadr d) (+ n 1))))",
                   str(_LINES)),
    }


class _CountingPattern:
    """A compiled pattern that adds the length of the text each match may look at to `counts`."""

    def __init__(self, pattern, counts: list):
        self.pattern = pattern
        self.counts = counts

    def match(self, text, start=0):
        self.counts.append(len(text) - start)
        return self.pattern.match(text, start)


def _count_reader_work(monkeypatch) -> list:
    counts: list[int] = []
    lexer_state = reader.LexerState

    def counting_lexer_state(text, *args, **kwargs):
        counts.append(text.end - text.start)
        return lexer_state(text, *args, **kwargs)

    monkeypatch.setattr(reader, "LexerState", counting_lexer_state)
    monkeypatch.setattr(reader, "_QUOTED_RUN",
                        {quote: _CountingPattern(p, counts) for quote, p in reader._QUOTED_RUN.items()})
    return counts


@pytest.mark.parametrize("source", ["file port", "standard input"])
@pytest.mark.parametrize("name", list(_ten_thousand_line_datums()))
def test_read_ten_thousand_line_datum_lexes_each_character_a_bounded_number_of_times(
        name, source, tmp_path, monkeypatch):
    from schemehost import Interpreter
    from schemehost.printer import write_string

    text, expression, expected = _ten_thousand_line_datums()[name]
    assert text.count("\n") + text.count("\r") - text.count("\r\n") >= _LINES
    path = tmp_path / "datum.scm"
    path.write_text(text, encoding="utf-8", newline="")
    counts = _count_reader_work(monkeypatch)
    if source == "file port":
        interp = Interpreter(stdin="", stdout=io.StringIO())
        interp.define("path", new_string(str(path)))
        program = f"(define p (open-input-file path)) (define d (read p)) (list {expression} (eof-object? (read p)))"
        value = interp.eval_string(program)
    else:
        with open(path, encoding="utf-8", newline="") as stdin:
            interp = Interpreter(stdin=stdin, stdout=io.StringIO())
            value = interp.eval_string(f"(define d (read)) (list {expression} (eof-object? (read)))")
    assert write_string(value) == f"({expected} #t)"
    # Lexing again from the datum's start after every line would be about
    # _LINES / 2 times the text; each character is looked at about once.
    assert sum(counts) <= 3 * len(text), (sum(counts), len(text), len(counts))


def test_read_prefix_work_counter_sees_quadratic_rereading():
    """The counter above can fail: reading a growing text again from its start each time is counted in full."""
    counts: list[int] = []
    original = reader.LexerState
    text = "(\n" + "".join(f"{k}\n" for k in range(200))
    try:
        reader.LexerState = lambda slice_, *a, **k: (counts.append(slice_.end - slice_.start), original(slice_, *a, **k))[1]
        for end in range(2, len(text), 4):
            assert read_prefix(text[:end], 0) is None
    finally:
        reader.LexerState = original
    assert sum(counts) > 50 * len(text)


def _chunk_source(chunks: list[str]):
    pending = list(reversed(chunks))

    def source():
        return pending.pop() if pending else ""

    return source


def _transcript_with_source(source, operations: list[str], ready=None) -> list[str]:
    """What each operation gives on a port named "<string>" that reads from `source`."""
    from schemehost import Interpreter
    from schemehost.ports import TextInputPort

    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO())
    interp.define("p", TextInputPort(source, "<string>", eof_limit=None, ready=ready))
    return _run_port_operations(interp, operations)


def _up_to_first_error(transcript: list[str]) -> list[str]:
    for i, entry in enumerate(transcript):
        if entry.startswith("ERROR"):
            return transcript[: i + 1]
    return transcript


_CR_PIECES = st.sampled_from(["\r", "\r\n", "\n", "; c\r", "#| a\r\n b |#", '"x\r\ny"', '"a\\\r  b"', "(1\r2)"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_PIECES, _CR_PIECES), max_size=30), _OPERATIONS, st.data(),
       st.sampled_from([None, lambda: True]))
def test_read_text_in_any_pieces_gives_what_reading_it_whole_gives(pieces, operations, data, ready):
    # A port whose source hands out the text in pieces cut anywhere (inside
    # tokens, strings, comments, between CR and LF) gives the same values,
    # errors and positions as one that has all of it at once, up to the
    # first error (after an error the rest of the line is dropped, and how
    # much of that line has arrived depends on the pieces).  Cut into lines
    # as a file's readline cuts it, the transcripts agree to the end.  With
    # `ready` saying more text is at hand, lines that cannot end the datum
    # wait unlexed (reader._Reading.advance): the same transcripts.
    text = " ".join(pieces)
    whole = _transcript_with_source(_chunk_source([text]), operations)
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=12)))
    chunks = [text[i:j] for i, j in zip([0, *cuts], [*cuts, len(text)]) if text[i:j]]
    in_pieces = _transcript_with_source(_chunk_source(chunks), operations, ready)
    assert _up_to_first_error(in_pieces) == _up_to_first_error(whole)
    lines = io.StringIO(text, newline="").readlines()
    assert _transcript_with_source(_chunk_source(lines), operations, ready) == whole


# -- a lone carriage return is a line ending (R7RS 7.1.1 <line ending>: LF, CR LF or CR) --


def test_read_all_lone_carriage_return_ends_line_comment():
    """Issue 18 item 7: "; comment\\rnot" read as nothing, the comment ran on to
    the next linefeed and ate `not`; a comment ends at any line ending."""
    assert same(read_all("; comment\rnot"), [S("not")])


@pytest.mark.parametrize("text, expected", [
    ("; c\r\nnot", [S("not")]),
    ("; c\n\rnot", [S("not")]),
    ("(a ; b\r c)", [L(S("a"), S("c"))]),
    ("#| a\r b\r\n |# x", [S("x")]),
    ("#;\rx y", [S("y")]),
    ('"a\rb\r\nc"', [Str("a\rb\r\nc")]),  # a line ending written in a string stays as written
    ('"a\\\rb"', [Str("ab")]),  # backslash, line ending: nothing
    ('"a\\ \t\r \tb"', [Str("ab")]),
    ('"a\\\r\n  b"', [Str("ab")]),
    ("|a\rb|", [S("a\rb")]),
    ("#\\a\r#\\b", [Char.of("a"), Char.of("b")]),
    ("#!fold-case\rABC", [S("abc")]),
])
def test_read_all_carriage_return_as_line_ending_gives_value(text, expected):
    got = read_all(text)
    assert same(got, expected), [show(x) for x in got]


@pytest.mark.parametrize("text, line, column", [
    ("a\r)", 2, 1),
    ("a\r\n)", 2, 1),  # CR LF is one line ending
    ("a\r\r)", 3, 1),
    ("a\n\r)", 3, 1),  # LF CR is two
    ("a\r\n\r\n  )", 3, 3),
    ("; x\r  )", 2, 3),
    ("#| a\r\n b\r |# )", 3, 5),
    ('"x\r\n" )', 2, 3),
    ('"x\ry\\q"', 2, 2),  # the position of an escape inside a string
])
def test_read_all_error_position_counts_carriage_return_lines(text, line, column):
    error = read_error(text, "f.scm")
    assert (error.span.line, error.span.column) == (line, column), error.message


def test_read_from_port_carriage_return_then_linefeed_read_apart_is_one_line_ending():
    # read-char takes the CR, `read` starts at the LF: the error is on line 2, not 3.
    transcript = _transcript_with_source(_chunk_source(["x\r", "\n  #q"]), ["read", "read-char", "read"])
    assert transcript == ["x", "#\\return", "ERROR <string>:2:3: read: bad # syntax: #q\n"
                          "  called from <string>:1:1: (read p)"]


@pytest.mark.parametrize("chunks", [["(1\r", "2\r", ")\r#q"], ["(1\r2\r)\r#q"], ["(1\r2\r)", "\r", "#q"]])
def test_read_from_port_carriage_return_lines_give_positions(chunks):
    assert _transcript_with_source(_chunk_source(chunks), ["read", "read"]) == [
        "(1 2)", "ERROR <string>:4:1: read: bad # syntax: #q\n  called from <string>:1:1: (read p)"]


def test_read_from_port_error_drops_the_rest_of_a_carriage_return_line():
    assert _transcript_with_source(_chunk_source(["#q x\ry"]), ["read", "read"]) == [
        "ERROR <string>:1:1: read: bad # syntax: #q\n  called from <string>:1:1: (read p)", "y"]


def test_include_ci_positions_count_carriage_return_lines(tmp_path):
    from schemehost import Interpreter, SchemehostError

    (tmp_path / "f.scm").write_text("(define X 1)\r(define y 2)\r\n(CAR '())\r", encoding="utf-8", newline="")
    interp = Interpreter(stdin="", stdout=io.StringIO())
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(f"(include-ci {write_string_literal(str(tmp_path / 'f.scm'))})")
    assert (info.value.span.file, info.value.span.line, info.value.span.column) == (str(tmp_path / "f.scm"), 3, 1)


def write_string_literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.mark.parametrize("chunks", [["1 1 \r", " 1"], ["1 1 \r", "\n 1"], ["1 1 \r\n", " 1"]])
def test_read_line_carriage_return_at_the_end_of_a_chunk_leaves_the_port_in_place(chunks):
    """Found by the pieces property above: read-line that met a CR at the very
    end of the buffered text filled the buffer to look for a LF, and the fill
    moved the text to the buffer's start, so read-line then advanced by the
    old index: past the end, and the next `read` failed inside lark."""
    assert _transcript_with_source(_chunk_source(chunks), ["read", "read", "read-line", "read", "read"]) == [
        "1", "1", '" "', "1", "#<eof>"]


def test_read_many_datums_from_file_port_keeps_only_the_unread_text(tmp_path, monkeypatch):
    """A `read` that needed more text joined the new chunks to the whole buffer,
    text already read included: reading a long file grew the buffer to the
    file's size and copied all of it at every chunk (quadratic).  The text
    before the port's position goes, as it does when the port fills otherwise."""
    from schemehost import Interpreter, ports

    monkeypatch.setattr(ports, "FILE_CHUNK", 50)
    path = tmp_path / "data.scm"
    path.write_text("".join(f"({k}\n {k})\n" for k in range(3000)), encoding="utf-8")
    interp = Interpreter(stdin="", stdout=io.StringIO())
    interp.define("path", new_string(str(path)))
    interp.eval_string("(define p (open-input-file path))")
    longest = 0
    total = 0
    while True:
        datum = interp.eval_string("(read p)")
        longest = max(longest, len(interp.eval_string("p").buf))
        if type(datum) is not Pair:
            break
        total += datum.car + datum.cdr.car
    assert total == 2 * sum(range(3000))
    assert longest <= 200
