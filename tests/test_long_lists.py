"""(list a b c d ...) of four to sixteen operands in generated code: while the
global holds the standard `list`, its pairs are made by statements in the caller
(pyfunc.Emitter.list_call), as inline.BUILDERS makes a list of up to three;
leftist-heap made its nodes by (list rank value left right) through the
procedure, a tuple of the operands and a loop each time.

Checked: the values in every mode (generated at once, tiered, closures) for
every length around the range's ends, in and out of tail position, with
operands that are calls; a program that redefines `list`, before and after the
procedure was written, and from an operand of the very call; and that the
statements are written where they should be and not where they should not."""

from __future__ import annotations

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
