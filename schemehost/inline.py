"""Open-coded primitives: `(car x)`, `(+ a b)`, ... compiled to Python
expressions when the operator is a global still bound to the standard
primitive.

Each inlined call checks, every time it runs, that the global still holds
the original primitive (one identity test) and that the arguments have the
common types (exact integers, pairs, ...).  Anything else (a redefined `+`,
a float, a wrong type) takes the slow path: the ordinary call of whatever
the global holds now, which also produces the ordinary error messages.

The closure compiler (compiler.py, through codegen.py) open-codes calls of
one and two arguments from UNARY and BINARY; pyfunc.py also uses TERNARY,
writes the mutators in EFFECTS as statements when their value is not
wanted, and the constructors in BUILDERS as statements too.  An entry must
give exactly the standard procedure's value wherever its guard holds: the
tests in tests/test_compiler_speedups.py compare each with the procedure
called through `apply`.
"""

from __future__ import annotations

import math
from fractions import Fraction
import operator
from itertools import product

from .datatypes import (EOF, NIL, UNSPECIFIED, Char, MString, MultipleValues, Pair, Symbol, cons, new_pair, new_string,
                        new_values, values_of)
from .errors import SchemehostError
from .calls import note
from .codegen import inline_node, register_names
from .primitives.numbers import EXACT_ARITHMETIC, NUMBER_TYPES, charged_floordiv, charged_mod, exact_compare, round_exact
from .primitives.lists import (
    NOPE,
    eq,
    equal,
    eqv,
    list_,
    quick_assoc,
    quick_assoc_identity,
    quick_assoc_integer,
    quick_equal,
    quick_length,
    quick_list_to_string,
    quick_member,
    quick_member_identity,
    quick_member_integer,
    quick_ref,
    quick_reverse,
    quick_reversed_string,
    quick_reversed_text,
    quick_string_to_list,
    quick_tail,
)
from .ports import StringOutputPort
from .runtime import Closure

_INT2 = "type(x) is int and type(y) is int"
# (In parentheses: pyfunc.py joins a guard to others by `and`.)
_EXACT_RATIONAL = "(type(x) is int or type(x) is Fraction)"
# eq? compares exact integers by value in this range (lists.eq): fixnums.
_FIXNUM = "-2305843009213693952 <= x <= 2305843009213693951"


class _CharCache(dict):
    """str -> the interned Char: `CHARS[text[i]]` is one dictionary lookup, no call."""

    __slots__ = ()

    def __missing__(self, ch):
        c = self[ch] = Char.of(ch)
        return c


class _SymbolCache(dict):
    """str -> the interned Symbol (Symbol.intern), as one dictionary lookup."""

    __slots__ = ()

    def __missing__(self, name):
        sym = self[name] = Symbol.intern(name)
        return sym


CHARS = _CharCache()
SYMBOLS = _SymbolCache()

