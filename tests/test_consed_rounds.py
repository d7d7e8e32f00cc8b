"""`(cons e (itself arg ...))` in a procedure's tail position, written as rounds of its loop.

pyfunc.Emitter.consed_tail: the pair of e's value is made before the call and
linked after the last one made; the call is a self tail call; the function's
returns put their value in the last pair and return the first (calls.consed_end).
The way students write list recursion (number->digits, merge, filter, iota) then
runs in a loop, not a Python call per element.  What must not change: values,
output, errors with their frames (calls.note_consed gives the frames of the calls
the rounds stand for), step counts, a procedure or `cons` redefined while the
rounds run, escapes by continuations.  Each program runs with the generated
Python and with the closure compiler, which makes the calls, under step limits.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import run_program as run
from test_compiler_speedups import assert_same_both_ways
from test_open_coded_records import generated_sources

DEFS = """
(define (number->digits n)
  (if (= n 0) '() (cons (remainder n 10) (number->digits (quotient n 10)))))
(define (merge a b)
  (cond ((null? a) b)
        ((null? b) a)
        ((< (car a) (car b)) (cons (car a) (merge (cdr a) b)))
        (else (cons (car b) (merge a (cdr b))))))
(define (keep p l)
  (cond ((null? l) '())
        ((p (car l)) (cons (car l) (keep p (cdr l))))
        (else (keep p (cdr l)))))
(define (iota* a b) (if (>= a b) '() (cons a (iota* (+ a 1) b))))
(define (firsts l) (if (null? l) '() (cons (car (car l)) (firsts (cdr l)))))
"""

PROGRAMS = [
    "(list (number->digits 12345) (merge (list 1 3 5 7) (list 2 4 6)) (keep odd? (list 1 2 3 4 5)))",
    "(let ((l (iota* 0 3000))) (list (length l) (apply + l) (list-tail l 2995)))",
    # errors: frames of the calls the rounds stand for, innermost first, then "... more calls"
    "(firsts (list (list 1) (list 2) 3 (list 4)))",
    "(firsts (append (map list (iota* 0 40)) (list 'x)))",
    "(merge (list 1 3 'x) (list 2 4 6))",
    "(merge (list 1 3 5 7 9 11 13 15 17 19 21 23 25 27 'x) (list 2 4 6 8 10 12 14 16 18 20 22 24))",
    "(keep (lambda (x) (car x)) (list (list 1) (list #f) 5))",
    # the procedure redefined while its rounds run: the rest by the new one, consed on
    """(define (h l)
         (if (null? l) '()
             (begin (if (= (car l) 3) (set! h (lambda (l) (list 'new (length l)))))
                    (cons (car l) (h (cdr l))))))
       (h (list 1 2 3 4 5 6))""",
    # `cons` redefined while they run: each call makes its pair after its operands, with the new cons
    """(define (h l)
         (if (null? l) '()
             (begin (if (= (car l) 3) (set! cons (lambda (a b) (list 'c a b))))
                    (cons (car l) (h (cdr l))))))
       (h (list 1 2 3 4 5 6))""",
    # and put back before they end: the standard pairs
    """(define std-cons cons)
       (define (h l)
         (if (null? l) (begin (set! cons std-cons) '())
             (begin (if (= (car l) 3) (set! cons (lambda (a b) (std-cons 'c (std-cons a b)))))
                    (cons (car l) (h (cdr l))))))
       (h (list 1 2 3 4 5 6))""",
    # an escape from inside the rounds
    """(call/cc (lambda (k)
         (define (e l) (if (null? l) '() (if (= (car l) 3) (k 'out) (cons (car l) (e (cdr l))))))
         (list (e (list 1 2)) (e (list 1 2 3 4)))))""",
    # the last round's value: a tail call, a primitive's value, another such procedure's
    "(define (w l) (if (null? l) (string->symbol \"end\") (cons (car l) (w (cdr l))))) (w (list 1 2))",
    "(define (t l) (if (null? l) (number->digits 987) (cons (car l) (t (cdr l))))) (t (list 1 2))",
    # output in the element's expression, in order
    "(define (shown l) (if (null? l) '() (cons (begin (display (car l)) (car l)) (shown (cdr l))))) (shown (list 1 2 3))",
    # a closure capturing each round's parameter
    "(define (thunks n) (if (= n 0) '() (cons (lambda () n) (thunks (- n 1))))) (map (lambda (f) (f)) (thunks 4))",
    # internal define
    """(define (times-digit a d)
         (define (scale a carry)
           (if (null? a) (if (= carry 0) '() (list carry))
               (let ((p (+ (* (car a) d) carry)))
                 (cons (remainder p 10) (scale (cdr a) (quotient p 10))))))
         (scale a 0))
       (times-digit (number->digits 987654321) 7)""",
]


@pytest.mark.parametrize("limit", [20_000, 400, 60, 25, 7])
@pytest.mark.parametrize("program", PROGRAMS)
def test_consed_rounds_same_as_the_calls(program, limit):
    assert_same_both_ways(DEFS + program, limit)


def test_consed_rounds_error_frames_are_the_calls():
    """The frames worked by hand: three calls of firsts, the innermost failing."""
    value, _, _ = run(DEFS + "(firsts (list (list 1) (list 2) 3 (list 4)))", True)
    frames = [line for line in value.splitlines() if "called from" in line]
    assert sum("(firsts (cdr l))" in f for f in frames) == 2
    value, _, _ = run(DEFS + "(firsts (append (map list (iota* 0 40)) (list 'x)))", True)
    # 42 frames: car's, forty of (firsts (cdr l)), the program's call; twelve are kept
    assert value.splitlines()[-1].strip() == "... 30 more calls"


def test_consed_rounds_keep_each_pairs_call_site():
    """merge's two sites, in the order the rounds took them."""
    value, _, _ = run(DEFS + "(merge (list 1 4 'x) (list 2 3 9))", True)
    frames = [line.split(": ", 1)[1] for line in value.splitlines() if "called from" in line]
    assert frames[1:5] == ["(merge (cdr a) b)", "(merge a (cdr b))", "(merge a (cdr b))", "(merge (cdr a) b)"]


def test_consed_rounds_text_has_no_call_of_itself_per_element():
    text, s = generated_sources(DEFS + "(define (go) (number->digits 123))")
    assert s.show("(go)") == "(3 2 1)"
    digits = next(t for t in text.split("    def fast(") if t.startswith("v1_n, parent)"))
    assert "HOLE.cdr = " in digits and "CONSED_END(HEAD, HOLE," in digits
    # the call: a round of the loop, its step taken there
    assert re.search(r"v1_n = t\d+\n +for _k in B\.it: break\n +else: B\.exhausted\(\)\n +continue", digits)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-50, 50), max_size=30), st.lists(st.integers(-50, 50), max_size=30),
       st.integers(5, 400))
def test_consed_rounds_random_lists(a, b, limit):
    a, b = sorted(a), sorted(b)
    program = (DEFS + f"(list (merge '{_list(a)} '{_list(b)}) (keep even? '{_list(a + b)}) "
               f"(number->digits {abs(sum(a)) * 1000 + 7}))")
    assert run(program, True, limit) == run(program, False, limit)


def _list(xs) -> str:
    return "(" + " ".join(map(str, xs)) + ")"
