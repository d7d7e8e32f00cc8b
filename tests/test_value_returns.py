"""Direct calls of procedures that always return a value (typespec.value_deps).

A generated function returns a tail call (a tuple for the trampoline) only
from a tail call that is not its own loop, or from the slow path of an
open-coded primitive in tail position when the global holds a closure in
its place.  A procedure whose calls are only of itself (by its global name)
and of standard primitives runs no Scheme code but its own; while those
globals hold what they held, it returns values only, and a direct call
site of it leaves out `type(r) is tuple` (its V<n> slot is false:
calls.DirectCalls).  Assigning any of those globals makes the sites test
again, at once.  The programs here (PROGRAMS) do that; test_tiers.py runs them
with closures only, generated at once and tiered, and expects the same value,
output and steps (with and without a step limit).
"""

from __future__ import annotations

import re

from conftest import Session

FIB = "(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))"

PROGRAMS = {
    "plus redefined as a closure: fib's tail addition returns a tail call": (
        FIB + " (define before (fib 12))"
        " (set! + (lambda (a b) (- a (- b))))"
        " (list before (fib 12) (fib 5))"
    ),
    "plus redefined, then the standard one put back": (
        FIB + " (define std+ +) (define a (fib 10))"
        " (set! + (lambda (a b) (- a (- b)))) (define b (fib 10))"
        " (set! + std+) (list a b (fib 10))"
    ),
    "the procedure's own name given a procedure that tail-calls another": (
        "(define (count n) (if (= n 0) 0 (+ 1 (count (- n 1)))))"
        " (define old count) (define a (old 30))"
        " (define (other n) (if (= n 0) 'other (other (- n 1))))"
        " (set! count (lambda (n) (other n)))"
        " (list a (old 3) (count 4))"
    ),
    "a primitive it calls not in tail position redefined to a procedure that redefines another": (
        "(define (len l) (if (null? l) 0 (+ 1 (len (cdr l)))))"
        " (define a (len '(1 2 3)))"
        " (define std-cdr cdr)"
        " (set! cdr (lambda (p) (set! + (lambda (x y) (list 'plus x y))) (std-cdr p)))"
        " (list a (len '(1 2 3)))"
    ),
    "called through another global, then its own name reassigned": (
        FIB + " (define g fib) (define a (g 8))"
        " (set! fib (lambda (n) (if (< n 2) (list 'small n) 0)))"
        " (list a (g 1) (g 4) (fib 1))"
    ),
    "tak, its calls nested as arguments, under a step limit": (
        "(define (tak x y z) (if (not (< y x)) z (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))"
        " (list (tak 8 4 2) (tak 9 6 3))"
    ),
    "an in-line procedure's primitive in tail position redefined to a procedure that tail-calls another": (
        "(define (get field r) (cdr (assq field r)))"
        " (define (age r) (+ 1 (get 'age r)))"
        " (define rec (list (cons 'name 'x) (cons 'age 41)))"
        " (define a (list (age rec) (age rec)))"
        " (define std-cdr cdr)"
        " (define (other p) (if (eq? (car p) 'age) (std-cdr p) 0))"
        " (set! cdr (lambda (p) (other p)))"
        " (list a (age rec) (get 'name rec))"
    ),
    "a deep non-tail recursion that returns values": (
        "(define (sum l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))"
        " (sum (iota 5000))"
    ),
}


def _tail_tests(s, name) -> dict:
    """The V<n> slots of procedure `name`'s generated function: true where a site tests
    for a tail call returned."""
    fast = s.interp.lookup(name).fast
    cells = zip(fast.__code__.co_freevars, fast.__closure__ or ())
    return {n: c.cell_contents for n, c in cells if re.fullmatch(r"V\d+", n)}


def test_sites_leave_out_the_test_while_the_procedure_returns_values():
    s = Session()
    s.interp.compiler.generate = True
    s.eval(FIB + " (define (twice n) (* 2 (fib n)))")
    assert s.show("(twice 10)") == "110"
    assert set(_tail_tests(s, "fib").values()) == {False}
    assert set(_tail_tests(s, "twice").values()) == {False}
    s.eval("(define std+ +) (set! + (lambda (a b) (- a (- b))))")  # fib's tail now calls a closure
    assert set(_tail_tests(s, "fib").values()) == {True}
    assert set(_tail_tests(s, "twice").values()) == {True}
    assert s.show("(twice 10)") == "110"
    s.eval("(set! + std+)")
    assert set(_tail_tests(s, "twice").values()) == {False}
    s.eval("(define (fib n) (if (< n 2) (list n) n))")  # a new fib, still returning values
    assert set(_tail_tests(s, "twice").values()) == {False}
    s.eval("(define (one n) 1) (define (fib n) (if (< n 2) n (one n)))")  # a tail call of another
    assert set(_tail_tests(s, "twice").values()) == {True}
    assert s.show("(list (twice 1) (twice 7))") == "(2 2)"


def test_a_procedure_calling_others_keeps_the_test():
    """Calls of other procedures of the program (which may assign anything) or a tail
    call other than its own loop: no leaving out."""
    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (helper x) (+ x 1)) (define (f n) (if (= n 0) 0 (helper (f (- n 1)))))"
           " (define (g n) (* 3 (f n)))")
    assert s.show("(g 4)") == "12"
    assert s.interp.lookup("f").fast.value_deps() is None
    assert set(_tail_tests(s, "g").values()) == {True}


def test_sites_of_primitives_test_only_for_apply():
    """A plain Primitive returns a value (calls.run returns its result untested);
    `apply`'s entry may return a tail call.  Reassigning the global rebinds the flag."""
    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (f a b c) (list (string-append a b c)))"
           " (define (count . xs) (length xs)) (define (g h x) (list (apply h x)))")
    # (h a parameter: `(apply count x)` itself is made in line, Emitter.apply_spread)
    assert s.show('(list (f "a" "b" "c") (g count (list 1 2 3)))') == '(("abc") (3))'
    assert set(_tail_tests(s, "f").values()) == {False}
    assert set(_tail_tests(s, "g").values()) == {True}
    s.eval("(define std-append string-append) (set! string-append (lambda (a b c) (std-append c b a)))")
    assert set(_tail_tests(s, "f").values()) == {True}
    assert s.show('(f "a" "b" "c")') == '("cba")'


def test_an_in_line_procedures_tail_primitive_tests_for_a_tail_call_on_its_slow_path_only():
    """(get 'age r) written in age: its (cdr ...) is stored, and only the slow path (the
    global holding something else) can give a tail call to run."""
    from test_typespec import generated_source

    source = generated_source(PROGRAMS["an in-line procedure's primitive in tail position redefined to a procedure"
                                       " that tail-calls another"].split(" (define a")[0])
    assert re.search(r"if type\((t\d+)\) is T\d+:\n +(r\d+) = \(\1\.cdr\)\n +else:\n +\2 = Z\[\d+\]\(\1\)\n"
                     r" +if type\(\2\) is tuple: \2 = run\(\*\2\)\n", source), source