# name -> (guard, expression) over argument x
UNARY = {
    "car": ("type(x) is Pair", "x.car"),
    "char-downcase": ("type(x) is Char", "x.down"),
    "char-upcase": ("type(x) is Char", "x.up"),
    "char-foldcase": ("type(x) is Char", "x.fold"),
    "char-alphabetic?": ("type(x) is Char", "x.alpha"),
    "char-whitespace?": ("type(x) is Char", "x.white"),
    "char-numeric?": ("type(x) is Char", "x.num"),
    "char-upper-case?": ("type(x) is Char", "x.upper"),
    "char-lower-case?": ("type(x) is Char", "x.lower"),
    "cdr": ("type(x) is Pair", "x.cdr"),
    "null?": ("True", "x is NIL"),
    "pair?": ("True", "type(x) is Pair"),
    "not": ("True", "x is False"),
    "zero?": ("type(x) is int", "x == 0"),
    "string-length": ("type(x) is MString", "len(x.s)"),
    "vector-length": ("type(x) is list", "len(x)"),
    "bytevector-length": ("type(x) is bytearray", "len(x)"),
    "abs": ("type(x) is int", "abs(x)"),
    # An exact rational rounded to an exact integer, as numbers' rounders round it (a
    # float, whose zero keeps its sign, goes to the procedure).
    "round": (_EXACT_RATIONAL, "ROUND(x)"),
    "floor": (_EXACT_RATIONAL, "FLOOR(x)"),
    "ceiling": (_EXACT_RATIONAL, "CEIL(x)"),
    "truncate": (_EXACT_RATIONAL, "TRUNC(x)"),
    # An exact rational's own terms (an integer's: itself over 1), as the procedures
    # give them; a float goes to them.
    "numerator": (_EXACT_RATIONAL, "x.numerator"),
    "denominator": (_EXACT_RATIONAL, "x.denominator"),
    # An exact integer of up to 4096 bits, whose square numbers.square does not charge.
    "square": ("type(x) is int and x.bit_length() <= 4096", "x * x"),
    "even?": ("type(x) is int", "x % 2 == 0"),
    "odd?": ("type(x) is int", "x % 2 == 1"),
    "positive?": ("type(x) is int", "x > 0"),
    "negative?": ("type(x) is int", "x < 0"),
    "symbol?": ("True", "type(x) is Symbol"),
    "number?": ("True", "type(x) in NUMBER_TYPES"),
    "complex?": ("True", "type(x) in NUMBER_TYPES"),
    "exact-integer?": ("True", "type(x) is int"),
    # (A float is an integer when it has no fraction: left to the procedure.)
    "integer?": ("type(x) is not float", "type(x) is int"),
    "string?": ("True", "type(x) is MString"),
    "vector?": ("True", "type(x) is list"),
    "char?": ("True", "type(x) is Char"),
    "boolean?": ("True", "type(x) is bool"),
    "eof-object?": ("True", "x is EOF"),
    "list": ("True", "cons(x, NIL)"),
    "string->symbol": ("type(x) is MString", "SYMBOLS[x.s]"),
    "symbol->string": ("type(x) is Symbol", "NEWSTR(x.name)"),
    "char->integer": ("type(x) is Char", "ord(x.ch)"),
    # Below the surrogates every code point is a character (chars.integer_to_char).
    "integer->char": ("type(x) is int and 0 <= x < 55296", "CHARS[chr(x)]"),
    "string": ("type(x) is Char", "NEWSTR(x.ch)"),
    # Flonums the procedures give math's value for (numbers.py: sqrt of a float not
    # below zero, exp short of overflow, sin and cos of a finite float), and exact
    # integers a float holds exactly; the rest (exact roots, complex results, an
    # infinity's NaN) to the procedures.
    "sqrt": ("type(x) is float and x >= 0.0", "SQRT(x)"),
    "exp": ("type(x) is float and x < 709.0", "EXP(x)"),
    "sin": ("type(x) is float and -1e300 < x < 1e300", "SIN(x)"),
    "cos": ("type(x) is float and -1e300 < x < 1e300", "COS(x)"),
    "exact->inexact": ("type(x) is int and -9007199254740992 <= x <= 9007199254740992", "float(x)"),
    "inexact": ("type(x) is int and -9007199254740992 <= x <= 9007199254740992", "float(x)"),
    # An exact integer's digits (numbers.number_to_string's own for one within its limit).
    "number->string": ("type(x) is int and -1000000000000000 < x < 1000000000000000", "NEWSTR(str(x))"),
}


def _cxr(path: str) -> tuple[str, str]:
    """c<path>r's guard and expression: each pair on the way tested, the last
    letter of the path taken first (caddr: x.cdr.cdr.car)."""
    tests, expr = [], "x"
    for step in reversed(path):
        tests.append(f"type({expr}) is Pair")
        expr += ".car" if step == "a" else ".cdr"
    return " and ".join(tests), expr


# (scheme base)'s and (scheme cxr)'s compositions of car and cdr, two to four deep.
UNARY.update({f"c{path}r": _cxr(path) for depth in (2, 3, 4) for path in map("".join, product("ad", repeat=depth))})

