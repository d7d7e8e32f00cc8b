"""memq/memv/member/assq/assv/assoc written in line in generated code (inline.SEARCHES).

char-class's `(memv (char-downcase c) '(#\\a #\\e #\\i #\\o #\\u))` in tail
position went through the tail-call finish and the primitive's generic
search on every character.  Generated code now runs a quick search in the
call's guard (lists.quick_member / quick_assoc), which answers when the
search ends within 255 pairs without an error, a charge or a call of
equal? that could charge; anything else is the ordinary call.  These tests
run each case through generated code and the closure compiler and expect
the same value, output, error text and steps.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session
from schemehost import SchemehostError
from schemehost.datatypes import NIL, cons
from schemehost.primitives.lists import NOPE, SHORT, list_ref, list_tail, quick_ref, quick_tail
from test_compiler_speedups import assert_same_both_ways, run
from test_open_coded_records import generated_sources

SETUP = """
(define circ (list 1 2 3)) (set-cdr! (cddr circ) circ)
(define long (iota 1000))
(define along (map (lambda (i) (cons i (* i i))) long))
"""

CALLS = [
    "(memq 'c '(a b c d))", "(memq 'z '(a b c d))", "(memq 3 '(1 2 3))", "(memq 1.5 '(1.5))",
    "(memv 3 '(1 2 3 4))", "(memv 2.0 '(1 2.0 3))", "(memv 1/2 '(1/2))", "(memv #\\a '(#\\b #\\a))",
    "(memv (expt 10 30) (list 1 (expt 10 30)))", "(memv \"\" '(\"\"))",
    "(member \"b\" '(\"a\" \"b\"))", "(member '(1) '((0) (1) (2)))", "(member 2.0 '(1 2.0))", "(member \"zz\" '(\"a\"))",
    "(assq 'b '((a . 1) (b . 2)))", "(assv 2 '((1 . a) (2 . b)))", "(assv 2.5 '((2.5 . x)))",
    "(assoc \"b\" '((\"a\" . 1) (\"b\" . 2)))", "(assoc '(k) '(((k) . 1)))", "(assoc 9 '((1 . 2)))",
    # past 255 pairs: the procedure itself, with its charge
    "(memv 999 long)", "(memq 'absent long)", "(assv 999 along)", "(member 999 long)",
    # errors: improper, circular, not an association list, not a list
    "(memq 'x '(a b . c))", "(memv 9 circ)", "(member \"x\" circ)", "(assq 'x '(a b))", "(assv 1 '((0 . 1) . 5))",
    "(memq 'x 5)", "(assoc 1 circ)",
    # found in a circular list before going round
    "(car (memv 3 circ))",
]


# list-tail and list-ref in generated code: lists.quick_tail / quick_ref walk up
# to SHORT pairs in the guard; past that, on an improper or short list, or with
# an index that is not a non-negative exact integer, the procedure runs.
WALKS = [
    "(list-tail '(1 2 3) 0)", "(list-tail '(1 2 3) 2)", "(list-tail '(1 2 3) 3)", "(list-tail '(1 2 3) 4)",
    "(list-ref '(1 2 3) 0)", "(list-ref '(1 2 3) 2)", "(list-ref '(1 2 3) 3)",
    "(list-tail '(1 2 . 3) 2)", "(list-ref '(1 2 . 3) 2)", "(list-tail 5 0)", "(list-ref 5 0)",
    "(list-tail '(1 2) -1)", "(list-ref '(1 2) 1.0)", "(list-ref '(1 2) #t)", "(list-tail '(1 2) 'a)",
    "(list-ref long 255)", "(list-ref long 256)", "(list-ref long 257)", "(list-tail long 999)", "(list-ref long 1000)",
    "(car (list-tail circ 7))", "(list-ref circ 1000001)", "(list-tail circ 255)",
]


@pytest.mark.parametrize("call", CALLS + WALKS)
def test_open_coded_searches_agree_with_the_closure_compiler(call):
    program = SETUP + f"(define (f) (list {call}))\n(f)"
    assert_same_both_ways(program)
    tail = SETUP + f"(define (g) {call})\n(g)"  # in tail position
    assert_same_both_ways(tail)
    assert_same_both_ways(tail, step_limit=30)


def test_open_coded_searches_error_keeps_the_call_position():
    value, _, _ = run("(define (f l) (list (memq 'x l)))\n(f '(a . b))", True)
    assert value == ("ERROR t.scm:1:21: memq: argument 2 must be a list: (a . b)\n"
                     "  called from t.scm:1:21: (memq 'x l)\n  called from t.scm:2:1: (f '(a . b))")


def test_open_coded_searches_long_search_is_charged_as_the_procedure_charges():
    """1,000 pairs walked: 3 steps charged (runtime.charge), whether or not
    the call was written in line, on top of the call of f itself."""
    s = Session()
    s.eval("(define l (iota 1000)) (define (f x) (memv x l))")
    budget = s.interp.budget
    before = budget.total_used()
    s.eval("(f -1)")
    assert budget.total_used() - before == 1 + 3


def test_open_coded_searches_redefined_memv_is_called_at_once():
    program = """
