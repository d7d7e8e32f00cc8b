"""schemehost.compiler: core forms into closures, and their syntax errors."""

from __future__ import annotations

import pytest

from schemehost import Interpreter, SchemeError
from schemehost.analysis import parse_let, reject_circular_code, syntax_error
from schemehost.datatypes import NIL, cons
from schemehost.printer import write_string
from schemehost.reader import read_one


@pytest.mark.parametrize(
    "source, expected",
    [
        ("(let loop ((i 0) (acc '())) (if (= i 3) acc (loop (+ i 1) (cons i acc))))", "(2 1 0)"),
        ("(letrec ((a (lambda () b)) (b 2)) (a))", "2"),
        ("`(1 ,(+ 1 1) ,@(list 3 4))", "(1 2 3 4)"),
        ("(case 3 ((1 2) 'low) ((3 4) 'mid) (else 'high))", "mid"),
        ("(do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 4) s))", "6"),
        ("(define (count n) (if (= n 0) 'done (count (- n 1)))) (count 100000)", "done"),
    ],
)
def test_compiler_form_evaluates(source, expected):
    assert write_string(Interpreter().eval_string(source)) == expected


@pytest.mark.parametrize(
    "source, message",
    [
        ("(let ((x 1) (x 2)) x)", "let: duplicate binding: x"),
        ("(if)", "if: bad syntax: (if)"),
        ("(lambda (x x) x)", "lambda: duplicate parameter: x"),
        ("(let ((x)) x)", "let: bad binding: (x)"),
        ("(define (f) (g)) (define (g) undefined-var) (f)", "unbound variable: undefined-var"),
        ("(letrec ((a b) (b 2)) a)", "variable used before its definition: b"),
    ],
)
def test_compiler_bad_form_gives_exact_error(source, message):
    with pytest.raises(SchemeError) as info:
        Interpreter().eval_string(source)
    assert info.value.describe() == message


def test_compiler_parse_let_splits_names_inits_and_body():
    name, names, inits, body = parse_let(read_one("(let ((a 1) (b 2)) (+ a b))"), None)
    assert name is None
    assert [n.name for n in names] == ["a", "b"] and inits == [1, 2]
    assert [write_string(b) for b in body] == ["(+ a b)"]


def test_compiler_reject_circular_code_names_the_cycle():
    x = cons(1, NIL)
    x.cdr = x
    with pytest.raises(SchemeError) as info:
        reject_circular_code(x)
    assert info.value.describe() == "circular code (a datum label outside a quoted literal): #0=(1 . #0#)"
    reject_circular_code(read_one("(a (b c) #(d))"))  # acyclic code passes


def test_compiler_syntax_error_carries_form_and_message():
    assert syntax_error("if: bad syntax", read_one("(if)")).describe() == "if: bad syntax: (if)"
