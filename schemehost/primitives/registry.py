"""Declare primitives in one form: names, arity, argument types, interpreter.

Every built-in is declared by one decorator on its function:

    @primitive("string-ref", args=(STRING, Index(1)))
    def string_ref(s, k):
        return Char.of(s.s[k])

A procedure that needs its interpreter (ports, random, calling Scheme
procedures back, the allocation cap) is declared the same way inside a
`@needs_interp` factory, whose `named(define)` is the same decorator bound
to that interpreter: `@scheme("read-char", args=(...))`.

The arity is read from the Python signature (`lo`/`hi` narrow it, as map
takes a procedure and at least one list); `args` gives one type per
positional parameter (ANY where anything goes; leaving `args` out means
ANY for all) and `rest` the type of every further argument.  `who` is the
name errors show (default the first name).

From the types the registry generates, once per shape (parameters and
types) at import, the function the interpreter calls: the type tests
written out inline, no call per check, then one call of the body.  Every
failed test raises the same text, ``car: argument 1 must be a pair: 3``.
With no typed argument the body is bound as it is, with nothing in front.
Some types also hand the body a ready value: Start and End left out are 0
and the sequence's length, ELEMENTS is the list's elements as a Python
list.  A variadic body gets its rest as one tuple (see _tuple_rest).

Where a check cannot be generated the declaration still names the type,
and a test holds the body's error to it: ports that default to the current
port (`checked_in_body`), lists the body walks anyway (WALKED_LIST), and a
few hot bodies that check inside their own loop or fast path
(`checks="body"`: + - * / and the numeric comparisons, car, cdr).
"""

from __future__ import annotations

import operator
from fractions import Fraction
from types import FunctionType

from ..datatypes import NIL, UNSPECIFIED, Char, MString, Pair, Symbol
from ..errors import MemoryLimitExceeded, SchemeError, scheme_error
from ..runtime import WALK_WINDOW, NO_MARK, Procedure, charge

# A list walk looks for a cycle once it has taken SHORT steps (see NO_MARK).
SHORT = WALK_WINDOW
_SHORT_RANGE = range(SHORT)

# (name, function, min args, max args or -1, tail-capable)
PRIMITIVES: list[tuple[str, object, int, int, bool]] = []
# factories: fn(interp) -> iterable of (name, function, min, max, tail)
FACTORIES: list = []


def python_arity(fn) -> tuple[int, int]:
    """Return (min, max or -1) positional arguments of a plain Python function.

    Read from the code object rather than inspect.signature: it runs for
    every primitive at import, and start-up time matters.
    """
    code = fn.__code__
    n = code.co_argcount
    defaults = len(fn.__defaults__ or ())
    varargs = bool(code.co_flags & 0x04)  # CO_VARARGS
    return n - defaults, (-1 if varargs else n)


# -- argument types ----------------------------------------------------------------

_TYPE_NAMES = {
    "pair": "a pair",
    "list": "a list",
    "number": "a number",
    "integer": "an integer",
    "exact integer": "an exact integer",
    "real": "a real number",
    "string": "a string",
    "symbol": "a symbol",
    "char": "a character",
    "vector": "a vector",
    "bytevector": "a bytevector",
    "procedure": "a procedure",
    "index": "a valid index",
    "port": "a port",
}


def type_error(who: str, index: int, expected: str, got) -> SchemeError:
    what = _TYPE_NAMES.get(expected, expected)
    return scheme_error(f"{who}: argument {index} must be {what}", got)


# The names the generated checks use (their globals).
_ENV = {
    "_type_error": type_error,
    "_scheme_error": scheme_error,
    "_Pair": Pair,
    "_MString": MString,
    "_Symbol": Symbol,
    "_Char": Char,
    "_Procedure": Procedure,
    "_Fraction": Fraction,
    "_NUMBER_TYPES": frozenset((int, float, Fraction, complex)),
    "_REAL_TYPES": frozenset((int, float, Fraction)),
    "__builtins__": __builtins__,
}


