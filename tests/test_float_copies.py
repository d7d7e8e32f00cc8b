"""Typed copies of flonum loops (typespec.py, pyfunc.Emitter.float_case).

A loop variable that starts as a float literal and is given only values that
are floats given the others' types (`(zr 0.0)` stepped by arithmetic on
floats) is a float in the loop's copy: the copy tests it once, before the
loop, and its arithmetic is Python's own, with no test.  A variable bound
outside the loop whose every arithmetic use has a float beside it (the
point c of a Mandelbrot loop) is tested nowhere before the loop: it may be a
float or an exact number, and each operation tests it.

The copy must be invisible: every program gives the same value, output,
error and step count written at once, tiered and as closures."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_typespec import generated_source, same_everywhere

ESCAPE = """
(define limit 50)
(define (escape-time cr ci)
  (let loop ((zr 0.0) (zi 0.0) (k 0))
    (cond ((= k limit) k)
          ((> (+ (* zr zr) (* zi zi)) 4.0) k)
          (else (loop (+ (- (* zr zr) (* zi zi)) cr) (+ (* 2.0 zr zi) ci) (+ k 1))))))
"""


def test_float_copy_of_an_escape_time_loop_is_tested_once_and_plain_inside():
    source = generated_source(ESCAPE)
    entry = re.search(r"if (type\(v1_k\) is int and [^\n]*):\n", source)
    assert entry, source
    assert "type(v1_zr) is float" in entry.group(1) and "type(v1_zi) is float" in entry.group(1)
    # c's parts are tested in the operations that read them, not before the loop.
    assert "v1_cr" not in entry.group(1) and "v1_ci" not in entry.group(1)
    # The products and sums of floats are Python's, with no test; the comparison with 4.0 too.
    for plain in ("(v1_zr * v1_zr)", "(v1_zi * v1_zi)"):
        assert f" = {plain}\n" in source, plain
    assert re.search(r"if \(t\d+ > k\d+\):", source)
    assert re.search(r"\(\(t\d+ \+ v1_cr\) if \(type\(v1_cr\) is float or type\(v1_cr\) is int and ", source)


@pytest.mark.parametrize("c, expected", [
    ("-0.5 0.5", "50"), ("0.3 0.6", "15"), ("1.0 1.0", "2"), ("-2.0 0.0", "50"),
    # Exact parts of c: each operation takes them (an integer within 2^53 as Python does,
    # a rational through the procedure), the copy still runs.
    ("0 0", "50"), ("1/2 1/4", "5"), ("-1 0", "50"), ("2 0", "2"),
    # Exact integers too big to be made floats exactly: the procedure's value.
    ("(expt 10 20) 0", "1"),
])
def test_float_copy_of_an_escape_time_loop_gives_the_same_everywhere(c, expected):
    assert same_everywhere(ESCAPE + f"(escape-time {c})")[0] == expected


@pytest.mark.parametrize("program, expected", [
    # Not a number beside the float: the procedure's error, at the same place and step.
    (ESCAPE + '(escape-time "x" 0.0)', None),
    # The limit a float: the exact k compared with it by the procedure.
    (ESCAPE + "(set! limit 3.0) (escape-time 0.0 0.0)", "3"),
    # + redefined before the loop: no copy runs (its test fails) and the new + is seen.
    (ESCAPE + "(define std+ +) (set! + (lambda xs (apply std+ 1 xs))) (escape-time 0.0 0.0)", "4"),
    # A float divided by zero inside the copy: the procedure's own value (0.5, 0.5, then 0.5 / 0.0).
    ("(define (f n) (do ((i 0 (+ i 1)) (x 1.0 (/ x (- 2.0 i)))) ((= i n) x))) (f 3)", "+inf.0"),
    ("(define (f n) (do ((i 0 (+ i 1)) (x 1.0 (/ x 0.0))) ((= i n) x))) (f 2)", "+inf.0"),
    ("(define (f n) (do ((i 0 (+ i 1)) (x 0.0 (- (/ x 0.0) x))) ((= i n) (list x (= x x) (< x 1.0))))) (f 2)",
     "(+nan.0 #f #f)"),
    # Three operands, chained comparisons, an exact index beside the float.
    ("(define (f n) (do ((i 0 (+ i 1)) (s 0.0 (+ s (* 0.5 i i) 1))) ((= i n) (list s (< 0.0 s 1e9 1e10))))) (f 7)",
     "(52.5 #t)"),
    # -0.0 kept: Python's float arithmetic is the procedure's.
    ("(define (f n) (do ((i 0 (+ i 1)) (x -0.0 (* x 1.0))) ((= i n) (list x (eqv? x -0.0))))) (f 3)", "(-0.0 #t)"),
    # A float variable that is given an exact value in the loop is no float: same values.
    ("(define (f n) (do ((i 0 (+ i 1)) (x 0.5 (if (> i 2) 1 (+ x 0.5)))) ((= i n) x))) (list (f 3) (f 5))",
     "(2.0 1)"),
    # An exact integer past what a float holds beside a float: the procedure's value, no Python error.
    ("(define (f n) (do ((i 0 (+ i 1)) (b (expt 10 400) (+ b 1)) (x 0.5 (+ x b))) ((= i n) (list x (- b (expt 10 400))))))"
     " (f 2)", "(+inf.0 2)"),
    # The bound read outside the loop beside an exact index and a float alike: it keeps its own tests.
    ("(define (f n h) (do ((i 0 (+ i 1)) (x 0.0 (+ x (* h i)))) ((= i n) x))) (list (f 4 0.5) (f 4 1/2) (f 3 2))",
     "(3.0 3.0 6.0)"),
])
def test_float_copies_keep_every_value_and_error(program, expected):
    result = same_everywhere(program)[0]
    if expected is None:
        assert result.startswith("ERROR"), result
    else:
        assert result == expected, (program, result)


def test_a_float_step_limit_stops_the_copy_at_the_same_step():
    program = "(define (f) (do ((i 0 (+ i 1)) (x 0.0 (+ x 0.25))) (#f x))) (f)"
    result = same_everywhere(program, step_limit=500)
    assert result[0].startswith("ERROR") and "step" in result[0], result


def test_a_float_loop_redefining_nothing_still_sees_plus_redefined_between_calls():
    program = (ESCAPE + "(define a (escape-time 0.3 0.6)) (define std+ +)"
               " (set! + (lambda xs (apply std+ 100.0 xs))) (define b (escape-time 0.3 0.6))"
               " (set! + std+) (list a b (escape-time 0.3 0.6))")
    assert same_everywhere(program)[0] == "(15 0 15)"


FLOAT_ATOMS = ["x", "y", "i", "c", "0.5", "-1.5", "2", "0.0", "1e300"]


def float_expr(depth):
    leaf = st.sampled_from(FLOAT_ATOMS)
    if depth == 0:
        return leaf
    sub = float_expr(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(st.sampled_from(["+", "-", "*", "/"]), sub, sub).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(st.sampled_from(["+", "*"]), sub, sub, sub).map(lambda t: f"({t[0]} {t[1]} {t[2]} {t[3]})"),
        st.tuples(st.sampled_from(["<", ">", "=", "<="]), sub, sub, sub, sub).map(
            lambda t: f"(if ({t[0]} {t[1]} {t[2]}) {t[3]} {t[4]})"),
    )


C_VALUES = st.sampled_from(["0.25", "-3.5", "0", "7", "1/3", "(expt 2 60)", "+inf.0", "\"c\""])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(c=C_VALUES, step_x=float_expr(2), step_y=float_expr(2), n=st.integers(0, 5))
def test_random_float_loops_agree_everywhere(c, step_x, step_y, n):
    program = (f"(define (f c) (do ((i 0 (+ i 1)) (x 0.5 (+ 0.0 {step_x})) (y -1.0 (* 1.0 {step_y})))"
               f" ((>= i {n}) (list x y)))) (f {c})")
    same_everywhere(program, step_limit=2_000)


NEIGHBOURS = """
(define size 4)
(define (cell grid row col) (vector-ref (vector-ref grid (modulo row size)) (modulo col size)))
(define (neighbours grid row col)
  (let ((count 0))
    (do ((dr -1 (+ dr 1)))
        ((> dr 1) count)
      (do ((dc -1 (+ dc 1)))
          ((> dc 1))
        (if (not (and (= dr 0) (= dc 0)))
            (set! count (+ count (cell grid (+ row dr) (+ col dc)))))))))
"""


def test_a_variable_summing_unknown_values_is_not_taken_for_a_float():
    """count starts as an exact 0 outside the loop and is set! to sums with what a helper
    reads from a vector: nothing shows it a float (that it would be one if it were one
    proves nothing), so the copy does not test it for one and runs."""
    source = generated_source(NEIGHBOURS)
    entries = re.findall(r"if (type\(v1_d[rc]\) is int and [^\n]*):\n", source)
    assert entries, source
    assert not any("is float" in e for e in entries), entries
    grid = "(vector (vector 1 0 0 1) (vector 0 1 1 0) (vector 0 0 0 0) (vector 1 0 0 1))"
    assert same_everywhere(NEIGHBOURS + f"(list (neighbours {grid} 0 0) (neighbours {grid} 1 2))")[0] == "(4 2)"
