"""String and symbol primitives, R7RS 6.5 and 6.7.

A Scheme string is an MString whose `.s` is a Python str; a mutator builds
the new text and stores it in `.s`, so `string-set!` costs time linear in the
length of the string.  Strings never change length once made.

Procedures that may allocate far more than their arguments hold (make-string,
string-append) live in the factory at the bottom: they check the size they
are about to build against the interpreter's `max_alloc`.  A copy of part of
an existing string cannot grow memory that way and stays a plain primitive.

Argument types are declared (registry.py): the range helpers shared with
vectors.py and bytevectors.py (Start/End, copy_into, allocate) live
there; `sequence_primitives` here makes the procedures vectors and
bytevectors have alike.
"""

from __future__ import annotations

import operator

from ..calls import ready
from ..datatypes import NIL, UNSPECIFIED, Char, MString, Symbol, new_pair, new_string
from ..runtime import Closure, OpenCode, charge
from .registry import (
    ANY,
    CHAR,
    COMPARISONS,
    ELEMENTS,
    END,
    EXACT_NONNEG,
    PROCEDURE,
    START,
    STRING,
    SYMBOL,
    VECTOR,
    ArgType,
    End,
    Index,
    Start,
    allocate,
    check_room,
    copy_into,
    named,
    needs_interp,
    open_coded,
    primitive,
    scheme_error,
    type_error,
)

# string-map's error for a value of its procedure that is not a character (pyfunc.py's
# in-line string-map raises it too).
STRING_MAP_NOT_CHAR = "string-map: procedure must return a character"


# -- the sequence procedures vectors and bytevectors share ----------------------


def sequence_primitives(kind: str, seq: ArgType, py_type: type, ref: str, item=ANY) -> None:
    """Register (`kind`? obj), (`kind`-length seq), (`ref` seq k), (`ref`! seq k obj),
    (`kind`-copy seq [start [end]]) and (`kind`-copy! to at from [start [end]]).

    For a Scheme type held as the mutable Python sequence `py_type` (vector:
    list, bytevector: bytearray), declared as argument type `seq`; `item` is
    the declared type of the value stored.
    """
    length_name = kind + "-length"
    set_name = ref.replace("-ref", "-set!")
    copy_name = kind + "-copy"

    def is_kind(obj):
        return type(obj) is py_type

    def length(seq):
        return len(seq)

    def get(seq, k):
        return seq[k]

    def put(seq, k, obj):
        seq[k] = obj
        return UNSPECIFIED

    def copy(seq, start=None, end=None):
        charge(end - start)
        return seq[start:end]

    def copy_to(to, at, frm, start=None, end=None):
        return copy_into(copy_name + "!", to, at, frm, start, end)

    for name, fn, args in (
        (kind + "?", is_kind, (ANY,)),
        (length_name, length, (seq,)),
        (ref, get, (seq, Index(1))),
        (set_name, put, (seq, Index(1), item)),
        (copy_name, copy, (seq, START, END)),
        (copy_name + "!", copy_to, (seq, Index(1, inclusive=True), seq, Start(3), End(3))),
    ):
        fn.__name__ = fn.__qualname__ = name
        primitive(name, args=args)(fn)


# -- predicates, constructors, accessors ---------------------------------------


# (string? obj)
@primitive("string?")
def is_string(obj):
    return type(obj) is MString


# (string char ...)
@primitive("string", rest=CHAR)
def string(*chars):
    charge(len(chars))
    return new_string("".join([c.ch for c in chars]))


# (string-length string)
@primitive("string-length", args=(STRING,))
def string_length(s):
    return len(s.s)


# (string-ref string k)
@primitive("string-ref", args=(STRING, Index(1)))
def string_ref(s, k):
    return Char.of(s.s[k])


# (string-set! string k char)
@primitive("string-set!", args=(STRING, Index(1), CHAR))
def string_set(s, k, c):
    text = s.s
    ch = c.ch
    charge(len(text) >> 6)
    s.s = text[:k] + ch + text[k + 1 :]
    return UNSPECIFIED


# (substring string start end); end may be left out, as Guile and MIT allow.
@primitive("substring", args=(STRING, START, END))
def substring(s, start, end=None):
    charge(end - start)
    return new_string(s.s[start:end])


