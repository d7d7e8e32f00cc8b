"""Reads of captured variables from their Python locals (pyfunc.Emitter.read_text).

A variable a closure captures lives in its frame list, and generated code read
it there (`fr12[0]`) even where nothing could change it: sandpile's sweeps read
the grid and its side, both captured by its `give!`, from their frames every
round.  Now a captured variable that nothing assigns (no `set!` or `define` of
it in its scope's whole body, ir.note_binding's record), whose frame was made
from its local, is read from the local.  These tests run programs where that
holds and where it must not (a `set!` in a closure, a closure's `set!` run from
elsewhere, letrec and internal definitions, loops that make a closure a round,
re-entered continuations) with the generated code and with the closure
compiler, and check which read the generated text makes.
"""

from __future__ import annotations

import re

import pytest

from conftest import generated_python
from test_compiler_speedups import assert_same_both_ways, run

PROGRAMS = [
    # captured by an internal procedure, assigned nowhere: read from the local
    "(define (f n) (define (g k) (+ k n)) (let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (+ acc (g i) n)))))"
    "(list (f 5) (f 0))",
    # set! by the closure that captures it, between reads
    "(define (f n) (define (bump!) (set! n (+ n 1))) (let loop ((i 0) (acc '()))"
    " (if (= i 3) (reverse acc) (begin (bump!) (loop (+ i 1) (cons n acc))))))"
    "(list (f 10) (f 0))",
    # set! by a closure kept and run from another procedure
    "(define h #f) (define (f n) (set! h (lambda () (set! n (* n 2)))) (g) (g) n) (define (g) (h))"
    "(list (f 3) (f 5))",
    # a let in a loop, a closure made each round over its variable
    "(define (f) (let loop ((i 0) (fs '())) (if (= i 4) (map (lambda (g) (g)) fs)"
    " (let ((v (* i i))) (loop (+ i (if (> v 100) 0 1)) (cons (lambda () v) fs))))))"
    "(f)",
    # a do loop's variables captured each round
    "(define (f) (do ((i 0 (+ i 1)) (fs '() (cons (lambda () i) fs))) ((= i 3) (map (lambda (g) (g)) fs))))"
    "(f)",
    # internal definitions (assigned by their define) read around a closure
    "(define (f x) (define y (* x 2)) (define (g) (+ x y)) (+ (g) y x)) (list (f 1) (f 7))",
    # letrec, its lambdas captured by each other
    "(define (f m) (letrec ((ev? (lambda (n) (if (= n 0) #t (od? (- n 1)))))"
    " (od? (lambda (n) (if (= n 0) #f (ev? (- n 1)))))) (list (ev? m) (od? m) (procedure? ev?))))"
    "(list (f 10) (f 7))",
    # a continuation re-entered: the let's variable is bound afresh each time
    "(define k #f) (define (f n) (define (g) n) (let ((r (call/cc (lambda (c) (set! k c) 0))))"
    " (if (< r 3) (k (+ r 1)) (list r (g) n)))) (f 9)",
    # an inner define of the same name is a new variable, not an assignment of the outer one
    "(define (f n) (let ((g (lambda () (define n 5) n))) (list (g) n (g) n))) (f 2)",
    # captured and assigned by set! in the same body, after the closure reads it
    "(define (f n) (define (g) n) (let ((a (g))) (set! n (+ n 100)) (list a (g) n))) (f 1)",
    # the parameter of a lambda made in a loop, captured by a lambda inside it
    "(define (f l) (map (lambda (x) (let ((h (lambda () (* x x)))) (+ (h) x))) l)) (f '(1 2 3))",
    # errors: an unbound read and a wrong type through a captured, unassigned variable
    "(define (f v) (define (g) (vector-ref v 0)) (+ (g) (vector-ref v 1))) (list (f (vector 1 2)) (f 5))",
]


@pytest.mark.parametrize("program", PROGRAMS)
def test_captured_reads_generated_code_agrees_with_the_closure_compiler(program):
    assert_same_both_ways(program)
    assert_same_both_ways(program, step_limit=40)


def _fast_text(program: str, head: str) -> str:
    with generated_python() as sources:
        run(program, True, None)
    texts = [src for src in sources if head in src]
    assert texts, sources
    return texts[0]


def test_captured_reads_an_unassigned_captured_variable_is_read_from_its_local():
    program = ("(define (f n) (define (g k) (+ k n)) (let loop ((i 0) (acc 0))"
               " (if (= i n) acc (loop (+ i 1) (+ acc (g i) n))))) (f 5) (f 6) (f 7)")
    text = _fast_text(program, "def fast(v1_n, parent)")
    assert re.search(r"fr\d+ = \[v1_n, ", text), text  # (it is captured: its frame is made)
    assert re.search(r"v1_i == v1_n", text), text
    assert not re.search(r"fr\d+\[0\]", text), text


def test_captured_reads_an_assigned_captured_variable_is_read_from_its_frame():
    program = ("(define (f n) (define (bump!) (set! n (+ n 1))) (let loop ((i 0) (acc '()))"
               " (if (= i 3) (reverse acc) (begin (bump!) (loop (+ i 1) (cons n acc)))))) (f 1) (f 2) (f 3)")
    text = _fast_text(program, "def fast(v1_n, parent)")
    assert re.search(r"fr\d+\[0\]", text), text
    assert not re.search(r"car = v1_n\b", text), text


# A small procedure written in its caller reads its parameters as the caller's operand
# texts: a variable of a frame further out (parent[1][0]) is read into a temporary
# first, not once per use in the body (sandpile's give!, its grid three times).
FURTHER_OUT = ("(define (cell g i) (vector-ref g i))"
               "(define (f v) (let* ((a v) (b (vector-length a))) (define (h i) (if (< i b) (cell a i) 'none))"
               " (list (h 0) (h 1) (h 5) b)))")


def test_captured_reads_further_out_operand_of_a_body_in_line_read_once():
    text = _fast_text(FURTHER_OUT + "(f (vector 1 2)) (f (vector 3 4)) (f (vector 5 6 7))", "def fast(v1_i, parent)")
    further = r"parent(?:\[\d+\]){2,}"  # (parent[0], the next frame's slot, is one read)
    assert re.findall(further, text), text
    for line in text.split("\n"):
        assert len(re.findall(further, line)) <= 1, text


@pytest.mark.parametrize("call", ["(f (vector 1 2))", "(f (vector 'x))", "(f 5)", "(f (list 1 2))"])
def test_captured_reads_further_out_operand_agrees_with_the_closure_compiler(call):
    assert_same_both_ways(FURTHER_OUT + f"(list {call} {call})")
    assert_same_both_ways(FURTHER_OUT + f"(list {call} {call})", step_limit=25)


def test_captured_reads_an_unassigned_captured_operand_needs_no_temporary():
    """Its local keeps its value across the call between the operands (Emitter.stable)."""
    program = "(define (f n) (define (g) (* n 2)) (list n (g) n)) (f 1) (f 2) (f 3)"
    text = _fast_text(program, "def fast(v1_n, parent)")
    assert re.search(r"\.car = v1_n\b", text), text
    assert not re.search(r"\n +t\d+ = (v1_n|fr\d+\[0\])\n", text), text
    assert run("(define (f n) (define (g) (* n 2)) (list n (g) n)) (f 4)", True, None)[0] == "(4 8 4)"
