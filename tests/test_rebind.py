"""A loop's round (named let, do) and a self tail call rebind their variables from
values all computed first (pyfunc.rebind): three or more by plain stores, one
after another, unless a value reads a variable stored before it; else one tuple
assignment.  Rotations, swaps and values reading the old variables keep their
meaning in every mode."""

from __future__ import annotations

import re

from test_typespec import generated_source, same_everywhere

from schemehost.pyfunc import rebind


def test_plain_stores_when_no_value_reads_a_variable_stored_before_it():
    assert rebind([("a", "t1"), ("b", "t2"), ("c", "t3"), ("d", "t4")]) == "a = t1; b = t2; c = t3; d = t4"
    assert rebind([("a", "(b + 1)"), ("b", "t2"), ("c", "a2")]) == "a = (b + 1); b = t2; c = a2"


def test_one_tuple_assignment_when_a_value_reads_one_stored_before_it_or_for_two():
    assert rebind([("a", "t1"), ("b", "t2")]) == "a, b = t1, t2"
    assert rebind([("a", "b"), ("b", "c"), ("c", "a")]) == "a, b, c = b, c, a"
    assert rebind([("a", "t1"), ("b", "t2"), ("c", "a.car")]) == "a, b, c = t1, t2, a.car"


LOOPS = """
(define (rotate n)
  (let loop ((i 0) (a 1) (b 2) (c 3) (d 4))
    (if (= i n) (list a b c d) (loop (+ i 1) b c d a))))
(define (fib-and-sums n)
  (let loop ((i 0) (a 0) (b 1) (sa 0) (sb 0))
    (if (= i n) (list a b sa sb) (loop (+ i 1) b (+ a b) (+ sa a) (+ sb b)))))
(define (bit-and a b)  ; the bits both have, halving both
  (let loop ((a a) (b b) (bit 1) (result 0))
    (cond ((or (zero? a) (zero? b)) result)
          (else (loop (quotient a 2) (quotient b 2) (* 2 bit)
                      (if (and (odd? a) (odd? b)) (+ bit result) result))))))
(define (self-rotate i a b c)
  (if (= i 0) (list a b c) (self-rotate (- i 1) c a b)))
(define (do-sums v)
  (do ((i 0 (+ i 1)) (s 0 (+ s (vector-ref v i))) (p 1 (* p (vector-ref v i))) (last #f i))
      ((= i (vector-length v)) (list s p last))))
"""


def test_loops_rebinding_three_or_more_variables_keep_their_meaning():
    program = LOOPS + """
    (list (rotate 5) (fib-and-sums 10) (bit-and 12 10) (bit-and 255 256) (self-rotate 4 'x 'y 'z)
          (do-sums (vector 1 2 3 4)))
    """
    value, _, _ = same_everywhere(program)
    # rotate: five rounds of a four-cycle is one; fib: F(10) F(11), sums of F(0..9) and F(1..10);
    # 12 and 10 = 8; 255 and 256 = 0; four rotations of three is one
    assert value == "((2 3 4 1) (55 89 88 143) 8 0 (z x y) (10 24 3))"


def test_the_loop_of_four_is_written_as_plain_stores():
    source = generated_source(LOOPS)
    assert re.search(r"v\d+_a = t\d+; v\d+_b = t\d+; v\d+_bit = t\d+; v\d+_result = t\d+", source)
    # rotate's values read the variables themselves: one tuple assignment.
    assert re.search(r"v\d+_i, v\d+_a, v\d+_b, v\d+_c, v\d+_d = .*, v\d+_b, v\d+_c, v\d+_d, v\d+_a\n", source)
