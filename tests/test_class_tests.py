"""Generated Python tests an operand's type as `x.__class__ is T` (pyfunc.class_tests,
applied as the text is compiled): the same answers as `type(x) is T` for every kind
of value a program holds, with the call of `type` gone."""

from __future__ import annotations

import types

from test_typespec import same_everywhere

from schemehost import Interpreter, pyfunc


def test_the_rewrite_takes_guards_of_names_attribute_chains_and_frame_slots():
    assert pyfunc.class_tests("if type(v1_n) is T0 and type(r2) is int:") == \
        "if v1_n.__class__ is T0 and r2.__class__ is int:"
    assert pyfunc.class_tests("(v1_t.cdr.car) if type(v1_t.cdr.cdr) is Pair else Z[3](v1_t)") == \
        "(v1_t.cdr.car) if v1_t.cdr.cdr.__class__ is Pair else Z[3](v1_t)"
    assert pyfunc.class_tests("if type(parent[2][1][0]) is not Pair:") == "if parent[2][1][0].__class__ is not Pair:"


def test_the_tests_whose_classes_vary_keep_type():
    # A predicate's own test, a number? test, a case's key, a call's check for a tail call:
    # where the classes vary from one test to the next the call of type is the cheaper.
    for text in ("((type(v1_x) is Pair) if T9 else Z[0](v1_x))", "(type(v1_e) in NUMBER_TYPES)",
                 "t1 = type(v1_exp) is Symbol", "if V4 and type(r6) is tuple:",
                 "k10.get((type(t4), t4)) if type(t4) in CASE_TYPES else None"):
        assert pyfunc.class_tests(text) == text
    # Anything else is left as written: an expression, a call, type's value used otherwise.
    for text in ("type(_m := f(x)) is T and y", "type(f(x)) is T and y", "k = type(x)", "mytype(x) is T and y"):
        assert pyfunc.class_tests(text) == text


def _compiled_functions(program: str) -> list[types.CodeType]:
    codes = []
    original = pyfunc.instantiate

    def capture(*args, **kwargs):
        made = original(*args, **kwargs)
        codes.append(made[0].__code__)
        return made

    pyfunc.instantiate = capture
    try:
        interp = Interpreter()
        interp.compiler.generate = True
        interp.eval_string(program)
    finally:
        pyfunc.instantiate = original
    assert codes
    return codes


def test_compiled_guards_read_the_class():
    (code,) = _compiled_functions("(define (tak x y z) (if (not (< y x)) z"
                                  " (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))")
    assert "__class__" in code.co_names


# Every kind of value through the open-coded guards (arithmetic, comparisons, car,
# vector-ref, string-ref, char tests, a record's accessor, eqv? and null?), the ones
# the guard takes and the ones it leaves to the procedure (an error included).
PROGRAM = """
(define-record-type point (make-point x y) point? (x point-x) (y point-y))
(define (probe v)
  (list (if (number? v) (+ v 1) 'no)
        (if (and (exact-integer? v) (< v 10)) 'small 'other)
        (if (pair? v) (car v) 'no-pair)
        (if (vector? v) (vector-ref v 0) 'no-vector)
        (if (string? v) (string-ref v 0) 'no-string)
        (if (char? v) (char->integer v) 'no-char)
        (if (point? v) (point-x v) 'no-point)
        (null? v)
        (eqv? v 3)))
(define values-to-probe
  (list 3 -7 (expt 2 100) 2.5 1/3 #t #f #\\a "hi" 'sym '() (cons 1 2) (vector 9 8) (make-point 4 5)))
(define (probe-all vs) (if (null? vs) '() (cons (probe (car vs)) (probe-all (cdr vs)))))
(list (probe-all values-to-probe)
      (guard (e ((error-object? e) (error-object-message e))) (+ 'a 1))
      (guard (e ((error-object? e) (error-object-message e))) (point-x 5)))
"""

NONE = "no-pair no-vector no-string no-char no-point"
EXPECTED = [f"(4 small {NONE} #f #t)", f"(-6 small {NONE} #f #f)",
            f"(1267650600228229401496703205377 other {NONE} #f #f)", f"(3.5 other {NONE} #f #f)",
            f"(4/3 other {NONE} #f #f)", f"(no other {NONE} #f #f)", f"(no other {NONE} #f #f)",
            "(no other no-pair no-vector no-string 97 no-point #f #f)",
            "(no other no-pair no-vector #\\h no-char no-point #f #f)", f"(no other {NONE} #f #f)",
            f"(no other {NONE} #t #f)", "(no other 1 no-vector no-string no-char no-point #f #f)",
            "(no other no-pair 9 no-string no-char no-point #f #f)",
            "(no other no-pair no-vector no-string no-char 4 #f #f)"]


def test_every_kind_of_value_takes_the_same_way_in_every_mode():
    value, _, _ = same_everywhere(PROGRAM, step_limit=None)
    probes, errors = value[2:].split(") \"", 1)
    assert "(" + probes + ")" == "(" + " ".join(EXPECTED) + ")"
    first, second = errors.rstrip(")").split('" "')
    assert "+" in first and "point-x" in second


def test_a_host_value_whose_class_is_not_its_type_is_refused_at_the_boundary():
    import pytest

    from schemehost.datatypes import Pair
    from schemehost.host import to_scheme

    class Posing:  # (as a mock made with spec=int says it is an int)
        @property
        def __class__(self):
            return int

    pair = Pair()
    pair.car, pair.cdr = 1, 2
    assert to_scheme(pair) is pair
    with pytest.raises(TypeError, match="a Posing whose __class__ is int cannot be a Scheme value"):
        to_scheme(Posing())
