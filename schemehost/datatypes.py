"""Scheme values as explicit Python classes.

The mapping, fixed for every module:

    Scheme              Python
    ------------------  ------------------------------------------------
    symbol              Symbol (interned: compare with `is`)
    pair                Pair (mutable car/cdr; reader pairs carry .span)
    '()                 NIL (not None, not False)
    #t / #f             True / False
    exact integer       int (never bool)
    exact rational      fractions.Fraction with denominator > 1
    inexact real        float
    inexact complex     complex
    character           Char (interned: `eq?` works on equal chars)
    string              MString (mutable; not str, not Symbol)
    vector              list
    bytevector          bytearray
    eof object          EOF
    unspecified value   UNSPECIFIED
    multiple values     MultipleValues
"""

from __future__ import annotations

from fractions import Fraction


class Symbol:
    """An interned symbol; `Symbol.intern(name)` returns the one instance."""

    __slots__ = ("name", "__weakref__")
    _table: dict[str, "Symbol"] = {}

    def __init__(self, name: str):
        self.name = name

    @classmethod
    def intern(cls, name: str) -> "Symbol":
        sym = cls._table.get(name)
        if sym is None:
            sym = cls._table[name] = cls(name)
        return sym

    def __repr__(self) -> str:
        return f"Symbol({self.name!r})"


def sym(name: str) -> Symbol:
    return Symbol.intern(name)


class Nil:
    """The empty list; one instance, NIL."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NIL"

    def __iter__(self):
        return iter(())

    def __bool__(self) -> bool:
        # Python truth must never be used for Scheme truth; keep it honest anyway.
        return True


NIL = Nil()


class Pair:
    """A mutable cons cell.  `span` is set only on pairs the reader made."""

    __slots__ = ("car", "cdr", "span")

    def __iter__(self):
        """Iterate over the elements of a proper list (stops at a non-pair tail)."""
        p = self
        while type(p) is Pair:
            yield p.car
            p = p.cdr

    # The printer installs `write_string` here when it is imported (values sit
    # below the printer, so they cannot import it).
    writer = None

    def __repr__(self) -> str:
        if Pair.writer is None:
            return object.__repr__(self)
        return f"Pair<{Pair.writer(self)}>"


# A Pair with car and cdr still to be stored.  Pair has no __init__, so
# calling the class makes an empty one (no Python frame: about 48 ns, where
# object.__new__ bound in a partial took 62 and Pair(car, cdr) through an
# __init__ more than twice that).  Code that makes Pairs in a loop calls it
# and stores car and cdr (pyfunc.py's NEWPAIR); `cons` does the same for
# everything else.  (Session 20: 0.93-0.97 of the instructions of
# list-ops, tree-recursion, bst and quicksort.)
new_pair = Pair


def cons(car, cdr) -> Pair:
    """A new Pair of `car` and `cdr`."""
    p = Pair()
    p.car = car
    p.cdr = cdr
    return p


class Char:
    """A character; interned, so `eq?` on equal characters is true.

    Besides its text `ch`, a Char holds what the character procedures
    answer for it, worked out once when it is made: `down` and `up` (the
    Chars of char-downcase and char-upcase), `alpha`, `white`, `num`,
    `upper` and `lower` (char-alphabetic?, char-whitespace?, char-numeric?,
    char-upper-case?, char-lower-case?), `fold` (the Char of char-foldcase, which
    the char-ci comparisons compare).  Code written in line reads them
    as attributes.  `traits` fills them in: primitives/chars.py, which
    knows the answers, hands it down when it is imported (and fills the
    Chars made before)."""

    __slots__ = ("ch", "down", "up", "alpha", "white", "num", "upper", "lower", "fold")
    _table: dict[str, "Char"] = {}
    traits = None  # Char -> None, filling its slots but `ch` (primitives/chars.py)

    def __init__(self, ch: str):
        self.ch = ch

    @classmethod
    def of(cls, ch: str) -> "Char":
        c = cls._table.get(ch)
        if c is None:
            c = cls._table[ch] = cls(ch)
            if cls.traits is not None:
                cls.traits(c)
        return c

    def __repr__(self) -> str:
        return f"Char({self.ch!r})"


class MString:
    """A mutable Scheme string.  `s` holds the current text."""

    __slots__ = ("s",)

    def __repr__(self) -> str:
        return f"MString({self.s!r})"

    def __str__(self) -> str:
        return self.s


def new_string(s: str = "") -> MString:
    """A new MString holding `s`.  The class has no __init__: calling it makes
    an empty one without a Python frame (as Pair; a class's call of an
    __init__ took 157 ns where this function took 98 through object.__new__,
    measured).  Generated code's NEWSTR."""
    m = MString()
    m.s = s
    return m


