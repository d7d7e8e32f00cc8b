"""integer->char and one-character `string` written in line (inline.UNARY).

string-builder's Caesar shift and string reversal called both through a
full call site per character.  Each entry must give what the procedure
gives, and leave everything else (a surrogate, a code point past U+10FFFF,
a non-character) to the procedure's own error.
"""

from __future__ import annotations

import pytest

from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply

CALLS = [
    ("integer->char", ["97"]), ("integer->char", ["0"]), ("integer->char", ["55295"]), ("integer->char", ["55296"]),
    ("integer->char", ["57343"]), ("integer->char", ["57344"]), ("integer->char", ["1114111"]),
    ("integer->char", ["1114112"]), ("integer->char", ["-1"]), ("integer->char", ["97.0"]), ("integer->char", ["'a"]),
    ("integer->char", ["(expt 10 30)"]),
    ("string", ["#\\a"]), ("string", ["#\\x3BB"]), ("string", ["97"]), ("string", ['"a"']),
]


@pytest.mark.parametrize("name, args", CALLS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_strings_give_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, args)


APPENDS = [
    ("string-append", ['"ab"', '"cd"']), ("string-append", ['""', '""']), ("string-append", ['"λ"', '"x"']),
    ("string-append", ['"ab"', "'cd"]), ("string-append", ["1", '"cd"']),
    ("string-append", ['(make-string 200 #\\a)', '(make-string 55 #\\b)']),
    ("string-append", ['(make-string 200 #\\a)', '(make-string 56 #\\b)']),
    ("string-append", ['(make-string 3000 #\\a)', '"b"']),
]


@pytest.mark.parametrize("name, args", APPENDS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_strings_string_append_of_two_gives_the_procedures_value_or_error(name, args):
    same_as_apply(name, args)


def test_open_coded_strings_string_append_respects_the_allocation_cap():
    """Joined in line only within the interpreter's max_alloc: past it, the
    procedure's own error, from generated code as from a direct call."""
    from conftest import Session
    from schemehost import SchemehostError

    s = Session(max_alloc=5)
    s.eval("(define (f a b) (string-append a b))")
    assert s.show('(f "ab" "cde")') == '"abcde"'
    with pytest.raises(SchemehostError) as info:
        s.eval('(f "abc" "def")')
    assert str(info.value) == "string-append: allocation of 6 elements exceeds the limit of 5"


def test_open_coded_strings_string_append_charges_as_the_procedure(scheme):
    """Under 256 characters nothing is charged; at 256 and over, the procedure charges."""
    s = scheme()
    s.eval("(define (f a b) (string-append a b)) (define a (make-string 300 #\\a))")
    budget = s.interp.budget
    before = budget.total_used()
    s.eval('(f "ab" "cd")')
    assert budget.total_used() - before == 1
    before = budget.total_used()
    s.eval("(f a a)")
    assert budget.total_used() - before == 1 + 600 // 256


def test_open_coded_strings_string_append_of_two_is_written_in_line():
    """Regression: the entry the registry wraps around string-append (its checked
    Declaration) dropped the OpenCode that open_coded put on the function, so
    generated code called the procedure for every two-string append."""
    from test_open_coded_records import generated_sources

    text, s = generated_sources("(define (f a b) (string-append a b))")
    assert "NEWSTR(v1_a.s + v1_b.s)" in text
    assert s.show('(f "ab" "cd")') == '"abcd"'
