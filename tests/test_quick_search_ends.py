"""The quick walks test only for the end of the list (lists.quick_member,
quick_assoc, and the conversions quick_length, quick_reverse, ...).

word-count's `(assoc word table)` spent a quarter of its time in
quick_assoc, whose loop tested the type of every pair, element and key.
The typed loops now test only `p is NIL` (the end: #f) and read `p.car`
(`e.car`, `.s`) straight away: only a Pair has a car and only an MString an
`s`, so a read off anything else raises AttributeError, which answers NOPE
(the procedure then runs, with its own error or answer).  (Ending every
miss on the exception instead made char-class's memv twice as slow.)
These tests pin that: a quick answer, when there is one, is the procedure's
(the very same pair, or #f), and the procedure gives it without an error;
and generated code agrees with the closure compiler on lists whose walk
stops early (keys of other types, elements that are not pairs, improper
tails).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost import SchemehostError
from schemehost.datatypes import NIL, Char, MString, Symbol, cons, new_string
from schemehost.primitives.lists import NOPE, assoc_scan, eq, equal, eqv, member_scan, quick_assoc, quick_member
from test_compiler_speedups import assert_same_both_ways

# A few values of each kind a key or an element can be; the strings twice,
# as distinct objects with the same text.
ATOMS = [Symbol.intern("a"), Symbol.intern("b"), Char.of("a"), Char.of("b"), True, False, NIL, 0, 1, 2.0,
         "ab", "", "ab", "x", 10**30]


def _value(atom):
    return new_string(atom) if type(atom) is str else atom


elements = st.recursive(st.sampled_from(range(len(ATOMS))).map(lambda k: _value(ATOMS[k])),
                        lambda inner: st.tuples(inner, inner).map(lambda t: cons(*t)), max_leaves=3)


def _chain(items, tail):
    out = tail
    for item in reversed(items):
        out = cons(item, out)
    return out


SAME = {"eq": eq, "eqv": eqv, "equal": equal}


@settings(max_examples=300, deadline=None)
@given(key=elements, items=st.lists(elements, max_size=8), tail=st.sampled_from([NIL, 5, Symbol.intern("z")]),
       same=st.sampled_from(sorted(SAME)), alist=st.booleans())
def test_quick_search_ends_answer_is_the_procedures_or_nope(key, items, tail, same, alist):
    lst = _chain(items, tail)
    quick = (quick_assoc if alist else quick_member)(key, lst, SAME[same])
    scan = assoc_scan if alist else member_scan
    try:
        expected = scan("assoc" if alist else "member", key, lst, SAME[same])
    except SchemehostError:
        assert quick is NOPE
        return
    if quick is not NOPE:
        assert quick is expected


@pytest.mark.parametrize("key, items, found", [
    ("ab", [new_string("x"), new_string("ab")], 1), (Symbol.intern("b"), [Symbol.intern("a"), Symbol.intern("b")], 1),
    (Char.of("b"), [Char.of("b")], 0), (3, [1, 2, 3], 2), ("zz", [new_string("a")], None), (NIL, [1, NIL], 1),
])
def test_quick_search_ends_proper_lists_of_one_kind_answer_quickly(key, items, found):
    """Lists of keys of the key's own kind: an answer, never NOPE (found is the
    index of the match, None for #f)."""
    key = new_string(key) if type(key) is str else key
    lst = _chain(items, NIL)
    pairs = _chain([cons(k, i) for i, k in enumerate(items)], NIL)
    member = quick_member(key, lst, equal)
    entry = quick_assoc(key, pairs, equal)
    if found is None:
        assert member is False and entry is False
    else:
        assert member.car is items[found]
        assert entry.cdr == found


SETUP = "(define circ (list 1 2 3)) (set-cdr! (cddr circ) circ)\n"

CALLS = [
    # a key of another kind before the match: the procedure goes on past it
    "(member \"b\" '(1 a \"b\"))", "(assoc \"b\" '((1 . 0) (a . 1) (\"b\" . 2)))", "(member \"b\" '(#\\b \"b\"))",
    "(memq 'b '(\"b\" 1 b))", "(assq 'b '((\"b\" . 1) (b . 2)))", "(memv 2 '(a \"x\" 2))",
    "(assv 2 '((a . 0) (2 . 1)))",
    # an element that is not a pair: the procedure's error, or its answer before it
    "(assoc \"b\" '((\"a\" . 1) 5 (\"b\" . 2)))", "(assq 'b '(() (b . 1)))", "(assq 'a '((a . 1) 5))",
    "(assoc \"a\" '((\"a\" . 1) . 5))", "(assv 1 '((0 . 0) ()))",
    # improper and circular lists, found before the tail and not
    "(member \"b\" '(\"a\" \"b\" . 3))", "(member \"c\" '(\"a\" \"b\" . 3))", "(memq 'c '(a . b))",
    "(member \"x\" circ)", "(assq 'x circ)",
    # strings that are not quite equal, the empty string and '() as a key
    "(member \"\" '(\"a\" \"\"))", "(assoc \"ab\" '((\"aB\" . 1) (\"ab \" . 2)))", "(memq '() '(a ()))",
    "(assq '() '((a . 1) (() . 2)))",
]