class ArgType:
    """A declared argument type: the test written into the checked entry, and its error.

    `bad` is a Python expression, on the argument written `{x}`, that is true
    when the argument is not of this type; the error is then
    ``who: argument i must be <expected>`` with the argument as irritant.
    `length`, for a sequence type, is the expression giving its length (for
    Index, Start and End on it).
    """

    __slots__ = ("name", "bad", "expected", "length", "env", "in_body")

    def __init__(self, name: str, bad: str | None, expected: str | None = None, length: str | None = None,
                 env: dict | None = None, in_body: bool = False):
        self.name = name
        self.bad = bad
        self.expected = expected if expected is not None else name
        self.length = length
        self.env = env or {}  # further names `bad` uses, each starting with "_"
        self.in_body = in_body

    def __repr__(self) -> str:
        return self.name.upper().replace(" ", "_").replace("-", "_")

    def text(self) -> str:
        """What the error says the argument must be ("a string")."""
        return _TYPE_NAMES.get(self.expected, self.expected)

    def key(self):
        return (self.name,)

    def default(self, params: list[str], decl) -> str | None:
        """The expression the entry puts in place of None, an optional argument
        left out (None: the body gets None)."""
        return None

    def lines(self, x: str, i: int, params: list[str], decl) -> list[str]:
        """Return the source lines that check parameter `x`, argument `i`."""
        if self.bad is None:
            return []
        return [f"if {self.bad.format(x=x)}:", f"    raise _type_error(_who, {i}, {self.expected!r}, {x})"]


ANY = ArgType("any", None)


def checked_in_body(name: str, expected: str | None) -> ArgType:
    """Return a type the body checks itself, because the check needs the
    interpreter (a port argument left out is the current port, which may be
    closed) or goes with another argument's: no test is generated, and the
    declaration test holds the body's error for a wrong value to
    ``must be <expected>`` (None: an error of its own wording)."""
    t = ArgType(name, None, "", in_body=True)
    t.expected = expected
    return t
PAIR = ArgType("pair", "type({x}) is not _Pair")
STRING = ArgType("string", "type({x}) is not _MString", length="len({x}.s)")
SYMBOL = ArgType("symbol", "type({x}) is not _Symbol")
CHAR = ArgType("char", "type({x}) is not _Char")
VECTOR = ArgType("vector", "type({x}) is not list", length="len({x})")
BYTEVECTOR = ArgType("bytevector", "type({x}) is not bytearray", length="len({x})")
PROCEDURE = ArgType("procedure", "not isinstance({x}, _Procedure)")
NUMBER = ArgType("number", "type({x}) not in _NUMBER_TYPES")
REAL = ArgType("real", "type({x}) not in _REAL_TYPES")
# An exact integer, or an inexact one such as 2.0 (passed on as it is).
INTEGER = ArgType("integer", "type({x}) is not int and (type({x}) is not float or not {x}.is_integer())")
EXACT_INTEGER = ArgType("exact integer", "type({x}) is not int")
EXACT_NONNEG = ArgType("exact-nonneg", "type({x}) is not int or {x} < 0", "a non-negative exact integer")
BYTE = ArgType("byte", "type({x}) is not int or not 0 <= {x} <= 255", "a byte (an exact integer from 0 to 255)")


class Index(ArgType):
    """An exact integer index into the sequence that is argument `of` (1-based):
    below its length, or up to it when `inclusive` (a position between elements)."""

    __slots__ = ("of", "inclusive")

    def __init__(self, of: int, inclusive: bool = False):
        super().__init__("index", "type({x}) is not int", "exact integer")
        self.of, self.inclusive = of, inclusive

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.of}{', inclusive=True' if self.inclusive else ''})"

    def key(self):
        return (type(self).__name__, self.of, self.inclusive)

    def size(self, params, decl) -> str:
        """The expression for the length of the sequence this indexes."""
        seq = decl.args[self.of - 1]
        if seq.length is None:
            raise ValueError(f"{decl.who}: argument {self.of} has no length for {self!r}")
        return seq.length.format(x=params[self.of - 1])

    def lines(self, x, i, params, decl):
        size = self.size(params, decl)
        op = "<=" if self.inclusive else "<"
        return super().lines(x, i, params, decl) + [
            f"if not 0 <= {x} {op} {size}:",
            f"    raise _scheme_error(_who + ': index out of range', {x})",
        ]


class Start(Index):
    """The optional start of a range in the sequence that is argument `of`;
    left out, the body gets 0."""

    __slots__ = ()

    def __init__(self, of: int = 1):
        super().__init__(of, inclusive=True)

    def default(self, params, decl):
        return "0"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.of})"


