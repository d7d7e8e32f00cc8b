"""bytevector-u8-ref, bytevector-u8-set! and bytevector-length written in line (session 23).

The pantry set's automaton ran its cellular automata over bytevectors, and
every read and store went through the checked primitive's entry (half of
its time).  Now they are open-coded as vector-ref and vector-set! are:
a bytearray, an exact index in range (and for a store an exact integer of
0..255), else the procedure, with its own error.  In a loop's typed copy
(typespec.py) a variable known to hold a bytearray is not tested again.
"""

from __future__ import annotations

import pytest

from conftest import Session, run_program
from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_typespec import generated_source

BV = "(bytevector 10 20 30)"
CALLS = [
    ("bytevector-u8-ref", [BV, "0"]), ("bytevector-u8-ref", [BV, "2"]), ("bytevector-u8-ref", [BV, "3"]),
    ("bytevector-u8-ref", [BV, "-1"]), ("bytevector-u8-ref", [BV, "1.0"]), ("bytevector-u8-ref", [BV, "#t"]),
    ("bytevector-u8-ref", [BV, "(expt 10 30)"]), ("bytevector-u8-ref", ["(vector 1 2)", "0"]),
    ("bytevector-u8-ref", ['"ab"', "0"]), ("bytevector-u8-ref", ["(bytevector)", "0"]),
    ("bytevector-u8-set!", [BV, "1", "255"]), ("bytevector-u8-set!", [BV, "1", "0"]),
    ("bytevector-u8-set!", [BV, "1", "256"]), ("bytevector-u8-set!", [BV, "1", "-1"]),
    ("bytevector-u8-set!", [BV, "1", "#t"]), ("bytevector-u8-set!", [BV, "1", "1.0"]),
    ("bytevector-u8-set!", [BV, "1", "#\\a"]), ("bytevector-u8-set!", [BV, "3", "1"]),
    ("bytevector-u8-set!", [BV, "-1", "1"]), ("bytevector-u8-set!", ["(vector 1 2)", "0", "1"]),
    ("bytevector-length", [BV]), ("bytevector-length", ["(bytevector)"]), ("bytevector-length", ["(vector 1)"]),
    ("bytevector-length", ['"abc"']),
]


@pytest.mark.parametrize("name, args", CALLS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_bytevector_procedures_give_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, args)


LOOP = """
(define (fill! bv n)
  (do ((i 0 (+ i 1))) ((= i n) bv)
    (bytevector-u8-set! bv i (modulo (* i 7) 256))))
(define (total bv)
  (do ((i 0 (+ i 1)) (s 0 (+ s (bytevector-u8-ref bv i))))
      ((= i (bytevector-length bv)) s)))
"""


@pytest.mark.parametrize("tail", [
    "(list (total (fill! (make-bytevector 40 0) 40)) (fill! (make-bytevector 3 9) 2))",
    "(total (fill! (make-bytevector 3 0) 4))",  # past the end: bytevector-u8-set!'s error
    "(total (fill! (make-vector 3 0) 3))",  # not a bytevector
    "(fill! (make-bytevector 3 0) 2.0)",  # an inexact bound: the loop never ends, the step limit stops it
    "(total (list->vector '(1 2)))",
])
def test_bytevector_loops_give_the_same_values_errors_and_steps_in_every_mode(tail):
    program = LOOP + tail
    closures = run_program(program, False)
    assert run_program(program, True) == closures
    assert run_program(program, "tiered") == closures
    assert run_program(program, True, None) == run_program(program, False, None)


def test_bytevector_reads_and_stores_are_python_indexing_in_the_text():
    source = generated_source(LOOP)
    assert "v1_bv[v1_i] = " in source  # the store, a statement
    assert "v1_bv[v1_i]" in source.replace("v1_bv[v1_i] = ", "")  # the read
    assert "len(v1_bv)" in source


def test_a_redefined_bytevector_procedure_is_called_at_once():
    s = Session()
    s.eval(LOOP)
    s.eval("(define b (make-bytevector 4 1))")
    for _ in range(3):
        assert s.show("(total b)") == "4"
    s.eval("(define (bytevector-u8-ref v k) 100)")
    assert s.show("(total b)") == "400"
    s.eval("(define (bytevector-u8-set! v k x) 'mine)")
    assert s.show("(begin (fill! b 4) (total b))") == "400"
    s.eval("(define (bytevector-length v) 2)")
    assert s.show("(total b)") == "200"