# (string-copy string [start [end]])
@primitive("string-copy", args=(STRING, START, END))
def string_copy(s, start=None, end=None):
    charge(end - start)
    return new_string(s.s[start:end])


# (string-copy! to at from [start [end]]); the source is read before any write,
# so overlapping ranges of one string copy correctly.
@primitive("string-copy!", args=(STRING, Index(1, inclusive=True), STRING, Start(3), End(3)))
def string_copy_to(to, at, frm, start=None, end=None):
    dest, text = to.s, frm.s
    check_room("string-copy!", at, end - start, len(dest))
    charge(end - start + (len(dest) >> 6))
    to.s = dest[:at] + text[start:end] + dest[at + end - start :]
    return UNSPECIFIED


# (string-fill! string char [start [end]])
@primitive("string-fill!", args=(STRING, CHAR, Start(1), End(1)))
def string_fill(s, c, start=None, end=None):
    text = s.s
    ch = c.ch
    charge(end - start + (len(text) >> 6))
    s.s = text[:start] + ch * (end - start) + text[end:]
    return UNSPECIFIED


# -- conversions ----------------------------------------------------------------


# (string->list string [start [end]])
@primitive("string->list", args=(STRING, START, END))
def string_to_list(s, start=None, end=None):
    charge(end - start)
    # Built from the end, each pair made by new_pair and two stores (as
    # datatypes.list_to_scheme), each character looked up in Char's table.
    table = Char._table
    of = Char.of
    result = NIL
    for ch in reversed(s.s[start:end]):
        p = new_pair()
        p.car = table.get(ch) or of(ch)
        p.cdr = result
        result = p
    return result


# (list->string list)
@primitive("list->string", args=(ELEMENTS,))
def list_to_string(lst):
    out = [x.ch for x in lst if type(x) is Char]
    if len(out) != len(lst):
        for x in lst:
            if type(x) is not Char:
                raise type_error("list->string", 1, "a list of characters", x)
    return new_string("".join(out))


# (string->vector string [start [end]])
@primitive("string->vector", args=(STRING, START, END))
def string_to_vector(s, start=None, end=None):
    charge(end - start)
    return [Char.of(ch) for ch in s.s[start:end]]


# (vector->string vector [start [end]])
@primitive("vector->string", args=(VECTOR, START, END))
def vector_to_string(v, start=None, end=None):
    charge(end - start)
    out = []
    for x in v[start:end]:
        if type(x) is not Char:
            raise type_error("vector->string", 1, "a vector of characters", x)
        out.append(x.ch)
    return new_string("".join(out))


# (string-upcase string)
@primitive("string-upcase", args=(STRING,))
def string_upcase(s):
    text = s.s
    charge(len(text))
    return new_string(text.upper())


# (string-downcase string)
@primitive("string-downcase", args=(STRING,))
def string_downcase(s):
    text = s.s
    charge(len(text))
    return new_string(text.lower())


# (string-foldcase string)
@primitive("string-foldcase", args=(STRING,))
def string_foldcase(s):
    text = s.s
    charge(len(text))
    return new_string(text.casefold())


# -- comparisons ------------------------------------------------------------------


def _define_comparison(name: str, op, key) -> None:
    """Register `name` as an n-ary string comparison of `key(text)` by `op`."""

    def compare(s1, *more):
        if len(more) == 1:  # the common case, without the lists
            a, b = s1.s, more[0].s
            if len(a) >= 256:
                charge(min(len(a), len(b)))
            return op(key(a), key(b))
        texts = [s.s for s in (s1, *more)]
        charge(sum(map(len, texts)))
        keys = [key(t) for t in texts]
        return all(op(a, b) for a, b in zip(keys, keys[1:]))

    compare.__name__ = compare.__qualname__ = name
    if op is operator.eq:
        # assoc and member given this procedure compare texts themselves (lists.py).
        compare.text_key = key
    primitive(name, args=(STRING,), rest=STRING)(compare)


def _same(text: str) -> str:
    return text


# (string=? string1 string2 ...) and friends; the -ci versions compare the full
# case foldings, so (string-ci=? "Straße" "STRASSE") is #t.
for _suffix, _op in COMPARISONS:
    _define_comparison("string" + _suffix, _op, _same)
    _define_comparison("string-ci" + _suffix, _op, str.casefold)


# -- symbols ------------------------------------------------------------------------


