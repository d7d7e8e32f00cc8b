"""Quick paths inside library procedures (schemehost/primitives/lists.py).

`(append a b)` with `a` a proper list of under 256 pairs is copied in one
walk (quick_append); `(member x lst string-ci=?)` and `(assoc x alist
string=?)` with the standard comparisons compare texts in a loop of their
own (quick_key_member, quick_key_assoc).  Each answers NOPE where it is not
sure, and the procedure then takes its general way.  These tests run the
same calls with the quick paths on and off (patched to answer NOPE) and
expect the same written value or error text and the same step count, on
lists around the 255-pair edge, improper tails, keys of other types and
strings past 256 characters; and the quick answers against the scans.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import run_program
from schemehost.datatypes import NIL, MString, Pair, Symbol, cons, new_string
from schemehost.primitives import lists
from schemehost.primitives.lists import NOPE, assoc_scan, member_scan, quick_append, quick_key_assoc, quick_key_member


def _both(program: str, step_limit=10**6):
    """run_program's (value, output, steps) with the quick paths on, then off."""
    on = run_program(program, "tiered", step_limit)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(lists, "quick_append", lambda lst, tail: NOPE)
        m.setattr(lists, "_long_copy", lambda bound, lst, tail: NOPE)
        m.setattr(lists, "_long_assoc", lambda x, alist, kind, text: NOPE)
        m.setattr(lists, "_long_member", lambda x, lst, kind: NOPE)
        m.setattr(lists, "_long_reverse", lambda lst, bound=None: NOPE)
        m.setattr(lists, "quick_key_member", lambda want, key, lst: NOPE)
        m.setattr(lists, "quick_key_assoc", lambda want, key, alist: NOPE)
        off = run_program(program, "tiered", step_limit)
    return on, off


def test_quick_paths_are_on_by_default_and_patched_off_in_these_tests(monkeypatch):
    """The patch reaches the calls (else the comparisons below compare a path with itself)."""
    calls = []
    real = lists.quick_append
    monkeypatch.setattr(lists, "quick_append", lambda lst, tail: calls.append(1) or real(lst, tail))
    monkeypatch.setattr(lists, "quick_key_assoc", lambda *a: calls.append(2) or NOPE)
    run_program("(append '(1 2) '(3)) (assoc \"a\" '((\"A\" . 1)) string-ci=?)", "tiered")
    assert calls == [1, 2]


# The first list: a length around the quick walk's edge, and what ends it.
FIRST = st.tuples(st.sampled_from([0, 1, 2, 7, 254, 255, 256, 300]),
                  st.sampled_from(["'()", "5", "'end", "(list 9)"]))


@settings(max_examples=40, deadline=None)
@given(first=FIRST, tail=st.sampled_from(["'(x y)", "7", "'()"]), extra=st.booleans())
def test_append_same_with_and_without_the_quick_copy(first, tail, extra):
    n, end = first
    a = f"(append (iota {n}) {end})" if end != "'()" else f"(iota {n})"
    args = f"{a} {tail}" + (" '(z)" if extra else "")
    program = (f"(define r (append {args}))"
               f"(list (length+ r) (if (pair? r) (car r) r) (list-tail r (max 0 (- (length+ r) 2))))")
    program = "(define (length+ l) (let loop ((l l) (k 0)) (if (pair? l) (loop (cdr l) (+ k 1)) k)))" + program
    on, off = _both(program)
    assert on == off


@settings(max_examples=50, deadline=None)
@given(lengths=st.lists(st.sampled_from([0, 1, 3, 130, 255, 256, 300, 4095, 4096, 5000, 13000]), min_size=1, max_size=5),
       last=st.sampled_from(["'(x y)", "7", "'()"]), bad=st.sampled_from([None, 0, 1, -1, "cycle"]))
