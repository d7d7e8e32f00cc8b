"""`write` and `display`: Scheme values as text.

The printer walks its value with an explicit stack, through pairs,
vectors, records, error objects and multiple values alike, so a list a
million long, nested a hundred thousand deep or a chain of records of any
length prints without touching Python's recursion limit.  `write` and
`display` label values only where they form a cycle (R7RS `write`);
`write_shared` labels every shared value; `write_simple` never labels and
raises a Scheme error on a cycle (the report lets it loop forever).
Printing charges the step budget one step per value written (runtime.charge).
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from fractions import Fraction

from .datatypes import (
    EOF,
    NIL,
    UNASSIGNED,
    UNSPECIFIED,
    Char,
    ErrorObject,
    MString,
    MultipleValues,
    Pair,
    Symbol,
)
from .errors import SchemeError, scheme_error
from .numtext import parse_number
from .runtime import Procedure, charge, charge_pairs

CHAR_WRITE_NAMES = {
    "\x07": "alarm",
    "\x08": "backspace",
    "\x7f": "delete",
    "\x1b": "escape",
    "\n": "newline",
    "\x00": "null",
    "\r": "return",
    " ": "space",
    "\t": "tab",
}

_STRING_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\t": "\\t",
    "\r": "\\r",
    "\x07": "\\a",
    "\x08": "\\b",
}



def format_number(x) -> str:
    """Return the external representation of a Scheme number."""
    t = type(x)
    if t is int:
        return _decimal(x)
    if t is Fraction:
        return f"{_decimal(x.numerator)}/{_decimal(x.denominator)}"
    if t is float:
        return _format_float(x)
    if t is complex:
        # A real part of +0.0 goes without saying ("+2.0i" reads back with
        # it); -0.0 is written, so that it reads back with its sign.
        real = _format_float(x.real) if x.real != 0 or math.copysign(1.0, x.real) < 0 else ""
        imag = _format_float(x.imag)
        if not imag.startswith(("-", "+")):
            imag = "+" + imag
        return f"{real}{imag}i"
    return str(x)


# Below this many bits an int has fewer decimal digits than the 4300 that
# Python's str() accepts (sys.get_int_max_str_digits); past it, split.
_STR_SAFE_BITS = 10_000


# Pairs of 64-bit words a step covers in writing decimal digits: the digits of
# an int of w words take about 4 ns * w * w here (1.2 s for 1.1 million bits),
# a quarter of a microsecond a step (numbers._PRODUCT_STEPS); the two halves
# of each split below charge a half of their parent's charge between them.
DECIMAL_PAIRS_PER_STEP = 128


# An int within 4096 bits: _decimal writes it with str() and charges nothing.
_SHORT_INT = 1 << 4096


def _decimal(n: int) -> str:
    """Return the decimal digits of `n`, any length, half by half (charged per
    digit, and for the divisions: time grows with the square of the length)."""
    if n < 0:
        return "-" + _decimal(-n)
    bits = n.bit_length()
    if bits < _STR_SAFE_BITS:
        if bits > 4096:
            charge_pairs(bits, bits, DECIMAL_PAIRS_PER_STEP)
        return str(n)
    charge(bits * 3 // 20)
    charge_pairs(bits, bits, DECIMAL_PAIRS_PER_STEP)
    low_digits = bits * 3 // 20  # about half of its decimal digits
    high, low = divmod(n, 10**low_digits)
    return _decimal(high) + _decimal(low).rjust(low_digits, "0")


def _format_float(x: float) -> str:
    if math.isnan(x):
        return "+nan.0"
    if math.isinf(x):
        return "+inf.0" if x > 0 else "-inf.0"
    text = repr(x)
    if "e" in text:
        mant, exp = text.split("e")
        if "." not in mant:
            mant += ".0"
        sign = "-" if exp.startswith("-") else ""
        return f"{mant}e{sign}{exp.lstrip('+-').lstrip('0') or '0'}"
    return text


# R7RS 7.1.1 <identifier>, without the |...| form, over ASCII: an <initial>
# and <subsequent>s, or a <peculiar identifier> (+ - ... ->x .a +.a).
_INITIAL = "A-Za-z!$%&*/:<=>?^_~"
_BARE_IDENTIFIER = re.compile(
    rf"[{_INITIAL}][{_INITIAL}0-9+\-.@]*"
    rf"|[+-]"
    rf"|[+-][{_INITIAL}+\-@][{_INITIAL}0-9+\-.@]*"
    rf"|[+-]?\.[{_INITIAL}+\-@.][{_INITIAL}0-9+\-.@]*"
)
# Where R7RS 2.1 lets identifiers use other characters: letters, marks, numbers,
# punctuation and symbols of Unicode (Nd, Mc and Me not first).
_UNICODE_INITIAL = frozenset("Lu Ll Lt Lm Lo Mn Nl No Pd Pc Po Sc Sm Sk So Co".split())
_UNICODE_SUBSEQUENT = frozenset(("Nd", "Mc", "Me"))
# +nan.0 and +inf.0 followed by more: a number's start, written |...| so that no reader takes it for one.
_INFNAN_START = re.compile(r"[+-](?:inf|nan)\.0", re.IGNORECASE)
_SYMBOL_ESCAPES = {"|": "\\|", "\\": "\\\\"}


def _is_bare_symbol(name: str) -> bool:
    """True if `name` written as it is reads back as the symbol `name`.

    That is: an R7RS identifier (7.1.1, with the Unicode characters 2.1
    allows) that is not a number (+i, -inf.0, 1e3 ...) nor starts like +nan.0.
    """
    if not name.isascii():
        mapped = []
        for c in name:
            if c.isascii():
                mapped.append(c)
                continue
            category = unicodedata.category(c)
            if category in _UNICODE_INITIAL:
                mapped.append("a")
            elif category in _UNICODE_SUBSEQUENT:
                mapped.append("0")
            else:
                return False
        name_shape = "".join(mapped)
    else:
        name_shape = name
    if not _BARE_IDENTIFIER.fullmatch(name_shape):
        return False
    if name[0] in "+-." and (_INFNAN_START.match(name) or parse_number(name) is not None):
        return False
    return True


# Symbol name -> its written text, for the first 4,096 names written.
_SYMBOL_TEXTS: dict[str, str] = {}


def _symbol_text(name: str) -> str:
    """`write` of a symbol: bare when it reads back as itself, else |...| (R7RS 2.1).

    Between the bars, | and \\ are escaped, and any character that does not
    print (control, format, separator other than space) is \\x<hex>;.
    """
    if _is_bare_symbol(name):
        return name
    out = []
    for c in name:
        escape = _SYMBOL_ESCAPES.get(c)
        if escape is not None:
            out.append(escape)
        elif c != " " and not c.isprintable():
            out.append(f"\\x{ord(c):x};")
        else:
            out.append(c)
    return "|" + "".join(out) + "|"


def _string_text(s: str) -> str:
    out = ['"']
    for c in s:
        e = _STRING_ESCAPES.get(c)
        if e is not None:
            out.append(e)
        elif ord(c) < 32 or ord(c) == 0x7F:
            out.append(f"\\x{ord(c):x};")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _char_text(c: str) -> str:
    name = CHAR_WRITE_NAMES.get(c)
    if name is not None:
        return "#\\" + name
    if ord(c) < 32 or not c.isprintable():
        return f"#\\x{ord(c):x}"
    return "#\\" + c


def atom_text(x, write: bool) -> str:
    """Return the text of a non-container value."""
    t = type(x)
    if t is bool:
        return "#t" if x else "#f"
    if t is int or t is float or t is Fraction or t is complex:
        return format_number(x)
    if t is Symbol:
        if not write:
            return x.name
        text = _SYMBOL_TEXTS.get(x.name)
        if text is None:
            text = _symbol_text(x.name)
            if len(_SYMBOL_TEXTS) < 4096:  # (a program making symbols without end keeps no more)
                _SYMBOL_TEXTS[x.name] = text
        return text
    if t is MString:
        charge(len(x.s))
        return _string_text(x.s) if write else x.s
    if t is Char:
        return _char_text(x.ch) if write else x.ch
    if x is NIL:
        return "()"
    if x is EOF:
        return "#<eof>"
    if x is UNSPECIFIED:
        return "#<unspecified>"
    if x is UNASSIGNED:
        return "#<unassigned>"
    if t is bytearray:
        charge(len(x))
        return "#u8(" + " ".join(str(b) for b in x) + ")"
    if t is ErrorObject or t is MultipleValues or getattr(x, "scheme_fields", None) is not None:
        return to_string(x, write)
    custom = getattr(x, "scheme_repr", None)
    if custom is not None:
        return custom()
    name = getattr(x, "name", None)
    if isinstance(x, Procedure):
        return f"#<procedure {name}>" if name else "#<procedure>"
    return f"#<{type(x).__name__.lower()}>"


def _parts(o):
    """The values inside compound `o` (pair, vector, record, error object,
    multiple values), or None for a value that holds none."""
    t = type(o)
    if t is Pair:
        return (o.car, o.cdr)
    if t is list:
        return o
    if t is ErrorObject:
        return o.irritants or ()
    if t is MultipleValues:
        return o.values
    fields = getattr(o, "scheme_fields", None)
    if fields is not None:
        return [v for _, v in fields()[1]]
    return None


def _is_atom(o) -> bool:
    t = type(o)
    if t is Pair or t is list or t is ErrorObject or t is MultipleValues:
        return False
    if t is Symbol or t is int or t is MString or t is Char or t is bool or o is NIL:
        return True
    return getattr(o, "scheme_fields", None) is None


def _find_labels(x, shared_only_cycles: bool) -> dict:
    """Return {id: None} for the compound values that need datum labels.

    With `shared_only_cycles` (R7RS write and display) only the values on a
    cycle; otherwise (write-shared) every value reached twice.  Iterative,
    through pairs, vectors, records, error objects and multiple values;
    charges one step per value visited.
    """
    seen: set[int] = set()
    multi: set[int] = set()
    visited = 0
    if not shared_only_cycles:
        stack = [x]
        while stack:
            o = stack.pop()
            if _is_atom(o):
                continue
            visited += 1
            i = id(o)
            if i in seen:
                multi.add(i)
                continue
            seen.add(i)
            stack.extend(reversed(_parts(o)))
        charge(visited)
        return {i: None for i in multi}
    # Iterative DFS; a value met again while it is on the path is on a cycle.
    on_path: set[int] = set()
    done: set[int] = set()
    cyclic: set[int] = set()
    stack = [(x, False)]
    while stack:
        o, leaving = stack.pop()
        i = id(o)
        if leaving:
            on_path.discard(i)
            done.add(i)
            continue
        if _is_atom(o):
            continue
        visited += 1
        if i in on_path:
            cyclic.add(i)
            continue
        if i in done:
            continue
        on_path.add(i)
        stack.append((o, True))
        for item in reversed(_parts(o)):
            stack.append((item, False))
    charge(visited)
    return {i: None for i in cyclic}


def _short_flat_list(x, most: int = 64) -> list | None:
    """The elements of `x`, a proper list of at most `most` atoms that is not a quote form
    ('x): no labels are possible in it, so to_string writes it straight.  Else None."""
    atoms = []
    p = x
    while type(p) is Pair:
        a = p.car
        if len(atoms) == most or not _is_atom(a):
            return None
        atoms.append(a)
        p = p.cdr
    if p is not NIL or (len(atoms) == 2 and type(atoms[0]) is Symbol and atoms[0].name in _QUOTE_PREFIX):
        return None
    return atoms


# With a `limit`, a value made of more values than this is written without
# looking for cycles first (see to_string).
LABEL_SEARCH_LIMIT = 50_000


def to_string(x, write: bool = True, labels: str = "cycles", limit: int | None = None) -> str:
    """Return the external representation of `x`.

    `labels` is "cycles" (R7RS write and display), "shared" (write-shared)
    or "none" (write-simple: a cycle is then a Scheme error, where the
    report lets it loop forever).  Iterative through every compound value,
    so any depth prints; charges the budget one step per value written.

    With a `limit` (the kernel's bounded results), writing stops soon after
    `limit` characters: the text is then longer than `limit` and the caller
    cuts it.  A value made of more than LABEL_SEARCH_LIMIT values is then
    written without datum labels, left to right, so a huge
    or cyclic structure costs no more than the text kept.
    """
    if type(x) is int and -_SHORT_INT < x < _SHORT_INT:
        return str(x)  # (what _decimal gives a number this short, charging nothing)
    if _is_atom(x):
        return atom_text(x, write)
    if limit is None and type(x) is Pair:
        atoms = _short_flat_list(x)
        if atoms is not None:
            # (Nothing to charge: the search for labels and the writing below would
            # count 2 * 64 + 1 elements at most, under runtime.WORK_PER_STEP.)
            return "(" + " ".join([atom_text(a, write) for a in atoms]) + ")"
    if labels == "none":
        if _find_labels(x, True):
            raise scheme_error("write-simple: cannot write a circular value")
        label_ids = {}
    elif limit is not None and not _parts_within(x, LABEL_SEARCH_LIMIT):
        label_ids = {}
    else:
        label_ids = _find_labels(x, labels == "cycles")
    # Compare the text's length with `limit` once this many pieces are out.
    check_at = sys.maxsize if limit is None else limit
    most_items = sys.maxsize if limit is None else 2 * limit
    numbers: dict[int, int] = {}
    out: list[str] = []
    # The stack holds values to print, or strings to emit verbatim (wrapped).
    stack: list = [x]
    written = 0
    while stack:
        if len(out) >= check_at:
            size = sum(map(len, out))
            if size > limit:
                break
            # Every cycle writes a parenthesis, so the text keeps growing.
            check_at += limit - size + 1
        o = stack.pop()
        t = type(o)
        if t is _Text:
            out.append(o.text)
            continue
        written += 1
        if not written & 4095:
            charge(4096)
        if _is_atom(o):
            out.append(atom_text(o, write))
            continue
        i = id(o)
        if i in label_ids:
            if i in numbers:
                out.append(f"#{numbers[i]}#")
                continue
            numbers[i] = len(numbers)
            out.append(f"#{numbers[i]}=")
        if t is Pair:
            # Quote forms print abbreviated.
            if type(o.car) is Symbol and type(o.cdr) is Pair and o.cdr.cdr is NIL and (
                id(o.cdr) not in label_ids
            ):
                prefix = _QUOTE_PREFIX.get(o.car.name)
                if prefix is not None:
                    out.append(prefix)
                    stack.append(o.cdr.car)
                    continue
            items = [o.car]
            p = o.cdr
            while type(p) is Pair and id(p) not in label_ids:
                items.append(_SPACE)
                items.append(p.car)
                p = p.cdr
                if len(items) > most_items:
                    # Enough elements to pass the limit; the rest is never looked at.
                    items.append(_Text(" ..."))
                    p = NIL
                    break
            if p is not NIL:
                items.append(_DOT)
                items.append(p)
            items.append(_CLOSE)
            out.append("(")
        elif t is list:
            out.append("#(")
            items = _spaced(o if limit is None else o[:limit], _CLOSE)
        elif t is ErrorObject:
            out.append("#<error " + _string_text(o.message))
            items = []
            for v in o.irritants:
                items.append(_SPACE)
                items.append(v)
            items.append(_ANGLE)
        elif t is MultipleValues:
            items = _spaced(o.values, None)
        else:
            name, fields = o.scheme_fields()
            out.append(f"#<{name}")
            items = []
            for field, v in fields:
                items.append(_Text(f" {field}: "))
                items.append(v)
            items.append(_ANGLE)
        stack.extend(reversed(items))
    charge(written & 4095)
    return "".join(out)


def _parts_within(x, most: int) -> bool:
    """Tell whether `x` is made of at most `most` values, atoms included (never visiting more)."""
    seen: set[int] = set()
    stack = [x]
    visits = 0
    while stack:
        o = stack.pop()
        visits += 1
        if visits > most:
            return False
        if _is_atom(o) or id(o) in seen:
            continue
        seen.add(id(o))
        stack.extend(_parts(o))
    return True


def _spaced(values, close) -> list:
    items: list = []
    for k, item in enumerate(values):
        if k:
            items.append(_SPACE)
        items.append(item)
    if close is not None:
        items.append(close)
    return items


class _Text:
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


_SPACE = _Text(" ")
_DOT = _Text(" . ")
_CLOSE = _Text(")")
_ANGLE = _Text(">")
_QUOTE_PREFIX = {
    "quote": "'",
    "quasiquote": "`",
    "unquote": ",",
    "unquote-splicing": ",@",
}


def write_string(x) -> str:
    return to_string(x, True)


def display_string(x) -> str:
    return to_string(x, False)


def describe_condition(payload) -> str:
    """Return the `message: irritant ...` line for a raised object."""
    if type(payload) is ErrorObject:
        text = payload.message
        if payload.irritants:
            sep = " " if text.endswith(":") else ": "
            text += sep + " ".join(write_string(i) for i in payload.irritants)
        return text
    return "uncaught exception: " + write_string(payload)


Pair.writer = staticmethod(write_string)
SchemeError.describer = staticmethod(describe_condition)