# floor/'s and truncate/'s fast expression: the two values divmod gives (pyfunc.py
# unpacks the pair itself where call-with-values takes them: Emitter.divmod_values).
DIVMOD = "divmod(x, y)"
DIVMOD_VALUES = f"NEWVALUES({DIVMOD})"

# name -> (guard, expression) over arguments x and y
BINARY = {
    "+": (_INT2, "x + y"),
    "-": (_INT2, "x - y"),
    # Factors of at most 4096 bits together: a product numbers.mul would not charge
    # (numbers._BIG_BITS), made at no cost worth a step; longer ones are the
    # primitive's, which charges the making before it starts (numbers.charge_product).
    # (Making the product in the guard and testing its length is a method call
    # fewer, but makes a product of any size for nothing.)
    "*": (_INT2 + " and x.bit_length() + y.bit_length() <= 4096", "x * y"),
    # An exact quotient of integers that divide (a ratio is the procedure's), short
    # enough that the procedure charges nothing (numbers.charge_ratio).
    "/": (_INT2 + " and y != 0 and x.bit_length() <= 320 and y.bit_length() <= 320 and x % y == 0", "x // y"),
    # Both results of one division, as the procedures make them for integers of at
    # most 4096 bits (charged nothing: numbers.charge_division's short case);
    # truncate/ only where it agrees with floor/ (no negative operand).
    "floor/": (_INT2 + " and y != 0 and x.bit_length() <= 4096", DIVMOD_VALUES),
    "truncate/": (_INT2 + " and y > 0 and x >= 0 and x.bit_length() <= 4096", DIVMOD_VALUES),
    "=": (_INT2, "x == y"),
    "<": (_INT2, "x < y"),
    ">": (_INT2, "x > y"),
    "<=": (_INT2, "x <= y"),
    ">=": (_INT2, "x >= y"),
    "eq?": ("True", f"x is y or type(x) is int and type(y) is int and x == y and {_FIXNUM}"),
    # A symbol or a character is eqv? and equal? only to itself (both are interned);
    # anything else: eqv?'s own Python function (it charges nothing and raises
    # nothing), equal?'s short walk (lists.quick_equal: NOPE for the procedure).
    "eqv?": ("True", "x is y or type(x) is not Symbol and type(x) is not Char and EQV(x, y)"),
    "equal?": ("(_m := (x is y) if type(x) is Symbol or type(x) is Char else QUICK_EQUAL(x, y)) is not NOPE", "_m"),
    "char=?": ("type(x) is Char and type(y) is Char", "x is y"),
    "char<?": ("type(x) is Char and type(y) is Char", "x.ch < y.ch"),
    "char>?": ("type(x) is Char and type(y) is Char", "x.ch > y.ch"),
    "char-ci=?": ("type(x) is Char and type(y) is Char", "x.fold is y.fold"),
    "string=?": ("type(x) is MString and type(y) is MString", "x.s == y.s"),
    "string<?": ("type(x) is MString and type(y) is MString", "x.s < y.s"),
    "max": (_INT2, "x if x >= y else y"),
    "min": (_INT2, "x if x <= y else y"),
    "cons": ("True", "cons(x, y)"),
    "list": ("True", "cons(x, cons(y, NIL))"),
    "vector-ref": ("type(x) is list and type(y) is int and 0 <= y < len(x)", "x[y]"),
    "bytevector-u8-ref": ("type(x) is bytearray and type(y) is int and 0 <= y < len(x)", "x[y]"),
    "string-ref": ("type(x) is MString and type(y) is int and 0 <= y < len(x.s)", "CHARS[x.s[y]]"),
    # A dividend of over 4096 bits is divided by a call that charges the
    # division's time (numbers.charge_division): it grows with the product of
    # the quotient's and the divisor's lengths.  A dividend never negative (the
    # guard's x >= 0) is compared with 2**4096 (BIG), about 4 ns less than the
    # call of bit_length (grundy halves numbers by quotient and remainder); a
    # modulo's dividend of either sign has its length asked, as two comparisons
    # would cost more than the call.
    "quotient": (_INT2 + " and y > 0 and x >= 0", "x // y if x < BIG else FLOORDIV(x, y)"),
    "remainder": (_INT2 + " and y > 0 and x >= 0", "x % y if x < BIG else MOD(x, y)"),
    # Python's % takes the sign of the divisor, as modulo does.
    "modulo": (_INT2 + " and y != 0", "x % y if x.bit_length() <= 4096 else MOD(x, y)"),
    "set-car!": ("type(x) is Pair", "setattr(x, 'car', y) or UNSPECIFIED"),
    "set-cdr!": ("type(x) is Pair", "setattr(x, 'cdr', y) or UNSPECIFIED"),
    # Two exact integers of under 384 bits: numbers.gcd charges nothing for them
    # (under GCD_PAIRS_PER_STEP pairs of 64-bit words); longer ones, a float or
    # one argument or three go to the procedure.
    "gcd": (_INT2 + " and x.bit_length() < 384 and y.bit_length() < 384", "GCD(x, y)"),
    # The same bound for lcm: numbers.lcm charges nothing for its gcd, product (of
    # under 768 bits) or division there; math.lcm's value is its |xy| / gcd, 0 with a 0.
    "lcm": (_INT2 + " and x.bit_length() < 384 and y.bit_length() < 384", "LCM(x, y)"),
    # An exact integer to an exact power of 0 or more whose result has at most 4096
    # bits (numbers.expt charges nothing under EXPT's 16384 and charge_power's 8192).
    "expt": (_INT2 + " and y >= 0 and y * x.bit_length() <= 4096", "x ** y"),
}

