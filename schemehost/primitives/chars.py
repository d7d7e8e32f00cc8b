"""Character primitives: (scheme base) and (scheme char), R7RS 6.6.

Case procedures give the Unicode simple mappings R7RS asks for, built from
Python's full mappings: a character maps to one character.  Where the full
mapping gives more than one (`"ß".upper()` is "SS"), the simple mapping is
the single-character form of a related mapping when there is one (the
titlecase for upcase: U+1F80 -> U+1F88; the lowercase for foldcase:
U+1E9E -> "ß"), else the character itself.  Downcase needs a table, not a
rule: only one character has a full lowercase longer than one character,
U+0130, whose simple lowercase is "i".  With Python 3.11's Unicode 14 data
the three procedures agree with Unicode's simple mappings (UnicodeData.txt,
CaseFolding.txt) on every character.

Property tests differ from the Unicode properties R7RS names only where
Python has no table: `char-alphabetic?` is Python's isalpha() (letters)
plus letter numbers (Nl), so it misses Other_Alphabetic marks such as
Devanagari vowel signs.
"""

from __future__ import annotations

import unicodedata
from operator import attrgetter

from ..datatypes import Char
from .registry import CHAR, COMPARISONS, EXACT_INTEGER, primitive, scheme_error, type_error

_MAX_CODE_POINT = 0x10FFFF
_SURROGATES = range(0xD800, 0xE000)

# Python's isspace() also accepts the information separators U+001C..U+001F,
# which Unicode's White_Space property does not include.
_NOT_WHITE_SPACE = frozenset("\x1c\x1d\x1e\x1f")


def one_char(ch: str, mapped: str) -> str:
    """Return `mapped` if it is one character, else `ch` itself."""
    return mapped if len(mapped) == 1 else ch


def upcase_char(ch: str) -> str:
    """Return the simple uppercase mapping of one character."""
    upper = ch.upper()
    return upper if len(upper) == 1 else one_char(ch, ch.title())


# Simple lowercase mappings (UnicodeData.txt) of the characters whose full
# lowercase (SpecialCasing.txt, Python's lower()) is more than one character.
# Full: U+0130 -> "i" U+0307 (combining dot above); simple: U+0130 -> "i".
# tests/test_primitives_text.py checks that no other character needs one.
_SIMPLE_LOWERCASE = {"\u0130": "i"}


def downcase_char(ch: str) -> str:
    """Return the simple lowercase mapping of one character."""
    lower = ch.lower()
    return lower if len(lower) == 1 else _SIMPLE_LOWERCASE.get(ch, ch)


def fold_char(ch: str) -> str:
    """Return the simple case folding of one character."""
    folded = ch.casefold()
    return folded if len(folded) == 1 else one_char(ch, ch.lower())


# (char? obj)
@primitive("char?")
def is_char(obj):
    return type(obj) is Char


# (char->integer char), often mapped over a string's characters: checks its argument
# itself, as the character classes below do.
@primitive("char->integer", args=(CHAR,), checks="body")
def char_to_integer(c):
    if type(c) is not Char:
        raise type_error("char->integer", 1, "char", c)
    return ord(c.ch)


# (integer->char n)
@primitive("integer->char", args=(EXACT_INTEGER,))
def integer_to_char(n):
    if not 0 <= n <= _MAX_CODE_POINT or n in _SURROGATES:
        raise scheme_error("integer->char: argument 1 must be a Unicode scalar value", n)
    return Char.of(chr(n))


def _define_comparison(name: str, op, key) -> None:
    """Register `name` as an n-ary character comparison of `key(char)` by `op`."""

    def compare(c1, *more):
        if len(more) == 1:  # the common case, without the lists
            return op(key(c1), key(more[0]))
        keys = [key(c1)]
        for c in more:
            keys.append(key(c))
        return all(op(a, b) for a, b in zip(keys, keys[1:]))

    compare.__name__ = compare.__qualname__ = name
    primitive(name, args=(CHAR,), rest=CHAR)(compare)


# (char=? char1 char2 ...) and friends; R7RS asks for two or more, one is accepted.
for _suffix, _op in COMPARISONS:
    # (One character's text compares as its code point; attrgetter reads it in C.)
    _define_comparison("char" + _suffix, _op, attrgetter("ch"))
    _define_comparison("char-ci" + _suffix, _op, attrgetter("fold.ch"))


def _fill_traits(c) -> None:
    """Work out, once, what the character procedures answer for the new Char `c`
    (datatypes.Char's slots; Char.of calls this for every Char it makes)."""
    ch = c.ch
    c.down = Char.of(downcase_char(ch))
    c.up = Char.of(upcase_char(ch))
    c.alpha = ch.isalpha() or unicodedata.category(ch) == "Nl"
    # Unicode Numeric_Type=Decimal, that is category Nd.
    c.num = ch.isdecimal()
    c.white = ch.isspace() and ch not in _NOT_WHITE_SPACE
    c.upper = ch.isupper()
    c.lower = ch.islower()
    c.fold = Char.of(fold_char(ch))


Char.traits = _fill_traits
for _c in list(Char._table.values()):  # the Chars made before this module
    _fill_traits(_c)


# The character classes and cases, often handed to a procedure as values
# ((string-map char-upcase s)), check their argument themselves (checks="body":
# one Python call a use, not the checked entry's two).

# (char-alphabetic? char)
@primitive("char-alphabetic?", args=(CHAR,), checks="body")
def is_char_alphabetic(c):
    if type(c) is not Char:
        raise type_error("char-alphabetic?", 1, "char", c)
    return c.alpha


# (char-numeric? char): Unicode Numeric_Type=Decimal, that is category Nd.
@primitive("char-numeric?", args=(CHAR,), checks="body")
def is_char_numeric(c):
    if type(c) is not Char:
        raise type_error("char-numeric?", 1, "char", c)
    return c.num


# (char-whitespace? char)
@primitive("char-whitespace?", args=(CHAR,), checks="body")
def is_char_whitespace(c):
    if type(c) is not Char:
        raise type_error("char-whitespace?", 1, "char", c)
    return c.white


# (char-upper-case? char)
@primitive("char-upper-case?", args=(CHAR,), checks="body")
def is_char_upper_case(c):
    if type(c) is not Char:
        raise type_error("char-upper-case?", 1, "char", c)
    return c.upper


# (char-lower-case? char)
@primitive("char-lower-case?", args=(CHAR,), checks="body")
def is_char_lower_case(c):
    if type(c) is not Char:
        raise type_error("char-lower-case?", 1, "char", c)
    return c.lower


# (digit-value char): 0..9 for a decimal digit of any script, else #f.
@primitive("digit-value", args=(CHAR,))
def digit_value(c):
    value = unicodedata.decimal(c.ch, None)
    return False if value is None else value


# (char-upcase char)
@primitive("char-upcase", args=(CHAR,), checks="body")
def char_upcase(c):
    if type(c) is not Char:
        raise type_error("char-upcase", 1, "char", c)
    return c.up


# (char-downcase char)
@primitive("char-downcase", args=(CHAR,), checks="body")
def char_downcase(c):
    if type(c) is not Char:
        raise type_error("char-downcase", 1, "char", c)
    return c.down


# (char-foldcase char)
@primitive("char-foldcase", args=(CHAR,))
def char_foldcase(c):
    return c.fold
