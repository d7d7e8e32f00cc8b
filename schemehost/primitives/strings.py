"""String and symbol primitives, R7RS 6.5 and 6.7.

A Scheme string is an MString whose `.s` is a Python str; a mutator builds
the new text and stores it in `.s`, so `string-set!` costs time linear in the
length of the string.  Strings never change length once made.

Procedures that may allocate far more than their arguments hold (make-string,
string-append) live in the factory at the bottom: they check the size they
are about to build against the interpreter's `max_alloc`.  A copy of part of
an existing string cannot grow memory that way and stays a plain primitive.

The helpers `check_range`, `check_slice`, `check_copy`, `copy_into`, `check_alloc`, `out_of_memory`,
`check_procedure` and `list_items` are shared with vectors.py and
bytevectors.py; they would sit better in registry.py.
"""

from __future__ import annotations


from ..datatypes import UNSPECIFIED, Char, MString, Symbol, list_to_scheme
from ..runtime import Procedure, charge
from .registry import (
    ANY,
    END,
    START,
    ArgType,
    End,
    Index,
    Start,
    allocate,
    check_room,
    copy_into,
    slice_span,
    named,
    COMPARISONS,
    check_char,
    check_list,
    check_exact_nonneg,
    check_index,
    check_string,
    check_symbol,
    check_vector,
    needs_interp,
    primitive,
    scheme_error,
    type_error,
)

# -- helpers shared by the string, vector and bytevector modules -------------


def check_range(who: str, index: int, size: int, start, end) -> tuple[int, int]:
    """Return the (start, end) pair of optional arguments `index`, `index`+1.

    None stands for an argument not given (no Scheme value is None):
    start defaults to 0 and end to `size`.
    """
    if start is None:
        start = 0
    else:
        check_index(who, index, start, size, inclusive=True)
    if end is None:
        end = size
    else:
        check_index(who, index + 1, end, size, inclusive=True)
        if end < start:
            raise scheme_error(f"{who}: end must not be before start", start, end)
    return start, end


def check_text(who: str, index: int, x) -> str:
    """Return the text of the string argument `x`."""
    return check_string(who, index, x).s


def check_slice(who: str, check, seq, start, end, index: int = 2):
    """Return (items, start, end) for a `who` that reads part of one sequence.

    `seq` is argument 1, checked by `check`; the optional range is arguments
    `index` and `index`+1.  The length of the range is charged.
    """
    items = check(who, 1, seq)
    start, end = check_range(who, index, len(items), start, end)
    charge(end - start)
    return items, start, end


def check_copy(who: str, check, to, at, frm, start, end):
    """Return (dest, source, start, end) for `who`, a (X-copy! to at from [start [end]]).

    Both sequences are checked by `check`; the range must fit in `dest` from `at`.
    Nothing is charged: the caller knows what its copy costs.
    """
    dest = check(who, 1, to)
    check_index(who, 2, at, len(dest), inclusive=True)
    source = check(who, 3, frm)
    start, end = check_range(who, 4, len(source), start, end)
    check_room(who, at, end - start, len(dest))
    return dest, source, start, end


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
        start, end = slice_span(len(seq), start, end)
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


def check_procedure(who: str, index: int, x) -> Procedure:
    if not isinstance(x, Procedure):
        raise type_error(who, index, "procedure", x)
    return x


def list_items(who: str, index: int, x) -> list:
    """Return the elements of the proper list `x`; circular lists are errors too."""
    return check_list(who, index, x)


def _texts(who: str, first_index: int, strings) -> list[str]:
    """Return the texts of `strings` (a tuple or list); raise for the first non-string."""
    texts = [s.s for s in strings if type(s) is MString]
    if len(texts) != len(strings):
        for i, s in enumerate(strings, first_index):
            check_string(who, i, s)
    return texts


# -- predicates, constructors, accessors ---------------------------------------


# (string? obj)
@primitive("string?")
def is_string(obj):
    return type(obj) is MString


# (string char ...)
@primitive("string")
def string(*chars):
    charge(len(chars))
    return MString("".join(check_char("string", i, c).ch for i, c in enumerate(chars, 1)))


# (string-length string)
@primitive("string-length")
def string_length(s):
    return len(check_string("string-length", 1, s).s)


# (string-ref string k)
@primitive("string-ref")
def string_ref(s, k):
    if type(s) is MString and type(k) is int and 0 <= k < len(s.s):  # the common case, no checks to call
        return Char.of(s.s[k])
    text = check_string("string-ref", 1, s).s
    return Char.of(text[check_index("string-ref", 2, k, len(text))])


# (string-set! string k char)
@primitive("string-set!")
def string_set(s, k, c):
    text = check_string("string-set!", 1, s).s
    check_index("string-set!", 2, k, len(text))
    ch = check_char("string-set!", 3, c).ch
    charge(len(text) >> 6)
    s.s = text[:k] + ch + text[k + 1 :]
    return UNSPECIFIED


# (substring string start end); end may be left out, as Guile and MIT allow.
@primitive("substring")
def substring(s, start, end=None):
    if type(s) is MString and type(start) is int and type(end) is int and 0 <= start <= end <= len(s.s):
        charge(end - start)
        return MString(s.s[start:end])  # the common case, no checks to call
    text, start, end = check_slice("substring", check_text, s, start, end)
    return MString(text[start:end])


# (string-copy string [start [end]])
@primitive("string-copy")
def string_copy(s, start=None, end=None):
    text, start, end = check_slice("string-copy", check_text, s, start, end)
    return MString(text[start:end])