# Inexact arithmetic, pyfunc.py only: name -> (Python operator, kind).  An
# open-coded call of two or three operands (or `abs` of one) whose guard fails
# (its operands are not all exact integers) tries this before the procedure
# (Runtime.slow, inexact and inexact_abs below; in line, Emitter.inexact_case,
# where its first calls saw a float: note_inexact): while the
# global holds the standard procedure and one operand is a float and the other a
# float or an exact integer Python makes a float of exactly as the procedure
# does (within INEXACT_INT of zero), the Python operator gives the procedure's
# value.  The procedure applies that operator itself; Python's float operations
# raise nothing but a division by zero, which "/" leaves to the procedure
# (an infinity or NaN of its own).  A comparison takes any exact integer:
# Python compares an int with a float exactly, as the procedure does.
INEXACT = {
    "+": (operator.add, "arithmetic"),
    "-": (operator.sub, "arithmetic"),
    "*": (operator.mul, "arithmetic"),
    "/": (operator.truediv, "division"),
    "=": (operator.eq, "comparison"),
    "<": (operator.lt, "comparison"),
    ">": (operator.gt, "comparison"),
    "<=": (operator.le, "comparison"),
    ">=": (operator.ge, "comparison"),
    "abs": (abs, "absolute"),  # (of one operand: a float, abs(x))
}
INEXACT_INT = 2**53


def inexact_handled(name: str, nargs: int) -> bool:
    """Is an open-coded call of `name` with `nargs` operands one whose float cases
    are taken (Runtime.slow's wrappers, firstcalls.py's record of the types seen,
    Emitter.inexact_case): abs of one, a division of two, the others of two or three."""
    kind = INEXACT[name][1] if name in INEXACT else None
    if kind == "absolute":
        return nargs == 1
    if kind == "division":
        return nargs == 2
    return kind is not None and (nargs == 2 or nargs == 3)