(define (vowel? c) (memv c '(#\\a #\\e)))
(define (count s)
  (let loop ((i 0) (n 0))
    (if (= i (string-length s)) n
        (begin (if (= i 3) (set! memv (lambda (x l) 'yes)))
               (loop (+ i 1) (if (vowel? (string-ref s i)) (+ n 1) n))))))
(list (count "abcdefgh") (vowel? #\\z))"""
    value, _, _ = run(program, True)
    assert value == "(6 yes)"
    assert_same_both_ways(program)


def test_open_coded_searches_predicate_argument_is_the_ordinary_call():
    """(member x l pred) has three arguments: never the quick search."""
    assert_same_both_ways("(define (f) (list (member 2.0 '(1 2 3) =) (assoc 2.0 '((1 . a) (2 . b)) =))) (f)")


def test_open_coded_searches_generated_code_runs_the_quick_search():
    """The point of it: memv in tail position is no call site in the generated source."""
    # (A quoted list of a few characters is identity tests since session 18: a list in a variable.)
    text, s = generated_sources("(define vowels '(#\\a #\\e)) (define (vowel? c) (memv c vowels))")
    assert "QUICK_MEMBER(" in text
    assert s.show("(vowel? #\\e)") == "(#\\e)"


def test_open_coded_searches_predicate_results_other_than_false_are_true(scheme):
    """member and assoc with a predicate take any value but #f as a match
    ('() and 0 too): the primitive now tests the caller's result against #f
    itself rather than through a Python lambda per element."""
    s = scheme()
    assert s.show("(member 5 '(1 2 3) (lambda (a b) (if (= b 2) '() #f)))") == "(2 3)"
    assert s.show("(assoc 5 '((1 . a) (2 . b)) (lambda (a b) (and (= b 2) 0)))") == "(2 . b)"
    assert s.show("(member 5 '(1 2 3) (lambda (a b) #f))") == "#f"
    assert s.show("(assoc \"B\" '((\"a\" . 1) (\"b\" . 2)) string-ci=?)") == '("b" . 2)'


# assoc and member with the standard string=? or string-ci=? compare the texts
# themselves (lists._scan_texts); the results, errors and steps are the procedure's.
TEXT_KEYS = st.one_of(
    st.text(alphabet="aAbBß", max_size=4).map(lambda t: f'"{t}"'),
    st.sampled_from(['"STRASSE"', '"strasse"', "1", "'a", "#\\a", '(make-string 300 #\\a)', '(make-string 300 #\\A)']),
)


@settings(max_examples=80, deadline=None)
@given(x=TEXT_KEYS, keys=st.lists(TEXT_KEYS, max_size=6), which=st.sampled_from(["assoc", "member"]),
       pred=st.sampled_from(["string=?", "string-ci=?"]), improper=st.booleans())
def test_assoc_and_member_with_a_standard_string_predicate_match_the_procedure_called(x, keys, which, pred, improper):
    from schemehost.primitives import lists

    items = " ".join(f"(cons {k} 0)" if which == "assoc" else k for k in keys)
    tail = " 'end" if improper else ""
    program = f"(define l (cons* {items}{tail})) ({which} {x} l {pred})" if keys else f"({which} {x} '() {pred})"
    wrapped = program.replace(f" {pred})", f" (lambda (a b) ({pred} a b)))")
    fast = run(program, True)
    plain_key = lists._text_key
    lists._text_key = lambda f, x: None  # the general scan, calling the procedure for every key
    try:
        plain = run(program, True)
    finally:
        lists._text_key = plain_key
    assert fast == plain
    # A lambda around the predicate gives the same value or error (its calls cost steps).
    assert _message(run(wrapped, True)[0]) == _message(fast[0])


def _message(result: str) -> str:
    """A value's written form, or an error's first line without its position."""
    return re.sub(r"^ERROR (\S+:\d+:\d+: )?", "ERROR ", result.split("\n")[0])


# length, reverse, list->string and string->list in generated code (inline.CONVERSIONS):
# lists.quick_length and the others answer for a proper list under 255 pairs of the
# right elements (a string under 255 characters); anything else is the procedure's,
# with its error and its charge.
CONVERSION_SETUP = SETUP + """
(define chars (string->list (make-string 300 #\\a)))
(define ab (list #\\a #\\b))
"""

CONVERSION_CALLS = [
    "(length '())", "(length '(1 2 3))", "(length long)", "(length '(1 . 2))", "(length circ)", "(length 5)",
    "(reverse '())", "(reverse '(1 2 3))", "(reverse long)", "(reverse '(1 2 . 3))", "(reverse circ)",
    "(reverse \"abc\")",
    "(list->string '())", "(list->string ab)", "(list->string chars)", "(list->string '(#\\a 1))",
    "(list->string '(#\\a . #\\b))", "(list->string circ)", "(list->string 'x)",
    "(string->list \"\")", "(string->list \"héllo\")", "(string->list (make-string 300 #\\z))",
    "(string->list 'abc)",
    # a fresh list each time: the result may be changed without touching the argument
    "(let ((r (reverse ab))) (set-car! r #\\z) (list r ab))",
    "(let* ((s (make-string 2 #\\q)) (l (string->list s))) (set-car! l #\\z) (list l s))",
]


@pytest.mark.parametrize("call", CONVERSION_CALLS)
def test_open_coded_conversions_agree_with_the_closure_compiler(call):
    program = CONVERSION_SETUP + f"(define (f) (list {call}))\n(f)"
    assert_same_both_ways(program)
    tail = CONVERSION_SETUP + f"(define (g) {call})\n(g)"
    assert_same_both_ways(tail)
    assert_same_both_ways(tail, step_limit=30)


def test_open_coded_conversions_generated_code_runs_the_quick_conversion():
    # (Not nested: (list->string (reverse cs)) is one walk, test_reversed_string.py.)
    text, s = generated_sources("(define (word cs) (let ((r (reverse cs))) (list->string r)))")
    assert "QUICK_LIST_TO_STRING(" in text and "QUICK_REVERSE(" in text
    assert s.show("(word (list #\\b #\\a))") == '"ab"'


def test_open_coded_conversions_redefined_reverse_is_called_at_once():
    program = """
(define (f l) (reverse l))
(define r1 (f '(1 2)))
(set! reverse (lambda (l) 'mine))
(list r1 (f '(1 2)))"""
    value, _, _ = run(program, True)
    assert value == "((2 1) mine)"
    assert_same_both_ways(program)


def test_open_coded_list_walks_run_the_quick_walk():
    text, s = generated_sources("(define (f l k) (list (list-tail l k) (list-ref l k)))")
    assert "QUICK_TAIL(" in text and "QUICK_REF(" in text
    assert s.show("(f '(a b c) 1)") == "((b c) b)"


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 300), k=st.one_of(st.integers(-2, 300), st.sampled_from([True, 1.0, "x"])),
       end=st.sampled_from([NIL, 7]))
def test_quick_walks_answer_as_the_procedures_or_nope(n, k, end):
    lst = end
    for i in reversed(range(n)):
        lst = cons(i, lst)
    for quick, proc in ((quick_tail, list_tail), (quick_ref, list_ref)):
        got = quick(lst, k)
        if got is NOPE:
            continue
        assert type(k) is int and 0 <= k <= SHORT  # (a walk the procedure charges nothing for)
        try:
            want = proc(lst, k)
        except SchemehostError:
            raise AssertionError(f"quick answer {got!r} where the procedure raises") from None
        assert got is want


# (memv x '(#\a #\e ...)) of a quoted list of a few characters or symbols (session 18):
# identity tests in line while the literal is as read (Emitter.constant_member).
CONSTANT_LISTS = {
    "hits, misses, other types": (
        "(define (v? c) (memv c '(#\\a #\\e #\\i #\\o #\\u)))"
        "(define (op? s) (memq s '(plus minus)))"
        "(define (m x) (member x '(a #\\b c)))"
        "(list (v? #\\a) (v? #\\u) (v? #\\z) (v? 97) (v? \"a\") (op? 'minus) (op? 'times) (op? \"plus\")"
        " (m 'c) (m #\\b) (m \"b\") (m '(a)))"),
    "as a test": "(define (t c) (if (memv c '(#\\x #\\y)) 'in 'out)) (list (t #\\x) (t #\\z) (t 5))",
    # (g #\a) is the literal itself: memv gives the tail from the element found.
    "the literal changed between calls": (
        "(define (g c) (memv c '(#\\a #\\b #\\c))) (define lit (g #\\a))"
        "(define before (list (g #\\b) (g #\\z)))"
        "(set-car! (cdr lit) 99) (define after-car (list (g #\\b) (g 99)))"
        "(set-cdr! (cdr lit) '(#\\z)) (define after-cdr (list (g #\\c) (g #\\z)))"
        "(set-cdr! (cdr lit) 5) (list before after-car after-cdr (g #\\a)"
        " (guard (e (#t (error-object-message e))) (g #\\q)))"),
    "the literal's links changed, its elements kept": (
        "(define (g c) (memv c '(#\\a #\\b #\\c))) (define lit (g #\\a)) (define before (g #\\c))"
        "(set-cdr! lit (cddr lit)) (define (h s) (memq s '(x y))) (define lit2 (h 'x))"
        "(set-cdr! (cdr lit2) (list 'w)) (list before (g #\\b) (g #\\c) (h 'w) (h 'y))"),
    "made circular": (
        "(define (g s) (memq s '(a b))) (define lit (g 'a)) (define ok (g 'b))"
        "(set-cdr! (cdr lit) lit) (list ok (g 'a) (g 'b) (guard (e (#t (error-object-message e))) (g 'z)))"),
    "redefined": (
        "(define (g c) (memv c '(#\\a #\\b))) (define a (g #\\b)) (set! memv (lambda (x l) 'mine))"
        "(list a (g #\\b))"),
    "in tail position, redefined to a procedure": (
        "(define (g c) (memq c '(a b))) (define a (g 'a)) (set! memq (lambda (x l) (if (null? l) 'none (memq x (cdr l)))))"
        "(list a (g 'a))"),
    "longer lists and other elements stay the quick search": (
        "(define (g c) (memv c '(#\\a #\\b #\\c #\\d #\\e #\\f #\\g))) (define (h x) (memv x '(1 2 #\\a)))"
        "(list (g #\\g) (g #\\z) (h 2) (h #\\a))"),
    "in a loop": (
        "(define (count s) (let loop ((i 0) (n 0)) (if (= i (string-length s)) n"
        " (loop (+ i 1) (if (memv (string-ref s i) '(#\\a #\\e #\\i #\\o #\\u)) (+ n 1) n)))))"
        "(list (count \"programming languages\") (count \"\"))"),
}


@pytest.mark.parametrize("name", list(CONSTANT_LISTS))
@pytest.mark.parametrize("step_limit", [None, 30])
def test_member_of_a_quoted_list_every_mode_same(name, step_limit):
    from test_tiers import assert_same_in_every_mode

    assert_same_in_every_mode(CONSTANT_LISTS[name], step_limit)


def test_member_of_a_quoted_list_is_identity_tests_in_generated_code():
    text, s = generated_sources("(define (v? c) (memv c '(#\\a #\\e #\\i)))")
    assert "QUICK_MEMBER" not in text and text.count(".car is k") == 3
    assert s.show("(list (v? #\\e) (v? #\\b))") == "((#\\e #\\i) #f)"
