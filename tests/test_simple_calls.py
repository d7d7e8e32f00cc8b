"""Calls of small procedures written in their callers (pyfunc.Emitter.simple_call).

A global procedure whose body is one open-coded primitive of its parameters
and constants (SICP's accessors and predicates: `(define (addend s) (cadr s))`)
is called in generated code as its body: while the global still holds that
procedure and the primitive's guard holds, the call's step and the
primitive's value, with no Python call.  Anything else (the global redefined,
the primitive redefined, an operand the primitive rejects) is the call as
written.  Each program runs written at once, tiered and closure-compiled (no
such path): the value or error with its backtrace, the output and the steps
used must agree, with and without a step limit that runs out.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import generated_python, run_program

BACK_ENDS = (True, "tiered", False)


def same_every_way(program: str, step_limit: int | None = 20_000):
    answers = [run_program(program, g, step_limit) for g in BACK_ENDS]
    assert answers[0] == answers[1] == answers[2], f"{program}\n" + "\n".join(map(repr, answers))
    return answers[0]


ACCESSORS = """
(define (node-key t) (car t))
(define (node-left t) (cadr t))
(define (leaf? t) (null? t))
(define (same? a b) (eq? a b))
(define (plus a b) (+ a b))
(define (sum? x) (and (pair? x) (eq? (car x) '+)))
"""


# The test of a callee written in its caller (Runtime.inlined: a typed token, TC, or a
# boolean one for the procedure), then the call's step.
INLINED = re.compile(r"if (type\([^)\n]*\) is TC\d+[^:\n]*|T\d+(?: and [^:\n]*)?):\n\s+for _k in B.it: break")


def test_a_simple_callee_is_written_in_its_caller():
    program = ACCESSORS + "(define (f t) (list (node-key t) (node-left t) (sum? t))) (f '(+ 2))"
    with generated_python() as sources:
        assert run_program(program, True)[0] == "(+ 2 #t)"
    # Three callees written in f, each under a token that the global still holds it
    # (Runtime.inlined) and the call's step: two under their primitive's guard, where
    # the token is the guard's type (TC), sum? whole under a boolean token.
    assert max(len(INLINED.findall(s)) for s in sources) == 3
    assert max(s.count(" is TC") for s in sources) == 2


@pytest.mark.parametrize("program, value", [
    # In and out of tail position; the values of the primitives.
    ("(define (f t) (+ (node-key t) (node-left t))) (f '(3 4))", "7"),
    ("(define (f t) (node-left t)) (f '(3 4))", "4"),
    ("(define (f a) (if (same? a 'x) (plus 1 2) (leaf? a))) (list (f 'x) (f '()) (f 5))", "(3 #t #f)"),
    # Redefined between calls: the new procedure, at once (to a lambda, to a primitive).
    ("(define (f t) (node-key t)) (define a (f '(1 2))) (set! node-key cadr) (list a (f '(1 2)))", "(1 2)"),
    ("(define (f t) (node-key t)) (define a (f '(1 2))) (set! node-key (lambda (t) 'new)) "
     "(list a (f '(1 2)) (f 5))", "(1 new new)"),
    # The primitive of its body redefined: the callee's body calls the new one.
    ("(define (f t) (node-key t)) (define a (f '(1 2))) (set! car (lambda (p) 'mine)) (list a (f '(1 2)))",
     "(1 mine)"),
    # A small body: its value, its primitive redefined, an operand its primitive rejects.
    ("(define (f t) (list (sum? t) (sum? '(+ 1)) (sum? 5))) (f '(- 1))", "(#f #t #f)"),
    ("(define (f t) (sum? t)) (define a (f '(+ 1))) (set! eq? (lambda (x y) 'own)) (list a (f '(+ 1)))",
     "(#t own)"),
    # A small body's primitive in its tail position redefined to a procedure that fails: its
    # call is the callee's tail call, noted at no site of the callee's (as the call gives it).
    ("(define (acc a b) (if (pair? a) (car a) b)) (define (f x) (list 'v (acc x 2))) (f '(1)) "
     "(set! car (lambda (p) (vector-ref p 5))) (f '(1 2))",
     "ERROR t.scm:8:111: vector-ref: argument 1 must be a vector: (1 2)\n"
     "  called from t.scm:8:111: (vector-ref p 5)\n  called from t.scm:8:68: (acc x 2)\n"
     "  called from t.scm:8:130: (f '(1 2))"),
    # An operand the primitive rejects: the callee's error, noted in both procedures.
    ("(define (f t) (+ 1 (node-key t))) (f 5)",
     "ERROR t.scm:2:22: car: argument 1 must be a pair: 5\n  called from t.scm:2:22: (car t)\n"
     "  called from t.scm:8:20: (node-key t)\n  called from t.scm:8:35: (f 5)"),
    # (a tail call: no frame of its own)
    ("(define (f t) (plus t 1)) (f 'a)",
     "ERROR t.scm:6:20: +: argument 1 must be a number: a\n  called from t.scm:6:20: (+ a b)\n"
     "  called from t.scm:8:27: (f 'a)"),
])
def test_simple_calls_give_what_the_calls_give(program, value):
    assert same_every_way(ACCESSORS + program)[0] == value


def test_simple_calls_take_their_steps_when_the_limit_runs_out():
    loop = "(define (f t n) (if (= n 0) 'done (begin (node-key t) (f t (- n 1))))) (f '(1) 5000)"
    for limit in (100, 101, 2_000, 9_999):
        value, _, steps = same_every_way(ACCESSORS + loop, limit)
        assert value.startswith("ERROR") and "step limit" in value, value


BODIES = ["(car a)", "(cdr a)", "(cadr a)", "(+ a b)", "(< a b)", "(eq? a 'k)", "(vector-ref a 0)",
          "(string-length a)", "(null? a)", "(cons a b)", "(* a 2)", "(pair? a)",
          # setters: their statement (session 22), the value unspecified
          "(vector-set! a 0 b)", "(set-car! a b)", "(set-cdr! a b)",
          # small bodies (pyfunc.small_body): written whole, their primitives' other paths too
          "(and (pair? a) (eq? (car a) 'k))", "(if (pair? a) (car a) b)", "(or (null? a) (< a b))",
          "(if (number? a) (+ a (* b 2)) 'no)", "(and (pair? a) (pair? (cdr a)) (cadr a))",
          "(point-x a)", "(if (point? a) (point-x a) b)",
          # global variables read in a small body (session 19): read when the call runs
          "(+ a g)", "(if (pair? a) (car a) g)", "(vector-ref (vector g g) (modulo a 2))",
          # lets around a small body (session 35): their variables the caller's temporaries
          "(let ((c (car a))) (if (pair? c) c b))", "(let* ((x (+ a 1)) (y (* x b))) (list x y))",
          "(let ((r (assv a b))) (if r (cdr r) 'none))", "(let ((p (point-x a)) (q g)) (if (eq? q 1) p (cons p q)))",
          "(let ((a b) (b a)) (cons a b))", "(letrec ((c (cons a c))) c)"]
OPERANDS = ["'(1 2)", "5", "'k", "(vector 7)", "\"abc\"", "'()", "2.5", "(list 'k 'j)", "(make-point 3 4)",
            "'((5 . five) (1 . one))", "'((2 3) 4)"]


@st.composite
def programs(draw):
    body = draw(st.sampled_from(BODIES))
    lines = ["(define-record-type point (make-point x y) point? (x point-x) (y point-y))", "(define g 1)",
             f"(define (acc a b) {body})"]
    tail = draw(st.booleans())
    call = "(acc x y)" if tail else "(list 'v (acc x y))"
    lines.append(f"(define (t x y) {call})")
    lines.append("(define results '())")
    lines.append("(define (try! x y) (set! results (cons (guard (e (#t (list 'error (if (error-object? e) "
                 "(error-object-message e) e)))) (t x y)) results)))")
    for _ in range(draw(st.integers(3, 6))):
        roll = draw(st.integers(0, 9))
        if roll == 0:
            lines.append(f"(set! acc (lambda (a b) {draw(st.sampled_from(BODIES))}))")
        elif roll == 1:
            lines.append(f"(set! acc {draw(st.sampled_from(['list', 'cons', 'eq?']))})")
        elif roll == 2:
            # (a redefined primitive that fails: its error's backtrace as the call gives it)
            lines.append(draw(st.sampled_from(["(set! car (lambda (p) 'own-car))",
                                               "(set! car (lambda (p) (vector-ref p 5)))",
                                               "(set! point-x (lambda (p) (car p)))",
                                               "(set! vector-set! (lambda (v k x) (list 'own-set x)))",
                                               "(set! g 'sym)", "(set! g 2.5)", "(set! g 7)"])))
        lines.append(f"(try! {draw(st.sampled_from(OPERANDS))} {draw(st.sampled_from(OPERANDS))})")
    # Last, a call outside any guard: an error ends the program with its backtrace.
    lines.append(f"(list (reverse results) (t {draw(st.sampled_from(OPERANDS))} {draw(st.sampled_from(OPERANDS))}))")
    return "\n".join(lines)


@settings(max_examples=150, deadline=None)
@given(programs(), st.sampled_from([None, 40, 60]))
def test_simple_calls_match_the_closure_compiler(program, limit):
    same_every_way(program, limit if limit is not None else 20_000)


def test_a_setter_callee_is_written_as_its_statement():
    """(set-vx! b v) in its caller: the store itself, not the list's __setitem__ called
    for a value (nbody's setters), and the call's value the unspecified one."""
    from test_typespec import generated_source

    source = generated_source("(define (set-vx! b v) (vector-set! b 2 v))"
                              " (define (push! b) (set-vx! b 5) (set-vx! b 6) (vector-ref b 2))")
    assert "__setitem__" not in source.split("def fast(v1_b, parent)")[1]
    assert re.search(r"\n +v1_b\[\(2\)\] = \(5\)\n", source), source
    value, _, _ = same_every_way("(define (set-vx! b v) (vector-set! b 2 v))"
                                 " (define (push! b) (list (set-vx! b 5) (vector-ref b 2)))"
                                 " (list (push! (vector 1 2 3)) (guard (e (#t 'bad)) (push! (vector 1))))")
    assert value.startswith("((") and value.endswith(" 5) bad)"), value


# Since session 18 a small callee is written in a loop's typed copy too (lcs's
# table-ref in two nested do loops): the copy's test before the loop holds the
# callee's global and its primitives; calls the loop makes are pure ones.
TABLE = """
(define (make-table rows cols)
  (let ((t (make-vector rows)))
    (do ((i 0 (+ i 1))) ((= i rows) t) (vector-set! t i (make-vector cols 0)))))
(define (table-ref t i j) (vector-ref (vector-ref t i) j))
(define (table-set! t i j v) (vector-set! (vector-ref t i) j v))
(define (fill t n m)
  (do ((i 1 (+ i 1))) ((> i n) t)
    (do ((j 1 (+ j 1))) ((> j m))
      (table-set! t i j (max (table-ref t (- i 1) j) (+ 1 (table-ref t i (- j 1))))))))
"""


@pytest.mark.parametrize("rest, value", [
    ("(table-ref (fill (make-table 4 5) 3 4) 3 4)", "4"),
    # The callee redefined between runs of the loop: the copy's test fails, the ordinary loop runs it.
    ("(define a (table-ref (fill (make-table 3 3) 2 2) 2 2)) (set! table-ref (lambda (t i j) 10))"
     "(list a (table-ref (fill (make-table 3 3) 2 2) 2 2))", "(2 10)"),
    # Its primitive redefined between runs.
    ("(define a (table-ref (fill (make-table 3 3) 2 2) 2 2))"
     "(set! vector-ref (let ((old vector-ref)) (lambda (v k) (if (vector? (old v 0)) (old v k) 7))))"
     "(list a (table-ref (fill (make-table 3 3) 2 2) 2 2))", "(2 7)"),
    # An index out of range inside the loop: the primitive's error at the callee's call.
    ("(fill (make-table 3 3) 3 2)", None),
    ("(fill (make-table 3 'x) 2 2)", None),
])
@pytest.mark.parametrize("step_limit", [20_000, 60])
def test_a_small_callee_in_a_typed_loop_copy_same_every_way(rest, value, step_limit):
    answer = same_every_way(TABLE + rest, step_limit)
    if value is not None and step_limit == 20_000:
        assert answer[0] == value
    elif value is None:
        assert answer[0].startswith("ERROR")


def test_a_small_callee_is_written_in_a_typed_loop_copy():
    with generated_python() as sources:
        assert run_program(TABLE + "(table-ref (fill (make-table 4 5) 3 4) 3 4)", True)[0] == "4"
    fill = [s for s in sources if "v1_m" in s and "while True" in s]
    # The three calls in each of three copies of the inner body (typed ones too): 9; before, 3.
    assert fill and max(len(INLINED.findall(s)) for s in fill) == 9


@pytest.mark.parametrize("call", ["(node-key t)", "(list (node-key t))", "(sum? t)", "(list (sum? t))"])
def test_the_call_beside_a_callee_in_line_is_the_trampolines_plain_call(call):
    """An accessor or a small body written in its caller: the other branch (the
    procedure redefined, an operand it refuses) is the generic call, in a line or
    two, not the direct call slots' chain (session 19: a fifth to a third of the
    source of accessor-heavy programs, bst 48.8 -> 32.6 kB)."""
    program = ACCESSORS + f"(define (f t) {call}) (f '(+ 2))"
    with generated_python() as sources:
        run_program(program, True)
    (text,) = [s for s in sources if INLINED.search(s)]
    assert "is not None" not in text and "TDL" not in text, text


def test_arithmetic_in_line_keeps_the_direct_call_for_other_numbers():
    """Under the guard for integers, a float takes the other branch: there the
    direct call slots stay (a call per float would cost the trampoline's round)."""
    program = "(define (double a) (* a 2)) (define (f x) (list (double x))) (f 3)"
    with generated_python() as sources:
        run_program(program, True)
    (text,) = [s for s in sources if INLINED.search(s)]
    assert "is not None" in text, text


def test_a_small_body_reading_a_global_is_written_in_its_caller_and_reads_it_at_each_call():
    program = ("(define size 4) (define (cell v i) (vector-ref v (modulo i size))) "
               "(define (f v) (let loop ((i 0) (acc '())) (if (= i 6) (reverse acc) (loop (+ i 1) (cons (cell v i) acc)))))"
               "(define a (f (vector 0 1 2 3 4 5))) (set! size 3) (define b (f (vector 0 1 2 3 4 5))) "
               "(set! size 'x) (list a b (f (vector 0 1 2 3)))")
    with generated_python() as sources:
        value = run_program(program, True)[0]
    assert value.startswith("ERROR t.scm:1:") and "modulo: argument 2 must be an integer: x" in value, value
    assert any(INLINED.search(s) for s in sources)  # (cell written in f)
    assert run_program(program.replace(" (set! size 'x) (list a b (f (vector 0 1 2 3)))", " (list a b)"), True)[0] \
        == "((0 1 2 3 0 1) (0 1 2 0 1 2))"
    same_every_way(program, 20_000)
    same_every_way("(define (cell v i) (vector-ref v (modulo i size))) (define (f v) (cell v 1)) (f (vector 1 2))",
                   20_000)  # (size never defined: the unbound variable's error, from the caller as from cell)


@pytest.mark.parametrize("step_limit", [20_000, 60])
def test_two_calls_of_a_let_body_in_a_typed_loop_read_their_own_operands(step_limit):
    """A let body written twice in one round of a typed loop copy (session 35): its
    variable is a new temporary at each call, and a read of it (`(car r)`) memoised at
    the first call is not the second's, whose operand is another list."""
    program = ("(define (second-of p) (let ((r (cdr p))) (car r)))"
               " (define (f a b n) (let loop ((i 0) (acc '()))"
               "   (if (= i n) acc (loop (+ i 1) (cons (list (second-of a) (second-of b)) acc)))))"
               " (list (f (list 1 2) (list 3 4) 2) (f (list 5 6) (list 7 8) 1) (f (list 1 2) (list 3) 1))")
    answer = same_every_way(program, step_limit)
    if step_limit == 20_000:
        assert answer[0].startswith("ERROR") and "car" in answer[0]  # (cdr of (3) is (): its car fails)
    with generated_python() as sources:
        assert run_program(program.replace(" (f (list 1 2) (list 3) 1))", ")"), True)[0] == \
            "(((2 4) (2 4)) ((6 8)))"
    assert any(INLINED.search(s) for s in sources)