def inexact(op, kind: str, cell, orig, general, site, nargs: int = 2):
    """The slow path `general(x, y)` of an open-coded call of INEXACT's `op`
    (global `cell`, standard procedure `orig`), with the float cases first.
    With `nargs` 3, `general(x, y, z)`, folded from the left (chained, for a
    comparison) as the procedure does; not for a division.  While the global
    holds the standard procedure, any other operands go straight to its Python
    function (what `apply` would call), an error noted at the call's `site`."""
    bound = INEXACT_INT
    fn = orig.fn

    def fits(x):
        t = type(x)
        return t is float or t is int and (kind == "comparison" or -bound <= x <= bound)

    if nargs == 3:
        def three(x, y, z):
            if cell.value is not orig:
                return general(x, y, z)
            if (type(x) is float or type(y) is float or type(z) is float) and fits(x) and fits(y) and fits(z):
                return op(x, y) and op(y, z) if kind == "comparison" else op(op(x, y), z)
            try:
                return fn(x, y, z)
            except SchemehostError as e:
                note(e, site)
                raise

        return three

    if kind == "comparison":
        def compare(x, y):
            if cell.value is not orig:
                return general(x, y)
            tx, ty = type(x), type(y)
            if tx is float and (ty is float or ty is int) or ty is float and tx is int:
                return op(x, y)
            if (tx is Fraction or ty is Fraction) and (tx is int or tx is Fraction) and (ty is int or ty is Fraction):
                return exact_compare(op, x, y)
            try:
                return fn(x, y)
            except SchemehostError as e:
                note(e, site)
                raise

        return compare

    division = kind == "division"
    exact = EXACT_ARITHMETIC[op]

    def arithmetic(x, y):
        if cell.value is not orig:
            return general(x, y)
        tx, ty = type(x), type(y)
        if (tx is float and (ty is float or ty is int and -bound <= y <= bound)
                or ty is float and tx is int and -bound <= x <= bound) and (y or not division):
            return op(x, y)
        if ((tx is Fraction or ty is Fraction or division) and (tx is int or tx is Fraction)
                and (ty is int or ty is Fraction) and (y or not division)):
            # (two exact operands, one a ratio, or an exact division by anything but 0)
            return exact(x, y)
        try:
            return fn(x, y)
        except SchemehostError as e:
            note(e, site)
            raise

    return arithmetic


def inexact_abs(cell, orig, general, site):
    """The slow path `general(x)` of an open-coded (abs x), a float's first; as
    `inexact`, the standard procedure's function called straight."""
    fn = orig.fn

    def absolute(x):
        if cell.value is not orig:
            return general(x)
        if type(x) is float:
            return abs(x)
        try:
            return fn(x)
        except SchemehostError as e:
            note(e, site)
            raise

    return absolute


# name -> (guard, expression) over arguments x, y and z: pyfunc.py only (the
# closure compiler open-codes calls of one or two arguments).
_INT3 = "type(x) is int and type(y) is int and type(z) is int"

TERNARY = {
    "+": (_INT3, "x + y + z"),
    "-": (_INT3, "x - y - z"),
    "*": (_INT3 + " and x.bit_length() + y.bit_length() + z.bit_length() <= 4096", "x * y * z"),
    "=": (_INT3, "x == y == z"),
    "<": (_INT3, "x < y < z"),
    ">": (_INT3, "x > y > z"),
    "<=": (_INT3, "x <= y <= z"),
    ">=": (_INT3, "x >= y >= z"),
    # Of three exact integers (a dynamic-programming step's (min a b c)), two comparisons.
    "max": (_INT3, "(x if x >= z else z) if x >= y else (y if y >= z else z)"),
    "min": (_INT3, "(x if x <= z else z) if x <= y else (y if y <= z else z)"),
    "list": ("True", "cons(x, cons(y, cons(z, NIL)))"),
    # A copy of part of a string: it cannot outgrow its argument (no max_alloc check).
    # Under 256 characters, work the budget does not charge (runtime.charge);
    # a longer copy goes to the primitive, which charges it.
    "substring": ("type(x) is MString and type(y) is int and type(z) is int and 0 <= y <= z <= len(x.s)"
                  " and z - y < 256",
                  "NEWSTR(x.s[y:z])"),
    "vector-set!": ("type(x) is list and type(y) is int and 0 <= y < len(x)", "x.__setitem__(y, z) or UNSPECIFIED"),
    # A string of under 16384 characters, whose rewriting the budget does not
    # charge (strings.string_set charges len >> 6 elements of work, nothing under
    # runtime.WORK_PER_STEP); a longer one goes to the primitive.
    "string-set!": ("type(x) is MString and type(y) is int and 0 <= y < len(x.s) < 16384 and type(z) is Char",
                    "setattr(x, 's', x.s[:y] + z.ch + x.s[y + 1:]) or UNSPECIFIED"),
    "bytevector-u8-set!": ("type(x) is bytearray and type(y) is int and 0 <= y < len(x) and type(z) is int and 0 <= z < 256",
                           "x.__setitem__(y, z) or UNSPECIFIED"),
}

