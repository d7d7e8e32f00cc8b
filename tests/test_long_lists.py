"""(list a b c d ...) of four to sixteen operands, and a define-record-type
constructor of four or more, in generated code: while the global holds the
procedure, the list's pairs or the record's fields are made by statements in the
caller (pyfunc.Emitter.build_call), as inline.BUILDERS makes a list of up to
three; leftist-heap made its nodes by (list rank value left right) through the
procedure, a tuple of the operands and a loop each time, and rbtree its nodes by
a call of the constructor's function.

Checked: the values in every mode (generated at once, tiered, closures) for
every length around the range's ends, in and out of tail position, with
operands that are calls; a program that redefines `list`, before and after the
procedure was written, and from an operand of the very call; and that the
statements are written where they should be and not where they should not."""

from __future__ import annotations

import re

import pytest

from test_typespec import generated_source, same_everywhere


def numbers(n: int) -> str:
    return " ".join(str(k) for k in range(1, n + 1))


@pytest.mark.parametrize("n", [4, 5, 9, 16, 17, 20])
def test_a_long_list_has_its_operands_in_order_in_and_out_of_tail_position(n):
    params = " ".join(f"a{k}" for k in range(1, n + 1))
    program = f"""
    (define (tail-made {params}) (list {params}))
    (define (kept {params}) (let ((made (list {params}))) (cons (length made) made)))
    (define (called {params}) (list {' '.join(f'(+ a{k} 100)' for k in range(1, n + 1))}))
    (define (loop i acc) (if (= i 0) acc (loop (- i 1) (cons (tail-made {numbers(n)}) acc))))
    (list (tail-made {numbers(n)}) (kept {numbers(n)}) (called {numbers(n)}) (length (loop 50 '())))
    """
    value, _, _ = same_everywhere(program)
    ones = numbers(n)
    hundreds = " ".join(str(k + 100) for k in range(1, n + 1))
    assert value == f"(({ones}) ({n} {ones}) ({hundreds}) 50)"


def test_the_pairs_are_new_each_call_and_may_be_changed():
    program = """
    (define (four a) (list a a a a))
    (define x (four 1))
    (define y (four 1))
    (set-car! (cddr x) 'changed)
    (list x y (eq? x y) (eq? (cdr x) (cdr y)))
    """
    value, _, _ = same_everywhere(program)
    assert value == "((1 1 changed 1) (1 1 1 1) #f #f)"


def test_a_redefined_list_is_called_in_every_mode():
    program = """
    (define (four a b c d) (list a b c d))
    (define before (four 1 2 3 4))
    (set! list (lambda xs (cons 'mine xs)))
    (list before (four 1 2 3 4))
    """
    value, _, _ = same_everywhere(program)
    assert value == "(mine (1 2 3 4) (mine 1 2 3 4))"


def test_an_operand_that_redefines_list_does_not_change_the_call_it_is_an_operand_of():
    # The operator is read before operands that run code (Emitter.snapshot), as the
    # closure compiler reads it: the call is the standard list's, in every mode.
    program = """
    (define (swap!) (set! list vector) 4)
    (define (four a b c) (list a b c (swap!)))
    (list (four 1 2 3) (four 1 2 3))
    """
    value, _, _ = same_everywhere(program)
    assert value == "#((1 2 3 4) #(1 2 3 4))"


def test_the_statements_are_written_for_four_to_sixteen_operands_of_the_standard_list():
    source = generated_source("""
    (define (four a b c d) (list a b c d))
    (define (sixteen a) (list a a a a a a a a a a a a a a a a))
    (define (seventeen a) (list a a a a a a a a a a a a a a a a a))
    (define (three a) (list a a a))
    """)
    assert source.count("is LIST_FN:") == 2
    assert source.count("NEWPAIR()") >= 4 + 16 + 3


def test_no_statements_for_a_list_the_program_defined_itself():
    source = generated_source("""
    (define (list . xs) xs)
    (define (four a b c d) (list a b c d))
    """)
    assert "LIST_FN" not in source


RECORDS = """
(define-record-type node (make-node color left key right) node?
  (color node-color) (left node-left) (key node-key) (right node-right set-node-right!) (extra node-extra))
(define-record-type box (make-box d c b a) box? (a box-a) (b box-b) (c box-c) (d box-d))
(define (fields n) (list (node-color n) (node-left n) (node-key n) (node-right n) (node-extra n)))
"""


def test_a_record_made_in_line_has_each_argument_in_its_field_and_false_in_the_others():
    program = RECORDS + """
    (define (tree k) (if (= k 0) '() (make-node (if (even? k) 'red 'black) (tree (- k 1)) k '())))
    (define (depth t) (if (null? t) 0 (+ 1 (depth (node-left t)))))
    (define (kept c l k r) (let ((n (make-node c l k r))) (set-node-right! n 'changed) n))
    (define (backwards) (make-box 4 3 2 1))
    (let ((t (tree 40)) (b (backwards)))
      (list (fields (kept 'red 1 2 3)) (depth t) (node-key t) (node? t) (box? t)
            (list (box-a b) (box-b b) (box-c b) (box-d b)) (eq? (backwards) (backwards))))
    """
    value, _, _ = same_everywhere(program)
    assert value == "((red 1 2 changed #f) 40 40 #t #f (1 2 3 4) #f)"


def test_a_redefined_constructor_is_called_in_every_mode():
    program = RECORDS + """
    (define (make c l k r) (make-node c l k r))
    (define before (fields (make 1 2 3 4)))
    (set! make-node (lambda args (cons 'mine args)))
    (list before (make 1 2 3 4))
    """
    value, _, _ = same_everywhere(program)
    assert value == "((1 2 3 4 #f) (mine 1 2 3 4))"


def test_the_stores_are_written_for_a_constructor_of_four_or_more():
    source = generated_source(RECORDS + "(define (make c l k r) (make-node c l k r))")
    assert re.search(r"(t\d+)\.f0 = v1_c; \1\.f1 = v1_l; \1\.f2 = v1_k; \1\.f3 = v1_r; \1\.f4 = False", source)
