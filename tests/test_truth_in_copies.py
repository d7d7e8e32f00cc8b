"""Only #f is false (R7RS 6.3): an accessor's value tested by `if` or `cond` in a
loop's typed copy (typespec.py) is true when it is 0, 0.0, -0.0, an empty vector
or anything else but #f.

The chest set's writer found word-ladder's parents vector, filled with #f and
tested by (vector-ref parents (car next)) in a named let, taking word 0 for
unreached: the copy tested the element's Python truth when the fast path was
taken (`(v[i]) if 0 <= i < len(v) else slow(v, i) is not False`)."""

from __future__ import annotations

import re

from test_typespec import generated_source, same_everywhere

# Each loop counts the elements its test finds true.
PROGRAM = """
(define (count-true v n)
  (let loop ((k n) (c 0))
    (if (= k 0) c
        (if (vector-ref v (- k 1)) (loop (- k 1) (+ c 1)) (loop (- k 1) c)))))
(define (count-cadr l)
  (let loop ((l l) (c 0))
    (if (null? (cdr l)) c
        (if (car (cdr l)) (loop (cdr l) (+ c 1)) (loop (cdr l) c)))))
(define (count-indirect v w n)
  (let loop ((k 0) (c 0))
    (if (= k n) c
        (cond ((vector-ref v (vector-ref w k)) (loop (+ k 1) (+ c 1)))
              (else (loop (+ k 1) c))))))
(define (count-by-list v l)
  (let loop ((l l) (c 0))
    (cond ((null? l) c)
          ((vector-ref v (car l)) (loop (cdr l) (+ c 1)))
          (else (loop (cdr l) c)))))
(define (count-chars s n)
  (let loop ((k 0) (c 0))
    (if (= k n) c (if (string-ref s k) (loop (+ k 1) (+ c 1)) (loop (+ k 1) c)))))
"""


def test_the_first_report_a_vector_of_zeros_tested_in_a_named_let():
    program = """
    (define (f v k)
      (let loop ((k k) (acc '()))
        (if (= k 0)
            acc
            (if (vector-ref v (- k 1))
                (loop (- k 1) (cons 'yes acc))
                (loop (- k 1) (cons 'no acc))))))
    (f (make-vector 3 0) 2)
    """
    value, _, _ = same_everywhere(program)
    assert value == "(yes yes)"


def test_zero_and_empty_things_are_true_in_every_loop_shape():
    program = PROGRAM + """
    (list (count-true (vector 0 #f 0.0 -0.0 (vector) "" '() #t) 8)
          (count-cadr (list 1 0 #f 0.0 '() (vector)))
          (count-indirect (vector 0 #f 0 (vector)) (vector 0 1 2 3 0) 5)
          (count-by-list (vector 0 #f -0.0) '(0 1 2 1 0))
          (count-chars "ab" 2))
    """
    value, _, _ = same_everywhere(program)
    # 7 of 8 (all but #f); 0, 0.0, () and #() of the cadrs; v[0], v[2], v[3], v[0];
    # v[0], v[2], v[0]; both characters
    assert value == "(7 4 4 3 2)"


def test_the_copy_tests_the_element_whole():
    source = generated_source(PROGRAM)
    # The typed copy's read of v[i] (i = k - 1, not known to be non-negative): into a
    # temporary on every path (the element, or the slow path's value where the index
    # is negative or past the end), and that temporary tested against #f.
    read = re.search(r"if (t\d+) >= 0:\n +try:\n +(t\d+) = v1_v\[\1\]\n +except IndexError:\n +\2 = Z\[(\d+)\]\(v1_v, \1\)\n"
                     r" +else:\n +\2 = Z\[\3\]\(v1_v, \1\)\n +if \2 is not False:", source)
    assert read, source
    # Never the fast one tested by its Python truth, nor the slow path's value alone.
    assert not re.search(r"if v1_v\[t\d+\]:", source)
    assert not re.search(r"\(v1_v\[t\d+\]\) if [^\n]* else Z\[\d+\]\(v1_v, t\d+\) is not False", source)
