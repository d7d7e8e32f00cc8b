"""A record type's procedures written in line in generated code (runtime.OpenCode).

The records idiom program ran 17.5x CPython: every `(account-id a)` went
through a full call site (Closure test, Primitive test, arity test, the
Python call).  define-record-type now gives its constructor, predicate,
accessors and modifiers an OpenCode, and pyfunc.py writes a call of one in
line while the global holds that very procedure and the argument is a
record of the type; anything else (another procedure assigned to the name,
a wrong argument, a wrong count) is the ordinary call with its ordinary
error.  Each test runs both ways: generated code and the closure compiler.
"""

from __future__ import annotations

import re

import pytest

from conftest import Session, generated_python
from test_compiler_speedups import assert_same_both_ways, run

TYPE = """
(define-record-type point (make-point x y) point? (x point-x set-point-x!) (y point-y set-point-y!))
(define-record-type <node> (make-node value) node? (value node-value) (next node-next set-node-next!))
"""

PROGRAMS = [
    # every procedure, in value, test and effect positions
    "(define (f a b) (let ((p (make-point a b))) (set-point-x! p (+ (point-x p) 10)) (list (point? p) (point-x p) (point-y p)"
    " (if (point? p) 'yes 'no) (set-point-y! p 0) (point-y p)))) (f 1 2)",
    # a field the constructor leaves out is #f; a modifier of it
    "(define (f v) (let ((n (make-node v))) (list (node-value n) (node-next n) (begin (set-node-next! n 'z) (node-next n))))) (f 5)",
    # the predicate on other values, another type's record, a look-alike
    "(define (f x) (list (point? x) (node? x))) (list (f (make-point 1 2)) (f (make-node 1)) (f 3) (f (vector 'point 1 2)))",
    # wrong arguments: the accessor's and modifier's own errors, at the call
    "(define (f x) (+ 1 (point-x x))) (f (make-node 1))",
    "(define (f x) (+ 1 (point-x x))) (f 'a)",
    "(define (f x) (set-point-x! x 1) 'done) (f (make-node 1))",
    "(define (f x) (list (set-point-x! x 1))) (f 7)",
    # wrong argument counts are never written in line
    "(define (f p) (point-x p 1)) (f (make-point 1 2))",
    "(define (f) (make-point 1)) (f)",
    # the same definition evaluated twice makes two types: the old records are not the new type's
    "(define (old) (make-point 1 2)) (define p1 (old))"
    " (define-record-type point (make-point x y) point? (x point-x set-point-x!) (y point-y set-point-y!))"
    " (define (f x) (list (point? x) (point? (make-point 3 4)))) (list (f p1) (point-x p1))",
    # a constructor naming the fields in another order than the form lists them, and fewer of them
    "(define-record-type tri (make-tri c a) tri? (a tri-a) (b tri-b set-tri-b!) (c tri-c))"
    " (define (f x y) (let ((t (make-tri x y))) (set-tri-b! t (+ x y)) (list (tri-a t) (tri-b t) (tri-c t) t))) (f 1 2)",
    # a loop over records, as the benchmark does
    "(define (sum ps acc) (if (null? ps) acc (sum (cdr ps) (+ acc (point-x (car ps)) (point-y (car ps))))))"
    " (sum (map (lambda (i) (make-point i (* i i))) (iota 50)) 0)",
]


@pytest.mark.parametrize("program", PROGRAMS)
def test_open_coded_records_agree_with_the_closure_compiler(program):
    assert_same_both_ways(TYPE + program)
    assert_same_both_ways(TYPE + program, step_limit=40)


def test_open_coded_records_errors_name_the_procedure_and_the_call():
    value, _, _ = run(TYPE + "(define (f x) (+ 1 (point-x x)))\n(f 5)", True)
    assert value == ("ERROR t.scm:4:20: point-x: argument 1 must be a point record: 5\n"
                     "  called from t.scm:4:20: (point-x x)\n  called from t.scm:5:1: (f 5)")


def test_open_coded_records_accessor_redefined_while_a_loop_runs_is_called_at_once():
    """The loop's code wrote `point-x` in line; after the set! it must call
    the new procedure on the very next iteration."""
    program = TYPE + """
(define seen '())
(define (walk ps)
  (if (null? ps) (reverse seen)
      (begin (set! seen (cons (point-x (car ps)) seen))
             (if (= (point-y (car ps)) 2) (set! point-x (lambda (p) (list 'new (point-y p)))))
             (walk (cdr ps)))))
(walk (list (make-point 1 1) (make-point 2 2) (make-point 3 3)))"""
    value, _, _ = run(program, True)
    assert value == "(1 2 (new 3))"
    assert_same_both_ways(program)


def test_open_coded_records_redefining_the_type_makes_old_code_call_the_new_procedures():
    """A second define-record-type with the same names binds new procedures
    for a new type: code compiled against the first must not read the new
    type's records as the old one's."""
    s = Session()
    s.eval("(define-record-type point (make-point x y) point? (x point-x) (y point-y))")
    s.eval("(define (get-x p) (point-x p)) (define (is? p) (point? p))")
    old = s.eval("(make-point 1 2)")
    s.eval("(define-record-type point (make-point y x) point? (x point-x) (y point-y))")
    assert s.show("(get-x (make-point 1 2))") == "2"
    assert s.show("(is? (make-point 1 2))") == "#t"
    s.interp.define("old", old)
    assert s.show("(is? old)") == "#f"


def generated_sources(program: str) -> tuple[str, Session]:
    """The Python source pyfunc.py generates for `program` (run in a fresh session), and the session."""
    with generated_python() as sources:
        s = Session()
        s.interp.compiler.generate = True  # at once, not after a few calls (test_tiers.py)
        s.eval(program)
    return "\n".join(sources), s


def test_open_coded_records_generated_code_writes_the_accessor_in_line():
    """The point of it: no call site for the accessor in the generated source."""
    text, s = generated_sources(TYPE + "(define (f p) (+ (point-x p) (point-y p)))")
    assert re.search(r"\.f0\b", text) and re.search(r"\.f1\b", text)
    assert s.show("(f (make-point 3 4))") == "7"
