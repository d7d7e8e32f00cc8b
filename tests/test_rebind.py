"""A loop's round (named let, do) and a self tail call rebind their variables from
values evaluated in order (pyfunc.rebind): three or more by plain stores, a
variable that a later value reads stored after the last; two by one tuple
assignment.  Rotations, swaps and values reading the old variables keep their
meaning in every mode."""

from __future__ import annotations

import re

from test_typespec import generated_source, same_everywhere

from schemehost.pyfunc import rebind


def test_plain_stores_when_no_later_value_reads_the_variable():
    assert rebind([("a", "t1"), ("b", "t2"), ("c", "t3"), ("d", "t4")]) == "a = t1; b = t2; c = t3; d = t4"
    assert rebind([("a", "(b + 1)"), ("b", "t2"), ("c", "a2")]) == "a = (b + 1); b = t2; c = a2"


def test_a_variable_a_later_value_reads_is_stored_after_the_last_value():
    # The values in their order; a and b, read by later ones, through temporaries.
    assert (rebind([("i", "(i + 1)"), ("a", "b"), ("b", "(a + b)"), ("s", "(s + a)"), ("t", "(t + b)")])
            == "i = (i + 1); _nv1 = b; _nv2 = (a + b); s = (s + a); t = (t + b); a = _nv1; b = _nv2")
    assert rebind([("a", "b"), ("b", "c"), ("c", "a")]) == "_nv0 = b; b = c; c = a; a = _nv0"
    assert rebind([("a", "t1"), ("b", "t2"), ("c", "a.car")]) == "_nv0 = t1; b = t2; c = a.car; a = _nv0"


def test_two_are_one_tuple_assignment():
    assert rebind([("a", "t1"), ("b", "t2")]) == "a, b = t1, t2"
    assert rebind([("a", "b"), ("b", "a")]) == "a, b = b, a"


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
    # rotate's values read the variables themselves: a, which d's value reads, stored last.
    assert re.search(r"_nv1 = v\d+_b; v\d+_b = v\d+_c; v\d+_c = v\d+_d; v\d+_d = v\d+_a; v\d+_a = _nv1\n", source)


def test_the_first_operand_s_error_is_the_one_raised():
    program = """
    (define (walk l n)
      (let loop ((i 0) (l l) (x 0) (s 0))
        (if (= i n) s (loop (+ i 1) (cdr l) (car l) (+ s (car l) x)))))
    (list (walk '(1 2 3) 3) (walk '(1 2) 3))
    """
    value, _, _ = same_everywhere(program)
    # In the third round l is (): (cdr l), the first operand to fail, names the error.
    assert value.startswith("ERROR") and "cdr" in value and "(cdr l)" in value, value
    value, _, _ = same_everywhere(program.replace("(list (walk '(1 2 3) 3) (walk '(1 2) 3))", "(walk '(1 2 3) 3)"))
    assert value == "9"  # s: 0 + 1 + 0, then 1 + 2 + 1, then 4 + 3 + 2
