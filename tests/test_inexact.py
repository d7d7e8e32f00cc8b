"""Inexact arithmetic in generated code (session 18).

An open-coded `+`, `-`, `*`, `/` or comparison tests for exact integers; a
float used to take the slow path, a call of the procedure through `apply`.
Now the slow path tries the float cases first (inline.inexact), and a call
whose first calls (firstcalls.py) saw a float operand has its float case
written in line (pyfunc.Emitter.inexact_case).  Each must give the
procedure's value, charge its steps and see a redefinition at once.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session, run_program
from schemehost import inline

OPS = ["+", "-", "*", "/", "=", "<", ">", "<=", ">="]

# Operands the float cases take, those they must leave to the procedure, and the edges between.
OPERANDS = [
    "1.5", "-0.25", "0.0", "-0.0", "3", "-7", "0", "+nan.0", "+inf.0", "-inf.0", "1e308",
    "(expt 2 53)", "(- (expt 2 53))", "(+ (expt 2 53) 1)", "(- -1 (expt 2 53))", "(expt 10 400)",
    "1/3", "(make-rectangular 1 2)", "'a",
]


def _shown(session, text):
    from schemehost import SchemehostError, format_error

    try:
        return session.show(text)
    except SchemehostError as err:
        return "ERROR " + format_error(err).splitlines()[0].split(": ", 1)[1]


def _warmed(op: str, seen: list[tuple[str, str]]) -> Session:
    """A session whose (f a b) = (op a b) had its first calls with operands `seen`, then
    was written as Python (at its third call, the first operands again)."""
    s = Session()
    s.eval(f"(define (f a b) ({op} a b))")
    for a, b in seen[:2]:
        s.show(f"(f {a} {b})")
    assert s.interp.lookup("f").fast is None  # (still its first calls)
    s.show(f"(f {seen[0][0]} {seen[0][1]})")
    assert s.interp.lookup("f").fast is not None
    return s


def _count_slow_calls(monkeypatch) -> list:
    """The operands of every call of an inexact slow path made from now on (a list)."""
    from schemehost import pyfunc

    slow_calls = []
    made = pyfunc.inexact

    def counted(*args, **kwargs):
        slow = made(*args, **kwargs)

        def wrapper(*operands):
            slow_calls.append(operands)
            return slow(*operands)

        return wrapper

    monkeypatch.setattr(pyfunc, "inexact", counted)
    return slow_calls


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("seen", [
    [("1.5", "2.5"), ("0.5", "4.0")],  # floats only: the case tests `type(a) is float` for both
    [("1.5", "2"), ("3", "0.5")],  # an integer on either side: either operand float or integer
    [("2", "1.5"), ("2", "2.5")],  # integer and float: one of each type tested
], ids=["floats", "mixed", "int-float"])
def test_written_float_case_gives_the_procedures_value_or_error(op, seen):
    s = _warmed(op, seen)
    for a in OPERANDS:
        for b in OPERANDS:
            expected = _shown(s, f"(apply {op} (list {a} {b}))")
            assert _shown(s, f"(f {a} {b})") == expected, (op, a, b)


@pytest.mark.parametrize("op", OPS)
def test_float_case_is_written_in_line_once_a_first_call_saw_a_float(op, monkeypatch):
    """After first calls with floats, float operands never reach the slow path; with
    first calls of integers only they do (the slow path's float cases)."""
    slow_calls = _count_slow_calls(monkeypatch)
    s = _warmed(op, [("1.5", "2.5"), ("2.5", "1.5")])
    for _ in range(20):
        s.show("(f 3.5 1.25)")
    assert slow_calls == []
    t = _warmed(op, [("4", "2"), ("6", "3")])
    assert t.show("(f 3.5 1.25)") == s.show("(f 3.5 1.25)")
    assert slow_calls == [(3.5, 1.25)]


@pytest.mark.parametrize("op", ["+", "/", "<"])
@pytest.mark.parametrize("generate", [True, False, "tiered"])
def test_float_cases_see_a_redefinition_at_once(op, generate):
    s = Session()
    s.interp.compiler.generate = generate
    s.eval(f"(define (f a b) ({op} a b)) (define (g a b c) ({op} a b c))")
    for _ in range(3):
        before = s.show("(list (f 1.5 2) (f 3 0.5) (f 1.5 2.5))")
    assert "mine" not in before
    s.eval(f"(define ({op} . xs) 'mine)")
    assert s.show("(list (f 1.5 2) (f 3 0.5) (f 1.5 2.5) (g 1.5 2.5 3.5))") == "(mine mine mine mine)"


@pytest.mark.parametrize("generate", [True, "tiered"])
def test_three_operand_and_abs_float_cases_give_the_procedures_values(generate):
    s = Session()
    s.interp.compiler.generate = generate
    s.eval("(define (f a b c) (list (+ a b c) (- a b c) (* a b c) (< a b c) (>= a b c) (abs a)))")
    triples = [("1.5", "2", "3"), ("2", "3", "1.5"), ("-0.0", "0", "0"), ("(expt 10 400)", "1.5", "2"),
               ("(expt 2 60)", "(expt 2 60)", "1.5"), ("1.5", "1/3", "2"), ("+nan.0", "1", "2"), ("1.5", "'a", "1")]
    for a, b, c in triples * 2:  # (the first calls, then the written function)
        expected = _shown(s, f"(list (apply + (list {a} {b} {c})) (apply - (list {a} {b} {c})) "
                             f"(apply * (list {a} {b} {c})) (apply < (list {a} {b} {c})) "
                             f"(apply >= (list {a} {b} {c})) (apply abs (list {a})))")
        assert _shown(s, f"(f {a} {b} {c})") == expected, (a, b, c)


def test_exact_quotient_in_line_and_ratios_by_the_procedure():
    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (q a b) (/ a b))")
    assert s.show("(list (q 10 5) (q -9 3) (q 10 4) (q 0 7) (q 1 3.0))") == "(2 -3 5/2 0 0.3333333333333333)"
    assert s.show("(q (expt 2 400) (expt 2 398))") == "4"
    with pytest.raises(Exception, match="division by zero"):
        s.show("(q 1 0)")


