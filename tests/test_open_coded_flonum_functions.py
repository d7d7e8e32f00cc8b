"""sqrt, exp, sin, cos and exact->inexact written in line (session 23).

They went through their checked entries from generated code (simpson's
exp and sin, nbody's sqrt, mandelbrot's exact->inexact).  Each entry is
open-coded for the operands whose value is math's (inline.UNARY): a flonum
for sqrt (not below zero), exp (short of overflow), sin and cos (finite),
an exact integer a float holds exactly for exact->inexact; everything else
is the procedure's: exact roots, complex results, an infinity's NaN, the
errors.
"""

from __future__ import annotations

import pytest

from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply

OPERANDS = ["2.0", "0.0", "-0.0", "-1.0", "4", "2", "-4", "1/4", "+inf.0", "-inf.0", "+nan.0", "708.9", "709.0",
            "709.8", "710.0", "1e300", "-1e300", "1e308", "(expt 2 53)", "(- (expt 2 53))", "(+ (expt 2 53) 1)",
            "(expt 10 400)", "(make-rectangular 1 2)", "'a", "#t"]


@pytest.mark.parametrize("name", ["sqrt", "exp", "sin", "cos", "exact->inexact", "inexact"])
@pytest.mark.parametrize("operand", OPERANDS)
def test_open_coded_flonum_functions_give_the_standard_procedures_value_or_error(name, operand):
    same_as_apply(name, [operand])


def test_flonum_functions_are_math_calls_in_the_text():
    from test_typespec import generated_source

    source = generated_source("(define (f x) (list (sqrt x) (exp x) (sin x) (cos x) (exact->inexact x)))")
    for text in ("SQRT(v1_x)", "EXP(v1_x)", "SIN(v1_x)", "COS(v1_x)", "float(v1_x)"):
        assert text in source, text


def test_a_redefined_flonum_function_is_called_at_once():
    from conftest import Session

    s = Session()
    s.eval("(define (f x) (list (sqrt x) (exact->inexact 3)))")
    for _ in range(3):
        assert s.show("(f 4.0)") == "(2.0 3.0)"
    s.eval("(define (sqrt x) 'mine) (define (exact->inexact x) 'also)")
    assert s.show("(f 4.0)") == "(mine also)"


@pytest.mark.parametrize("operand", ["0", "-7", "123456789", "999999999999999", "-999999999999999", "1000000000000000",
                                     "(expt 10 40)", "#t", "1.5", "1/3", "'a", '"12"'])
def test_open_coded_number_to_string_gives_the_standard_procedures_value_or_error(operand):
    same_as_apply("number->string", [operand])


def test_number_to_string_in_line_makes_a_new_string_each_time():
    from conftest import Session

    s = Session()
    s.eval("(define (f x) (number->string x))")
    assert s.show("(let ((a (f 12)) (b (f 12))) (string-set! a 0 #\\9) (list a b (eq? a b)))") == '("92" "12" #f)'