# The open-coded primitives whose guard's type tests (`type(x) is Pair`) are the
# standard procedure's own: given another type it raises.  So once one has run
# (in a loop's specialised copy, where it is the standard procedure), a variable
# it took as such an operand is known to have that type until it is assigned
# again (pyfunc.Emitter.facts, typespec's estimate).  Not the arithmetic: its
# guards test for exact integers, and the procedures take any number.
STRICT = frozenset("""
    car cdr cadr cddr caar cdar char-downcase char-upcase char-foldcase char-alphabetic? char-whitespace?
    char-numeric? char-upper-case? char-lower-case? string-length vector-length string->symbol
    symbol->string char->integer char=? char<? char>? char-ci=? string=? string<? vector-ref string-ref
    vector-set! string-set! set-car! set-cdr! bytevector-length bytevector-u8-ref bytevector-u8-set!
""".split())

# Mutators whose value is not wanted: name -> the statement pyfunc.py writes
# instead of the expression (under the same guard).
EFFECTS = {
    "set-car!": "x.car = y",
    "set-cdr!": "x.cdr = y",
    "vector-set!": "x[y] = z",
    "string-set!": "x.s = x.s[:y] + z.ch + x.s[y + 1:]",
    "bytevector-u8-set!": "x[y] = z",
}

# Constructors pyfunc.py writes as statements storing into r: (name, number of
# arguments) -> statements.  `NEWPAIR()` (datatypes.new_pair) then two stores
# is `cons(x, y)` without its Python frame; this relies on cons setting car and
# cdr and nothing else (a test pins it).
def list_statements(out: str, items) -> str:
    """The statements making (list item ...) in `out`: its pairs from the last."""
    last, *rest = reversed(items)
    lines = [f"{out} = NEWPAIR(); {out}.car = {last}; {out}.cdr = NIL"]
    lines += [f"_q = {out}; {out} = NEWPAIR(); {out}.car = {x}; {out}.cdr = _q" for x in rest]
    return "; ".join(lines)


BUILDERS = {
    ("cons", 2): "r = NEWPAIR(); r.car = x; r.cdr = y",
    **{("list", k): list_statements("r", "xyz"[:k]) for k in (1, 2, 3)},
    ("values", 2): "r = NEWVALUESOF(); r.values = [x, y]",
    ("values", 3): "r = NEWVALUESOF(); r.values = [x, y, z]",
}

# `list` of four to sixteen operands, pyfunc.py only: while the global holds the
# standard procedure (its direct call slot is list_), the pairs are made by the
# statements BUILDERS writes for fewer, last first (Emitter.build_call).
LONG_LISTS = range(4, 17)