# Step counts and output: the same program with generated code (tiered and at once) and
# with the closure compiler, floats and integers mixed, some calls past a step limit.
_PROGRAM = """
(define (newton x)
  (define (good? g) (< (abs (- (* g g) x)) (* x 1e-9)))
  (define (next g) (/ (+ g (/ x g)) 2))
  (let loop ((g 1.0) (k 0))
    (if (or (good? g) (> k 60)) (list g k) (loop (next g) (+ k 1)))))
(define (mix a b) (list (+ a b) (- a b) (* a b) (< a b) (/ a (if (= b 0) 1 b))))
(define (walk n acc)
  (if (= n 0) acc (walk (- n 1) (cons (mix (* n 0.5) (- n 3)) acc))))
(list (newton 2) (newton 10) (newton {x}) (walk {n} '()) (mix {x} 0.5))
"""


@settings(max_examples=25, deadline=None)
@given(x=st.one_of(st.integers(1, 10**6), st.floats(0.001, 1e6)), n=st.integers(0, 30))
def test_generated_float_code_matches_the_closure_compiler(x, n):
    program = _PROGRAM.format(x=repr(x), n=n)
    closures = run_program(program, False, 5_000)
    assert run_program(program, "tiered", 5_000) == closures
    assert run_program(program, True, 5_000) == closures



def test_abs_of_a_float_is_written_in_line_once_a_first_call_saw_one(monkeypatch):
    from schemehost import pyfunc

    slow_calls = []
    made = pyfunc.inexact_abs

    def counted(*args):
        slow = made(*args)
        return lambda x: slow_calls.append(x) or slow(x)

    monkeypatch.setattr(pyfunc, "inexact_abs", counted)
    s = Session()
    s.eval("(define (f a) (abs a))")
    for x in ("-1.5", "2.5", "-1.5"):
        s.show(f"(f {x})")
    assert s.interp.lookup("f").fast is not None
    values = ["-2.5", "-0.0", "+nan.0", "-inf.0", "-3", "(- (expt 10 30))", "-1/2", "'a"]
    for x in values:
        assert _shown(s, f"(f {x})") == _shown(s, f"(apply abs (list {x}))"), x
    # The floats never reached the slow path; the exact numbers and the error did.
    assert all(type(x) is not float for x in slow_calls) and len(slow_calls) >= 2
    s.eval("(define (abs x) 'mine)")
    assert s.show("(f -2.5)") == "mine"


SQUARE = "(define (square x) (* x x)) (define (norm a b) (+ (square a) (square b)))"