# (symbol? obj)
@primitive("symbol?")
def is_symbol(obj):
    return type(obj) is Symbol


# (symbol=? symbol1 symbol2 ...); R7RS asks for two or more, one is accepted.
@primitive("symbol=?", args=(SYMBOL,), rest=SYMBOL)
def symbol_equal(s1, *more):
    return all(s is s1 for s in more)


# (symbol->string symbol): a fresh string, so mutating it leaves the symbol alone.
@primitive("symbol->string", args=(SYMBOL,))
def symbol_to_string(s):
    name = s.name
    charge(len(name))
    return new_string(name)


# (string->symbol string)
@primitive("string->symbol", args=(STRING,))
def string_to_symbol(s):
    text = s.s
    charge(len(text))
    return Symbol.intern(text)


# -- procedures that need the interpreter ----------------------------------------


@needs_interp
def string_procedures(interp, define) -> None:
    """Define the allocating and higher-order string procedures for `interp`."""
    scheme = named(define)
    caller = interp.caller

    # (make-string k [char]); the fill R7RS leaves unspecified is a space.
    @scheme("make-string", args=(EXACT_NONNEG, CHAR))
    def make_string(k, c=None):
        ch = " " if c is None else c.ch
        return allocate(interp, "make-string", k, lambda: new_string(ch * k))

    # (string-append string ...); generated code joins two strings in line
    # when the result is under 256 characters (nothing to charge) and within
    # the allocation cap.
    @scheme("string-append", rest=STRING)
    @open_coded(OpenCode(
        2, "type(x) is MString and type(y) is MString and len(x.s) + len(y.s) < 256"
           " and ({0}.max_alloc is None or len(x.s) + len(y.s) <= {0}.max_alloc)",
        "NEWSTR(x.s + y.s)", (interp,)))
    def string_append(*strings):
        texts = [s.s for s in strings]
        n = sum(map(len, texts))
        if n < 256:  # charges nothing (runtime.charge): only the cap to check
            limit = interp.max_alloc
            if limit is None or n <= limit:
                return new_string("".join(texts))
        return allocate(interp, "string-append", n, lambda: new_string("".join(texts)))

    def _chars_at(strings, i):
        return [Char.of(s.s[i]) for s in strings]

    def walk(proc, s, out):
        """Call proc on each character of string `s` in turn (each index read when its
        turn comes: proc may string-set! the string; the length is fixed first),
        appending its results' texts to `out` unless that is None.  A closure with a
        fast entry is entered here, as map and for-each enter it (one tick a call)."""
        table = Char._table
        fast = None
        ready(proc, 1)
        if type(proc) is Closure and proc.fk == 1:
            fast, env = proc.fast, proc.env
            budget, run = interp.budget, interp.apply
        else:
            f = caller(proc, 1)
        for i in range(len(s.s)):
            ch = s.s[i]
            c = table.get(ch)
            if c is None:
                c = Char.of(ch)
            if fast is None:
                r = f(c)
            else:
                for _ in budget.it: break
                else: budget.exhausted()
                r = fast(c, env)
                if type(r) is tuple:
                    r = run(*r)
            if out is not None:
                if type(r) is not Char:
                    raise scheme_error(STRING_MAP_NOT_CHAR, r)
                out.append(r.ch)

    # (string-map proc string1 string2 ...): as long as the shortest string.
    @scheme("string-map", args=(PROCEDURE, STRING), rest=STRING)
    def string_map(proc, s1, *more):
        if not more:
            out = []
            walk(proc, s1, out)
            return new_string("".join(out))
        strings = (s1, *more)
        n = min([len(s.s) for s in strings])
        f = caller(proc, len(strings))
        out = []
        for i in range(n):
            r = f(*_chars_at(strings, i))
            if type(r) is not Char:
                raise scheme_error(STRING_MAP_NOT_CHAR, r)
            out.append(r.ch)
        return new_string("".join(out))

    # (string-for-each proc string1 string2 ...)
    @scheme("string-for-each", args=(PROCEDURE, STRING), rest=STRING)
    def string_for_each(proc, s1, *more):
        if not more:
            walk(proc, s1, None)
            return UNSPECIFIED
        strings = (s1, *more)
        n = min([len(s.s) for s in strings])
        f = caller(proc, len(strings))
        for i in range(n):
            f(*_chars_at(strings, i))
        return UNSPECIFIED