@example(lengths=[4095, 5000], last="'(x y)", bad=None)  # (a walk charged in two pieces, 16 + 3)
@example(lengths=[13000, 300], last="'()", bad=None)  # (three windows and a rest)
@example(lengths=[130, 200, 3], last="7", bad=None)  # (short lists past 255 pairs together: one charge)
def test_append_of_several_lists_same_with_and_without_the_copies(lengths, last, bad):
    """Since session 18 every list but the last was copied by the quick walk when each
    was short, together charged as the procedure's one allocation; since session 23
    every list of under 65,536 pairs is copied in one walk (lists._long_copy) and
    charged as append's walks and allocation charge them: the same value, error (an
    improper list, a cycle) and steps, under step limits that run out at each charge."""
    if bad == 1 and len(lengths) < 2:
        bad = 0
    parts = [f"(iota {n})" for n in lengths]
    if bad == "cycle":
        parts[0] = f"(let ((l (iota {lengths[0] + 1}))) (set-cdr! (last-pair l) l) l)"
    elif bad is not None:
        parts[bad] = f"(append (iota {lengths[bad]}) 5)"  # improper (or 5): append's error
    program = (f"(define r (append {' '.join(parts)} {last}))"
               "(let loop ((l r) (k 0)) (if (pair? l) (loop (cdr l) (+ k 1)) (list k l)))")
    on, off = _both(program)
    assert on == off
    for limit in (20, 45, 60, 75, 110):  # the charges themselves run out of steps, at every piece
        on, off = _both(program, step_limit=limit)
        assert on == off, limit


def test_long_append_is_charged_and_limited_as_the_procedure(monkeypatch):
    from schemehost import Interpreter, SchemehostError, format_error

    def attempt(text, limit):
        interp = Interpreter(max_alloc=limit)
        try:
            value = str(interp.eval_string(f"(length (append {text}))", "t.scm"))
        except SchemehostError as err:
            value = format_error(err)
        return value, interp.budget.total_used()

    for text, limit in [("(make-list 3000 0) (make-list 2000 1) '(2)", 4999), ("(make-list 3000 0) (make-list 2000 1) '(2)", 5000),
                        ("(make-list 9000 0) '(1)", None), ("(make-list 700 0) (make-list 700 0) (make-list 700 0) '()", None)]:
        on = attempt(text, limit)
        with monkeypatch.context() as m:
            m.setattr(lists, "_long_copy", lambda bound, lst, tail: NOPE)
            off = attempt(text, limit)
        assert on == off, text
    assert "exceeds the limit of 4999" in attempt("(make-list 3000 0) (make-list 2000 1) '(2)", 4999)[0]
    # make-list's 9000 elements, append's walk of them and its allocation of 9000 pairs,
    # length's walk of 9001: 35 steps each (n // 256); no procedure is called
    assert attempt("(make-list 9000 0) '(1)", None) == ("9001", 35 * 4)


def test_long_copy_copies_and_gives_up_where_the_walks_must_answer():
    chain = NIL
    for k in range(300):
        chain = cons(k, chain)
    copy, n = lists._long_copy(lists._LONG_RANGE, chain, NIL)
    assert n == 300 and copy is not chain and list(copy) == list(chain)
    assert lists._long_copy(lists._LONG_RANGE, NIL, NIL) is NOPE
    improper = cons(1, cons(2, 3))
    assert lists._long_copy(lists._LONG_RANGE, improper, NIL) is NOPE
    ring = cons(1, cons(2, NIL))
    ring.cdr.cdr = ring
    assert lists._long_copy(lists._LONG_RANGE, ring, NIL) is NOPE


# assq/assv/assoc on a long list (session 18: lists._long_assoc, a walk without type tests
# or a cycle search, the general loop's work when it cannot answer).
ALIST_ENDS = ["'()", "'(5)", "7", "(list 'not-a-pair)"]


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([0, 1, 254, 255, 256, 300, 2000]), at=st.sampled_from([None, 0, 255, 256, -1]),
       end=st.sampled_from(ALIST_ENDS), proc=st.sampled_from(["assq", "assv", "assoc"]),
       key=st.sampled_from(["int", "symbol", "string", "char", "float"]))
def test_assoc_on_long_lists_same_with_and_without_the_quick_walks(n, at, end, proc, key):
    make = {"int": "k", "symbol": "(string->symbol (number->string k))", "float": "(+ k 0.0)",
            "string": "(number->string k)", "char": "(integer->char (+ 200 k))"}[key]
    sought = "n" if at is None else f"(modulo {at} (max n 1))"
    # (float: the entries' keys are inexact, the key sought exact: never eqv?, never equal?)
    program = (f"(define n {n}) (define (key k) {make})"
               f"(define l (append (let loop ((k 0)) (if (= k n) '() (cons (cons (key k) k) (loop (+ k 1))))) {end}))"
               f"(define (find k) ({proc} {'k' if key == 'float' else '(key k)'} l))"
               f"(list (find {sought}) (find {sought}))")
    on, off = _both(program)
    assert on == off