@pytest.mark.parametrize("calls", [
    ["(norm 1.5 2.0)", "(norm 3 4)", "(norm 0.5 -2)", "(norm (expt 10 200) 1.5)", "(norm 1/2 2.0)"],
    ["(norm 3 4)", "(norm 1.5 2.0)", "(norm 'a 1.0)"],
])
def test_a_small_callee_that_saw_floats_is_written_whole_in_its_caller(calls):
    """square's body saw floats in its first calls: its callers write it with its float
    case (not under the guard for integers, which would make the call for a float)."""
    program = SQUARE + " (list (square 1.5) (square 2.5) " + " ".join(calls * 3) + ")"
    closures = run_program(program, False, None)
    assert run_program(program, "tiered", None) == closures
    assert run_program(program, True, None) == closures
    redefined = SQUARE + " (list (norm 1.5 2.0) (norm 1.5 2.0) (norm 1.5 2.0)) (set! square (lambda (x) 0)) (norm 1.5 2.5)"
    closures = run_program(redefined, False, None)
    assert run_program(redefined, "tiered", None) == closures
    assert closures[0] == "0"


def test_the_float_case_of_a_small_callee_is_in_its_callers_text():
    from conftest import generated_python

    with generated_python() as sources:
        assert run_program(SQUARE + " (list (square 1.5) (square 2.5) (norm 1.5 2.0) (norm 1.5 2.0) (norm 1.5 2.0))",
                           "tiered", None)[0] == "(2.25 6.25 6.25 6.25 6.25)"
    norm = [s for s in sources if "v1_a" in s and "v1_b" in s]
    assert norm and "(v1_a * v1_a) if" in norm[0] and norm[0].count("is float") >= 2


@pytest.mark.parametrize("op", ["+", "-", "*", "<", ">="])
def test_three_operand_float_case_is_written_in_line_too(op, monkeypatch):
    from schemehost import pyfunc

    slow_calls = []
    made = pyfunc.inexact

    def counted(*args, **kwargs):
        slow = made(*args, **kwargs)
        return lambda *operands: slow_calls.append(operands) or slow(*operands)

    monkeypatch.setattr(pyfunc, "inexact", counted)
    s = Session()
    s.eval(f"(define (g a b c) ({op} a b c))")
    for args in ("1.5 2 0.25", "2 2.5 3", "1.5 2 0.25"):
        s.show(f"(g {args})")
    assert s.interp.lookup("g").fast is not None
    cases = ["1.5 2 0.25", "2 2.5 3", "0.5 0.5 -1", "(expt 2 60) 1.5 2", "1 2 3", "1.5 1/2 2", "1.5 'a 2"]
    for args in cases:
        assert _shown(s, f"(g {args})") == _shown(s, f"(apply {op} (list {args}))"), args
    # Floats with integers of under 54 bits never reach the slow path.
    assert all(any(type(v) is not float and type(v) is not int for v in c) or max(map(abs, c)) > 2**53
               for c in slow_calls if float in map(type, c))


def _looped(op: str) -> Session:
    """A session whose (f a b) computes (op a b) in a named let: a lambda holding a loop
    is written as Python before any call (compiler.lambda_node), nothing seen."""
    s = Session()
    s.eval(f"(define (f a b) (let loop ((i 0) (r 0)) (if (= i 1) r (loop (+ i 1) ({op} a b)))))")
    assert s.interp.lookup("f").fast is not None
    return s


@pytest.mark.parametrize("op", OPS)
def test_a_loops_float_case_is_written_before_any_call_and_gives_the_procedures_values(op):
    s = _looped(op)
    for a in OPERANDS:
        for b in OPERANDS:
            assert _shown(s, f"(f {a} {b})") == _shown(s, f"(apply {op} (list {a} {b}))"), (op, a, b)


@pytest.mark.parametrize("op", OPS)
def test_a_loop_takes_floats_in_line_without_first_calls(op, monkeypatch):
    slow_calls = _count_slow_calls(monkeypatch)
    s = _looped(op)
    for a, b in [("3.5", "1.25"), ("2", "0.5"), ("0.5", "2")]:
        s.show(f"(f {a} {b})")
    assert slow_calls == []
    s.show("(f 1/2 0.5)")  # a ratio: the procedure's
    assert slow_calls == [(Fraction(1, 2), 0.5)]


def test_an_operand_named_twice_is_tested_once():
    """(* g g g): the integer guard and the float case each test g's type once."""
    from conftest import generated_python

    s = Session()
    s.eval("(define (cube g) (* g g g))")
    with generated_python() as sources:
        for x in ("1.5", "2.5", "3.5", "2"):
            s.show(f"(cube {x})")
    (text,) = [src for src in sources if "v1_g * v1_g * v1_g" in src]
    line = next(line for line in text.splitlines() if "v1_g * v1_g * v1_g" in line)
    assert line.count("type(v1_g) is float") == 1, line
    assert line.count("type(v1_g) is int") == 0 and line.count("type(v1_g) is T") == 1, line
    assert s.show("(list (cube 1.5) (cube 2) (cube 1/2))") == "(3.375 8 1/8)"