# (string-copy! to at from [start [end]]); the source is read before any write,
# so overlapping ranges of one string copy correctly.
@primitive("string-copy!")
def string_copy_to(to, at, frm, start=None, end=None):
    dest, text, start, end = check_copy("string-copy!", check_text, to, at, frm, start, end)
    charge(end - start + (len(dest) >> 6))
    to.s = dest[:at] + text[start:end] + dest[at + end - start :]
    return UNSPECIFIED


# (string-fill! string char [start [end]])
@primitive("string-fill!")
def string_fill(s, c, start=None, end=None):
    text = check_string("string-fill!", 1, s).s
    ch = check_char("string-fill!", 2, c).ch
    start, end = check_range("string-fill!", 3, len(text), start, end)
    charge(end - start + (len(text) >> 6))
    s.s = text[:start] + ch * (end - start) + text[end:]
    return UNSPECIFIED


# -- conversions ----------------------------------------------------------------


# (string->list string [start [end]])
@primitive("string->list")
def string_to_list(s, start=None, end=None):
    text, start, end = check_slice("string->list", check_text, s, start, end)
    return list_to_scheme(Char.of(ch) for ch in text[start:end])


# (list->string list)
@primitive("list->string")
def list_to_string(lst):
    out = []
    for x in list_items("list->string", 1, lst):
        if type(x) is not Char:
            raise type_error("list->string", 1, "a list of characters", x)
        out.append(x.ch)
    return MString("".join(out))


# (string->vector string [start [end]])
@primitive("string->vector")
def string_to_vector(s, start=None, end=None):
    text, start, end = check_slice("string->vector", check_text, s, start, end)
    return [Char.of(ch) for ch in text[start:end]]


# (vector->string vector [start [end]])
@primitive("vector->string")
def vector_to_string(v, start=None, end=None):
    items, start, end = check_slice("vector->string", check_vector, v, start, end)
    out = []
    for x in items[start:end]:
        if type(x) is not Char:
            raise type_error("vector->string", 1, "a vector of characters", x)
        out.append(x.ch)
    return MString("".join(out))


# (string-upcase string)
@primitive("string-upcase")
def string_upcase(s):
    text = check_string("string-upcase", 1, s).s
    charge(len(text))
    return MString(text.upper())


# (string-downcase string)
@primitive("string-downcase")
def string_downcase(s):
    text = check_string("string-downcase", 1, s).s
    charge(len(text))
    return MString(text.lower())


# (string-foldcase string)
@primitive("string-foldcase")
def string_foldcase(s):
    text = check_string("string-foldcase", 1, s).s
    charge(len(text))
    return MString(text.casefold())


# -- comparisons ------------------------------------------------------------------


def _define_comparison(name: str, op, key) -> None:
    """Register `name` as an n-ary string comparison of `key(text)` by `op`."""

    def compare(s1, *more):
        if len(more) == 1:  # the common case, without the lists
            a, b = check_string(name, 1, s1).s, check_string(name, 2, more[0]).s
            if len(a) >= 256:
                charge(min(len(a), len(b)))
            return op(key(a), key(b))
        texts = _texts(name, 1, (s1, *more))
        charge(sum(map(len, texts)))
        keys = [key(t) for t in texts]
        return all(op(a, b) for a, b in zip(keys, keys[1:]))

    compare.__name__ = compare.__qualname__ = name
    primitive(name)(compare)


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
@primitive("symbol=?")
def symbol_equal(s1, *more):
    check_symbol("symbol=?", 1, s1)
    for i, s in enumerate(more, 2):
        check_symbol("symbol=?", i, s)
    return all(s is s1 for s in more)


# (symbol->string symbol): a fresh string, so mutating it leaves the symbol alone.
@primitive("symbol->string")
def symbol_to_string(s):
    name = check_symbol("symbol->string", 1, s).name
    charge(len(name))
    return MString(name)


# (string->symbol string)
@primitive("string->symbol")
def string_to_symbol(s):
    text = check_string("string->symbol", 1, s).s
    charge(len(text))
    return Symbol.intern(text)


# -- procedures that need the interpreter ----------------------------------------


@needs_interp
def string_procedures(interp, define) -> None:
    """Define the allocating and higher-order string procedures for `interp`."""
    scheme = named(define)
    caller = interp.caller

    # (make-string k [char]); the fill R7RS leaves unspecified is a space.
    @scheme("make-string")
    def make_string(k, c=None):
        check_exact_nonneg("make-string", 1, k)
        ch = " " if c is None else check_char("make-string", 2, c).ch
        return allocate(interp, "make-string", k, lambda: MString(ch * k))

    # (string-append string ...)
    @scheme("string-append")
    def string_append(*strings):
        texts = _texts("string-append", 1, strings)
        n = sum(map(len, texts))
        return allocate(interp, "string-append", n, lambda: MString("".join(texts)))

    def _chars_at(strings, i):
        return [Char.of(s.s[i]) for s in strings]

    # (string-map proc string1 string2 ...): as long as the shortest string.
    @scheme("string-map")
    def string_map(proc, s1, *more):
        check_procedure("string-map", 1, proc)
        strings = (s1, *more)
        n = min(map(len, _texts("string-map", 2, strings)))
        f = caller(proc, len(strings))
        out = []
        for i in range(n):
            r = f(*_chars_at(strings, i))
            if type(r) is not Char:
                raise scheme_error("string-map: procedure must return a character", r)
            out.append(r.ch)
        return MString("".join(out))

    # (string-for-each proc string1 string2 ...)
    @scheme("string-for-each")
    def string_for_each(proc, s1, *more):
        check_procedure("string-for-each", 1, proc)
        strings = (s1, *more)
        n = min(map(len, _texts("string-for-each", 2, strings)))
        f = caller(proc, len(strings))
        for i in range(n):
            f(*_chars_at(strings, i))
        return UNSPECIFIED