def test_assoc_on_a_circular_or_very_long_list():
    cycle = ("(define l (list (cons 1 'a) (cons 2 'b) (cons 3 'c))) (set-cdr! (cddr l) l)"
             "(define (f k) (assv k l)) (list (f 2) (f 3) (f 4))")
    on, off = _both(cycle)
    assert on == off and "assv: argument 2 must be a list: #0=" in on[0]
    long = ("(define l (let loop ((k 0) (acc '())) (if (= k 70000) acc (loop (+ k 1) (cons (cons k k) acc)))))"
            "(define (f k) (assv k l)) (list (f 0) (f 69999) (f -1))")
    on, off = _both(long)
    assert on == off and on[0] == "((0 . 0) (69999 . 69999) #f)"


# memq/memv/member the same way (session 22: lists._long_member; the general loops
# looked for a cycle at every pair).
LIST_ENDS = ["'()", "7", "'end"]


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([0, 1, 254, 255, 256, 300, 5000]), at=st.sampled_from([None, 0, 255, 256, 4097, -1]),
       end=st.sampled_from(LIST_ENDS), proc=st.sampled_from(["memq", "memv", "member"]),
       key=st.sampled_from(["int", "symbol", "string", "char", "float", "vector"]))
def test_member_on_long_lists_same_with_and_without_the_quick_walks(n, at, end, proc, key):
    make = {"int": "k", "symbol": "(string->symbol (number->string k))", "float": "(+ k 0.0)",
            "string": "(number->string k)", "char": "(integer->char (+ 200 k))", "vector": "(vector k 'v)"}[key]
    sought = "n" if at is None else f"(modulo {at} (max n 1))"
    program = (f"(define n {n}) (define (key k) {make})"
               f"(define l (append (let loop ((k 0) (acc '())) (if (= k n) (reverse acc) (loop (+ k 1) (cons (key k) acc)))) {end}))"
               f"(define (find k) ({proc} {'k' if key == 'float' else '(key k)'} l))"
               f"(define (size r) (if (pair? r) (let loop ((r r) (m 0)) (if (pair? r) (loop (cdr r) (+ m 1)) m)) r))"
               f"(list (size (find {sought})) (size (find {sought})))")
    on, off = _both(program)
    assert on == off


def test_member_on_a_circular_or_very_long_list_and_its_charge():
    cycle = ("(define l (list 1 2 3)) (set-cdr! (cddr l) l)"
             "(define (f k) (memv k l)) (list (car (f 2)) (car (f 3)) (f 4))")
    on, off = _both(cycle)
    assert on == off and "memv: argument 2 must be a list: #0=" in on[0]
    long = ("(define l (iota 70000)) (define (f k) (memv k l)) (list (length (f 0)) (length (f 69999)) (f -1))")
    on, off = _both(long)
    assert on == off and on[0] == "(70000 1 #f)"
    # A walk of L pairs is charged L // 256 steps, however far it goes: the same
    # steps as the general loop's windows of 4096 pairs (each a multiple of 256).
    base = run_program("(define l (iota 20000)) (define (f k) (memv k l))", "tiered", None)[2]
    for k, charged in [(255, 0), (256, 1), (4095, 15), (4096, 16), (4097, 16), (19999, 78)]:
        steps = run_program(f"(define l (iota 20000)) (define (f k) (memv k l)) (f {k})", "tiered", None)[2]
        assert steps - base == charged + 1, (k, steps - base)  # (and the call of f)


# reverse and reverse! on a long list the same way (session 22: lists._long_reverse, one
# walk with no cycle search; the windows find cycles and improper tails).
@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([0, 1, 255, 256, 4095, 4096, 4097, 9000, 70000]), end=st.sampled_from(LIST_ENDS),
       proc=st.sampled_from(["reverse", "reverse!"]))
def test_reverse_on_long_lists_same_with_and_without_the_quick_walk(n, end, proc):
    program = (f"(define l (append (iota {n}) {end})) (define (f l) ({proc} l))"
               "(define r (f l)) (list (length r) (if (pair? r) (car r) r) (list-tail r (max 0 (- (length r) 2))))")
    on, off = _both(program, step_limit=None)
    assert on == off