class End(Start):
    """The optional end of a range in argument `of`, after the Start just before
    it, and not before that start; left out, the body gets the length."""

    __slots__ = ()

    def default(self, params, decl):
        return self.size(params, decl)

    def lines(self, x, i, params, decl):
        if not isinstance(decl.args[i - 2], Start):
            raise ValueError(f"{decl.who}: argument {i}, an End, must follow a Start")
        start = params[i - 2]
        return super().lines(x, i, params, decl) + [
            f"if {x} < {start}:",
            f"    raise _scheme_error(_who + ': end must not be before start', {start}, {x})",
        ]


START = Start(1)
END = End(1)


class Elements(ArgType):
    """A proper list, passed to the body as a Python list of its elements
    (check_list: circular lists are errors too).  The walk is charged, unless
    the body `calls` a Scheme procedure per element, which the calls pay for."""

    __slots__ = ("calls",)

    def __init__(self, calls: bool = False):
        super().__init__("elements", "True", "list")
        self.calls = calls

    def __repr__(self) -> str:
        return "ELEMENTS_CALLED" if self.calls else "ELEMENTS"

    def key(self):
        return ("elements", self.calls)

    def lines(self, x, i, params, decl):
        return [f"{x} = _check_list(_who, {i}, {x}{', True' if self.calls else ''})"]


ELEMENTS = Elements()
ELEMENTS_CALLED = Elements(calls=True)
BOOLEAN = ArgType("boolean", "type({x}) is not bool", "a boolean")
# A list the body walks anyway (length, reverse, memq, ...): the walk finds a
# non-list, with the same error, at no extra cost.
WALKED_LIST = checked_in_body("walked list", "list")


def check_room(who: str, at: int, count: int, size: int) -> None:
    """Raise unless `count` elements fit in a destination of `size` from `at`."""
    if count > size - at:
        raise scheme_error(f"{who}: source range does not fit in destination at index", at)


def copy_into(who: str, to, at: int, frm, start, end):
    """(X-copy! to at from [start [end]]) for a mutable Python sequence (list,
    bytearray), declared (X, Index(1, inclusive=True), X, Start(3), End(3)):
    the range must fit in `to` from `at`; its length is charged.

    The slice on the right is a copy taken before any write, so overlapping
    ranges of one sequence copy correctly.
    """
    check_room(who, at, end - start, len(to))
    charge(end - start)
    to[at : at + end - start] = frm[start:end]
    return UNSPECIFIED


# -- allocation ---------------------------------------------------------------------


def check_alloc(interp, who: str, n: int) -> None:
    """Raise MemoryLimitExceeded if `n` elements is over the interpreter's cap."""
    limit = interp.max_alloc
    if limit is not None and n > limit:
        raise MemoryLimitExceeded(
            f"{who}: allocation of {n} elements exceeds the limit of {limit}"
        )


def out_of_memory(who: str, n: int) -> MemoryLimitExceeded:
    """Return (for raising `from` the host's MemoryError or OverflowError)."""
    return MemoryLimitExceeded(f"{who}: allocation of {n} elements failed: out of host memory")


def allocate(interp, who: str, n: int, build):
    """Return `build`() for `who`, which makes `n` elements: over the cap or out
    of host memory is a MemoryLimitExceeded, and the elements are charged."""
    check_alloc(interp, who, n)
    charge(n)
    try:
        return build()
    except (MemoryError, OverflowError) as exc:
        raise out_of_memory(who, n) from exc


# -- declarations -------------------------------------------------------------------


class Declaration:
    """What one decorator says about a primitive: its names, the name its
    errors show, its arity, one type per positional parameter, the type of
    the rest, whether it may return a tail call, whether it is made per
    interpreter, and whether its body checks the types itself."""

    __slots__ = ("names", "who", "lo", "hi", "args", "rest", "tail", "interp", "checks")

    def __init__(self, names, who, lo, hi, args, rest, tail, interp, checks):
        self.names, self.who, self.lo, self.hi = names, who, lo, hi
        self.args, self.rest, self.tail, self.interp, self.checks = args, rest, tail, interp, checks

    def __repr__(self) -> str:
        rest = f", rest={self.rest!r}" if self.rest not in (None, ANY) else ""
        return f"Declaration({self.who!r}, {self.lo}..{self.hi}, args={self.args!r}{rest})"

    def typed(self) -> bool:
        """Whether the entry has a type test to generate."""
        return any(t.bad is not None for t in self.args) or (self.rest is not None and self.rest.bad is not None)


