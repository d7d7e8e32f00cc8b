"""gcd and lcm of two exact integers written in line (inline.BINARY): math.gcd
and math.lcm where numbers.gcd and numbers.lcm would charge nothing (both under
384 bits), the procedures otherwise (longer integers, charged; an inexact
integer, an inexact result; a non-integer, its error; one argument or three).
"""

from __future__ import annotations

import pytest

from conftest import steps_of_calls
from test_open_coded_records import generated_sources
from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_tiers import assert_same_in_every_mode, run

CALLS = [
    ["12", "18"], ["-12", "18"], ["12", "-18"], ["-12", "-18"], ["0", "0"], ["0", "-5"], ["7", "0"],
    ["12.0", "18"], ["12", "18.0"], ["1/2", "3"], ["3", "'a"], ["1.5", "3"],
    ["(expt 2 383)", "(expt 2 300)"], ["(- (expt 2 383))", "(* 3 (expt 2 200))"],
    ["(expt 2 384)", "(expt 2 300)"], ["(expt 3 5000)", "(expt 3 4000)"],
]


@pytest.mark.parametrize("name", ["gcd", "lcm"])
@pytest.mark.parametrize("args", CALLS, ids=" ".join)
def test_open_coded_gcd_gives_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, args)


PROGRAMS = {
    "Euclid's pairs in a loop, big ones charged": """
(define (sum-gcds n)
  (let loop ((i 1) (acc 0))
    (if (> i n) acc (loop (+ i 1) (+ acc (gcd (* i 6) (* (+ i 3) 4)))))))
(define (big k) (gcd (expt 6 k) (expt 4 k)))
(list (sum-gcds 200) (big 10) (= (big 400) (expt 2 400)) (= (big 3000) (expt 2 3000)))
""",
    "gcd redefined while a loop calls it": """
(define original gcd)
(define (run n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (begin (if (= i 3) (set! gcd (lambda (a b) 'mine)))
               (loop (+ i 1) (cons (gcd (* i 4) 6) acc))))))
(let ((r (run 6))) (set! gcd original) r)
""",
    "lcm of cycle lengths in a loop, redefined at the end": """
(define (order-of lengths)
  (let loop ((ls lengths) (acc 1))
    (if (null? ls) acc (loop (cdr ls) (lcm acc (car ls))))))
(define (run n)
  (let loop ((i 1) (acc '()))
    (if (> i n) (reverse acc)
        (begin (if (= i 5) (set! lcm (lambda (a b) 0)))
               (loop (+ i 1) (cons (order-of (list i (+ i 1) (* 2 i) 6)) acc))))))
(define original lcm)
(let ((r (run 6))) (set! lcm original) (list r (lcm -4 6) (lcm 0 5) (lcm (expt 2 400) 3)))
""",
    "wrong operands: the procedure's errors": """
(define (try a b) (guard (e ((error-object? e) (list 'error (error-object-message e)))) (gcd a b)))
(list (try 4 6) (try 4.0 6) (try 1/2 6) (try "4" 6) (try 4 6.5))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 500])
def test_open_coded_gcd_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_open_coded_gcd_values():
    """Worked by hand: gcd(6i, 4(i+3)) summed; gcd(6^k, 4^k) = 2^k; gcd(4i, 6) then 'mine
    from the fourth call."""
    import math

    total = sum(math.gcd(6 * i, 4 * (i + 3)) for i in range(1, 201))
    assert run(PROGRAMS["Euclid's pairs in a loop, big ones charged"], True, 2, None)[0] == f"({total} 1024 #t #t)"
    assert run(PROGRAMS["gcd redefined while a loop calls it"], True, 2, None)[0] == "(6 2 2 mine mine mine)"


def test_open_coded_gcd_charges_as_the_procedure():
    """Under 384 bits nothing beyond the call; longer operands are charged by the
    procedure, in generated code as in the closures."""
    for generate in (True, False):
        small, big = steps_of_calls("(define (f a b) (gcd a b)) (define a (expt 3 3000)) (define b (expt 3 2500))",
                                    ["(f 12 18)", "(f a b)"], generate)
        assert big > small, generate


def test_open_coded_gcd_is_written_in_line():
    text, s = generated_sources("(define (f a b) (gcd a b))")
    assert "GCD(v1_a, v1_b)" in text
    assert s.show("(f 12 18)") == "6"


def test_open_coded_lcm_values_and_text():
    """Worked by hand: lcm(i, i + 1, 2i, 6) for i = 1 .. 4 is 6, 12, 12, 120 (8 * 5 * 3);
    from the fifth the redefined lcm's 0; then the standard one again: lcm(-4, 6) = 12,
    lcm(0, 5) = 0, and 3 * 2^400."""
    expected = f"((6 12 12 120 0 0) 12 0 {3 * 2**400})"
    assert run(PROGRAMS["lcm of cycle lengths in a loop, redefined at the end"], True, 2, None)[0] == expected
    text, s = generated_sources("(define (f a b) (lcm a b))")
    assert "LCM(v1_a, v1_b)" in text
    assert s.show("(list (f 4 6) (f -4 6) (f 0 7) (f (expt 3 300) 9))") == f"(12 12 0 {3**300})"