class EofObject:
    __slots__ = ()

    def __repr__(self) -> str:
        return "EOF"


EOF = EofObject()


class Unspecified:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSPECIFIED"


UNSPECIFIED = Unspecified()


class DefaultObject:
    """Marks a letrec variable read before it is assigned."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNASSIGNED"


UNASSIGNED = DefaultObject()


class MultipleValues:
    """The result of `(values a b ...)` with other than one value."""

    __slots__ = ("values",)

    def __repr__(self) -> str:
        return f"MultipleValues({self.values!r})"


def values_of(items: list) -> MultipleValues:
    """A MultipleValues holding the list `items` itself (a fresh list its caller made)."""
    m = MultipleValues()
    m.values = items
    return m


def new_values(values) -> MultipleValues:
    """A MultipleValues of `values` (a list of them made).  The class has no
    __init__: calling it makes an empty one without a Python frame (as Pair).
    Generated code's NEWVALUES, for floor/ and truncate/ written in line."""
    m = MultipleValues()
    m.values = list(values)
    return m


class ErrorObject:
    """What `error` raises and primitives signal: kind, message, irritants."""

    __slots__ = ("kind", "message", "irritants")

    def __init__(self, message: str, irritants=(), kind: str = "error"):
        self.kind = kind
        self.message = message
        self.irritants = list(irritants)

    def __repr__(self) -> str:
        return f"ErrorObject({self.kind!r}, {self.message!r}, {self.irritants!r})"


def is_number(x) -> bool:
    t = type(x)
    return t is int or t is float or t is Fraction or t is complex


def is_real(x) -> bool:
    t = type(x)
    return t is int or t is float or t is Fraction


def is_exact(x) -> bool:
    t = type(x)
    return t is int or t is Fraction


def is_integer(x) -> bool:
    t = type(x)
    return t is int or (t is float and x.is_integer())


def normalize(q):
    """Return an exact rational in canonical form: ints stay ints."""
    if type(q) is Fraction and q.denominator == 1:
        return q.numerator
    return q


def list_to_scheme(items, tail=NIL):
    """Build a Scheme list of a Python iterable's items ending in `tail` (iteratively).

    Pairs are made by new_pair, then car and cdr (cons without its Python
    frame); pyfunc.py's open-coded cons does the same."""
    result = tail
    for x in reversed(items if type(items) is list or type(items) is tuple else list(items)):
        p = new_pair()
        p.car = x
        p.cdr = result
        result = p
    return result


def scheme_to_list(obj) -> list:
    """Return the elements of a proper Scheme list; ValueError if improper."""
    out = []
    p = obj
    while type(p) is Pair:
        out.append(p.car)
        p = p.cdr
    if p is not NIL:
        raise ValueError("improper list")
    return out


def is_list(obj) -> bool:
    """True for a proper (finite, NIL-terminated) list; detects cycles."""
    slow = fast = obj
    while True:
        if fast is NIL:
            return True
        if type(fast) is not Pair:
            return False
        fast = fast.cdr
        if fast is NIL:
            return True
        if type(fast) is not Pair:
            return False
        fast = fast.cdr
        slow = slow.cdr
        if fast is slow:
            return False