# shape -> a compiled maker(_body, _who) returning a checked entry
_MAKERS: dict = {}


def _entry_source(decl: Declaration, nparams: int, optional: tuple, variadic: bool) -> str:
    """The source of maker(_body, _who) for `decl`'s shape."""
    params = [f"a{i}" for i in range(nparams)]
    lines = []
    for i, (x, t) in enumerate(zip(params, decl.args), 1):
        check = t.lines(x, i, params, decl)
        if check and optional[i - 1]:  # an optional argument left out is None: nothing to check
            default = t.default(params, decl)
            if default is None:
                check = [f"if {x} is not None:"] + ["    " + line for line in check]
            else:
                check = [f"if {x} is None:", f"    {x} = {default}", "else:"] + ["    " + line for line in check]
        lines += check
    signature = params + (["*rest"] if variadic else [])
    if variadic and decl.rest is not None and decl.rest.bad is not None:
        check = decl.rest.lines("_x", 0, params, decl)
        if not check[0].startswith("if "):
            raise ValueError(f"{decl.who}: {decl.rest!r} converts its argument, so it cannot be a rest type")
        lines.append("for _x in rest:")
        lines += ["    " + line for line in check]
        # which argument it was is worked out only for the error (by identity: 1 == True)
        where = f"{nparams + 1} + [_y is _x for _y in rest].index(True)"
        lines[-1] = lines[-1].replace("_who, 0,", f"_who, {where},")
    body = "\n".join("        " + line for line in lines)
    passed = params + (["rest"] if variadic else [])  # the rest as one tuple: see _tuple_rest
    return (
        "def maker(_body, _who):\n"
        f"    def entry({', '.join(signature)}):\n"
        f"{body}\n"
        f"        return _body({', '.join(passed)})\n"
        "    return entry\n"
    )


# code of a body with *rest -> the same code taking the rest as one tuple
_TUPLE_REST: dict = {}


def _tuple_rest(fn):
    """Return `fn` (which takes *rest) as a function taking its rest as one
    tuple argument, so the entry passes on the tuple it got.

    The entry could call `fn(a, *rest)`, but a call with * unpacks and packs
    the tuple again and is not inlined by CPython (measured: an entry so made
    doubled the time of (char<=? a b)).  The *rest parameter is a local
    right after the positional ones, so the same code with one more
    positional parameter and no varargs flag reads it from the same place.
    """
    code = fn.__code__
    plain = _TUPLE_REST.get(code)
    if plain is None:
        if code.co_flags & 0x08:  # CO_VARKEYWORDS
            raise ValueError(f"{fn.__name__}: a primitive takes no **keywords")
        plain = _TUPLE_REST[code] = code.replace(co_argcount=code.co_argcount + 1, co_flags=code.co_flags & ~0x04)
    return FunctionType(plain, fn.__globals__, fn.__name__, None, fn.__closure__)


def _maker(fn, decl: Declaration):
    """Return the maker(body, who) of `fn`'s checked entry, or None when `decl`
    has no type test to generate (the body is then bound as it is)."""
    if decl.checks == "body" or not decl.typed():
        return None
    code = fn.__code__
    nparams = code.co_argcount
    variadic = bool(code.co_flags & 0x04)
    if code.co_kwonlyargcount or code.co_posonlyargcount:
        raise ValueError(f"{decl.who}: a primitive takes plain positional parameters")
    defaults = fn.__defaults__ or ()
    optional = tuple([False] * (nparams - len(defaults)) + [d is None for d in defaults])
    shape = (nparams, variadic, optional, tuple(t.key() for t in decl.args),
             None if decl.rest is None else decl.rest.key())
    maker = _MAKERS.get(shape)
    if maker is None:
        env = dict(_ENV)
        for t in decl.args + ((decl.rest,) if decl.rest is not None else ()):
            env.update(t.env)
        exec(compile(_entry_source(decl, nparams, optional, variadic), f"<checked {decl!r}>", "exec"), env)
        maker = _MAKERS[shape] = env["maker"]
    return maker


# (code, the decorator's arguments, which defaults are None) -> (declaration, maker):
# a factory declares the same functions for every interpreter.
_DECLARED: dict = {}


