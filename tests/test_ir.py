"""ir.py: the one front end.  Each form is built, once, into the IR both emitters read.

These tests look at the tree itself; tests/test_tiers.py and tests/test_calls.py run
programs through both emitters (closures.py, pyfunc.py) and compare what they do.
"""

from __future__ import annotations

import io

import pytest

from schemehost import Interpreter
from schemehost.analysis import Scope
from schemehost.datatypes import Symbol
from schemehost.errors import SchemeError
from schemehost.ir import And, Builder, Call, Case, Const, GRef, If, Let, Loop, LRef, Node, Prim, Recur, Seq, Unit
from schemehost.printer import write_string
from schemehost.reader import read_all


def body_ir(params: str, body: str, interp: Interpreter | None = None, name: str | None = None):
    """The IR of the body of `(lambda (params) body)`, built as compiler.lambda_node builds it."""
    interp = interp or Interpreter(stdout=io.StringIO())
    comp = interp.compiler
    names = [Symbol.intern(p) for p in params.split()]
    unit = Unit(comp, None, Symbol.intern(name) if name else None)
    inner = Scope(names, None)
    unit.fgen = unit.own(inner)
    unit.params = [unit.fgen.var(i) for i in range(len(names))]
    return Builder(unit).body(read_all(body, "t.scm"), inner, None, "lambda", ("unit",)), unit


def test_ir_if_with_a_standard_primitive_test_and_a_tail_call():
    ir, _ = body_ir("x", "(if (< x 2) x (g x))")
    assert type(ir) is If
    assert type(ir.test) is Prim and ir.test.name == "<"
    assert [type(a) for a in ir.test.args] == [LRef, Const]
    assert type(ir.then) is LRef and ir.then.var.name == "x"
    assert type(ir.alt) is Call and ir.alt.tail and ir.alt.opname == "g"
    assert type(ir.alt.op) is GRef


def test_ir_redefined_primitive_is_a_call_not_open_coded():
    """A global no longer holding the standard procedure is called like any other."""
    interp = Interpreter(stdout=io.StringIO())
    assert type(body_ir("x", "(car x)", interp)[0]) is Prim
    interp.eval_string("(define (car p) 'mine)")
    ir, _ = body_ir("x", "(car x)", interp)
    assert type(ir) is Call and ir.opname == "car"


def test_ir_self_tail_call_is_marked_and_non_tail_is_not():
    ir, unit = body_ir("n", "(if (= n 0) 0 (f (- n 1)))", name="f")
    assert ir.alt.selfcall and unit.selfrecur
    ir, _ = body_ir("n", "(if (= n 0) 0 (+ 1 (f (- n 1))))", name="f")
    call = ir.alt.args[1]
    assert type(call) is Call and not call.tail and not call.selfcall


def test_ir_named_let_used_only_in_tail_position_is_a_loop():
    ir, unit = body_ir("n", "(let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (+ acc i))))")
    assert type(ir) is Loop and ir.calls and ir.nvars == 2
    assert type(ir.body) is If and type(ir.body.alt) is Recur and ir.body.alt.loop is ir
    assert unit.loops


def test_ir_named_let_called_non_tail_is_not_a_loop():
    ir, _ = body_ir("t", "(let walk ((t t)) (if (pair? t) (+ (walk (car t)) (walk (cdr t))) 1))")
    assert type(ir) is not Loop


def test_ir_do_loop_makes_no_calls():
    ir, _ = body_ir("v", "(do ((i 0 (+ i 1))) ((= i 3) v) (vector-set! v i i))")
    assert type(ir) is Loop and not ir.calls


def test_ir_let_and_and_case():
    ir, _ = body_ir("x", "(let ((y (* x 2))) (and (> y 1) (case y ((2 4) 'even) ((3) 'odd) (else 'other))))")
    assert type(ir) is Let
    assert type(ir.body) is And
    case = ir.body.nodes[1]
    assert type(case) is Case and case.default is not None and len(case.bodies) == 2
    assert case.table[(int, 4)] == 0 and case.table[(int, 3)] == 1


def test_ir_begin_is_a_sequence_and_quote_a_constant():
    ir, _ = body_ir("x", "(begin (display x) '(a b))")
    assert type(ir) is Seq and type(ir.nodes[1]) is Const
    assert write_string(ir.nodes[1].value) == "(a b)"


def test_ir_form_outside_the_ir_is_compiled_once_as_a_node():
    """guard has no IR node: compiler.py/forms.py compile it, and it sits in the tree as a Node."""
    ir, _ = body_ir("x", "(guard (e (#t 'caught)) (raise x))")
    assert type(ir) is Node


def test_ir_macro_use_is_expanded_before_building():
    interp = Interpreter(stdout=io.StringIO())
    interp.eval_string("(define-syntax twice (syntax-rules () ((_ e) (begin e e))))")
    ir, _ = body_ir("x", "(twice (display x))", interp)
    assert type(ir) is Seq and len(ir.nodes) == 2 and all(type(n) is Call for n in ir.nodes)


@pytest.mark.parametrize("program, expected", [
    ("(define (g x) 1) (list (g (define g car)) (g '(5)))", "(1 5)"),
    ("(import (scheme base)) (list (car (begin (define car cdr) '(1 2))) (car '(1 2)))", "((2) (2))"),
])
def test_ir_call_operator_defined_by_its_own_operand_resolves_after_it(program, expected):
    """The Builder resolves a call's operator once before its operands and reuses that when
    they are identifiers or constants; an operand that is a form may define the operator's
    name (here the imported `car`, shadowed by a new cell), so then it resolves it again."""
    interp = Interpreter(stdout=io.StringIO())
    assert write_string(interp.eval_string(program, "e.scm")) == expected


def test_ir_call_operator_made_a_macro_by_its_own_operand_is_a_syntax_error():
    interp = Interpreter(stdout=io.StringIO())
    with pytest.raises(SchemeError) as info:
        interp.eval_string("(define (g x) 1) (g (define-syntax g (syntax-rules () ((_ x) 'm))))", "e.scm")
    assert (str(info.value.payload.message), str(info.value.span)) == ("g: syntax keyword used as a variable",
                                                                        "e.scm:1:18")
