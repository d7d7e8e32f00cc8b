"""Pairs and lists, equivalence predicates, booleans and symbols' cousins.

Every walk over a list is a loop, never recursion, so lists of any length
work; `equal?` keeps an explicit stack for the same reason.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from ..datatypes import (EOF, NIL, UNSPECIFIED, Char, MString, Pair, Symbol, is_list, list_to_scheme, new_pair,
                         new_string, normalize, sym)
from ..errors import MemoryLimitExceeded
from ..calls import ready
from ..continuations import invoke
from ..runtime import WORK_PER_STEP, Closure, Continuation, Primitive, charge
from .registry import (
    NO_MARK,
    SHORT,
    chain_end,
    check_list,
    circular_error,
    walk_charges,
    ANY,
    BOOLEAN,
    ELEMENTS,
    ELEMENTS_CALLED,
    EXACT_NONNEG,
    NUMBER,
    PAIR,
    WALKED_LIST,
    checked_in_body,
    list_items,
    named,
    needs_interp,
    next_window,
    primitive,
    proven,
    rest_length,
    scheme_error,
    type_error,
)

_FIXNUM_MIN, _FIXNUM_MAX = -(1 << 61), (1 << 61) - 1
# Pairs made in loops: new_pair(), then car and cdr (cons without its Python frame, as pyfunc.py does).
_LESS, _GREATER = sym("<"), sym(">")
# The lists map, for-each, fold, any and every walk in step (an error only
# when the walk cannot go on), and append's arguments (lists, then anything).
LISTS_IN_STEP = checked_in_body("lists walked in step", None)
APPENDED = checked_in_body("lists, then anything", None)


def eq(a, b) -> bool:
    """eq?: identity; small exact integers and characters compare by value."""
    if a is b:
        return True
    return type(a) is int and type(b) is int and a == b and _FIXNUM_MIN <= a <= _FIXNUM_MAX


def eqv(a, b) -> bool:
    if a is b:
        return True
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is int or ta is Fraction:
        return a == b
    if ta is float:
        return a == b and str(a) == str(b) or (a != a and b != b)
    if ta is complex:
        return a == b
    if ta is MString:
        return a.s == "" and b.s == ""
    return False


# equal? remembers the pairs and vectors it compares (so that circular
# structures end) once it has gone into this many structures through a car
# or a vector's slot, or found a cycle along a list's cdrs; until then a
# list's pairs are walked along their cdrs with an atom in a car compared
# where it is (a proper list of 20,000 symbols: no set, no stack).
_EQUAL_SEEN_AFTER = 1000
_SPINE_WINDOW = 64  # a cdr-chain's first window of pairs before a cycle is looked for (doubling)
_CONTAINERS = (Pair, list, MString, bytearray)
_SPINE_RUNS = True  # equal?'s runs of pairs with one object for car (off: the tests' plain loop)
# The types whose values equal? (eqv?) tells apart exactly as Python's == does
# when both have the type: exact numbers, and the interned booleans, symbols
# and characters (== is identity for those).  A value of one of them is == to
# a value of another type only where eqv? says no (1 and #t, 1 and 1.0).
_FLAT = frozenset((int, bool, Fraction, Symbol, Char))


def flat_vector(x) -> bool:
    """True when x is a vector of under 255 slots, each of a type of _FLAT: equal?
    on it and anything else is then `same_flat`, and charges nothing."""
    return type(x) is list and len(x) < 255 and _FLAT.issuperset(map(type, x))


def same_flat(x, k) -> bool:
    """equal? of a flat vector x (flat_vector's) and anything k, as Python's list
    == finds it (in C): a slot of k that is not == to x's makes them differ, and
    those that are must have x's types (1 == #t, 1 == 1.0 are not eqv?)."""
    return k == x and type(k) is list and list(map(type, k)) == list(map(type, x))


def equal(a, b) -> bool:
    """equal?: structural equality over pairs, vectors, strings, bytevectors.

    Iterative; ends on circular structures (see _EQUAL_SEEN_AFTER).  Charges
    one step per pair or vector visited (in batches), three more for each
    one remembered, and one per element of the strings and bytevectors it
    compares.
    """
    ta = type(a)
    if ta is MString:
        # Two strings: their texts, charged as the loop below would (one
        # element per character of `a`, nothing when they are one string).
        if type(b) is not MString:
            return False
        if a is b:
            return True
        if len(a.s) >= 256:
            charge(len(a.s))
        return a.s == b.s
    if ta is not Pair and ta is not list and ta is not bytearray:
        return eqv(a, b)  # an atom: numbers, symbols, characters, ... (and member/assoc's keys)
    if ta is list and flat_vector(a):
        return same_flat(a, b)  # (under 256 steps: nothing charged)
    stack = [(a, b)]
    steps = 0
    entered = 0  # structures gone into through a car or a slot
    seen: set | None = None
    same = True
    charged = 0
    while stack and same:
        x, y = stack.pop()
        n = w = _SPINE_WINDOW
        mark = NO_MARK
        while True:
            if x is y:
                break
            tx = type(x)
            if tx is not type(y):
                same = False
                break
            if tx is Pair or tx is list:
                steps += 1
                if steps - charged > 4096:
                    charge(steps - charged)
                    charged = steps
                if seen is None and entered > _EQUAL_SEEN_AFTER:
                    seen = set()
                if seen is not None:
                    steps += 3  # remembering a pair costs about three more visits
                    key = (id(x), id(y))
                    if key in seen:
                        break
                    seen.add(key)
            if tx is Pair:
                cx, cy = x.car, y.car
                if cx is not cy:
                    if type(cx) in _CONTAINERS:
                        stack.append((cx, cy))
                        entered += 1
                    elif not eqv(cx, cy):
                        same = False
                        break
                x, y = x.cdr, y.cdr
                if x is mark and seen is None:  # a cycle along the cdrs: remember from here
                    seen = set()
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = x
                if cx is cy and seen is None and entered <= _EQUAL_SEEN_AFTER and _SPINE_RUNS:
                    # After a pair whose cars are one object, the pairs after it whose
                    # cars are one object too (a list of characters or symbols against
                    # its copy), each taken as the loop takes it, with fewer tests:
                    # counted, nothing remembered, the cycle's mark looked for, and none
                    # past the count at which the loop would charge or the last pair of
                    # the window (whose end moves the mark: the loop's).  Anything else
                    # (reading car off what is not a pair raises) is left to the loop.
                    # (Not tried after cars only eqv?: lists of big numbers would pay
                    # for a run that never starts.)
                    start = steps
                    try:
                        if x.car is y.car and x is not y:  # (the next pair's: else no run)
                            stop = steps + n - 1
                            if stop > charged + 4096:
                                stop = charged + 4096
                            while x is not y and x.car is y.car and steps < stop:
                                steps += 1
                                x, y = x.cdr, y.cdr
                                if x is mark:
                                    seen = set()
                                    break
                    except AttributeError:
                        pass
                    n -= steps - start
                continue
            if tx is MString:
                steps += len(x.s)
                same = x.s == y.s
                break
            if tx is list:
                if len(x) != len(y):
                    same = False
                    break
                stack.extend(zip(x, y))
                steps += len(x)
                entered += len(x)
                break
            if tx is bytearray:
                steps += len(x)
                same = x == y
                break
            same = eqv(x, y)
            break
    if steps - charged >= 256:
        charge(steps - charged)
    return same


def quick_equal(a, b):
    """equal?'s value when its walk is short enough that the procedure would charge
    nothing and find no cycle: under 256 steps counted as it counts them, no list
    followed along its cdrs past 63 pairs (where it starts looking for a cycle);
    NOPE otherwise, for the procedure itself (pyfunc.py writes it in line: a
    matcher's patterns and frames).  The walk is the procedure's own, in its
    order, so a difference is found where it finds it."""
    ta = type(a)
    if ta is not Pair and ta is not list and ta is not bytearray and ta is not MString:
        return eqv(a, b)
    if ta is list and flat_vector(a):
        return same_flat(a, b)
    stack = [(a, b)]
    steps = 0
    while stack:
        x, y = stack.pop()
        spine = 0
        while True:
            if x is y:
                break
            tx = type(x)
            if tx is not type(y):
                return False
            if tx is Pair:
                steps += 1
                spine += 1
                if steps >= 256 or spine >= 64:
                    return NOPE
                cx, cy = x.car, y.car
                if cx is not cy:
                    if type(cx) in _CONTAINERS:
                        stack.append((cx, cy))
                    elif not eqv(cx, cy):
                        return False
                x, y = x.cdr, y.cdr
                continue
            if tx is MString:
                steps += len(x.s)
                if steps >= 256:
                    return NOPE
                if x.s != y.s:
                    return False
                break
            if tx is list:
                steps += 1 + len(x)
                if steps >= 256:
                    return NOPE
                if len(x) != len(y):
                    return False
                stack.extend(zip(x, y))
                break
            if tx is bytearray:
                steps += len(x)
                if steps >= 256:
                    return NOPE
                if x != y:
                    return False
                break
            if not eqv(x, y):
                return False
            break
    return True


primitive("eq?")(eq)
primitive("eqv?")(eqv)
primitive("equal?")(equal)


@primitive("not")
def not_(x):
    return x is False


@primitive("boolean?")
def is_boolean(x):
    return type(x) is bool


@primitive("boolean=?", lo=2, rest=BOOLEAN)
def boolean_eq(*args):
    return all(a is args[0] for a in args)


@primitive("cons")
def cons(a, b):
    p = Pair()
    p.car = a
    p.cdr = b
    return p


# car and cdr check in the body, with the text PAIR generates: map and
# for-each call a primitive's function directly (calls.caller), with no
# entry in front.
@primitive("car", args=(PAIR,), checks="body")
def car(p):
    if type(p) is not Pair:
        raise type_error("car", 1, "pair", p)
    return p.car


@primitive("cdr", args=(PAIR,), checks="body")
def cdr(p):
    if type(p) is not Pair:
        raise type_error("cdr", 1, "pair", p)
    return p.cdr


@primitive("set-car!", args=(PAIR, ANY))
def set_car(p, v):
    p.car = v
    return UNSPECIFIED


@primitive("set-cdr!", args=(PAIR, ANY))
def set_cdr(p, v):
    p.cdr = v
    return UNSPECIFIED


def _make_cxr(path: str):
    name = f"c{path}r"
    ops = tuple(reversed(path))  # 'cadr' applies d first, then a

    def cxr(x):
        p = x
        for op in ops:
            if type(p) is not Pair:
                raise scheme_error(f"{name}: argument 1 has no {name}", x)
            p = p.car if op == "a" else p.cdr
        return p

    cxr.__name__ = name
    primitive(name)(cxr)


for _n in (2, 3, 4):
    import itertools as _it

    for _combo in _it.product("ad", repeat=_n):
        _make_cxr("".join(_combo))


@primitive("pair?")
def is_pair(x):
    return type(x) is Pair


@primitive("null?")
def is_null(x):
    return x is NIL


@primitive("list?")
def is_list_p(x):
    n = rest_length(x)
    if n is None:
        return False
    charge(n)
    return is_list(x)


@primitive("list")
def list_(*items):
    return list_to_scheme(items)


@primitive("cons*", "list*", lo=1)
def cons_star(*items):
    return list_to_scheme(items[:-1], items[-1])


@primitive("length", args=(WALKED_LIST,))
def length(lst):
    end = chain_end(lst)
    if end is None or end[1] is not NIL:
        raise type_error("length", 1, "list", lst)
    n = end[0]
    if n >= 256:
        charge(n)
    return n


@primitive("reverse", args=(WALKED_LIST,))
def reverse(lst):
    return _reverse("reverse", lst)


def _reverse(who, lst):
    found = _long_reverse(lst)
    if found is not NOPE:
        if found[1] >= 256:
            charge(found[1])  # (what the windows below charge for the pairs they copy)
        return found[0]
    # In windows (see registry.NO_MARK), each charged as it ends, the last as far
    # as it went: a `for` over the window counts the pairs, not a counter of ours.
    result = NIL
    p = lst
    w = SHORT
    mark = NO_MARK
    while True:
        i = 0
        for i in range(w):
            if type(p) is not Pair:
                break
            q = new_pair()
            q.car = p.car
            q.cdr = result
            result = q
            p = p.cdr
            if p is mark:  # a cycle
                raise circular_error(who, 1, lst)
        else:
            w = next_window(w)
            mark = p
            continue
        break
    if i >= 256:
        charge(i)
    if p is not NIL:
        raise type_error(who, 1, "list", lst)
    return result


def _long_reverse(lst, bound=None):
    """reverse's (the copy, the pairs copied) when lst is a proper list of under _LONG
    pairs (or `bound`'s length), walked with no cycle search; NOPE otherwise, for
    _reverse's windows (an improper tail or a cycle, found and reported there).
    Only a Pair has a `car`."""
    result = NIL
    p = lst
    try:
        for n in bound or _LONG_RANGE:
            if p is NIL:
                return result, n
            q = new_pair()
            q.car = p.car
            q.cdr = result
            result = q
            p = p.cdr
    except AttributeError:
        pass
    return NOPE


def _long_copy(bound, lst, tail):
    """(a copy of lst ending in tail, the pairs copied) when lst is a proper list of 1
    to len(bound) pairs (bound a range from 0), walked with no cycle search; NOPE
    otherwise (the empty list, an improper tail, a cycle, a longer list: append's own
    walks find and report them).  Only a Pair has a `car`."""
    p = lst
    if type(p) is not Pair:
        return NOPE
    head = last = new_pair()
    head.car = p.car
    p = p.cdr
    try:
        for n in bound:
            if p is NIL:
                last.cdr = tail
                return head, n + 1
            cell = last.cdr = new_pair()
            cell.car = p.car
            last = cell
            p = p.cdr
    except AttributeError:
        pass
    return NOPE


@primitive("reverse!", args=(WALKED_LIST,))
def reverse_bang(lst):
    return _reverse("reverse!", lst)


def _drop(who, lst, k):
    """The chain `lst` after `k` pairs (an index error if it has fewer).

    A long walk is charged one step per pair passed; on a circular list it
    goes round the cycle arithmetically rather than k times."""
    if k > SHORT:
        n = rest_length(lst)
        if n is not None and n < k:
            raise scheme_error(f"{who}: index out of range", k)
        charge(k)
        if n is None:
            k = _in_cycle(lst, k)
    p = lst
    try:
        for _ in range(k):
            p = p.cdr  # only a Pair has a cdr
    except AttributeError:
        raise scheme_error(f"{who}: index out of range", k) from None
    return p


def _in_cycle(lst, k):
    """For circular `lst`: a number of steps under twice its pair count that
    reaches the same pair as `k` steps."""
    seen = {}
    p = lst
    i = 0
    while id(p) not in seen:
        seen[id(p)] = i
        p = p.cdr
        i += 1
    start = seen[id(p)]
    period = i - start
    return k if k < start else start + (k - start) % period


@primitive("list-tail", args=(ANY, EXACT_NONNEG))
def list_tail(lst, k):
    return _drop("list-tail", lst, k)


@primitive("list-ref", args=(ANY, EXACT_NONNEG))
def list_ref(lst, k):
    p = _drop("list-ref", lst, k)
    if type(p) is not Pair:
        raise scheme_error("list-ref: index out of range", k)
    return p.car


@primitive("list-set!", args=(ANY, EXACT_NONNEG, ANY))
def list_set(lst, k, v):
    p = _drop("list-set!", lst, k)
    if type(p) is not Pair:
        raise scheme_error("list-set!: index out of range", k)
    p.car = v
    return UNSPECIFIED


@primitive("list-copy")
def list_copy(lst):
    items, tail = list_items("list-copy", 1, lst)
    return list_to_scheme(items, tail)


@primitive("last-pair", args=(PAIR,))
def last_pair(lst):
    p = lst
    w = SHORT
    mark = NO_MARK
    while True:  # (in windows, as _reverse walks)
        i = 0
        for i in range(w):
            if type(p.cdr) is not Pair:
                break
            p = p.cdr
            if p is mark:  # a cycle (see registry.NO_MARK)
                raise circular_error("last-pair", 1, lst)
        else:
            w = next_window(w)
            mark = p
            continue
        break
    if i >= 256:
        charge(i)
    return p


# An exact integer's comparisons below are `k == x and type(k) is int`: a miss (most
# of a search) is one comparison of numbers or, for anything else, of identities (no
# Scheme value has an __eq__ of its own), and 1.0 and #t, which Python finds equal
# to 1, are not exact integers.


def _key_kind(x, same) -> int:
    """How member_scan and assoc_scan compare with x: 1 by identity, 2 as an
    equal exact integer, 3 as a short string's text, 5 as a flat vector
    (same_flat), 6 as a list, flat (same_flat_list) or not (`same`), 0 by calling `same`.  The
    others only for eq?, eqv? and equal?, where they give the same answer
    without the call."""
    tx = type(x)
    if tx is Symbol or tx is Char or tx is bool or x is NIL:
        return 1 if same is eq or same is eqv or same is equal else 0  # interned: identity
    if tx is int:
        return 2 if same is eqv or same is equal else 0  # eqv? and equal? on an exact integer
    if tx is MString and same is equal and len(x.s) < 256:
        # equal? on strings compares their text; under 256 characters it
        # charges nothing (runtime.charge), so the comparison is the whole of it.
        return 3
    if tx is list and same is equal and flat_vector(x):
        return 5  # a short vector of exact numbers and interned atoms: same_flat
    if tx is Pair and same is equal:
        return 6  # a list: same_flat_list where it is flat (_typed_walk looks), else equal?
    return 0


# The most pairs flat_list takes: equal? on a list of this many pairs and anything
# else passes at most this many pairs of each (it stops where the shorter ends),
# well under the 256 steps that it charges from and the 64 pairs along a cdr chain
# after which it looks for a cycle.
_FLAT_LIST_MOST = 32


def flat_list(x):
    """(the cars of x as a tuple, its last cdr) when x is a chain of 1 to
    _FLAT_LIST_MOST pairs whose cars are each of a type of _FLAT (exact numbers,
    booleans, symbols, characters) and whose last cdr is '() or of such a type too;
    None otherwise.  equal? on such a list and anything k is then same_flat_list's
    answer, and charges nothing: the keys of an association list of word pairs,
    coordinates as (x . y), a machine's (state . symbol), a search's states as
    lists of numbers."""
    items = []
    p = x
    while type(p) is Pair:
        c = p.car
        if type(c) not in _FLAT or len(items) == _FLAT_LIST_MOST:
            return None
        items.append(c)
        p = p.cdr
    if not items or (p is not NIL and type(p) not in _FLAT):
        return None
    return tuple(items), p


def same_flat_list(flat, k) -> bool:
    """equal? of a flat list (flat_list's `flat`: its cars, its last cdr) and anything
    k: as many pairs, each car eqv? to the item in its place (== and the same type,
    as in same_flat), and a last cdr eqv? to the list's ('() or an atom)."""
    items, tail = flat
    for a in items:
        if type(k) is not Pair:
            return False
        c = k.car
        if c is not a and (c != a or type(c) is not type(a)):
            return False
        k = k.cdr
    return k is tail or (k == tail and type(k) is type(tail))


def member_scan(name, x, lst, same, key=None):
    """memq/memv/member: the first pair of `lst` whose car is `same` as x.

    `same` is eq, eqv, equal or any Python function of two values whose
    result is true unless it is #f (a Scheme procedure's caller).  One
    loop per way of comparing (_key_kind), each looking for a cycle as it
    goes (registry.NO_MARK).  With `key` (_text_key's, `same` the standard
    string=? or string-ci=?), a string under 256 characters is compared by
    its key here, as `same` would compare it, charging nothing; anything
    else is `same`'s to compare (its error, its charge)."""
    kind = 4 if key is not None else _key_kind(x, same)
    found = _typed_walk(x, lst, kind, False)
    if found is not NOPE:
        if found[1] >= 256:
            charge(found[1])  # (the loops' charge of the pairs they pass, below)
        return found[0]
    p = lst
    n = w = SHORT
    mark = NO_MARK
    if kind == 4:
        want = key(x.s)
        while type(p) is Pair:
            k = p.car
            if type(k) is MString and len(k.s) < 256:
                if key(k.s) == want:
                    break
            elif same(x, k) is not False:
                break
            p = p.cdr
            if p is mark:
                raise circular_error(name, 2, lst)
            n -= 1
            if n == 0:
                n = w = next_window(w)
                mark = p
    elif kind == 1:
        while type(p) is Pair and p.car is not x:
            p = p.cdr
            if p is mark:
                raise circular_error(name, 2, lst)
            n -= 1
            if n == 0:
                n = w = next_window(w)
                mark = p
    elif kind == 2:
        while type(p) is Pair:
            k = p.car
            if k == x and type(k) is int:
                break
            p = p.cdr
            if p is mark:
                raise circular_error(name, 2, lst)
            n -= 1
            if n == 0:
                n = w = next_window(w)
                mark = p
    elif kind == 3:
        text = x.s
        while type(p) is Pair:
            k = p.car
            if type(k) is MString and k.s == text:
                break
            p = p.cdr
            if p is mark:
                raise circular_error(name, 2, lst)
            n -= 1
            if n == 0:
                n = w = next_window(w)
                mark = p
    else:
        if kind == 5:
            same = same_flat  # (equal?'s answer, without its tests of x)
        while type(p) is Pair and same(x, p.car) is False:
            p = p.cdr
            if p is mark:
                raise circular_error(name, 2, lst)
            n -= 1
            if n == 0:
                n = w = next_window(w)
                mark = p
    return _search_end(name, lst, p, w - n, False)


def _text_key(f, x):
    """The text key of the standard string=? or string-ci=? when `f` is its Python
    function and x a string it compares without charging (under 256 characters)."""
    key = getattr(getattr(f, "__wrapped__", None), "text_key", None)
    if key is None or type(x) is not MString or len(x.s) >= 256:
        return None
    return key


# Primitive's Python function -> its text key (_text_key's) or None, as asked; emptied
# when full (a primitive made per interpreter must not be kept alive here for good).
_TEXT_KEYS: dict = {}
_TEXT_KEYS_MAX = 64


def _standard_text_key(pred, x):
    """The text key of `pred` when it is the standard string=? or string-ci=? and x a
    string under 256 characters (as _text_key, without making a caller first)."""
    if type(pred) is not Primitive or type(x) is not MString or len(x.s) >= 256:
        return None
    fn = pred.fn
    try:
        return _TEXT_KEYS[fn]
    except KeyError:
        if len(_TEXT_KEYS) >= _TEXT_KEYS_MAX:
            _TEXT_KEYS.clear()
        key = _TEXT_KEYS[fn] = getattr(getattr(fn, "__wrapped__", None), "text_key", None)
        return key


def quick_key_member(want, key, lst):
    """member's value with the standard string=?/string-ci=? (`key` its text key,
    `want` the key of the string sought) when the search ends within 255 pairs,
    every element it looks at a string under 256 characters; NOPE otherwise.
    Those comparisons charge nothing and raise nothing, so the procedure's
    own scan (member_scan) gives the same answer, errors and charges."""
    p = lst
    try:
        for _ in _QUICK:
            if p is NIL:
                return False
            k = p.car.s  # (only an MString has an `s`)
            if len(k) >= 256:
                return NOPE
            if key(k) == want:
                return p
            p = p.cdr
    except AttributeError:
        pass
    return NOPE


def quick_key_assoc(want, key, alist):
    """assoc's value as quick_key_member gives member's (the entries' cars compared), or NOPE."""
    p = alist
    try:
        for _ in _QUICK:
            if p is NIL:
                return False
            e = p.car
            k = e.car.s  # (only a Pair has a car)
            if len(k) >= 256:
                return NOPE
            if key(k) == want:
                return e
            p = p.cdr
    except AttributeError:
        pass
    return NOPE


# The longest walk _long_assoc takes: past it (a longer list, or a circular one) the
# general loop walks again from the start, looking for a cycle as it goes.
_LONG = 1 << 16
_LONG_RANGE = range(_LONG)
# The rounds of four pairs of the long searches' walks: _LONG pairs.
_ROUNDS = range(_LONG // 4)


# The typed walks of the searches: memq/memv/member and assq/assv/assoc look for
# a symbol, character, boolean or '() by identity, an exact integer by value and
# type, a short string by its text.  Each such walk takes four pairs a round, its
# `for` over rounds (_ROUNDS, _QUICK_ROUNDS): the loop's own cost, a quarter of
# what it was a pair a round, 0.67-0.84 of the time per pair over lists of 100 to
# 1,000 (lzw 0.841 of its instructions, topo-sort 0.819, bfs 0.871).  The rounds
# are written once, by _rounds, and the four functions made from its text
# (_LONG_TEXT, _QUICK_TEXT).  No type tests but for the key: only a Pair has a
# `car` (only an MString an `s`), so a read off anything else raises
# AttributeError, which ends the walk with NOPE, for the procedure's own loop.

# What a walk reads off each pair, its test for a match, and what a match gives (a
# class read as `k.__class__`, without the call of type, as generated code reads it).
_MATCHES = {
    ("member", "identity"): ("", "p.car is x", "p"),
    ("member", "integer"): ("k = p.car", "k == x and k.__class__ is int", "p"),
    ("member", "text"): ("k = p.car", "k.__class__ is MString and k.s == text", "p"),
    ("member", "quick text"): ("", "p.car.s == text", "p"),
    ("assoc", "identity"): ("e = p.car", "e.car is x", "e"),
    ("assoc", "integer"): ("e = p.car\nk = e.car", "k == x and k.__class__ is int", "e"),
    ("assoc", "text"): ("e = p.car\nk = e.car", "k.__class__ is MString and k.s == text", "e"),
    ("assoc", "quick text"): ("e = p.car", "e.car.s == text", "e"),
}


def _rounds(search: str, match: str, counted: bool) -> str:
    """The text of one round of a walk: four pairs, each the end (False), a match, or
    on to the next; `counted`: with the pairs passed (4 * n + i), as _long_* give.  Indented
    for the body of a `for` in a function's `try` (16 spaces)."""
    fetch, test, item = _MATCHES[search, match]
    lines = []
    for i in range(4):
        at = f"4 * n + {i}" if i else "4 * n"
        lines += ["if p is NIL:", f"    return False, {at}" if counted else "    return False"]
        lines += fetch.split("\n") if fetch else []
        lines += [f"if {test}:", f"    return {item}, {at}" if counted else f"    return {item}", "p = p.cdr"]
    return "\n".join(" " * 16 + line for line in lines)


_LONG_TEXT = """
def _long_{search}(x, lst, kind, text=None):
    p = lst
    if kind == 5:
        return _flat_search(x, lst, _LONG_RANGE, {entries})
    try:
        if kind == 1:
            for n in _ROUNDS:
{identity}
        elif kind == 2:
            for n in _ROUNDS:
{integer}
        else:
            if text is None:
                text = x.s
            for n in _ROUNDS:
{text}
    except AttributeError:
        pass
    return NOPE
"""


def _flat_search(x, lst, walk, entries: bool, flat=None):
    """The walk of member (`entries` false) or assoc for a flat vector key (kind 5), a pair
    a round over `walk` (a range): (the pair or entry, or False, the pairs passed), or
    NOPE (an improper tail, an entry that is not a pair, a longer list).  With `flat`
    (flat_list's), for a flat list key (kind 6): the first car compared where the walk
    is, the rest by same_flat_list where it matches.  (On NOPE the general loops
    compare by equal? itself, which gives the same answers.)"""
    p = lst
    first = flat[0][0] if flat else None
    try:
        for n in walk:
            if p is NIL:
                return False, n
            e = p.car
            k = e.car if entries else e
            if flat is None:
                if k == x and same_flat(x, k):
                    return (e if entries else p), n
            elif type(k) is Pair and k.car == first and same_flat_list(flat, k):
                return (e if entries else p), n
            p = p.cdr
    except AttributeError:
        pass
    return NOPE


def _typed_walk(x, lst, kind, entries: bool, text=None):
    """The typed walk of member (`entries` false) or assoc for comparison `kind` (_key_kind's):
    (the pair or entry, or False, the pairs passed), or NOPE for the general loops."""
    if kind == 6:
        flat = flat_list(x)
        return NOPE if flat is None else _flat_search(x, lst, _LONG_RANGE, entries, flat)
    if 1 <= kind <= 3 or kind == 5:
        return _long_assoc(x, lst, kind, text) if entries else _long_member(x, lst, kind)
    return NOPE


def assoc_scan(name, x, alist, same, key=None):
    """assq/assv/assoc: the first entry of `alist` whose car is `same` as x (as member_scan)."""
    kind = 4 if key is not None else _key_kind(x, same)
    text = x.s if kind == 3 else None
    found = _typed_walk(x, alist, kind, True, text)
    if found is not NOPE:
        if found[1] >= 256:
            charge(found[1])  # (the general loop's charge of the pairs it passes)
        return found[0]
    want = key(x.s) if kind == 4 else None
    p = alist
    n = w = SHORT
    mark = NO_MARK
    while type(p) is Pair:
        entry = p.car
        if type(entry) is not Pair:
            raise scheme_error(f"{name}: argument 2 must be an association list", alist)
        k = entry.car
        if kind == 4:
            if type(k) is MString and len(k.s) < 256:
                if key(k.s) == want:
                    break
            elif same(x, k) is not False:
                break
        elif kind == 1:
            if k is x:
                break
        elif kind == 3:
            if type(k) is MString and k.s == text:
                break
        elif kind == 2:
            if k == x and type(k) is int:
                break
        elif kind == 5:
            if same_flat(x, k):
                break
        elif same(x, k) is not False:
            break
        p = p.cdr
        if p is mark:
            raise circular_error(name, 2, alist)
        n -= 1
        if n == 0:
            n = w = next_window(w)
            mark = p
    return _search_end(name, alist, p, w - n, True)


# What quick_member and quick_assoc return when they leave the search to
# the procedure itself.
NOPE = object()
# They take fewer steps than this: a walk of under 256 pairs charges nothing.
_QUICK = range(255)
# The typed walks of quick_member and quick_assoc take four pairs a round: 256 pairs,
# the 256th passing 255 (as _long_assoc's rounds).
_QUICK_ROUNDS = range(64)

_QUICK_TEXT = """
def quick_{search}(x, lst, same):
    p = lst
    tx = type(x)
    try:
{typed}
    except AttributeError:
        return NOPE
    if tx is list and same is equal and flat_vector(x):
        found = _flat_search(x, lst, _QUICK, {entries})
        return NOPE if found is NOPE else found[0]
    if tx is Pair and same is equal:
        flat = flat_list(x)
        if flat is not None:
            found = _flat_search(x, lst, _QUICK, {entries}, flat)
            return NOPE if found is NOPE else found[0]
    if same is equal:
        return NOPE  # an equal? that may walk a structure (and charge for it)
    for _ in _QUICK:
        if type(p) is not Pair:
            return False if p is NIL else NOPE
{general}
        p = p.cdr
    return NOPE
"""

_QUICK_IDENTITY_TEXT = """
def quick_{search}_{kind}(x, lst):
    p = lst
    try:
{first}
        for _ in _LATER_QUICK_ROUNDS:
{rounds}
    except AttributeError:
        pass
    return NOPE
"""
_LATER_QUICK_ROUNDS = range(len(_QUICK_ROUNDS) - 1)

# quick_*'s typed walks, each under its test of the key (strings first for assoc:
# its usual keys, and word-count's), and the other comparisons' loop.
_QUICK_KEYS = {
    "identity": "tx is Symbol or tx is Char or tx is bool or x is NIL",
    "integer": "tx is int and same is not eq",
    "quick text": "tx is MString and same is equal and len(x.s) < 256",
}
_QUICK_ORDER = {"member": ("identity", "integer", "quick text"), "assoc": ("quick text", "identity", "integer")}
_QUICK_GENERAL = {
    "member": "        if same(x, p.car):\n            return p",
    "assoc": ("        e = p.car\n        if type(e) is not Pair:\n            return NOPE\n"
              "        if same(x, e.car):\n            return e"),
}


def _walks(search: str) -> None:
    """Make _long_<search> and quick_<search> from their texts and _rounds'."""
    typed = []
    for match in _QUICK_ORDER[search]:
        typed.append(f"        if {_QUICK_KEYS[match]}:")
        if match == "quick text":
            typed.append("            text = x.s")
        typed += ["            for _ in _QUICK_ROUNDS:", _rounds(search, match, False), "            return NOPE"]
    texts = {match: _rounds(search, match, True) for match in ("identity", "integer", "text")}
    entries = search == "assoc"
    source = (_LONG_TEXT.format(search=search, entries=entries, **texts)
              + _QUICK_TEXT.format(search=search, entries=entries, typed="\n".join(typed),
                                   general=_QUICK_GENERAL[search]))
    # The walk for a key the program's text gives as a symbol (pyfunc.py), and the one
    # for a key generated code has found an exact integer (inline.SEARCHES): the round
    # of the first four pairs written out before the loop of the other 63.
    for kind in ("identity", "integer"):
        rounds = _rounds(search, kind, False)
        first = "\n".join(line[8:] for line in rounds.split("\n"))
        source += _QUICK_IDENTITY_TEXT.format(search=search, kind=kind, first=first, rounds=rounds)
    exec(compile(source, f"<lists._walks {search}>", "exec"), globals())


_walks("member")
_walks("assoc")
_long_member.__doc__ = """member_scan's answer for comparison `kind` 1, 2, 3 or 5 (_key_kind's) when lst is a
    proper list of under _LONG pairs: (the pair or False, the pairs passed); NOPE otherwise
    (an improper tail, or a cycle, for the loops that find and report it)."""
_long_assoc.__doc__ = """assoc_scan's answer as _long_member gives member_scan's: (the entry or False, the
    pairs passed), or NOPE (an element that is not a pair too, for the general loop's error)."""
quick_member.__doc__ = """memq/memv/member's value (`same` is eq, eqv or equal) when the search
    ends within 256 pairs (passing at most 255: no charge), without an error and without
    calling an equal? that could charge steps; NOPE otherwise.  For code that calls the
    procedure itself on NOPE (pyfunc.py, through inline.SEARCHES): so the errors, the
    steps charged and the cycles are all the procedure's.  (An exception at the end of
    every miss would cost more than the tests it saves: char-class's memv misses on
    most characters.)"""
quick_assoc.__doc__ = """assq/assv/assoc's value as quick_member gives member's, or NOPE
    (NOPE too at an element that is not a pair: the procedure's error)."""
quick_member_identity.__doc__ = """quick_member's answer when x is a symbol (pyfunc.py writes it where the
    program's text gives the key as a quoted symbol, whose comparison by eq?, eqv? and
    equal? is identity): the same pairs passed, without the tests of x's type."""
quick_assoc_identity.__doc__ = """quick_assoc's answer when x is a symbol, as quick_member_identity gives
    quick_member's."""
quick_member_integer.__doc__ = """quick_member's answer for eqv? or equal? when x is an exact integer (the
    caller has tested it: inline.SEARCHES), without the tests of x's type and of `same`."""
quick_assoc_integer.__doc__ = """quick_assoc's answer for eqv? or equal? when x is an exact integer, as
    quick_member_integer gives quick_member's."""


# The same for conversions of short lists and strings (inline.CONVERSIONS): the
# value when the list is proper, under 255 pairs, and of the right elements (the
# string under 255 characters), which the procedure would not charge for; NOPE
# for the procedure to do it, errors and charges included.  As in the searches,
# reading car, cdr or ch off what is not a pair or a character raises
# AttributeError: the walks test only for the end (NIL) and take that error
# for NOPE.


def quick_length(lst):
    p = lst
    n = 0
    try:
        for _ in _QUICK:
            if p is NIL:
                return n
            p = p.cdr  # (only a Pair has a cdr: an improper tail raises)
            n += 1
    except AttributeError:
        pass
    return NOPE


def quick_reverse(lst):
    found = _long_reverse(lst, _QUICK)
    return NOPE if found is NOPE else found[0]


def _quick_chars(lst):
    """The characters (their texts) of a short proper list of characters, or None."""
    out = []
    p = lst
    try:
        for _ in _QUICK:
            if p is NIL:
                return out
            out.append(p.car.ch)  # (only a Pair has a car, only a Char a ch)
            p = p.cdr
    except AttributeError:
        pass  # an improper tail or an element that is not a character
    return None


def _text(chars) -> MString:
    m = MString()  # (new_string's body, without its call)
    m.s = "".join(chars)
    return m


def quick_list_to_string(lst):
    chars = _quick_chars(lst)
    return NOPE if chars is None else _text(chars)


def quick_reversed_string(lst):
    """(list->string (reverse lst)) in one walk, with no reversed list made
    (pyfunc.py writes it for that nesting when neither procedure has been
    redefined): the string, or NOPE where either quick path would give NOPE,
    when the two procedures run as usual, one after the other."""
    chars = _quick_chars(lst)
    if chars is None:
        return NOPE
    chars.reverse()
    return _text(chars)


def quick_reversed_text(s):
    """(list->string (reverse (string->list s))) with no list made (pyfunc.py writes it
    for that nesting when none of the three procedures has been redefined): the
    reversed string when s is a string of under 255 characters, which each quick
    path takes and no procedure charges for; NOPE otherwise (the three in turn)."""
    if type(s) is not MString or len(s.s) >= 255:
        return NOPE
    return new_string(s.s[::-1])


# quick_append(lst, tail): (append lst tail) when lst is a proper list of 1 to 255
# pairs, copied in one walk: (the copy, the pairs copied) for the procedure to charge
# and limit as its own walk would; NOPE otherwise (the procedure's own way: its
# error, or a longer list's charges).  _long_copy's first 255 pairs.
quick_append = partial(_long_copy, _QUICK)


def quick_tail(lst, k):
    """(list-tail lst k) for an exact k of at most SHORT (a walk _drop charges
    nothing for), when lst has k pairs to pass: the tail; NOPE otherwise (the
    procedure: its error, or a longer walk's charge and cycle arithmetic)."""
    try:
        steps = _TAIL_WALKS[k]
    except (IndexError, TypeError):
        return NOPE
    if type(k) is not int or k < 0:  # (a bool indexes the list, a negative k from its end)
        return NOPE
    p = lst
    try:
        for _ in steps:
            p = p.cdr  # only a Pair has a cdr
    except AttributeError:
        return NOPE
    return p


# quick_tail's walks, made once: range(k) for every k up to SHORT (a fifth of
# a call of quick_tail on a list of 16, measured, against range(k) made each time).
_TAIL_WALKS = [range(k) for k in range(SHORT + 1)]


def quick_ref(lst, k):
    """(list-ref lst k) as quick_tail gives list-tail: the element, or NOPE.  Its walk
    written here again, not a call of quick_tail (tic-tac-toe reads its boards by
    list-ref: 0.90 of its instructions)."""
    try:
        steps = _TAIL_WALKS[k]
    except (IndexError, TypeError):
        return NOPE
    if type(k) is not int or k < 0:
        return NOPE
    p = lst
    try:
        for _ in steps:
            p = p.cdr
    except AttributeError:
        return NOPE
    return p.car if type(p) is Pair else NOPE


def quick_string_to_list(s):
    if type(s) is not MString or len(s.s) >= 255:
        return NOPE
    table = Char._table
    result = NIL
    try:
        # (A subscript, not `table.get(ch) or Char.of(ch)`: 0.77 of the time on a
        # word of 7 characters, 0.92 on 136, measured.)
        for ch in reversed(s.s):
            q = new_pair()
            q.car = table[ch]
            q.cdr = result
            result = q
    except KeyError:  # a character not made yet: make them all, then again
        for ch in s.s:
            Char.of(ch)
        return quick_string_to_list(s)
    return result


def _mem(name, same):
    def mem(x, lst):
        return member_scan(name, x, lst, same)

    primitive(name, args=(ANY, WALKED_LIST))(mem)


_mem("memq", eq)
_mem("memv", eqv)


def _ass(name, same):
    def ass(x, alist):
        return assoc_scan(name, x, alist, same)

    primitive(name, args=(ANY, WALKED_LIST))(ass)


_ass("assq", eq)
_ass("assv", eqv)


@primitive("eof-object")
def eof_object():
    return EOF


@primitive("eof-object?")
def is_eof(x):
    return x is EOF


def _search_end(name, lst, p, passed: int, entries: bool):
    """The end of member_scan's, assoc_scan's and scan_calling's general loops, at
    pair or tail `p` after `passed` pairs: their charge, then the pair (its entry for
    assoc), an improper tail's error, or #f."""
    if passed >= 256:
        charge(passed)
    if type(p) is Pair:
        return p.car if entries else p
    if p is not NIL:
        raise type_error(name, 2, "list", lst)
    return False


def scan_calling(name, x, lst, fast, env, entries: bool, budget, run):
    """member (`entries` false) or assoc with a predicate that is a closure entered
    at its fast entry for two arguments, as calls.caller's call2 enters it (the
    call's tick, a tail call it leaves run to its value): the general loops of
    member_scan and assoc_scan, their errors, cycles and charge, with one Python
    frame an element where a call through call2 takes two (room-booking's
    `(member meeting rest overlaps?)`)."""
    p = lst
    n = w = SHORT
    mark = NO_MARK
    while type(p) is Pair:
        k = p.car
        if entries:
            if type(k) is not Pair:
                raise scheme_error(f"{name}: argument 2 must be an association list", lst)
            k = k.car
        for _ in budget.it: break
        else: budget.exhausted()
        r = fast(x, k, env)
        if type(r) is tuple:
            r = run(*r)
        if r is not False:
            break
        p = p.cdr
        if p is mark:
            raise circular_error(name, 2, lst)
        n -= 1
        if n == 0:
            n = w = next_window(w)
            mark = p
    return _search_end(name, lst, p, w - n, entries)


@needs_interp
def _higher_order(interp, define):
    """List procedures that call back into Scheme: member/assoc with a
    predicate, map, for-each, filter, fold and friends."""
    scheme = named(define)
    caller = interp.caller
    budget = interp.budget
    run = interp.apply

    @scheme("member", args=(ANY, WALKED_LIST, ANY))
    def member(x, lst, pred=None):
        if pred is None:
            return member_scan("member", x, lst, equal)
        key = _standard_text_key(pred, x)
        if key is not None:
            found = quick_key_member(key(x.s), key, lst)
            if found is not NOPE:
                return found
        ready(pred, 2)
        if type(pred) is Closure and pred.fk == 2:
            return scan_calling("member", x, lst, pred.fast, pred.env, False, budget, run)
        f = caller(pred, 2)
        return member_scan("member", x, lst, f, _text_key(f, x))

    @scheme("assoc", args=(ANY, WALKED_LIST, ANY))
    def assoc(x, alist, pred=None):
        if pred is None:
            return assoc_scan("assoc", x, alist, equal)
        key = _standard_text_key(pred, x)
        if key is not None:
            found = quick_key_assoc(key(x.s), key, alist)
            if found is not NOPE:
                return found
        ready(pred, 2)
        if type(pred) is Closure and pred.fk == 2:
            return scan_calling("assoc", x, alist, pred.fast, pred.env, True, budget, run)
        f = caller(pred, 2)
        return assoc_scan("assoc", x, alist, f, _text_key(f, x))

    @scheme("map", lo=2, args=(ANY,), rest=LISTS_IN_STEP)
    def map_(proc, *lists):
        # Built front to back by setting each new pair's cdr: no Python list
        # of the results, and pairs made as pyfunc.py makes them (no __init__).
        head = last = new_pair()
        # Each walk looks for a cycle as it goes (registry.NO_MARK); the calls
        # of `f` pay for the steps.
        n = w = SHORT
        mark = NO_MARK
        if len(lists) == 1:
            # A closure with a fast entry is called here, as for-each calls it
            # (and no `caller` is made: a map of a few elements spent a tenth
            # of its time making one).
            fast = env = None
            ready(proc, 1)
            if type(proc) is Closure and proc.fk == 1:
                fast, env = proc.fast, proc.env
            else:
                f = caller(proc, 1)
            p = lists[0]
            while type(p) is Pair:
                q = new_pair()
                if fast is None:
                    q.car = f(p.car)
                else:
                    for _ in budget.it: break
                    else: budget.exhausted()
                    v = fast(p.car, env)
                    q.car = run(*v) if type(v) is tuple else v
                last.cdr = last = q
                p = p.cdr
                if p is mark:
                    raise circular_error("map", 2, lists[0])
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = p
            if p is not NIL:
                raise type_error("map", 2, "list", lists[0])
        elif len(lists) == 2:
            f = caller(proc, 2)
            p, r = lists
            j = 0
            while type(p) is Pair and type(r) is Pair:
                q = new_pair()
                q.car = f(p.car, r.car)
                last.cdr = last = q
                p, r = p.cdr, r.cdr
                if (r if j else p) is mark:
                    j, mark = proven("map", 2, lists, j)
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = r if j else p
        else:
            f = caller(proc, len(lists))
            ps = list(lists)
            j = 0
            while all(type(p) is Pair for p in ps):
                q = new_pair()
                q.car = f(*[p.car for p in ps])
                last.cdr = last = q
                ps = [p.cdr for p in ps]
                if ps[j] is mark:
                    j, mark = proven("map", 2, lists, j)
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = ps[j]
        last.cdr = NIL
        return head.cdr

    @scheme("for-each", lo=2, args=(ANY,), rest=LISTS_IN_STEP)
    def for_each(proc, *lists):
        n = w = SHORT  # looking for a cycle as map does
        mark = NO_MARK
        if len(lists) == 1:
            # A closure with a fast entry is called here as calls.caller's
            # call1 would call it: one Python frame per element, not two;
            # and a continuation it calls in tail position (an early exit,
            # `(lambda (x) (if (p x) (return x)))`) is invoked from here,
            # three frames fewer for the escape to unwind.
            fast = None
            ready(proc, 1)
            if type(proc) is Closure and proc.fk == 1:
                fast, env = proc.fast, proc.env
            else:
                f = caller(proc, 1)
            p = lists[0]
            while type(p) is Pair:
                if fast is None:
                    f(p.car)
                else:
                    for _ in budget.it: break
                    else: budget.exhausted()
                    r = fast(p.car, env)
                    if type(r) is tuple:
                        if type(r[0]) is Continuation:
                            invoke(interp, r[0], r[1])
                        else:
                            run(*r)
                p = p.cdr
                if p is mark:
                    raise circular_error("for-each", 2, lists[0])
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = p
            if p is not NIL:
                raise type_error("for-each", 2, "list", lists[0])
            return UNSPECIFIED
        f = caller(proc, len(lists))
        if len(lists) == 2:
            p, r = lists
            j = 0
            while type(p) is Pair and type(r) is Pair:
                f(p.car, r.car)
                p, r = p.cdr, r.cdr
                if (r if j else p) is mark:
                    j, mark = proven("for-each", 2, lists, j)
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = r if j else p
        else:
            ps = list(lists)
            j = 0
            while all(type(p) is Pair for p in ps):
                f(*[p.car for p in ps])
                ps = [p.cdr for p in ps]
                if ps[j] is mark:
                    j, mark = proven("for-each", 2, lists, j)
                n -= 1
                if n == 0:
                    n = w = w + w
                    mark = ps[j]
        return UNSPECIFIED

    @scheme("filter", args=(ANY, ELEMENTS_CALLED))
    def filter_(pred, lst):
        f = caller(pred, 1)
        return list_to_scheme([x for x in lst if f(x) is not False])

    @scheme("remove", args=(ANY, ELEMENTS_CALLED))
    def remove(pred, lst):
        f = caller(pred, 1)
        return list_to_scheme([x for x in lst if f(x) is False])

    @scheme("fold-left", lo=3, args=(ANY, ANY), rest=LISTS_IN_STEP)
    def fold_left(proc, init, *lists):
        f = caller(proc, len(lists) + 1)
        acc = init
        ps = list(lists)
        n = w = SHORT  # looking for a cycle as map does
        mark = NO_MARK
        j = 0
        while all(type(p) is Pair for p in ps):
            acc = f(acc, *[p.car for p in ps])
            ps = [p.cdr for p in ps]
            if ps[j] is mark:
                j, mark = proven("fold-left", 3, lists, j)
            n -= 1
            if n == 0:
                n = w = w + w
                mark = ps[j]
        return acc

    @scheme("fold-right", lo=3, args=(ANY, ANY), rest=ELEMENTS_CALLED, checks="body")
    def fold_right(proc, init, *lists):
        cols = [check_list("fold-right", i + 3, lst, True) for i, lst in enumerate(lists)]
        n = min(len(c) for c in cols) if cols else 0
        f = caller(proc, len(lists) + 1)
        acc = init
        for k in range(n - 1, -1, -1):
            acc = f(*[c[k] for c in cols], acc)
        return acc

    @scheme("fold", lo=3, args=(ANY, ANY), rest=LISTS_IN_STEP)
    def fold(proc, init, *lists):
        f = caller(proc, len(lists) + 1)
        acc = init
        ps = list(lists)
        n = w = SHORT  # looking for a cycle as map does
        mark = NO_MARK
        j = 0
        while all(type(p) is Pair for p in ps):
            acc = f(*[p.car for p in ps], acc)
            ps = [p.cdr for p in ps]
            if ps[j] is mark:
                j, mark = proven("fold", 3, lists, j)
            n -= 1
            if n == 0:
                n = w = w + w
                mark = ps[j]
        return acc

    @scheme("reduce", args=(ANY, ANY, ELEMENTS_CALLED))
    def reduce(proc, default, lst):
        items = lst
        if not items:
            return default
        f = caller(proc, 2)
        acc = items[0]
        for x in items[1:]:
            acc = f(x, acc)
        return acc

    @scheme("delete", args=(ANY, ELEMENTS, ANY))
    def delete(x, lst, pred=None):
        same = None if pred is None else caller(pred, 2)
        keep = [y for y in lst if not (equal(x, y) if same is None else same(x, y) is not False)]
        return list_to_scheme(keep)

    @scheme("find", args=(ANY, ELEMENTS_CALLED))
    def find(pred, lst):
        f = caller(pred, 1)
        for x in lst:
            if f(x) is not False:
                return x
        return False

    @scheme("find-tail")
    def find_tail(pred, lst):
        f = caller(pred, 1)
        p = lst
        n = w = SHORT  # looking for a cycle as map does
        mark = NO_MARK
        while type(p) is Pair:
            if f(p.car) is not False:
                return p
            p = p.cdr
            if p is mark:
                raise circular_error("find-tail", 2, lst)
            n -= 1
            if n == 0:
                n = w = w + w
                mark = p
        return False

    @scheme("any", lo=2, args=(ANY,), rest=LISTS_IN_STEP)
    def any_(pred, *lists):
        f = caller(pred, len(lists))
        ps = list(lists)
        n = w = SHORT  # looking for a cycle as map does
        mark = NO_MARK
        j = 0
        while all(type(p) is Pair for p in ps):
            v = f(*[p.car for p in ps])
            if v is not False:
                return v
            ps = [p.cdr for p in ps]
            if ps[j] is mark:
                j, mark = proven("any", 2, lists, j)
            n -= 1
            if n == 0:
                n = w = w + w
                mark = ps[j]
        return False

    @scheme("every", lo=2, args=(ANY,), rest=LISTS_IN_STEP)
    def every(pred, *lists):
        f = caller(pred, len(lists))
        ps = list(lists)
        v = True
        n = w = SHORT  # looking for a cycle as map does
        mark = NO_MARK
        j = 0
        while all(type(p) is Pair for p in ps):
            v = f(*[p.car for p in ps])
            if v is False:
                return False
            ps = [p.cdr for p in ps]
            if ps[j] is mark:
                j, mark = proven("every", 2, lists, j)
            n -= 1
            if n == 0:
                n = w = w + w
                mark = ps[j]
        return v

    @scheme("count", args=(ANY, ELEMENTS_CALLED))
    def count(pred, lst):
        f = caller(pred, 1)
        return sum(1 for x in lst if f(x) is not False)

    @scheme("list-index", args=(ANY, ELEMENTS_CALLED))
    def list_index(pred, lst):
        f = caller(pred, 1)
        for i, x in enumerate(lst):
            if f(x) is not False:
                return i
        return False

    @scheme("filter-map", args=(ANY, ELEMENTS_CALLED))
    def filter_map(proc, lst):
        f = caller(proc, 1)
        out = []
        for x in lst:
            v = f(x)
            if v is not False:
                out.append(v)
        return list_to_scheme(out)

    @scheme("delete-duplicates", args=(ELEMENTS, ANY))
    def delete_duplicates(lst, pred=None):
        same = None if pred is None else caller(pred, 2)
        out: list = []
        for x in lst:
            charge(len(out))
            if not any((equal(x, y) if same is None else same(y, x) is not False) for y in out):
                out.append(x)
        return list_to_scheme(out)

    @scheme("sort")
    def sort(seq, less):
        if type(seq) is list:
            items, is_vec = list(seq), True
            charge(len(items))
        else:
            items, is_vec = check_list("sort", 1, seq), False
        if type(less) is Pair or type(less) is list:  # (sort less seq) order, as some Schemes use
            items, less = check_list("sort", 2, less), seq
        if (less is interp.builtins.get(_LESS) or less is interp.builtins.get(_GREATER)) and \
                all(type(x) is int for x in items):
            # The standard < or > on exact integers: Python's own stable sort
            # orders them exactly as calling the procedure would, in C.
            charge(len(items) * max(1, len(items).bit_length()))
            items.sort(reverse=less is not interp.builtins.get(_LESS))
            return items if is_vec else list_to_scheme(items)
        charge(len(items) * max(1, len(items).bit_length()))
        ready(less, 2)
        if type(less) is Closure and less.fk == 2:
            fast, env = less.fast, less.env

            def lt(a, b):
                # (a closure entered at its fast entry as calls.caller's call2
                # enters it, one Python frame fewer a comparison)
                for _ in budget.it: break
                else: budget.exhausted()
                r = fast(a.x, b.x, env)
                if type(r) is tuple:
                    r = run(*r)
                return r is not False
        else:
            before = caller(less, 2)

            def lt(a, b):
                return before(a.x, b.x) is not False

        class Key:
            # Python's sort compares with < alone and is stable: one call
            # of `less` per comparison, equal elements kept in order.
            __slots__ = ("x",)
            __lt__ = lt

            def __init__(self, x):
                self.x = x

        items.sort(key=Key)
        return items if is_vec else list_to_scheme(items)

    def alloc(who, n):
        limit = interp.max_alloc
        if limit is not None and n > limit:
            raise MemoryLimitExceeded(f"{who}: allocation of {n} elements exceeds the limit of {limit}")
        charge(n)

    @scheme("append", "append!", rest=APPENDED)
    def append(*lists):
        if len(lists) == 2:
            if lists[0] is NIL:
                return lists[1]
            copied = quick_append(lists[0], lists[1])
            if copied is not NOPE:
                # (alloc's test; its charge of under 256 pairs is nothing: runtime.charge)
                limit = interp.max_alloc
                if limit is not None and copied[1] > limit:
                    alloc("append", copied[1])
                return copied[0]
        if not lists:
            return NIL
        if len(lists) > 1:
            # Each list but the last copied in one walk (_long_copy, from the last but
            # one back), then charged as the walks below and alloc charge, in the same
            # pieces (registry.walk_charges), so a step limit stops at the same step.
            # The walks are for errors, cycles and the cap's refusal: the copies made
            # before one is found are dropped.
            result = lists[-1]
            counts = []
            total = 0
            limit = interp.max_alloc
            for k in range(len(lists) - 2, -1, -1):
                if lists[k] is NIL:
                    continue
                copied = _long_copy(_LONG_RANGE, lists[k], result)
                if copied is NOPE:
                    break
                result, n = copied
                counts.append(n)
                total += n
                if limit is not None and total > limit:
                    break
            else:
                if total >= WORK_PER_STEP:  # (else every charge is of nothing: runtime.charge)
                    for n in reversed(counts):
                        walk_charges(n)
                    charge(total)
                return result
        parts = [check_list("append", i + 1, lst) for i, lst in enumerate(lists[:-1])]
        alloc("append", sum(len(p) for p in parts))
        result = lists[-1]
        for items in reversed(parts):
            result = list_to_scheme(items, result)
        return result

    @scheme("make-list", args=(EXACT_NONNEG, ANY))
    def make_list(k, fill=UNSPECIFIED):
        alloc("make-list", k)
        result = NIL
        for _ in range(k):
            q = new_pair()
            q.car = fill
            q.cdr = result
            result = q
        return result

    @scheme("iota", args=(EXACT_NONNEG, NUMBER, NUMBER))
    def iota(count, start=0, step=1):
        alloc("iota", count)
        result = NIL
        for i in range(count - 1, -1, -1):
            q = new_pair()
            q.car = normalize(start + i * step)
            q.cdr = result
            result = q
        return result

    @scheme("append-map", args=(ANY, ELEMENTS_CALLED))
    def append_map(proc, lst):
        f = caller(proc, 1)
        return append(*[f(x) for x in lst])