def declare(fn, names, args, rest, lo, hi, tail, who, interp, checks):
    """Return (entry, declaration) for `fn` declared under `names`."""
    args = None if args is None else tuple(args)
    key = (fn.__code__, names, args, rest, lo, hi, tail, who, checks,
           tuple(d is None for d in fn.__defaults__ or ()))
    known = _DECLARED.get(key)
    if known is None:
        decl = _declaration(fn, names, args, rest, lo, hi, tail, who, interp, checks)
        known = _DECLARED[key] = (decl, _maker(fn, decl))
    decl, maker = known
    if maker is None:
        fn.declaration = decl
        return fn, decl
    entry = maker(_tuple_rest(fn) if decl.rest is not None else fn, decl.who)
    entry.__name__, entry.__qualname__ = fn.__name__, fn.__qualname__
    entry.__module__, entry.__doc__ = fn.__module__, fn.__doc__
    entry.__defaults__ = fn.__defaults__
    entry.__wrapped__ = fn
    entry.declaration = fn.declaration = decl
    if getattr(fn, "inline", None) is not None:
        entry.inline = fn.inline  # open_coded's: runtime.Primitive looks for it on the entry
    return entry, decl


def _declaration(fn, names, args, rest, lo, hi, tail, who, interp, checks) -> Declaration:
    a, b = python_arity(fn)
    nparams = fn.__code__.co_argcount
    if args is None:
        args = (ANY,) * nparams
    elif len(args) != nparams:
        raise ValueError(f"{names[0]}: {len(args)} argument types for {nparams} parameters")
    if rest is not None and b != -1:
        raise ValueError(f"{names[0]}: a rest type for a procedure without a rest parameter")
    if rest is None and b == -1:
        rest = ANY
    lo = a if lo is None else lo
    hi = b if hi is None else hi
    return Declaration(tuple(names), who or names[0], lo, hi, args, rest, tail, interp, checks)


def primitive(*names: str, args=None, rest=None, lo: int | None = None, hi: int | None = None,
              tail: bool = False, who: str | None = None, checks: str = "entry"):
    """Declare `fn` under each of `names` (see the module docstring)."""

    def deco(fn):
        entry, d = declare(fn, names, args, rest, lo, hi, tail, who, False, checks)
        for name in names:
            PRIMITIVES.append((name, entry, d.lo, d.hi, tail))
        return entry

    return deco


def named(define):
    """Return `primitive` for a factory: the same declaration, defined through
    the factory's `define` for its interpreter.

    `@scheme("name", ...)` (with scheme = named(define)) defines the function
    below under each name, so each name sits on the function it names and no
    separate table can pair a name with the wrong function or arity.
    """

    def scheme(*names: str, args=None, rest=None, lo: int | None = None, hi: int | None = None,
               tail: bool = False, who: str | None = None, checks: str = "entry"):
        def deco(fn):
            entry, d = declare(fn, names, args, rest, lo, hi, tail, who, True, checks)
            for name in names:
                if tail:
                    define(name, entry, d.lo, d.hi, tail=True)
                else:  # the plain four-argument call every factory's define takes
                    define(name, entry, d.lo, d.hi)
            return entry

        return deco

    return scheme


def needs_interp(factory):
    """Register a factory run once per interpreter: `factory(interp, define)`."""
    FACTORIES.append(factory)
    return factory


# The suffixes and tests of the ordering predicates char=? char<? ... and
# string=? string<? ...; chars.py and strings.py each define theirs from it.
COMPARISONS = (
    ("=?", operator.eq),
    ("<?", operator.lt),
    (">?", operator.gt),
    ("<=?", operator.le),
    (">=?", operator.ge),
)

def check_real(who: str, index: int, x):
    t = type(x)
    if t is int or t is float or t is Fraction:
        return x
    raise type_error(who, index, "real", x)


def circular_error(who: str, index: int, x) -> SchemeError:
    """The error for a circular list where a list is wanted: the same
    `must be a list` as for any other non-list (R7RS: not a list)."""
    return type_error(who, index, "list", x)


def rest_length(p) -> int | None:
    """The number of pairs in the chain from `p`, or None when it is circular."""
    n = chain_end(p)
    return None if n is None else n[0]


