"""schemehost.expander: syntax-rules macros (R7RS 4.3.2)."""

from __future__ import annotations

import pytest

from schemehost import Interpreter, SchemeError
from schemehost.printer import write_string

SWAP = "(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))"
MY_OR = "(define-syntax my-or (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))"


@pytest.mark.parametrize(
    "source, expected",
    [
        # hygiene: the macro's `tmp` is not the user's `tmp`
        (SWAP + " (define tmp 1) (define y 2) (swap! tmp y) (list tmp y)", "(2 1)"),
        # hygiene: the macro's `t` does not capture the user's `t`; recursion through ...
        (MY_OR + " (define t 5) (my-or #f t)", "5"),
        (MY_OR + " (my-or)", "#f"),
        # literals
        ("(define-syntax lit (syntax-rules (=>) ((_ a => b) (list a b)) ((_ a b c) 'no)))"
         " (list (lit 1 => 2) (lit 1 2 3))", "((1 2) no)"),
        # nested ellipses
        ("(define-syntax nest (syntax-rules () ((_ (a b ...) ...) '((b ... a) ...)))) (nest (1 2 3) (4 5))",
         "((2 3 1) (5 4))"),
        # a local `if` binding does not change what the macro's `if` means
        (MY_OR + " (let ((if list)) (my-or #f 7))", "7"),
    ],
)
def test_expander_syntax_rules_expands(source, expected):
    assert write_string(Interpreter().eval_string(source)) == expected


def test_expander_no_matching_rule_gives_exact_error():
    with pytest.raises(SchemeError) as info:
        Interpreter().eval_string("(define-syntax two (syntax-rules () ((_ a b) 'ok))) (two 1)")
    assert info.value.describe() == "two: no syntax rule matches: (two 1)"
