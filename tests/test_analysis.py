"""The analysis layer (schemehost/analysis.py): each core special form is parsed once.

Until issue 12 compiler.py and pyfunc.py each checked the syntax of the
forms they compiled (the `_b_X` twins in pyfunc.py), and a test pinned
their messages equal.  Now `analysis.PARSERS[name]` checks a form once and
both back ends build from its parts, so one table of exact texts covers
every place a form can stand: at top level (closures) and in a procedure
body (generated Python), where only the column moves.
"""

from __future__ import annotations

import pytest

from conftest import Session
from schemehost import SchemehostError, format_error
from schemehost import compiler, ir
from schemehost.analysis import PARSERS, parse_define
from schemehost.printer import write_string
from schemehost.reader import read_all

# (form, column of the error at top level, message)
BAD_SYNTAX = [
    ("(quote)", 1, "quote: bad syntax: (quote)"),
    ("(quote 1 2)", 1, "quote: bad syntax: (quote 1 2)"),
    ("(if)", 1, "if: bad syntax: (if)"),
    ("(if 1)", 1, "if: bad syntax: (if 1)"),
    ("(if 1 2 3 4)", 1, "if: bad syntax: (if 1 2 3 4)"),
    ("(define)", 1, "define: bad syntax: (define)"),
    ("(define 5 1)", 1, "define: bad syntax: (define 5 1)"),
    ("(define x 1 2)", 1, "define: bad syntax: (define x 1 2)"),
    ("(define (5) 1)", 1, "define: bad syntax: (define (5) 1)"),
    ("(define ((f 5) x) 1)", 1, "lambda: parameter must be an identifier: 5"),
    ("(set! x)", 1, "set!: bad syntax: (set! x)"),
    ("(set! 5 1)", 1, "set!: bad syntax: (set! 5 1)"),
    ("(lambda)", 1, "lambda: bad syntax: (lambda)"),
    ("(lambda (x))", 1, "lambda: bad syntax: (lambda (x))"),
    ("(lambda (1) 1)", 1, "lambda: parameter must be an identifier: 1"),
    ("(lambda (x x) 1)", 1, "lambda: duplicate parameter: x"),
    ("(begin . 1)", 1, "begin: bad syntax (improper list): (begin . 1)"),
    ("(and . 1)", 1, "and: bad syntax (improper list): (and . 1)"),
    ("(or 1 . 2)", 1, "or: bad syntax (improper list): (or 1 . 2)"),
    ("(when)", 1, "when: bad syntax: (when)"),
    ("(when 1)", 1, "when: bad syntax: (when 1)"),
    ("(unless 1)", 1, "unless: bad syntax: (unless 1)"),
    ("(cond)", 1, "cond: bad syntax: (cond)"),
    ("(cond ())", 1, "cond: bad clause: ()"),
    ("(cond (else))", 7, "cond: else must be the last clause and have a body: (else)"),
    ("(cond (else 1) (1 2))", 7, "cond: else must be the last clause and have a body: (else 1)"),
    ("(cond (1 => 2 3))", 7, "cond: bad => clause: (1 => 2 3)"),
    ("(case)", 1, "case: bad syntax: (case)"),
    ("(case 1)", 1, "case: bad syntax: (case 1)"),
    ("(case 1 (1))", 1, "case: bad clause: (1)"),
    ("(case 1 (x 2))", 9, "case: bad clause: (x 2)"),
    ("(case 1 (else 1) ((1) 2))", 9, "case: else must be the last clause: (else 1)"),
    ("(case 1 ((1) => 2 3))", 9, "case: bad => clause: ((1) => 2 3)"),
    ("(case 1 ((1 . 2) 3))", 9, "case: bad syntax (improper list): (case 1 ((1 . 2) 3))"),
    ("(do)", 1, "do: bad syntax: (do)"),
    ("(do ((i 0 1 2)) (#t))", 1, "do: bad variable clause: (i 0 1 2)"),
    ("(do ((i 0)) ())", 1, "do: bad exit clause: ()"),
    ("(do ((i 0)) 5)", 1, "do: bad exit clause: 5"),
    ("(quasiquote)", 1, "quasiquote: bad syntax: (quasiquote)"),
    ("(quasiquote 1 2)", 1, "quasiquote: bad syntax: (quasiquote 1 2)"),
    # let, let*, letrec and named let (these rows pinned both parsers equal before issue 12)
    ("(let)", 1, "let: bad syntax: (let)"),
    ("(let x)", 1, "let: bad syntax: (let x)"),
    ("(let 5 1)", 1, "let: bad syntax (improper list): (let 5 1)"),
    ("(let ((x)) x)", 1, "let: bad binding: (x)"),
    ("(let ((x 1 2)) x)", 1, "let: bad binding: (x 1 2)"),
    ("(let ((1 2)) 3)", 1, "let: bad binding: (1 2)"),
    ("(let (x) x)", 1, "let: bad binding: x"),
    ("(let ((x 1) (x 2)) x)", 1, "let: duplicate binding: x"),
    ("(let ((x 1)))", 1, "let: bad syntax: (let ((x 1)))"),
    ("(let ((x 1) . 2) x)", 1, "let: bad syntax (improper list): (let ((x 1) . 2) x)"),
    ("(let loop)", 1, "let: bad syntax: (let loop)"),
    ("(let loop ((i 0)))", 1, "let: bad syntax: (let loop ((i 0)))"),
    ("(let loop ((i)) i)", 1, "let: bad binding: (i)"),
    ("(let loop ((i 0) (i 1)) i)", 1, "let: duplicate binding: i"),
    ("(let loop 5 1)", 1, "let: bad syntax (improper list): (let loop 5 1)"),
    ("(let loop (i) i)", 1, "let: bad binding: i"),
    ("(let* ((x)) x)", 1, "let: bad binding: (x)"),
    ("(let* 5 1)", 1, "let*: bad syntax (improper list): (let* 5 1)"),
    ("(let* ((x 1) (y)) y)", 1, "let: bad binding: (y)"),
    ("(let* ((x 1)))", 1, "let*: bad syntax: (let* ((x 1)))"),
    ("(let*)", 1, "let*: bad syntax: (let*)"),
    ("(letrec ((1 2)) 3)", 1, "letrec: bad binding: (1 2)"),
    ("(letrec ((a 1) (a 2)) a)", 1, "letrec: duplicate binding: a"),
    ("(letrec)", 1, "letrec: bad syntax: (letrec)"),
    ("(letrec* ((a 1 2)) a)", 1, "letrec: bad binding: (a 1 2)"),
]

