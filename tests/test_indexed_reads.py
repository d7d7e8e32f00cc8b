"""Indexed reads and writes whose end is Python's own IndexError (pyfunc.Emitter.raising).

vector-ref, string-ref, vector-set! and bytevector-u8-ref in ordinary generated
code test the container's type, the index's type and `index >= 0`, then index
inside `try`: past the end, the except clause runs the procedure, which gives
its error.  A literal index keeps no test of it at all.  These programs give
every kind of index to each, in ordinary code, in a loop's typed copy and with
a literal, and must give the same values, errors and steps generated, tiered
and closure-compiled; the good ones are checked against values worked by hand.
"""

from __future__ import annotations

import pytest

from test_typespec import generated_source, same_everywhere

# Each operation, called with the container (made fresh by `make`) and index i.
OPERATIONS = {
    "vector-ref": ("(vector 10 20 30)", "(vector-ref c i)"),
    "string-ref": ("(string #\\a #\\b #\\c)", "(string-ref c i)"),
    "vector-set!": ("(vector 10 20 30)", "(begin (vector-set! c i 'x) c)"),
    "bytevector-u8-ref": ("(bytevector 7 8 9)", "(bytevector-u8-ref c i)"),
}
# The value each gives at index 2, worked by hand.
AT_TWO = {"vector-ref": "30", "string-ref": "#\\c", "vector-set!": "#(10 20 x)", "bytevector-u8-ref": "9"}
INDEXES = ["0", "2", "3", "-1", "-3", "#t", "1.0", "(expt 2 70)", "(- (expt 2 70))", "'a", "1/2"]


def program(name: str, index: str) -> str:
    make, use = OPERATIONS[name]
    return f"""
    (define (op c i) {use})
    (define (pick c i) (cond ((eq? c 'none) 'none) ({use} 'yes) (else 'no)))
    (define (down c n)
      (let loop ((k n) (acc '()))
        (if (= k 0) acc (loop (- k 1) (cons (let ((i (- k 1))) {use}) acc)))))
    (list (op {make} {index}) (pick {make} {index}))
    """


@pytest.mark.parametrize("name", sorted(OPERATIONS))
@pytest.mark.parametrize("index", INDEXES)
def test_every_index_gives_the_procedures_value_or_error_in_every_mode(name, index):
    value, _, _ = same_everywhere(program(name, index))
    if index == "2":
        assert value == f"({AT_TWO[name]} yes)"
    elif index != "0":
        # Only 0 and 2 are indexes of a three-element container.
        assert value.startswith("ERROR") and name in value, value


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_a_loop_reads_down_to_index_zero_and_fails_past_the_end(name):
    make, _ = OPERATIONS[name]
    good, _, _ = same_everywhere(program(name, "0") + f"(down {make} 3)")
    if name != "vector-set!":
        expected = {"vector-ref": "(10 20 30)", "string-ref": "(#\\a #\\b #\\c)", "bytevector-u8-ref": "(7 8 9)"}[name]
        assert good == expected
    bad, _, _ = same_everywhere(program(name, "0") + f"(down {make} 4)")
    assert bad.startswith("ERROR") and name in bad


def test_a_literal_index_past_the_end_and_an_empty_vector():
    value, _, _ = same_everywhere("(define (third v) (vector-ref v 2)) (list (third (vector 1 2 3)) (third #(a b c d)))")
    assert value == "(3 c)"
    for short in ("(vector 1 2)", "(vector)", "'(1 2 3)", "\"abc\""):
        value, _, _ = same_everywhere(f"(define (third v) (vector-ref v 2)) (third {short})")
        assert value.startswith("ERROR") and "vector-ref" in value


def test_vector_ref_redefined_while_a_loop_reads_is_called_once_per_read():
    value, _, steps = same_everywhere("""
    (define calls 0)
    (define (sum v n)
      (let loop ((i 0) (s 0))
        (if (= i n) s
            (begin
              (if (= i 2) (set! vector-ref (lambda (v i) (set! calls (+ calls 1)) 100)))
              (loop (+ i 1) (+ s (vector-ref v i)))))))
    (list (sum (vector 1 2 3 4 5) 5) calls)
    """)
    assert value == "(303 3)"  # 1 + 2, then three reads of 100, each counted once
    assert steps > 0


def test_ordinary_code_reads_no_length():
    source = generated_source("""
    (define (f v i s j) (vector-set! v i (string-ref s j)) (vector-ref v i))
    (f (make-vector 3 0) 1 "abc" 2)
    """)
    assert "len(" not in source
    assert source.count("except IndexError:") == 3
    assert ">= 0" in source
