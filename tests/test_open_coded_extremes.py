"""min and max of three exact integers written in line (inline.TERNARY): two
comparisons, no call; any other operands (a float, a NaN, a ratio, a symbol) go
to the procedure, for its inexact result or its error.  The procedures' own
entry (numbers._extreme) takes a few exact integers without making a set of
their types.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode, run

CALLS = sorted({tuple(c) for c in itertools.product(["3", "-2", "7"], repeat=3)}
               | {("3", "3", "3"), ("0", "-0.0", "0.0"), ("1", "2.5", "3"), ("+nan.0", "1", "2"), ("1", "2", "+nan.0"),
                  ("1/2", "1/3", "2"), ("(expt 2 100)", "-5", "(- (expt 2 100))"), ("1", "'a", "2"), ("'a", "1", "2"),
                  ("4", "4.0", "3"), ("-0.0", "0", "0")})


@pytest.mark.parametrize("name", ["min", "max"])
@pytest.mark.parametrize("args", CALLS, ids=" ".join)
def test_open_coded_extreme_of_three_gives_the_standard_procedures_value_or_error(name, args):
    same_as_apply(name, list(args))


PROGRAMS = {
    "an edit distance's table by (min a b c)": """
(define (distance a b)
  (let* ((m (string-length a)) (n (string-length b)) (row (make-vector (+ n 1) 0)))
    (do ((j 0 (+ j 1))) ((> j n)) (vector-set! row j j))
    (do ((i 1 (+ i 1))) ((> i m) (vector-ref row n))
      (let ((next (make-vector (+ n 1) i)))
        (do ((j 1 (+ j 1))) ((> j n))
          (vector-set! next j (min (+ (vector-ref row (- j 1)) (if (char=? (string-ref a (- i 1)) (string-ref b (- j 1))) 0 1))
                                   (+ (vector-ref row j) 1)
                                   (+ (vector-ref next (- j 1)) 1))))
        (set! row next)))))
(list (distance "kitten" "sitting") (distance "flaw" "lawn") (distance "" "abc") (distance "same" "same"))
""",
    "max of three redefined while a loop calls it": """
(define original max)
(define (run n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (begin (if (= i 3) (set! max (lambda (a b c) 'mine)))
               (loop (+ i 1) (cons (max i (- 4 i) 2) acc))))))
(let ((r (run 5))) (set! max original) r)
""",
    "mixed operands: inexact results and errors": """
(define (try a b c) (guard (e ((error-object? e) 'error)) (list (min a b c) (max a b c))))
(list (try 1 2 3) (try 1 2.0 3) (try 3 1/2 2) (try 1 'x 2) (try (expt 10 30) 5 -5))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 500])
def test_open_coded_extremes_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_open_coded_extremes_values():
    """Worked by hand: kitten -> sitting 3, flaw -> lawn 2, "" -> abc 3, same 0; max(i, 4 - i, 2)
    is 4, 3, 2 for i = 0, 1, 2, then the redefined max's 'mine; min and max of 1, 2.0, 3 are
    inexact (1.0 and 3.0), of 3, 1/2, 2 exact."""
    assert run(PROGRAMS["an edit distance's table by (min a b c)"], True, 2, None)[0] == "(3 2 3 0)"
    assert run(PROGRAMS["max of three redefined while a loop calls it"], True, 2, None)[0] == "(4 3 2 mine mine)"
    assert (run(PROGRAMS["mixed operands: inexact results and errors"], True, 2, None)[0]
            == f"((1 3) (1.0 3.0) (1/2 3) error (-5 {10**30}))")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-10**6, 10**6) | st.integers(-2**200, 2**200), min_size=3, max_size=3))
def test_open_coded_extremes_of_any_three_integers(triple):
    text, s = generated_sources("(define (lo a b c) (min a b c)) (define (hi a b c) (max a b c))")
    a, b, c = triple
    assert s.show(f"(list (lo {a} {b} {c}) (hi {a} {b} {c}))") == f"({min(triple)} {max(triple)})"


def test_open_coded_extremes_are_written_in_line():
    text, s = generated_sources("(define (f a b c) (min a b c)) (define (g a b c) (max a b c))")
    assert "(v1_a if v1_a <= v1_c else v1_c) if v1_a <= v1_b else (v1_b if v1_b <= v1_c else v1_c)" in text
    assert "(v1_a if v1_a >= v1_c else v1_c) if v1_a >= v1_b else (v1_b if v1_b >= v1_c else v1_c)" in text
    assert s.show("(list (f 5 2 9) (g 5 2 9) (f 1 1 0) (g 0 1 1))") == "(2 9 0 1)"
