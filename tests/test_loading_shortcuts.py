"""Work loading used to do for every lambda, now done when asked (session 7, issue 13's
loading target): typespec.body_deps when a loop's copy asks (LazyDeps), and
pyfunc.Runtime.guard's answer once per question.  Nothing a program sees changes:
each program gives the same value, output, errors and steps on every back end
(test_typespec.same_everywhere), and the copies are still written."""

from __future__ import annotations

from conftest import Session, generated_python
from schemehost import Interpreter
from test_typespec import ENTRY_TEST, same_everywhere

HELPER_DEFINED_BEFORE_ITS_PRIMITIVE = """
(define (size s) (+ 1 (my-length s)))
(define my-length string-length)
(define (total v) (do ((i 0 (+ i 1)) (t 0 (+ t (size (vector-ref v i))))) ((= i (vector-length v)) t)))
(define a (total (vector "ab" "cde")))
(set! my-length (lambda (s) 100))
(list a (total (vector "ab" "cde")))"""


def test_loading_shortcuts_body_deps_is_worked_out_when_a_copy_asks():
    """A helper's body_deps waited for the loop that calls it, not its own definition:
    at load the helper's call of my-length (not yet defined) would have made it no
    helper at all.  Asked later, my-length holds string-length: the loop gets a copy
    whose test holds my-length to it, and its reassignment sends the loop to the
    ordinary code, which sees it."""
    from schemehost.typespec import LazyDeps

    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (size s) (+ 1 (my-length s)))")
    deps = s.interp.lookup("size").body.pure_deps
    assert type(deps) is LazyDeps and deps.make is not None  # not walked at its definition
    with generated_python() as texts:
        s.eval("(define my-length string-length)"
               " (define (total v) (do ((i 0 (+ i 1)) (t 0 (+ t (size (vector-ref v i))))) ((= i (vector-length v)) t)))")
    assert deps.make is None and deps() is not None  # walked when total's loop asked
    assert any(ENTRY_TEST.search(t) for t in texts)
    assert same_everywhere(HELPER_DEFINED_BEFORE_ITS_PRIMITIVE)[0] == "(7 202)"


def test_loading_shortcuts_body_deps_of_a_helper_that_makes_a_lambda_is_none():
    """Asked late, the answer is still the walk's: a helper that makes a lambda gives no copy."""
    program = """
(define (wrap x) (lambda () x))
(define (f v) (do ((i 0 (+ i 1)) (acc '() (cons (wrap (vector-ref v i)) acc))) ((= i (vector-length v)) (length acc))))
(f (vector 1 2 3))"""
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string(program)
    assert not any(ENTRY_TEST.search(t) for t in texts)
    assert same_everywhere(program)[0] == "3"


def test_loading_shortcuts_guard_answered_once_per_question_follows_redefinition():
    """Procedures with the same open-coded call get the same guard text (the kept
    answer), one of them written after + was redefined and restored, and each calls
    whatever + holds, before, during and after each redefinition."""
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as texts:
        s.eval("(define std+ +) (define (f x) (+ x 1)) (define (g x) (+ x 1))")
        s.eval("(set! + (lambda (a b) (list 'plus a b)))")
        assert s.show("(list (f 5) (g 5))") == "((plus 5 1) (plus 5 1))"
        s.eval("(set! + std+) (define (h x) (+ x 1))")
    guards = [line.strip() for text in texts for line in text.splitlines() if "v1_x + (1)" in line]
    assert len(guards) == 3 and len(set(guards)) == 1
    assert s.show("(list (f 5) (g 5) (h 5))") == "(6 6 6)"
    s.eval("(set! + (lambda (a b) (list 'again a b)))")
    assert s.show("(list (f 5) (g 5) (h 5))") == "((again 5 1) (again 5 1) (again 5 1))"


def test_loading_shortcuts_kept_guard_answer_still_flags_each_loops_copy():
    """In a loop's copy the guard's redefinition check goes to the test before the
    loop: a kept answer adds its token to each copy's test, so redefining the
    primitive sends every such loop to its ordinary code."""
    program = """
(define (s1 v) (let loop ((i 0) (acc 0)) (if (= i (vector-length v)) acc (loop (+ i 1) (+ acc (vector-ref v i))))))
(define (s2 v) (let loop ((i 0) (acc 0)) (if (= i (vector-length v)) acc (loop (+ i 1) (+ acc (vector-ref v i))))))
(define a (list (s1 (vector 1 2 3)) (s2 (vector 4 5 6))))
(define std-vector-ref vector-ref)
(set! vector-ref (lambda (v i) (* 10 (std-vector-ref v i))))
(list a (s1 (vector 1 2 3)) (s2 (vector 4 5 6)))"""
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string(program)
    tests = [m.group(0) for t in texts for m in [ENTRY_TEST.search(t)] if m]
    assert len(tests) == 2 and tests[0] == tests[1]
    assert same_everywhere(program)[0] == "((6 15) 60 150)"
