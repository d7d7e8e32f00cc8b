"""schemehost.libraries: library names, import sets, define-library."""

from __future__ import annotations

import pytest

from schemehost import Interpreter, SchemeError
from schemehost.datatypes import Symbol
from schemehost.libraries import library_key, library_name
from schemehost.printer import write_string
from schemehost.reader import read_one


@pytest.mark.parametrize(
    "text, parts",
    [
        ("(scheme base)", ["scheme", "base"]),
        ("(srfi 1)", ["srfi", 1]),
        ("(a . b)", None),
        ("(a -1)", None),
        ("(a \"b\")", None),
        ("scheme", None),
    ],
)
def test_library_name_parts_or_none(text, parts):
    got = library_name(read_one(text))
    assert (None if got is None else [p.name if type(p) is Symbol else p for p in got]) == parts


def test_library_name_circular_list_names_no_library():
    assert library_name(read_one("#0=(a . #0#)")) is None


def test_library_key_is_the_written_name():
    assert library_key(library_name(read_one("(srfi  1)"))) == "(srfi 1)"


@pytest.mark.parametrize(
    "source, expected",
    [
        ("(import (prefix (scheme base) b:)) (b:car '(1 2))", "1"),
        ("(import (rename (only (scheme base) car) (car first))) (first '(9))", "9"),
        ("(define-library (my lib) (export twice) (import (scheme base))"
         " (begin (define (twice x) (* 2 x)))) (import (my lib)) (twice 21)", "42"),
        ("(define-library (counter) (export bump! count) (import (scheme base))"
         " (begin (define count 0) (define (bump!) (set! count (+ count 1)))))"
         " (import (counter)) (bump!) (bump!) count", "2"),
    ],
)
def test_libraries_import_sets_bind_names(source, expected):
    assert write_string(Interpreter().eval_string(source)) == expected


@pytest.mark.parametrize(
    "source, message",
    [
        ("(import (only (scheme base) car nosuch))", "import: (scheme base) does not export: nosuch"),
        ("(import (nosuch lib))", "import: unknown library: (nosuch lib)"),
        ("(import (prefix (scheme base)))", "import: bad prefix import set: (prefix (scheme base))"),
    ],
)
def test_libraries_bad_import_gives_exact_error(source, message):
    with pytest.raises(SchemeError) as info:
        Interpreter().eval_string(source)
    assert info.value.describe() == message
