"""A call of the unit's own procedure in the tail of a call-with-values
receiver written in line (ir.Builder.inline_values): where the
call-with-values is itself in the unit's tail position, the receiver's tail
is the unit's too, so the call is a self tail call and goes round the
function's loop (session 20: digits' named let, called from its receiver,
recursed through a Python call a round).  The loop takes the call's step
and the operator is checked at run time, so values, output, errors and step
counts stay what they were, in every mode.  And `values` written in line by
generated code (inline.VALUES): the same values, errors and steps too."""

from __future__ import annotations

from pathlib import Path

import re

import pytest

from conftest import Session, generated_python, run_program

MODES = [True, False, "tiered"]

# digits' `digits` (the holdout benchmark): its named let called from the receiver.
DIGITS = (Path(__file__).resolve().parent.parent / "benchmarks" / "scheme" / "digits.scm").read_text()

PROGRAMS = [
    DIGITS + "(call-with-values (lambda () (digits 9876543210)) list)",
    DIGITS + "(let loop ((i 1) (t 0)) (if (> i 300) t (loop (+ i 1) (+ t (call-with-values "
             "(lambda () (digits (* i i))) *)))))",
    # a long loop: rounds, not nested calls
    "(let loop ((n 200000) (acc 0)) (if (= n 0) acc (call-with-values (lambda () (values (- n 1) (+ acc n))) "
    "(lambda (a b) (loop a b)))))",
    # a top-level procedure calling itself from the receiver
    "(define (f n acc) (if (= n 0) acc (call-with-values (lambda () (values (- n 1) (+ acc n))) "
    "(lambda (a b) (f a b))))) (f 1000 0)",
    # the receiver calls another procedure in its tail: no loop
    "(define (g a b) (list a b)) (let loop ((n 3)) (if (= n 0) 'done (call-with-values (lambda () (values n 1)) "
    "(lambda (a b) (if (= a 1) (g a b) (loop (- a 1)))))))",
    # the call-with-values not in tail position: the receiver's call is not a self tail call
    "(let loop ((n 5)) (if (= n 0) 0 (+ 1 (call-with-values (lambda () (values n)) (lambda (m) (loop (- m 1)))))))",
    # the loop's variable assigned in the loop: the operator is another procedure from then on
    "(define seen '()) (let loop ((n 4)) (if (= n 0) 'end (call-with-values (lambda () (values n)) "
    "(lambda (m) (if (= m 2) (set! loop (lambda (k) (set! seen (cons k seen)) 'replaced))) (loop (- m 1))))))",
    # the producer gives one value, or three: the receiver is called as a procedure (its arity error)
    "(let loop ((n 3) (acc '())) (if (= n 0) acc (call-with-values (lambda () (if (= n 2) n (values n n))) "
    "(lambda (a b) (loop (- a 1) (cons b acc))))))",
    # call-with-values redefined while the loop runs
    "(define cwv call-with-values) (let loop ((n 6) (acc 0)) (if (= n 0) acc (begin (if (= n 3) "
    "(set! call-with-values (lambda (p r) (r 100 (p))))) (call-with-values (lambda () n) "
    "(lambda (a b) (loop (- b 1) (+ acc a)))))))",
    # an error inside the loop, after some rounds
    "(let loop ((n 5)) (call-with-values (lambda () (values n (- 10 n))) (lambda (a b) (loop (car (list (- a 1) "
    "(vector-ref (vector 1 2) b)))))))",
    # output on every round
    "(let loop ((n 3)) (if (> n 0) (call-with-values (lambda () (values n)) (lambda (m) (display m) (loop (- m 1))))))",
]


# `values` written in line (inline.VALUES and BUILDERS): one value is itself, two
# or three a MultipleValues built in place while the global holds the standard
# procedure; other counts, and a redefined `values`, call the global.
VALUES_PROGRAMS = [
    "(define (f x) (values x (* x 2))) (call-with-values (lambda () (f 5)) list)",
    "(define (f x) (values x)) (list (f 1) (+ 1 (f 2)))",
    "(define (f x) (values x 1 2)) (let-values (((a b c) (f 7))) (list a b c))",
    "(define (f) (values)) (call-with-values f list)",
    "(define (f x) (values x x x x)) (call-with-values (lambda () (f 3)) +)",
    "(define (split l) (if (null? l) (values '() '()) (let-values (((a b) (split (cdr l)))) "
    "(if (odd? (car l)) (values (cons (car l) a) b) (values a (cons (car l) b)))))) "
    "(call-with-values (lambda () (split '(1 2 3 4 5 6 7))) list)",
    "(define (f x) (values x (+ x 1))) (define-values (p q) (f 10)) (list p q)",
    "(define (f x) (values x (+ x 1))) (define (g n acc) (if (= n 0) acc (g (- n 1) (cons (call-with-values "
    "(lambda () (f n)) *) acc)))) (define r1 (g 5 '())) (set! values list) (list r1 (f 2))",
    "(define (f x) (values x (car x))) (call-with-values (lambda () (f 5)) list)",
    "(define (f x) (list (values x 2)))  (f 1)",
]


@pytest.mark.parametrize("program", PROGRAMS + VALUES_PROGRAMS)
def test_receivers_self_tail_calls_and_values_give_the_same_values_output_errors_and_steps(program):
    results = [run_program(program, mode, 10_000_000) for mode in MODES]
    assert results[0] == results[1] == results[2], "\n".join(map(str, results))


def test_the_step_limit_stops_the_loop_in_every_mode():
    program = ("(let loop ((n 0)) (call-with-values (lambda () (values n 1)) "
               "(lambda (a b) (loop (+ a b)))))")
    results = [run_program(program, mode, 5_000) for mode in MODES]
    assert results[0] == results[1] == results[2]
    assert results[0][0].startswith("ERROR t.scm:1:1: step limit of 5000 procedure calls exceeded"), results[0]


def test_the_named_let_called_from_its_receiver_is_a_loop_in_the_generated_python():
    s = Session()
    s.eval(DIGITS)
    with generated_python() as sources:
        assert s.show("(let loop ((i 0) (t 0)) (if (= i 50) t (loop (+ i 1) (+ t (call-with-values "
                      "(lambda () (digits i)) +)))))") == "414"  # digit sums and digit counts of 1..49
    digits = [src for src in sources if "v1_sum" in src and "v1_count" in src]
    assert digits, sources
    # The call of `loop` from the receiver rebinds the parameters when the operator
    # is this very closure (or, `digits` being an internal definition only ever called,
    # its KnownLambda: test_known_lambdas.py), instead of a call of its fast entry.
    assert any((".fast is fast and" in src and ".env is parent" in src)
               or re.search(r"if f\d+ is L\d+:\n\s+v1_n, v1_sum, v1_count = v1_q, t\d+, t\d+\n\s+break", src)
               for src in digits), digits


def test_values_of_two_is_built_in_place_in_the_generated_python():
    s = Session()
    s.eval("(define (f x) (values x (+ x 1)))")
    with generated_python() as sources:
        assert s.show("(let loop ((i 0) (t 0)) (if (= i 20) t (loop (+ i 1) (+ t (call-with-values "
                      "(lambda () (f i)) *)))))") == "2660"  # i(i + 1) for i below 20
    (text,) = [src for src in sources if "def fast(v1_x," in src]
    assert "NEWVALUESOF(); " in text and ".values = [v1_x, " in text, text