def _looped3(op: str) -> Session:
    """As _looped, with three operands (folded from the left, or chained)."""
    s = Session()
    s.eval(f"(define (f a b c) (let loop ((i 0) (r 0)) (if (= i 1) r (loop (+ i 1) ({op} a b c)))))")
    assert s.interp.lookup("f").fast is not None
    return s


@pytest.mark.parametrize("op", ["+", "-", "*", "<", "<=", "="])
def test_a_loops_float_case_of_three_operands_gives_the_procedures_values(op, monkeypatch):
    """Whichever operand is the first float, those before it exact integers (under 2^53
    for arithmetic) and those after it either: Python's own operation; anything else the
    procedure's."""
    slow_calls = _count_slow_calls(monkeypatch)
    s = _looped3(op)
    values = ["1.5", "2", "-0.0", "(expt 2 60)", "1/2", "+nan.0", "'a"]
    for a in values:
        for b in values:
            for c in values:
                assert _shown(s, f"(f {a} {b} {c})") == _shown(s, f"(apply {op} (list {a} {b} {c}))"), (a, b, c)
    in_line = [c for c in slow_calls if float in map(type, c)
               and all(type(v) is float or type(v) is int and (op in "<=" or abs(v) <= 2**53) for v in c)]
    assert in_line == [], in_line


def test_two_floats_are_found_with_two_type_tests():
    """The float case of a loop written before any call tests the first operand for a
    float, then the second: no test of each operand followed by one of "any float"."""
    from conftest import generated_python

    with generated_python() as sources:
        _looped("-")
    line = next(line for src in sources for line in src.splitlines() if "else ((v1_a - v1_b) if " in line)
    float_case = line[line.index("else ((v1_a - v1_b) if "):]
    assert float_case.index("type(v1_a) is float and (type(v1_b) is float or") < float_case.index(" or type(v1_b) is float and type(v1_a) is int")
    assert float_case.count("is float") == 3, float_case


def _line_of(sources, expression: str) -> str:
    return next(line for src in sources for line in src.splitlines() if expression in line)


@pytest.mark.parametrize("op", ["+", "*", "<"])
def test_a_site_that_saw_floats_only_tests_for_floats_first(op):
    """First calls of floats only: the float case is the first test, the exact one
    after it; one exact call among them (no float) keeps the exact case first."""
    from conftest import generated_python

    expression = f"(v1_a {'<' if op == '<' else op} v1_b)"
    with generated_python() as sources:
        _warmed(op, [("1.5", "2.5"), ("0.5", "4.0")])
    line = _line_of(sources, expression)
    assert line.index("type(v1_a) is float") < line.index("type(v1_a) is T"), line
    with generated_python() as sources:
        _warmed(op, [("1.5", "2.5"), ("3", "4")])
    line = _line_of(sources, expression)
    assert line.index("type(v1_a) is T") < line.index("type(v1_a) is float"), line


def test_note_inexact_records_a_call_without_a_float():
    from schemehost.ir import Prim

    prim = Prim("+", None, None, [], None, None)
    inline.note_inexact(prim, [1.5, 2])
    assert prim.inexact == 1 | 32
    inline.note_inexact(prim, [3, 4])
    assert prim.inexact == 1 | 32 | inline.NO_FLOAT
    assert prim.inexact & inline.SEEN == 1 | 32


@pytest.mark.parametrize("generate", [True, "tiered"])
def test_float_first_cases_of_three_operands_and_abs_give_the_procedures_values(generate):
    """Written after first calls of floats only (the float case tested first), every
    operand type still gets the procedure's value or error."""
    s = Session()
    s.interp.compiler.generate = generate
    s.eval("(define (f a b c) (list (+ a b c) (- a b c) (* a b c) (< a b c) (>= a b c) (abs a) (/ a b)))")
    for _ in range(3):
        s.show("(f 1.5 2.5 -0.5)")
    values = ["1.5", "-0.0", "2", "(expt 2 60)", "1/3", "+nan.0", "0", "'a"]
    for a in values:
        for b in values:
            for c in ("0.5", "3"):
                expected = _shown(s, f"(list (apply + (list {a} {b} {c})) (apply - (list {a} {b} {c})) "
                                     f"(apply * (list {a} {b} {c})) (apply < (list {a} {b} {c})) "
                                     f"(apply >= (list {a} {b} {c})) (apply abs (list {a})) (apply / (list {a} {b})))")
                assert _shown(s, f"(f {a} {b} {c})") == expected, (a, b, c)
