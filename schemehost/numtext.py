"""Number text: the R7RS numeral syntax (section 7.1.1) and its values.

The reader, the printer (which must know whether a symbol's name would read
back as a number) and `string->number` all use this one parser, so it sits
below all three and imports nothing from the package.
"""

from __future__ import annotations

import cmath
import math
import re
from fractions import Fraction

__all__ = ["SAFE_DECIMAL_DIGITS", "NumeralError", "parse_number", "read_numeral"]


def parse_number(text: str, radix: int = 10):
    """Return the number `text` denotes in R7RS syntax, or None.

    A radix or exactness prefix in `text` (#x #b #o #d #e #i) overrides
    `radix`.  Text that is not a number, or a numeral without a value such as
    "1/0", gives None; this is what `string->number` needs.
    """
    if radix not in _DIGIT_CLASSES:
        return None
    try:
        return read_numeral(text, radix)
    except NumeralError:
        return None


class NumeralError(Exception):
    """A well-formed numeral with no value here (1/0, #e+inf.0, #e1e999999)."""


_DIGIT_CLASSES = {2: "[01]", 8: "[0-7]", 10: "[0-9]", 16: "[0-9a-f]"}
_RADIX_LETTERS = {"b": 2, "o": 8, "d": 10, "x": 16}
_number_patterns_cache: dict[int, tuple] = {}

# Beyond this many digits int() needs the chunked conversion below (Python
# refuses long decimal strings; 640 is the lowest limit it can be set to).
SAFE_DECIMAL_DIGITS = 600
# An exact decimal like #e1e999999999 would take forever to build.
_MAX_EXACT_EXPONENT = 100_000


def _number_patterns(radix: int) -> tuple:
    """Return (real, polar, rectangular) regexes for `radix` (R7RS 7.1.1)."""
    patterns = _number_patterns_cache.get(radix)
    if patterns is None:
        digits = _DIGIT_CLASSES[radix] + "+"
        if radix == 10:
            ureal = rf"(?:{digits}/{digits}|(?:{digits}(?:\.[0-9]*)?|\.[0-9]+)(?:e[+-]?[0-9]+)?)"
        else:
            ureal = rf"{digits}(?:/{digits})?"
        infnan = r"(?:inf|nan)\.0"
        real = rf"(?:[+-]?{ureal}|[+-]{infnan})"
        patterns = (
            re.compile(real, re.IGNORECASE),
            re.compile(rf"({real})@({real})", re.IGNORECASE),
            re.compile(rf"({real})?([+-](?:{ureal}|{infnan})?)i", re.IGNORECASE),
        )
        _number_patterns_cache[radix] = patterns
    return patterns


def read_numeral(text: str, radix: int = 10):
    """Return the number `text` denotes, None if it is not a numeral.

    Raise NumeralError for a numeral without a value.
    """
    exact = None  # None: as written; True: #e; False: #i
    radix_given = False
    i = 0
    while text.startswith("#", i):
        letter = text[i + 1 : i + 2].lower()
        if letter in _RADIX_LETTERS and not radix_given:
            radix = _RADIX_LETTERS[letter]
            radix_given = True
        elif letter in ("e", "i") and exact is None:
            exact = letter == "e"
        else:
            return None
        i += 2
    body = text[i:]
    if not body or not body.isascii():
        return None
    real, polar, rectangular = _number_patterns(radix)
    if real.fullmatch(body):
        return _real_value(body, radix, exact)
    if "@" in body:
        match = polar.fullmatch(body)
        if match:
            return _polar_value(match[1], match[2], radix, exact)
    if body[-1] in "iI":
        match = rectangular.fullmatch(body)
        if match:
            return _rectangular_value(match[1], match[2], radix, exact)
    return None


def _real_value(text: str, radix: int, exact):
    """Return the value of `text`, which matched the real-number pattern."""
    low = text.lower()
    if low.endswith(("inf.0", "nan.0")) and len(low) == 6:
        if exact is True:
            raise NumeralError("number has no exact value")
        return float(low[:4])
    if "/" in low:
        numerator, denominator = low.split("/")
        top = _integer(numerator, radix)
        bottom = _integer(denominator, radix)
        if bottom == 0:
            raise NumeralError("division by zero in number")
        ratio = Fraction(top, bottom)
        if exact is False:
            return _inexact(ratio)
        return ratio.numerator if ratio.denominator == 1 else ratio
    if radix == 10 and ("." in low or "e" in low):
        if exact is True:
            return _exact_decimal(low)
        return float(low)
    value = _integer(low, radix)
    return _inexact(value) if exact is False else value


def _polar_value(magnitude_text: str, angle_text: str, radix: int, exact):
    magnitude = _real_value(magnitude_text, radix, exact)
    angle = _real_value(angle_text, radix, exact)
    if angle == 0 and type(angle) is not float:
        return magnitude
    if exact is True:
        raise NumeralError("exact complex numbers are not supported")
    try:
        return cmath.rect(_inexact(magnitude), _inexact(angle))
    except (ValueError, OverflowError) as exc:
        raise NumeralError("number out of range") from exc


def _rectangular_value(real_text: str | None, imaginary_text: str, radix: int, exact):
    real = _real_value(real_text, radix, exact) if real_text else 0
    if imaginary_text in ("+", "-"):
        imaginary = 1 if imaginary_text == "+" else -1
        if exact is False:
            imaginary = float(imaginary)
    else:
        imaginary = _real_value(imaginary_text, radix, exact)
    if imaginary == 0 and type(imaginary) is not float:
        return real
    if exact is True:
        raise NumeralError("exact complex numbers are not supported")
    return complex(_inexact(real), _inexact(imaginary))


def _integer(text: str, radix: int) -> int:
    """int(text, radix) for ASCII digits with an optional sign, any length."""
    if radix != 10 or len(text) <= SAFE_DECIMAL_DIGITS:
        return int(text, radix)
    negative = text[0] == "-"
    value = _decimal_digits_value(text.lstrip("+-"))
    return -value if negative else value


def _decimal_digits_value(digits: str) -> int:
    """Convert a long string of decimal digits, half by half."""
    if len(digits) <= SAFE_DECIMAL_DIGITS:
        return int(digits)
    low_length = len(digits) // 2
    high = _decimal_digits_value(digits[:-low_length])
    return high * 10**low_length + _decimal_digits_value(digits[-low_length:])


def _exact_decimal(low: str):
    """The exact value of a decimal numeral such as "-1.25e3" (for #e)."""
    mantissa, _, exponent_text = low.partition("e")
    negative = mantissa.startswith("-")
    whole, _, fraction = mantissa.lstrip("+-").partition(".")
    if len(exponent_text.lstrip("+-")) > 7:
        raise NumeralError("exact number too large")
    exponent = int(exponent_text or "0") - len(fraction)
    if abs(exponent) > _MAX_EXACT_EXPONENT:
        raise NumeralError("exact number too large")
    digits = _integer((whole + fraction) or "0", 10)
    if negative:
        digits = -digits
    if exponent >= 0:
        return digits * 10**exponent
    ratio = Fraction(digits, 10**-exponent)
    return ratio.numerator if ratio.denominator == 1 else ratio


def _inexact(value) -> float:
    """float(value), with +inf.0 / -inf.0 for exact numbers too large."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf
