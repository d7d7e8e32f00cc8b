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


def test_open_coded_strings_made_in_line_are_fresh_mutable_strings():
    """NEWSTR (datatypes.new_string) makes a new string each time,
    that string-set! changes alone (one-character `string`, `substring`, a two-string append)."""
    from test_open_coded_records import generated_sources

    text, s = generated_sources(
        '(define (f c s) (let ((a (string c)) (b (string c)) (u (substring s 1 3)) (v (string-append s s)))'
        ' (string-set! a 0 #\\z) (string-set! u 0 #\\q) (string-set! v 0 #\\w) (list a b u v s (eq? a b))))')
    assert "NEWSTR(" in text and "new_string(" not in text
    assert s.show('(f #\\a "hello")') == '("z" "a" "ql" "wellohello" "hello" #f)'


def test_string_to_list_of_characters_not_made_before_gives_them_with_their_traits():
    """quick_string_to_list looks each character up by subscript; one not made yet (a
    KeyError) makes them all with Char.of, which gives them their traits."""
    import random

    from schemehost.datatypes import Char
    from test_open_coded_records import generated_sources

    # Three code points of the supplementary private use area no other test makes.
    fresh = "".join(map(chr, random.Random(13).sample(range(0xF0000, 0xFFFFE), 3)))
    assert not any(ch in Char._table for ch in fresh)
    text, s = generated_sources("(define (f s) (map (lambda (c) (list (char-upcase c) (char-alphabetic? c)))"
                                " (string->list s)))")
    shown = " ".join(f"(#\\x{ord(ch):x} #f)" for ch in fresh)
    assert s.show(f'(f "a{fresh}b")') == f"((#\\A #t) {shown} (#\\B #t))"
    assert all(ch in Char._table for ch in fresh)
