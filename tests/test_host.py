"""schemehost.host: values crossing between Python and Scheme."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schemehost import Interpreter, SchemeError, StepLimitExceeded
from schemehost.datatypes import NIL, UNSPECIFIED, Char, MString, Symbol, cons, new_string, new_values
from schemehost.host import SchemeProcedure, procedure, to_python, to_scheme
from schemehost.printer import write_string


@pytest.mark.parametrize(
    "value, written",
    [
        ([1, 2, 3], "(1 2 3)"),
        ((1, "a"), '#(1 "a")'),
        ("hi", '"hi"'),
        (b"\x01\x02", "#u8(1 2)"),
        (Fraction(1, 3), "1/3"),
        (True, "#t"),
        ([], "()"),
        ([[1], (2,)], "((1) #(2))"),
    ],
)
def test_to_scheme_python_value_gives_scheme_value(value, written):
    assert write_string(to_scheme(value)) == written


def test_to_scheme_none_gives_unspecified_and_scheme_values_pass_through():
    assert to_scheme(None) is UNSPECIFIED
    s = Symbol.intern("x")
    assert to_scheme(s) is s


@pytest.mark.parametrize(
    "source, expected",
    [
        ("'(1 2 3)", [1, 2, 3]),
        ("'(1 . 2)", [1, 2]),
        ("(vector 1 \"a\")", (1, "a")),
        ("#\\x", "x"),
        ("(bytevector 1 2)", b"\x01\x02"),
        ("'()", []),
        ("(if #f #f)", None),
        ("(values 1 2)", (1, 2)),
    ],
)
def test_to_python_scheme_value_gives_python_value(source, expected):
    assert to_python(Interpreter().eval_string(source)) == expected


def test_to_python_round_trips_nested_lists_and_strings():
    value = [1, ["two", (3.0, Fraction(1, 2))], "x"]
    assert to_python(to_scheme(value)) == value
    assert type(to_scheme("x")) is MString and to_python(Char("y")) == "y"
    assert to_python(new_values([cons(1, NIL)])) == ([1],)


def test_procedure_converts_arguments_and_result():
    interp = Interpreter()
    interp.eval_string("(define (pair-up a b) (list a b (string-length a)))")
    pair_up = procedure(interp, "pair-up")
    assert isinstance(pair_up, SchemeProcedure)
    assert pair_up("abc", [1]) == ["abc", [1], 3]
    assert pair_up.calls == 1
    assert repr(pair_up) == "<SchemeProcedure pair-up>"


def test_procedure_raw_passes_scheme_values_unconverted():
    interp = Interpreter()
    interp.eval_string("(define (id x) x)")
    raw = procedure(interp, "id", raw=True)
    s = new_string("s")
    assert raw(s) is s


def test_procedure_scheme_error_arrives_as_scheme_error():
    interp = Interpreter()
    interp.eval_string("(define (boom) (car '()))")
    with pytest.raises(SchemeError) as info:
        procedure(interp, "boom")()
    assert info.value.describe() == "car: argument 1 must be a pair: ()"


def test_procedure_step_limit_bounds_each_call():
    interp = Interpreter()
    interp.eval_string("(define (spin n) (if (= n 0) 'done (spin (- n 1))))")
    spin = procedure(interp, "spin", step_limit=1000)
    assert spin(10) == Symbol.intern("done")
    with pytest.raises(StepLimitExceeded):
        spin(100_000)


def test_procedure_of_a_non_procedure_is_a_scheme_error():
    interp = Interpreter()
    interp.eval_string("(define five 5)")
    with pytest.raises(SchemeError) as info:
        procedure(interp, "five")
    assert info.value.describe() == "attempt to call a non-procedure: 5"
