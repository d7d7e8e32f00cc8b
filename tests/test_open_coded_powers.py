"""square and expt of exact integers written in line (inline.UNARY, inline.BINARY):
`x * x` for an integer of up to 4096 bits, `x ** y` for an integer to a power of
0 or more whose result has at most 4096 bits, where numbers.square and
numbers.expt charge nothing; anything else (a longer result, charged; a negative
power, an exact fraction; a float; a non-number, its error) goes to the procedure.
"""

from __future__ import annotations

import pytest

from conftest import steps_of_calls
from test_open_coded_records import generated_sources
from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_tiers import assert_same_in_every_mode, run

CALLS = [
    ("square", ["12"]), ("square", ["-7"]), ("square", ["0"]), ("square", ["1.5"]), ("square", ["1/3"]),
    ("square", ["'a"]), ("square", ["(expt 2 4095)"]), ("square", ["(expt 2 4096)"]), ("square", ["(- (expt 3 5000))"]),
    ("expt", ["2", "10"]), ("expt", ["-3", "3"]), ("expt", ["0", "0"]), ("expt", ["0", "5"]), ("expt", ["1", "100000"]),
    ("expt", ["-1", "100001"]), ("expt", ["2", "-1"]), ("expt", ["0", "-1"]), ("expt", ["2.0", "3"]), ("expt", ["2", "0.5"]),
    ("expt", ["1/2", "2"]), ("expt", ["2", "2047"]), ("expt", ["2", "2048"]), ("expt", ["2", "2049"]),
    ("expt", ["3", "5000"]), ("expt", ["7", "'a"]), ("expt", ["0", "100000000"]), ("expt", ["10", "100000000"]),
]


@pytest.mark.parametrize("name, args", CALLS, ids=lambda x: x if isinstance(x, str) else " ".join(x))
def test_open_coded_powers_give_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, args)


PROGRAMS = {
    "sums of squares and powers in loops, big ones charged": """
(define (sum-squares n) (let loop ((i (- n)) (acc 0)) (if (> i n) acc (loop (+ i 1) (+ acc (square i))))))
(define (sum-powers b n) (do ((k 0 (+ k 1)) (acc 0 (+ acc (expt b k)))) ((> k n) acc)))
(list (sum-squares 100) (sum-powers 3 40) (sum-powers -2 15) (= (sum-powers 2 3000) (- (expt 2 3001) 1))
      (= (square (expt 5 3000)) (expt 5 6000)))
""",
    "square and expt redefined while a loop calls them": """
(define old-square square)
(define old-expt expt)
(define (run n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (begin (if (= i 2) (begin (set! square (lambda (x) 'sq)) (set! expt (lambda (a b) 'ex))))
               (loop (+ i 1) (cons (list (square i) (expt 2 i)) acc))))))
(let ((r (run 4))) (set! square old-square) (set! expt old-expt) r)
""",
    "wrong operands: the procedures' errors and other kinds of number": """
(define (try f . args) (guard (e ((error-object? e) (list 'error (error-object-message e)))) (apply f args)))
(define (sq x) (try (lambda () (square x))))
(define (ex a b) (try (lambda () (expt a b))))
(list (sq 3) (sq 2.5) (sq 2/3) (sq "3") (ex 2 3) (ex 2 -3) (ex 0 -1) (ex 4 1/2) (ex "2" 3) (ex 2.5 2))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 500])
def test_open_coded_powers_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_open_coded_powers_values():
    """Worked by hand: the sum of i^2 over -100..100 is 2 * 100*101*201/6; of 3^k for k
    up to 40, (3^41 - 1) / 2; of (-2)^k up to 15, (1 - (-2)^16) / 3."""
    value = run(PROGRAMS["sums of squares and powers in loops, big ones charged"], True, 2, None)[0]
    assert value == f"({2 * 100 * 101 * 201 // 6} {(3 ** 41 - 1) // 2} {(1 - 2 ** 16) // 3} #t #t)"
    assert run(PROGRAMS["square and expt redefined while a loop calls them"], True, 2, None)[0] == (
        "((0 1) (1 2) (sq ex) (sq ex))")


def test_open_coded_powers_charge_as_the_procedures():
    """Nothing beyond the call for small results; the procedures' charges for large
    ones, in generated code as in the closures."""
    for generate in (True, False):
        used = steps_of_calls("(define (sq x) (square x)) (define (ex a b) (expt a b)) (define big (expt 3 20000))",
                              ["(sq 12)", "(sq big)", "(ex 3 5)", "(ex 3 100000)"], generate)
        assert used[1] > used[0] and used[3] > used[2], (generate, used)


def test_open_coded_powers_are_written_in_line():
    text, s = generated_sources("(define (f a b) (+ (square a) (expt a b)))")
    assert "(v1_a * v1_a)" in text and "(v1_a ** v1_b)" in text
    assert s.show("(f 3 4)") == "90"
