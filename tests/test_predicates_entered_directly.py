"""member, assoc and sort enter a closure predicate at its fast entry
(lists.scan_calling, sort's `lt`) rather than through calls.caller's call2.

room-booking counts overlapping meetings by `(member meeting rest
overlaps?)`: every element cost two Python frames (call2, then the
closure's function) besides the search's own loop.  Now the loop ticks the
budget and calls the fast entry itself, as call2 did.  With closures only
(no fast entries) the same calls go through the trampoline, so running
each program in every mode compares the two paths: the same values,
output, errors (with their positions) and steps, under step limits too.
"""

from __future__ import annotations

import pytest

from conftest import Session
from test_tiers import assert_same_in_every_mode

SETUP = """
(define circ (list 1 2 3)) (set-cdr! (cddr circ) circ)
(define long (iota 600))
(define along (map (lambda (i) (cons i (* i i))) long))
(define (same? a b) (= a b))
(define box (vector (lambda (a b) (= a b)) (lambda (a b) (< (car a) (car b)))))
(define (tail-same? a b) ((vector-ref box 0) a b))  ; (a tail call of what the vector holds)
(define (never a b) #f)
(define (truthy a b) (if (= a b) '() #f))
(define (before? a b) (< (car a) (car b)))
(define (tail-before? a b) ((vector-ref box 1) a b))
"""

PROGRAMS = {
    "member found and not": "(list (member 3 '(1 2 3 4) same?) (member 9 '(1 2 3) same?) (member 1 '() same?))",
    "assoc found and not": "(list (assoc 2 '((1 . a) (2 . b)) same?) (assoc 5 '((1 . a)) same?))",
    "a tail call in the predicate": "(list (member 2 '(1 2 3) tail-same?) (assoc 3 '((3 . c)) tail-same?))",
    "any value but #f is true": "(list (member 2 '(1 2 3) truthy) (assoc 1 '((1 . x)) truthy))",
    "a lambda made in the call": "(define (f k l) (member k l (lambda (a b) (> b a)))) (list (f 2 '(1 2 3 4)) (f 9 '(1)))",
    "long walks charged": "(list (member 599 long same?) (assoc 599 along same?) (member -1 long never))",
    "improper list": "(member 9 '(1 2 . 3) same?)",
    "not an association list": "(assoc 9 '((1 . 2) 3) same?)",
    "not a list": "(assoc 9 7 same?)",
    "circular": "(member 9 circ never)",
    "found in a circular list": "(car (member 3 circ same?))",
    "an error in the predicate": "(member 'a '(1 2) same?)",
    "an escape from the predicate": (
        "(call-with-current-continuation (lambda (k) (member 2 '(1 2 3) (lambda (a b) (if (= b 2) (k 'out) #f)))))"),
    "sort by a closure": "(sort (list '(3 . a) '(1 . b) '(2 . c) '(1 . d) '(2 . e)) before?)",
    "sort by a tail call": "(sort (list '(3 . a) '(1 . b) '(1 . d)) tail-before?)",
    "sort a vector": "(sort (vector '(2 . x) '(1 . y)) (lambda (a b) (before? a b)))",
    "sort with an error": "(sort (list '(1 . a) 'b) before?)",
    "sort escaping": "(call/cc (lambda (k) (sort (list 3 1 2) (lambda (a b) (if (= a 2) (k 'left) (< a b))))))",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 60, 400])
def test_predicates_entered_directly_every_mode_same(name, step_limit):
    assert_same_in_every_mode(SETUP + f"(define (run) {PROGRAMS[name]})\n(run)", step_limit)


def test_predicates_entered_directly_take_the_calls_steps():
    """A member calling its predicate on four elements takes a step for each of
    those calls, as the call through caller took (5 in the tree before: the
    call of f and four of same?; member itself, open-coded, takes none)."""
    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (same? a b) (= a b)) (define (f) (member 4 '(1 2 3 4) same?))")
    s.eval("(f)")
    assert s.interp.lookup("same?").fk == 2  # the fast entry is what the search calls
    budget = s.interp.budget
    before = budget.total_used()
    s.eval("(f)")
    assert budget.total_used() - before == 1 + 4


def test_predicates_entered_directly_errors_name_the_predicate_call():
    from schemehost import SchemehostError, format_error

    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (same? a b)\n  (= a b))")
    with pytest.raises(SchemehostError) as info:
        s.interp.eval_string("(member 'a '(1 2) same?)", "t.scm")
    out = format_error(info.value)
    assert "=: argument 1 must be a number" in out and "(= a b)" in out