# How every list walk in the primitives finds a cycle in the one pass it makes
# (Brent's algorithm).  The walk counts its steps down in windows, the first
# SHORT steps long and each next one twice as long as the last.  At the start
# of each window after the first it remembers the pair it has reached,
# `mark`, and compares every pair it reaches with it: on a circular list it
# meets its mark again in the first window that starts inside the cycle and
# is at least as long as the cycle, so it stops within about four times (the
# pairs before the cycle + the cycle + SHORT) steps; a proper list is walked
# once, one identity test per step more.  A walk that charges its work
# (runtime.charge) pays for each window as it ends (next_window) and for the
# steps of the last one after the walk, so the budget stops a long walk as it
# goes, and a whole walk costs what one charge of all its elements would (each
# window is a multiple of 256 elements):
#
#     n = w = SHORT
#     mark = NO_MARK
#     while type(p) is Pair:
#         ...
#         p = p.cdr
#         if p is mark:
#             raise circular_error(who, index, lst)
#         n -= 1
#         if n == 0:
#             n = w = next_window(w)  # w + w when the walk calls a procedure per element
#             mark = p
#     if w - n >= 256:  # unless it calls a procedure per element
#         charge(w - n)
#
# A walk over several lists in step ends with the shortest, so it is an error
# only when every one of them is circular: it follows one list at a time
# (`j`), and when that one proves circular moves on to the next (`proven`).

# The mark of a walk's first window (runtime.NO_MARK): no value is this object.


def next_window(w: int) -> int:
    """Charge the `w` elements of the window a walk has finished; return the next one's length."""
    charge(w)
    return w + w


def proven(who: str, first_index: int, lists, j: int):
    """List `j` of a walk over `lists` in step is circular: follow the next
    one from the next window, (j + 1, NO_MARK); when it was the last, every
    list is circular, an error."""
    if j + 1 >= len(lists):
        raise circular_error(who, first_index, lists[0])
    return j + 1, NO_MARK


def chain_end(p) -> tuple[int, object] | None:
    """(number of pairs, what ends the chain) from `p`, or None when it is circular."""
    n = 0
    for _ in _SHORT_RANGE:
        if type(p) is not Pair:
            return n, p
        p = p.cdr
        n += 1
    w = SHORT
    while type(p) is Pair:
        mark = p
        i = 0
        try:
            for i in range(w):
                p = p.cdr  # (raises past the last pair: only a pair has a cdr)
                if p is mark:
                    return None
        except AttributeError:
            return n + i, p
        n += w
        w += w
    return n, p


def list_items(who: str, index: int, x, calls: bool = False) -> tuple[list, object]:
    """Return (elements, tail) of the chain of pairs `x`; a circular one is an error.

    Charges for each element (runtime.charge), unless the caller `calls` a
    Scheme procedure per element, which the calls then pay for."""
    out = []
    append = out.append
    p = x
    for _ in _SHORT_RANGE:
        if type(p) is not Pair:
            break
        append(p.car)
        p = p.cdr
    else:
        # Long: go on in windows, looking for the cycle (see NO_MARK above),
        # charging each window as it ends.
        if not calls:
            charge(SHORT)
        done = w = SHORT
        while type(p) is Pair:
            mark = p
            for _ in range(w):
                append(p.car)
                p = p.cdr
                if type(p) is not Pair:
                    break
                if p is mark:
                    raise circular_error(who, index, x)
            else:
                if not calls:
                    charge(w)
                done += w
                w += w
        if not calls:
            charge(len(out) - done)
        return out, p
    if not calls and len(out) >= 256:
        charge(len(out))
    return out, p


def walk_charges(n: int) -> None:
    """Charge what list_items charges for a walk of a proper list of n elements (not
    `calls`), in the same pieces, so that a step limit stops at the same step: a short
    list at once, a long one its first SHORT, each whole window, then the rest."""
    if n < SHORT:
        charge(n)
        return
    charge(SHORT)
    rest, w = n - SHORT, SHORT
    while rest > w:
        charge(w)
        rest -= w
        w += w
    charge(rest)


def check_list(who: str, index: int, x, calls: bool = False) -> list:
    """Return the elements of proper list `x` as a Python list (charged as list_items)."""
    out, tail = list_items(who, index, x, calls)
    if tail is not NIL:
        raise type_error(who, index, "list", x)
    return out


def open_coded(code):
    """Decorator: give the primitive made of the function below the
    runtime.OpenCode `code` (written under the registry's decorator, so
    that it is there when the primitive is made)."""

    def deco(fn):
        fn.inline = code
        return fn

    return deco


_ENV["_check_list"] = check_list
