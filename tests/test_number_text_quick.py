"""The quick paths of string->number and number->string (session 18).

A short text of an optional sign and digits of the radix is read with
int(); a small exact integer in radix 2, 8 or 16 is written with format().
Each must give what the general path gives (numtext.read_numeral,
numbers._int_radix) on any text and any integer, and charge as it does.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session
from schemehost.numtext import parse_number
from schemehost.primitives import numbers

RADIXES = st.sampled_from([2, 8, 10, 16])
# Digits, letters, signs and the characters int() would take that Scheme does not.
TEXTS = st.text(alphabet="0123456789abcdefABCDEFxX+-_ .#/e\u0663\uff11", max_size=12)


@settings(max_examples=400, deadline=None)
@given(text=TEXTS, radix=RADIXES)
def test_string_to_number_reads_as_the_numeral_reader(text, radix):
    from schemehost.datatypes import new_string

    expected = parse_number(text, radix)
    got = numbers.string_to_number(new_string(text), radix)
    assert got == (False if expected is None else expected) and type(got) is type(
        False if expected is None else expected), (text, radix)


@settings(max_examples=300, deadline=None)
@given(n=st.one_of(st.integers(-(2**70), 2**70), st.integers(-(2**900), 2**900)), radix=RADIXES)
def test_number_to_string_writes_as_the_general_path(n, radix):
    text = numbers.number_to_string(n, radix).s
    expected = numbers._int_radix(n, radix) if radix != 10 else str(n)
    assert text == expected
    assert parse_number(text, radix) == n


def test_quick_paths_charge_what_the_general_paths_charge():
    # Under 256 characters (or decimal digits) nothing; a longer text or number is the
    # general path's, charged by its length.
    s = Session()
    short = s.interp.budget.total_used()
    s.eval('(string->number "123456789" 10) (number->string (expt 2 700) 16)')
    assert s.interp.budget.total_used() - short == 0
    before = s.interp.budget.total_used()
    s.eval(f'(string->number "{"1" * 600}" 10)')
    assert s.interp.budget.total_used() - before >= 2
    before = s.interp.budget.total_used()
    s.eval("(number->string (expt 2 3000) 2)")
    assert s.interp.budget.total_used() - before >= 3