@pytest.mark.parametrize("call", CALLS)
def test_quick_search_ends_generated_code_agrees_with_the_closure_compiler(call):
    program = SETUP + f"(define (f) (list {call}))\n(f)"
    assert_same_both_ways(program)
    assert_same_both_ways(SETUP + f"(define (g) {call})\n(g)", step_limit=30)


# The conversions' walks (quick_length, quick_reverse, quick_list_to_string,
# quick_reversed_string) end the same way: an answer exactly when the list is
# proper, under 255 pairs and (for the strings) all characters; NOPE otherwise.
CHARS_AND_OTHERS = st.one_of(st.sampled_from("abλ ").map(Char.of), st.sampled_from([1, NIL, Symbol.intern("a")]))


@settings(max_examples=300, deadline=None)
@given(items=st.one_of(st.lists(CHARS_AND_OTHERS, max_size=6), st.lists(st.just(Char.of("c")), min_size=250, max_size=260)),
       tail=st.sampled_from([NIL, NIL, 5, Char.of("d")]))
def test_quick_search_ends_conversions_answer_exactly_on_short_proper_lists(items, tail):
    from schemehost.primitives.lists import quick_length, quick_list_to_string, quick_reverse, quick_reversed_string

    lst = _chain(items, tail)
    short = tail is NIL and len(items) < 255
    chars = short and all(type(c) is Char for c in items)
    assert quick_length(lst) == (len(items) if short else NOPE)
    reversed_list = quick_reverse(lst)
    if short:
        assert list(reversed_list) == items[::-1] and all(a is b for a, b in zip(reversed_list, items[::-1]))
    else:
        assert reversed_list is NOPE
    text = "".join(c.ch for c in items) if chars else None
    string = quick_list_to_string(lst)
    assert (string.s if chars else string) == (text if chars else NOPE)
    backwards = quick_reversed_string(lst)
    assert (backwards.s if chars else backwards) == (text[::-1] if chars else NOPE)


def test_quick_search_ends_string_made_without_init_is_the_constructors():
    """quick_list_to_string and quick_reversed_string make their MString as
    MString() then `s`: this pins that new_string sets that one slot and
    nothing else."""
    from schemehost.primitives.lists import quick_list_to_string, quick_reversed_string

    made = new_string("ab")
    missing = object()
    assert not hasattr(made, "__dict__") and MString.__slots__ == ("s",)
    for built, text in ((quick_list_to_string(_chain([Char.of("a"), Char.of("b")], NIL)), "ab"),
                        (quick_reversed_string(_chain([Char.of("b"), Char.of("a")], NIL)), "ab")):
        assert type(built) is MString and not hasattr(built, "__dict__")
        assert [getattr(built, slot, missing) for slot in MString.__slots__] == [text]
        assert [getattr(made, slot, missing) for slot in MString.__slots__] == [text]


# The typed walks take four pairs a round (lists._ROUNDS, _QUICK_ROUNDS): every
# position in a round, found and not, and the pairs passed that the procedures
# charge, against a walk of a pair at a time.
def _keys(kind, count):
    if kind == "symbol":
        return [Symbol.intern(f"k{i}") for i in range(count)]
    if kind == "int":
        return list(range(100, 100 + count))
    return [new_string(f"k{i}") for i in range(count)]


@pytest.mark.parametrize("kind", ["symbol", "int", "string"])
@pytest.mark.parametrize("alist", [False, True])
def test_quick_search_ends_four_pairs_a_round_every_position(kind, alist):
    from schemehost.primitives import lists

    same = {"symbol": eq, "int": eqv, "string": equal}[kind]
    code = {"symbol": 1, "int": 2, "string": 3}[kind]
    for count in list(range(0, 13)) + list(range(250, 262)) + [1021, 1022, 1023, 1024, 1025]:
        keys = _keys(kind, count)
        lst = _chain([cons(k, i) for i, k in enumerate(keys)] if alist else keys, NIL)
        pairs = []
        p = lst
        while p is not NIL:
            pairs.append(p)
            p = p.cdr
        sought = [(i, keys[i]) for i in sorted({0, 1, 2, 3, count // 2, count - 2, count - 1}) if 0 <= i < count]
        missing = {"symbol": Symbol.intern("none"), "int": 7, "string": new_string("none")}[kind]
        for at, key in sought + [(None, missing)]:
            probe = new_string(key.s) if kind == "string" else key  # (equal, not the same object)
            expected = False if at is None else (pairs[at].car if alist else pairs[at])
            passed = count if at is None else at
            if alist:
                long_answer = lists._long_assoc(probe, lst, code, probe.s if kind == "string" else None)
                quick = quick_assoc(probe, lst, same)
            else:
                long_answer = lists._long_member(probe, lst, code)
                quick = quick_member(probe, lst, same)
            assert long_answer[0] is expected and long_answer[1] == passed, (count, at)
            assert quick is (expected if passed < 256 else NOPE), (count, at)