# (template with {} for the form, columns before the form, whether pyfunc compiles the body)
PLACES = [("{}", 0, True), ("(define (f) {})", 12, True), ("(define (f) (+ 1 {}))", 17, True), ("(define (f) {})", 12, False)]


def error_text(program: str, generate: bool) -> str:
    session = Session()
    session.interp.compiler.generate = generate
    with pytest.raises(SchemehostError) as info:
        session.interp.eval_string(program, "t.scm")
    return format_error(info.value).split("\n")[0]


@pytest.mark.parametrize("form, column, message", BAD_SYNTAX)
@pytest.mark.parametrize("where, shift, generate", PLACES,
                         ids=["top level", "procedure body", "argument in a procedure", "body with generation off"])
def test_parse_bad_syntax_gives_one_exact_text_in_every_place(form, column, message, where, shift, generate):
    assert error_text(where.format(form), generate) == f"t.scm:1:{column + shift}: {message}"


def test_parsers_cover_every_form_the_ir_builds():
    """One front end: the IR builder takes every form analysis parses, and only those;
    the closures compiler.py builds itself are for shapes of those forms the IR leaves out."""
    assert set(ir.HANDLERS) == set(PARSERS)
    assert set(compiler.BUILDERS) <= set(PARSERS)


def test_parse_define_curried_shape_nests_lambdas():
    (form,) = read_all("(define ((f a) b) (list a b))")
    name, (params, body), expr = parse_define(None, form, None, None)
    assert (name.name, write_string(params), expr) == ("f", "(a)", None)
    assert [write_string(x) for x in body] == ["(lambda (b) (list a b))"]


def test_parse_define_without_value_leaves_the_variable_unassigned():
    from schemehost.datatypes import UNASSIGNED

    (form,) = read_all("(define x)")
    name, lam, expr = parse_define(None, form, None, None)
    assert (name.name, lam, expr) == ("x", None, UNASSIGNED)


@pytest.mark.parametrize("program, expected", [
    ("(define (f x) (case x ((1) => (lambda (v) (* v 10))) (else 'other))) (list (f 1) (f 2))", "(10 other)"),
    ("(define (f x) (cond ((assv x '((1 . one))) => cdr) (else 'none))) (list (f 1) (f 2))", "(one none)"),
    ("(define (f x) `(a ,@x ,(length x))) (f '(1 2))", "(a 1 2 2)"),
])
def test_form_left_to_closures_by_pyfunc_runs_from_its_parse(program, expected):
    """A body form pyfunc does not open-code (=> clauses, unquote-splicing) goes to compiler.py parsed."""
    assert Session().show(program) == expected