def test_reverse_of_a_circular_list_and_its_charge():
    on, off = _both("(define l (list 1 2 3)) (set-cdr! (cddr l) l) (define (f l) (reverse l)) (f l)")
    assert on == off and "reverse: argument 1 must be a list: #0=" in on[0]
    # A copy of n pairs is charged n // 256 steps, with the walk or the windows.
    steps = {}
    for n in (255, 256, 4096, 4097, 8192, 19999):
        on, off = _both(f"(define l (iota {n})) (define (f l) (reverse l)) (length (f l))", step_limit=None)
        assert on == off and on[0] == str(n)
        steps[n] = on[2]
    made = {n: run_program(f"(define l (iota {n})) (define (f l) l) (length (f l))", "tiered", None)[2]
            for n in steps}
    assert {n: steps[n] - made[n] for n in steps} == {n: n // 256 for n in steps}


def test_append_copies_and_keeps_the_tail():
    on, off = _both("(define a (list 1 2 3)) (define b (list 4)) (define c (append a b))"
                    "(set-car! a 'changed) (list c (eq? (cddr (cdr c)) b))")
    assert on == off
    assert on[0] == "((1 2 3 4) #t)"


def test_append_quick_copy_is_limited_as_the_procedure(monkeypatch):
    """max_alloc: the copy of a short list past the limit is refused the same way."""
    from schemehost import Interpreter, SchemehostError, format_error

    def attempt():
        interp = Interpreter(max_alloc=100)
        try:
            interp.eval_string("(append (make-list 150 0) '(1))", "t.scm")
        except SchemehostError as err:
            return format_error(err)
        return "no error"

    on = attempt()
    with monkeypatch.context() as m:
        m.setattr(lists, "quick_append", lambda lst, tail: NOPE)
        off = attempt()
    assert on == off and "exceeds the limit of 100" in on


def test_append_quick_copies_of_several_lists_are_limited_by_their_total(monkeypatch):
    from schemehost import Interpreter, SchemehostError, format_error

    def attempt(lists_text):
        interp = Interpreter(max_alloc=100)
        try:
            return str(interp.eval_string(f"(length (append {lists_text}))", "t.scm"))
        except SchemehostError as err:
            return format_error(err)

    for text in ("(make-list 60 0) (make-list 60 1) '(2)", "(make-list 40 0) (make-list 60 1) '(2)"):
        on = attempt(text)
        with monkeypatch.context() as m:
            m.setattr(lists, "quick_append", lambda lst, tail: NOPE)
            off = attempt(text)
        assert on == off
    assert "exceeds the limit of 100" in attempt("(make-list 60 0) (make-list 60 1) '(2)")
    assert attempt("(make-list 40 0) (make-list 60 1) '(2)") == "101"


@pytest.mark.parametrize("which", ["member", "assoc"])
@pytest.mark.parametrize("compare", ["string=?", "string-ci=?"])
@pytest.mark.parametrize("key", ['"red"', '"RED"', '"grey"', "(make-string 300 #\\a)", "'red", "5"])
@pytest.mark.parametrize("items", [
    '"Blue" "red" "Red"', '"a" "b" "c"', '', '"x" red "red"', '"x" (make-string 300 #\\a) "red"',
    '"Blue" . 5', '"x" "y" . "red"',
])
def test_keyed_searches_same_with_and_without_the_quick_loop(which, compare, key, items):
    if "." in items:
        lst = f"'({items})" if which == "member" else f"'(({items}))"
    else:
        lst = f"(list {items})" if which == "member" else f"(map (lambda (k) (cons k 0)) (list {items}))"
    program = f"(define l {lst}) (define r ({which} {key} l {compare})) (list r (if (pair? r) (eq? r l) 'none))"
    on, off = _both(program)
    assert on == off


def test_keyed_search_finds_by_folded_text():
    on, off = _both("(list (assoc \"GREEN\" '((\"Red\" . 1) (\"Green\" . 2)) string-ci=?)"
                    "      (member \"straße\" '(\"x\" \"STRASSE\") string-ci=?)"
                    "      (assoc \"green\" '((\"Green\" . 2)) string=?))")
    assert on == off
    assert on[0] == '(("Green" . 2) ("STRASSE") #f)'


def test_keyed_search_past_255_entries_is_the_procedures():
    """A search going past the quick loop's reach: the scan's answer and its charges."""
    program = ("(define l (let loop ((i 0) (acc '())) (if (= i 400) acc (loop (+ i 1) (cons (number->string i) acc)))))"
               "(list (member \"0\" l string=?) (assoc \"1\" (map list l) string-ci=?))")
    on, off = _both(program)
    assert on == off
    assert on[0] == '(("0") ("1"))'


TEXTS = ["red", "RED", "Red", "blue", "", "straße", "STRASSE", "a" * 300]
keyed_items = st.lists(st.one_of(st.sampled_from(TEXTS).map(new_string), st.sampled_from([Symbol.intern("red"), 3])),
                       max_size=10)


def _chain(items, tail):
    out = tail
    for item in reversed(items):
        out = cons(item, out)
    return out


@settings(max_examples=300, deadline=None)
@given(want=st.sampled_from(TEXTS[:-1]), items=keyed_items, tail=st.sampled_from([NIL, 5]),
       fold=st.booleans(), alist=st.booleans())
def test_quick_keyed_answer_is_the_scans_or_nope(want, items, tail, fold, alist):
    key = str.casefold if fold else (lambda t: t)
    calls = []

    def same(a, b):
        # The general scan calls the comparison only where the quick loop answers NOPE.
        calls.append(b)
        return False

    if alist:
        lst = _chain([cons(k, 0) for k in items], tail)
        quick = quick_key_assoc(key(want), key, lst)
    else:
        lst = _chain(items, tail)
        quick = quick_key_member(key(want), key, lst)
    if quick is NOPE:
        return
    scan = (assoc_scan if alist else member_scan)("s", new_string(want), lst, same, key)
    assert quick is scan
    assert calls == []


def test_quick_append_copies_short_lists_only():
    short = _chain(list(range(255)), NIL)
    copy, n = quick_append(short, 7)
    assert n == 255 and copy is not short
    assert quick_append(_chain(list(range(256)), NIL), 7) is NOPE
    assert quick_append(_chain([1, 2], 3), NIL) is NOPE
    assert quick_append(5, NIL) is NOPE


def test_the_text_key_cache_keeps_few_functions():
    """_standard_text_key remembers each predicate's answer, but not without bound: a
    procedure made per interpreter must not be kept alive by it."""
    from schemehost.runtime import Primitive

    lists._TEXT_KEYS.clear()
    for k in range(3 * lists._TEXT_KEYS_MAX):
        def fn(a, b):
            return a is b
        prim = Primitive.__new__(Primitive)
        prim.fn = fn
        assert lists._standard_text_key(prim, new_string("x")) is None
    assert 0 < len(lists._TEXT_KEYS) <= lists._TEXT_KEYS_MAX


def test_an_exact_integer_is_found_only_as_an_exact_integer():
    """The searches compare `k == x and type(k) is int`: #t and 1.0 equal 1 in Python."""
    program = ("(define (f x l) (list (memv x l) (member x l) (assv x (map list l)) (assoc x (map list l))))"
               "(list (f 1 (list #t 1.0 1 2)) (f 1 (list #t 1.0)) (f 0 (list #f 0.0 -0.0 0)))")
    on, off = _both(program)
    assert on == off
    assert on[0] == "(((1 2) (1 2) (1) (1)) (#f #f #f #f) ((0) (0) (0) (0)))"


def test_scheme_values_have_no_equality_of_their_own_in_python():
    """What those comparisons rely on: `==` between a number and any other value is
    False unless both are numbers."""
    from schemehost.datatypes import Char, MultipleValues
    from schemehost.runtime import Closure, Continuation, Primitive

    for cls in (Pair, MString, Symbol, Char, MultipleValues, Closure, Continuation, Primitive):
        assert cls.__eq__ is object.__eq__, cls


@pytest.mark.parametrize("base", [2, -3, 64, 2**100 + 1, -(2**70), 3**40])
@pytest.mark.parametrize("power", [0, 1, 5, 1000, 30_000])
def test_expt_of_an_exact_integer_charges_by_the_bits_of_its_result(base, power, monkeypatch):
    """expt's charge for an integer base: |power| times its bits (a ratio's larger part's
    bits for a ratio), worked out without making a ratio of the integer (session 22)."""
    from schemehost.primitives import numbers

    charged = []
    monkeypatch.setattr(numbers, "charge", charged.append)
    monkeypatch.setattr(numbers, "charge_power", lambda bits: charged.append(("power", bits)))
    assert numbers.expt(base, power) == base**power
    bits = power * abs(base).bit_length()
    assert charged == [bits >> 6, ("power", bits)]
    charged.clear()
    numbers.expt(Fraction(base, 7), power)
    bits = power * max(abs(base).bit_length(), 3)
    assert charged[:2] == [bits >> 6, ("power", bits)]