# The list searches and walks, pyfunc.py only: the guard runs the search
# (lists.quick_member, quick_assoc, quick_tail, quick_ref), which gives its value when it ends
# within 255 pairs without an error or a charge, and NOPE otherwise, when the
# procedure is called as usual (errors, steps, long and circular lists).  The
# guard's walrus keeps the value for the expression; the operands are plain
# names by then (pyfunc.py moves others to temporaries), so nothing runs
# between the two.
SEARCHES = {
    "memq": ("(_m := QUICK_MEMBER(x, y, EQ)) is not NOPE", "_m"),
    "assq": ("(_m := QUICK_ASSOC(x, y, EQ)) is not NOPE", "_m"),
    # (An exact integer key, which eqv? and equal? compare alike, walks without the
    # tests of its type: memv's rows of numbers, assv's tables keyed by numbers.)
    **{name: (f"(_m := (QUICK_{walk}_INTEGER(x, y) if x.__class__ is int else QUICK_{walk}(x, y, {same}))) is not NOPE",
              "_m")
       for name, walk, same in (("memv", "MEMBER", "EQV"), ("member", "MEMBER", "EQUAL"),
                                ("assv", "ASSOC", "EQV"), ("assoc", "ASSOC", "EQUAL"))},
    "list-tail": ("(_m := QUICK_TAIL(x, y)) is not NOPE", "_m"),
    "list-ref": ("(_m := QUICK_REF(x, y)) is not NOPE", "_m"),
}
# The same guards where the key is a symbol the program's text gives (a quoted
# symbol, or one an inlined procedure's argument makes so): eq?, eqv? and equal?
# all compare it by identity, and its walk (lists.quick_member_identity,
# quick_assoc_identity) passes the same pairs without testing the key's type.
IDENTITY_SEARCHES = {
    **{name: "(_m := QUICK_MEMBER_IDENTITY(x, y)) is not NOPE" for name in ("memq", "memv", "member")},
    **{name: "(_m := QUICK_ASSOC_IDENTITY(x, y)) is not NOPE" for name in ("assq", "assv", "assoc")},
}

# Conversions of short lists and strings, pyfunc.py only, in the same way
# (lists.quick_length, ...): NOPE leaves a long, improper or circular list, or
# an element of the wrong type, to the procedure.
CONVERSIONS = {
    "length": ("(_m := QUICK_LENGTH(x)) is not NOPE", "_m"),
    "reverse": ("(_m := QUICK_REVERSE(x)) is not NOPE", "_m"),
    "list->string": ("(_m := QUICK_LIST_TO_STRING(x)) is not NOPE", "_m"),
    "string->list": ("(_m := QUICK_STRING_TO_LIST(x)) is not NOPE", "_m"),
}

# `values`, pyfunc.py only: one value is itself, two or three a MultipleValues of
# them (the procedure's value), built in place (BUILDERS) with no call of it.
VALUES = {
    1: {"values": ("True", "x")},
    2: {"values": ("True", "VALUES_OF([x, y])")},
    3: {"values": ("True", "VALUES_OF([x, y, z])")},
}

# Writes to a string port, pyfunc.py only: while the port is open-output-string's own
# (exactly StringOutputPort: not a console's OutputCapture), has no limit and is
# open, the text is appended to its parts, as the port's write does.  A string of
# under 256 characters (a longer one is charged by the procedure), and display's
# exact integer of under 16 digits (its digits, as display_string gives them, with
# nothing charged) or such a string; other values, ports and the current output
# port go to the procedures, with their errors.
_STRING_PORT = "type({p}) is STRING_PORT and {p}.limit is None and {p}.open"
PORT_WRITES = {
    1: {"newline": (_STRING_PORT.format(p="x"), "x.parts.append(NEWLINE) or UNSPECIFIED")},
    2: {
        "write-char": ("type(x) is Char and " + _STRING_PORT.format(p="y"), "y.parts.append(x.ch) or UNSPECIFIED"),
        "write-string": ("type(x) is MString and len(x.s) < 256 and " + _STRING_PORT.format(p="y"),
                         "y.parts.append(x.s) or UNSPECIFIED"),
        # (The value's test a conditional expression: a guard's clauses are joined by `and` alone.)
        "display": (_STRING_PORT.format(p="y") + " and (len(x.s) < 256 if type(x) is MString else"
                    " -1000000000000000 < x < 1000000000000000 if type(x) is int else False)",
                    "y.parts.append(x.s if type(x) is MString else str(x)) or UNSPECIFIED"),
    },
}

