"""vector-map and vector-for-each over one vector (session 19): a closure's fast
entry called from the walk itself, anything else with no list made per element."""

from __future__ import annotations

import pytest

from conftest import Session, run_program

MODES = [True, False, "tiered"]


def test_vector_map_and_for_each_give_values_in_order_for_every_kind_of_procedure():
    s = Session()
    assert s.show("(vector-map (lambda (x) (* x x)) #(1 2 3))") == "#(1 4 9)"
    assert s.show("(vector-map car #((1) (2)))") == "#(1 2)"  # a primitive
    assert s.show("(vector-map (lambda args (length args)) #(a b))") == "#(1 1)"  # a rest list
    assert s.show("(vector-map (lambda (x) x) #())") == "#()"
    assert s.show("(vector-map + #(1 2 3) #(10 20))") == "#(11 22)"
    assert s.show("(let ((seen '())) (vector-for-each (lambda (x) (set! seen (cons x seen))) #(1 2 3)) seen)") \
        == "(3 2 1)"
    assert s.show("(let ((n 0)) (vector-for-each (lambda (x y) (set! n (+ n (* x y)))) #(1 2) #(3 4 5)) n)") == "11"
    # A procedure whose value is a tail call (to another closure) still gives its value.
    s.eval("(define (twice x) (* 2 x)) (define (g x) (twice x))")
    assert s.show("(vector-map g #(1 2))") == "#(2 4)"


def test_a_vector_changed_by_the_procedure_is_read_as_it_is_then():
    s = Session()
    s.eval("(define v (vector 1 2 3 4))")
    assert s.show("(vector-map (lambda (x) (vector-set! v 3 40) x) v)") == "#(1 2 3 40)"
    s.eval("(define w (vector 1 2 3))")
    assert s.show("(let ((out '())) (vector-for-each (lambda (x) (vector-set! w 2 30) (set! out (cons x out))) w) out)") \
        == "(30 2 1)"


@pytest.mark.parametrize("mode", MODES)
def test_each_call_of_the_procedure_is_a_step_and_the_step_limit_stops_the_walk(mode):
    for n in (1, 10, 300):
        made = f"(define (f x) x) (define v (make-vector {n} 1))"  # (a long vector's making is charged)
        base = run_program(made, mode)[2]
        assert run_program(made + " (vector-map f v) (vector-for-each f v)", mode)[2] - base == 2 * n
    for walk in ("vector-map", "vector-for-each"):
        value = run_program(f"({walk} (lambda (x) x) (make-vector 100 1))", mode, 30)[0]
        assert value.startswith("ERROR t.scm:1:1: step limit of 30 procedure calls exceeded"), value


@pytest.mark.parametrize("mode", MODES)
def test_errors_and_escapes_inside_the_walk(mode):
    value = run_program("(define (f x) (car x)) (vector-map f #((1) 2))", mode)[0]
    assert value.startswith("ERROR t.scm:1:15: car: argument 1 must be a pair: 2"), value
    assert "(vector-map f #((1) 2))" in value
    escaped = "(call/cc (lambda (k) (vector-for-each (lambda (x) (if (> x 1) (k (* x 10)))) #(1 2 3)) 'none))"
    assert run_program(escaped, mode)[0] == "20"
    assert run_program("(vector-map (lambda (x) x) '(1 2))", mode)[0].startswith(
        "ERROR t.scm:1:1: vector-map: argument 2 must be a vector")