TABLES = {1: UNARY, 2: BINARY, 3: TERNARY}
# What pyfunc.py open-codes.
GENERATED_TABLES = {1: {**UNARY, **CONVERSIONS, **VALUES[1], **PORT_WRITES[1]},
                    2: {**BINARY, **SEARCHES, **VALUES[2], **PORT_WRITES[2]}, 3: {**TERNARY, **VALUES[3]}}
# The names the expressions use, for the namespaces of generated code.
NAMES = {"BIG": 1 << 4096, "SQRT": math.sqrt, "EXP": math.exp, "SIN": math.sin, "COS": math.cos, "FLOORDIV": charged_floordiv, "GCD": math.gcd, "LCM": math.lcm, "ROUND": round_exact, "FLOOR": math.floor, "CEIL": math.ceil,
         "TRUNC": math.trunc, "Fraction": Fraction, "MOD": charged_mod, "NUMBER_TYPES": NUMBER_TYPES, "Pair": Pair, "cons": cons, "NIL": NIL, "EOF": EOF, "Char": Char, "MString": MString, "Symbol": Symbol,
         "UNSPECIFIED": UNSPECIFIED, "CHARS": CHARS, "SYMBOLS": SYMBOLS, "NEWPAIR": new_pair, "NEWSTR": new_string,
         "NEWVALUESOF": MultipleValues, "VALUES_OF": values_of,
         "NOPE": NOPE, "QUICK_MEMBER": quick_member, "QUICK_ASSOC": quick_assoc,
         "QUICK_MEMBER_IDENTITY": quick_member_identity, "QUICK_ASSOC_IDENTITY": quick_assoc_identity,
         "QUICK_MEMBER_INTEGER": quick_member_integer, "QUICK_ASSOC_INTEGER": quick_assoc_integer, "EQ": eq, "EQV": eqv,
         "EQUAL": equal, "QUICK_EQUAL": quick_equal, "QUICK_LENGTH": quick_length, "QUICK_REVERSE": quick_reverse,
         "QUICK_LIST_TO_STRING": quick_list_to_string, "QUICK_STRING_TO_LIST": quick_string_to_list,
         "QUICK_REVERSED_STRING": quick_reversed_string,
         "QUICK_REVERSED_TEXT": quick_reversed_text, "NEWVALUES": new_values, "QUICK_TAIL": quick_tail, "QUICK_REF": quick_ref,
         "LIST_FN": list_, "STRING_PORT": StringOutputPort, "NEWLINE": "\n"}

register_names(**NAMES)


# Prim.inexact's bits: operand k a float (1 << k), an exact integer beside a float
# (16 << k); a call with no float operand (NO_FLOAT).
SEEN = 0xFF
NO_FLOAT = 0x100


def note_inexact(prim, args) -> None:
    """Record in IR Prim `prim` (an INEXACT call: (abs x), or of two or three
    operands) the types of operands `args` when one is a float: bit k for a float
    as operand k, bit k + 4 for an exact integer; NO_FLOAT for a call without one."""
    if float not in map(type, args):
        prim.inexact |= NO_FLOAT
    else:
        seen = prim.inexact
        for k, a in enumerate(args):
            if type(a) is float:
                seen |= 1 << k
            elif type(a) is int:
                seen |= 16 << k
        prim.inexact = seen


def global_call(cell, tail: bool, apply, span, form):
    """slow(args): the call of whatever global `cell` holds when it runs (after the
    operands: one may assign it), a Closure in tail position handed back to the
    trampoline; an error noted at the call's site."""
    site = (span, form)

    def slow(args):
        f = cell.value
        if tail and type(f) is Closure:
            return (f, args)
        try:
            return apply(f, args)
        except SchemehostError as e:
            note(e, site)
            raise

    return slow


def inline_call(name: str, cell, orig, argnodes, tail: bool, apply, span, form):
    """Return an open-coded node for `(name arg...)`, or None if not inlinable."""
    entry = TABLES.get(len(argnodes), {}).get(name)
    if entry is None:
        return None
    guard, expr = entry
    slow = global_call(cell, tail, apply, span, form)
    return inline_node(guard, expr, argnodes, {"cell": cell, "orig": orig, "slow": slow})
