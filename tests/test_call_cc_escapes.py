"""call/cc used as an escape runs without a greenlet (issue 13, the escape benchmark).

A receiver whose continuation is only ever called, `(lambda (k) ... (k v)
...)`, runs on the caller's greenlet and an escape is a Python exception
caught by its call/cc; any other receiver still runs on a greenlet of its
own (continuations.py).  Every program here must give the same value,
output, error text and step count both ways: the fast path is turned off by
not marking any lambda as an escape-only receiver.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import threading

import pytest

from conftest import Session
from schemehost import compiler, continuations
from schemehost.datatypes import Pair, list_to_scheme, sym
from schemehost.errors import Interrupted, SchemeError
from schemehost.identifiers import Alias
from schemehost.reader import read_program
from test_continuations import GENERATOR

GUILE = shutil.which("guile")

# (program, the value it gives): escapes from every kind of extent.
ESCAPES = [
    # for-each, map, named let, as the escape benchmark writes them.
    ("(define (find-first pred lst) (call/cc (lambda (return)"
     " (for-each (lambda (x) (if (pred x) (return x))) lst) #f)))"
     " (list (find-first even? '(1 3 4 5 6)) (find-first even? '(1 3)))", "(4 #f)"),
    ("(call/cc (lambda (k) (map (lambda (x) (if (negative? x) (k (list 'neg x)) (* x x))) '(1 -2 3))))",
     "(neg -2)"),
    ("(define (product lst) (call/cc (lambda (exit) (let loop ((l lst) (p 1))"
     " (cond ((null? l) p) ((= (car l) 0) (exit 0)) (else (loop (cdr l) (* p (car l)))))))))"
     " (list (product '(1 2 3 4)) (product '(5 0 7)))", "(24 0)"),
    # Nested call/cc: to the outer one across the inner, and to the inner one.
    ("(call/cc (lambda (outer) (+ 1 (call/cc (lambda (inner) (outer 10))))))", "10"),
    ("(call/cc (lambda (outer) (+ 1 (call/cc (lambda (inner) (inner 10))))))", "11"),
    ("(define (first-pair-summing-to n lst) (call/cc (lambda (found)"
     " (for-each (lambda (a) (call/cc (lambda (next-a)"
     "   (for-each (lambda (b) (cond ((> b n) (next-a #f)) ((= (+ a b) n) (found (list a b))))) lst))))"
     " lst) #f)))"
     " (list (first-pair-summing-to 9 '(1 2 3 4 5 6)) (first-pair-summing-to 99 '(1 2)))", "((3 6) #f)"),
    # Through dynamic-wind: each after thunk once, innermost first.
    ("(let ((log '())) (define (note x) (set! log (cons x log)))"
     " (note (call/cc (lambda (k) (dynamic-wind (lambda () (note 'in1))"
     "   (lambda () (dynamic-wind (lambda () (note 'in2)) (lambda () (k 'escaped) (note 'never))"
     "                            (lambda () (note 'out2))))"
     "   (lambda () (note 'out1))))))"
     " (reverse log))", "(in1 in2 out2 out1 escaped)"),
    # Out of a guard body: that guard no longer catches what is raised after.
    ("(guard (e (#t (list 'outer e)))"
     " (list (call/cc (lambda (k) (guard (e (#t (list 'inner e))) (k 'escaped))))"
     "       (raise 'later)))", "(outer later)"),
    # Out of a parameterize body: the parameter has its value back.
    ("(define p (make-parameter 'outside))"
     " (let* ((got (call/cc (lambda (k) (parameterize ((p 'inside)) (k (p)))))) (now (p))) (list got now))",
     "(inside outside)"),
    # Out of an exception handler: the handler stack is as before the call/cc.
    ("(guard (e (#t (list 'outer e)))"
     " (list (call/cc (lambda (k) (with-exception-handler (lambda (e) (k (list 'handled e)))"
     "                              (lambda () (raise 'boom)))))"
     "       (raise 'again)))", "(outer again)"),
    # Out of with-output-to-string: the console is the output port again.
    ("(list (call/cc (lambda (k) (with-output-to-string (lambda () (display \"hidden\") (k 'left)))))"
     " (with-output-to-string (lambda () (display \"shown\"))))", "(left \"shown\")"),
    # From the bottom of a deep non-tail recursion, and several values.
    ("(define (dig n) (if (= n 0) (raise 'bottom) (+ 1 (dig (- n 1)))))"
     " (call/cc (lambda (k) (with-exception-handler (lambda (e) (k (list 'from e))) (lambda () (dig 30000)))))",
     "(from bottom)"),
    ("(call-with-values (lambda () (call/cc (lambda (k) (for-each (lambda (x) (k x (* x x))) '(3 4))))) list)",
     "(3 9)"),
    # Out of a for-each or map that is a statement of a loop in the receiver's tail (a
    # named let, a do): the escape leaves the loop too.  (It went round the loop again,
    # from the same round, for ever: found by the attic set's eight-puzzle, session 25.)
    ("(define (h) (call-with-current-continuation (lambda (return) (let loop ((i 0)) (if (< i 3)"
     " (begin (for-each (lambda (x) (if (= x i) (return (list 'escaped i)))) '(1 2)) (loop (+ i 1)))"
     " 'fell-through))))) (list (h) (h))", "((escaped 1) (escaped 1))"),
    ("(define (h) (call/cc (lambda (return) (let loop ((i 0)) (if (< i 3)"
     " (begin (map (lambda (x) (if (= x i) (return (list 'escaped i)) x)) '(1 2)) (loop (+ i 1))) 'fell-through)))))"
     " (list (h) (h) (h))", "((escaped 1) (escaped 1) (escaped 1))"),
    ("(define (h) (call/cc (lambda (return) (do ((i 0 (+ i 1))) ((= i 3) 'fell-through)"
     " (for-each (lambda (x) (if (= x i) (return (list 'escaped i)))) '(2 5))))))"
     " (list (h) (h) (h))", "((escaped 2) (escaped 2) (escaped 2))"),
    ("(define (h) (call/cc (lambda (return) (let outer ((i 0)) (if (< i 3) (begin (let inner ((j 0)) (if (< j 3)"
     " (begin (for-each (lambda (x) (if (= x (* i j)) (return (list i j)))) '(4)) (inner (+ j 1)))))"
     " (outer (+ i 1))) 'none))))) (list (h) (h) (h))", "((2 2) (2 2) (2 2))"),
    ("(define (h) (call/cc (lambda (return) (let loop ((i 0) (n 0)) (if (< i 4)"
     " (begin (for-each (lambda (x) (if (> x 10) (return 'big))) (list i)) (loop (+ i 1) (+ n i))) n)))))"
     " (list (h) (h) (h))", "(6 6 6)"),
    ("(define (h) (let* ((log '()) (r (call/cc (lambda (return) (let loop ((i 0)) (if (< i 5)"
     " (begin (for-each (lambda (x) (if (= x 3) (return (list 'at i)))) (list i)) (set! log (cons i log))"
     " (loop (+ i 1))) 'end)))))) (list r (reverse log)))) (list (h) (h) (h))",
     "(((at 3) (0 1 2)) ((at 3) (0 1 2)) ((at 3) (0 1 2)))"),
    # A receiver that never calls its continuation, and one that returns normally.
    ("(+ 1 (call/cc (lambda (k) 41)))", "42"),
    ("(call/cc (lambda (k) (if #f (k 1)) 'normal))", "normal"),
]


def run(program: str, fast: bool, monkeypatch, step_limit: int | None = 200_000):
    """Return (written value or error text, output, steps used), with escape-only receivers on or off."""
    from schemehost import Interpreter, SchemehostError, format_error
    from schemehost.printer import write_string

    with monkeypatch.context() as m:
        if not fast:
            m.setattr(compiler, "note_lambda", lambda body, param, forms: None)
        out = io.StringIO()
        interp = Interpreter(stdin="", stdout=out, stderr=io.StringIO(), seed=1, step_limit=step_limit)
        try:
            value = write_string(interp.eval_string(program, "t.scm"))
        except SchemehostError as err:
            value = "ERROR " + format_error(err)
        return value, out.getvalue(), interp.budget.total_used()


def count_greenlets(monkeypatch) -> list:
    """Count, from now on, the call/cc calls that run their receiver on a greenlet."""
    seen = []
    on_greenlet = continuations._call_cc_greenlet

    def spy(interp, f, level):
        seen.append(f)
        return on_greenlet(interp, f, level)

    monkeypatch.setattr(continuations, "_call_cc_greenlet", spy)
    return seen


@pytest.mark.parametrize("program, expected", ESCAPES)
def test_escape_program_gives_its_value_and_the_same_with_greenlets(program, expected, monkeypatch):
    fast = run(program, True, monkeypatch)
    assert fast[0] == expected
    assert fast == run(program, False, monkeypatch)


def guile_writes(program: str) -> str:
    """What GNU Guile 3's evaluator writes for the value of `program` (its stderr on failure)."""
    done = subprocess.run([GUILE, "--r7rs", "--no-auto-compile", "-q", "-c",
                           f"(import (scheme base) (scheme write)) (write (let () {program}))"],
                          capture_output=True, text=True, timeout=60)
    return done.stdout or done.stderr[-2000:]


@pytest.mark.skipif(GUILE is None, reason="GNU Guile 3 (`guile`) is not on PATH to cross-check against")
@pytest.mark.parametrize("program, expected", ESCAPES)
def test_escape_program_gives_what_guile_gives(program, expected):
    assert guile_writes(program) == expected


@pytest.mark.parametrize("program", [
    # Errors inside an escape-only receiver keep their position and backtrace.
    "(define (f lst) (call/cc (lambda (k) (for-each (lambda (x) (car x)) lst))))\n(f '((1) 2))",
    "(call/cc (lambda (k)\n  (vector-ref (vector 1 2) 5)))",
    "(guard (e ((string? e) e)) (call/cc (lambda (k) (error \"not a string\" 1))))",
    # The step limit stops a loop inside one, after the same number of steps.
    "(define (spin n) (spin (+ n 1))) (call/cc (lambda (k) (spin 0)))",
    "(dynamic-wind (lambda () (display \"in \")) (lambda () (call/cc (lambda (k) (let loop () (loop)))))"
    " (lambda () (display \"out\")))",
])
def test_error_inside_escape_only_receiver_is_reported_as_with_greenlets(program, monkeypatch):
    fast = run(program, True, monkeypatch, step_limit=5_000)
    assert fast[0].startswith("ERROR ")
    assert fast == run(program, False, monkeypatch, step_limit=5_000)


def test_escape_only_receiver_runs_without_a_greenlet_and_a_keeping_one_with(monkeypatch):
    seen = count_greenlets(monkeypatch)
    s = Session()
    s.eval("(define kept #f)")
    assert s.show("(call/cc (lambda (k) (for-each (lambda (x) (if (> x 1) (k x))) '(1 2 3))))") == "2"
    assert len(seen) == 0
    assert s.show("(call/cc (lambda (k) (set! kept k) 'kept))") == "kept"
    assert len(seen) == 1


def test_generator_still_resumes_on_greenlets(monkeypatch):
    # The consumer's receiver keeps its continuation (set! return r), each
    # yield keeps `resume` in a lambda it stores: all on greenlets, as before.
    seen = count_greenlets(monkeypatch)
    s = Session()
    s.eval(GENERATOR + "(define g (make-generator '(a b c)))")
    assert [s.show("(g)") for _ in range(4)] == ["a", "b", "c", "done"]
    assert len(seen) == 4 + 3


@pytest.mark.parametrize("program", [
    # The continuation wrapped in a lambda the receiver stores, or hands to
    # a procedure that may store it (a coroutine queue).
    "(define later #f) (define (f) (call/cc (lambda (k) (set! later (lambda () (k 'again))) 'first)))",
    "(define later #f) (define (enqueue! t) (set! later t))"
    " (define (f) (call/cc (lambda (k) (enqueue! (lambda () (k 'again))) 'first)))",
])
def test_continuation_kept_in_a_lambda_runs_on_a_greenlet_and_is_one_shot(program, monkeypatch):
    seen = count_greenlets(monkeypatch)
    s = Session()
    s.eval(program)
    assert s.show("(f)") == "first"
    assert len(seen) == 1
    with pytest.raises(SchemeError) as info:
        s.eval("(later)")
    assert info.value.describe() == continuations.REENTRY_MESSAGE


def test_generator_wrapping_its_continuations_in_lambdas_resumes():
    """Regression: with an escape-only test that looked only at operator
    positions, `(set! return (lambda (v) (r v)))` made the consumer's
    receiver escape-only; its first escape used up the walk's continuation
    and the second call said `continuation called after it was used`."""
    s = Session()
    s.eval("""
      (define (make-gen lst)
        (define return #f)
        (define resume #f)
        (lambda ()
          (call/cc (lambda (r)
            (set! return (lambda (v) (r v)))
            (if resume
                (resume #f)
                (begin (for-each (lambda (x) (call/cc (lambda (k) (set! resume (lambda (v) (k v))) (return x))))
                                 lst)
                       (return 'done)))))))
      (define g (make-gen '(1 2 3)))
    """)
    assert [s.show("(g)") for _ in range(4)] == ["1", "2", "3", "done"]


RAISING_GENERATOR = """
(define (make-raising-generator lst)
  (define return #f)
  (define (start)
    (for-each (lambda (x)
                (if (negative? x) (raise (list 'bad x)))
                (call/cc (lambda (resume) (set! start (lambda () (resume #f))) (return x))))
              lst)
    (return 'done))
  (lambda () (call/cc (lambda (r) (set! return r) (start)))))
"""


def test_escape_only_continuation_called_from_a_generators_greenlet_returns_there(monkeypatch):
    # The walk runs on the generator's greenlet and raises there; the handler
    # calls `abort`, made on the consumer's greenlet by an escape-only call/cc.
    seen = count_greenlets(monkeypatch)
    s = Session()
    s.eval(RAISING_GENERATOR + """
      (define (take-until-bad lst)
        (call/cc (lambda (abort)
          (with-exception-handler (lambda (e) (abort e))
            (lambda ()
              (let ((g (make-raising-generator lst)))
                (let loop ((acc '()))
                  (let ((x (g)))
                    (if (eq? x 'done) (reverse acc) (loop (cons x acc)))))))))))
    """)
    assert s.show("(take-until-bad '(1 2 3))") == "(1 2 3)"
    before = len(seen)
    assert s.show("(take-until-bad '(1 2 -3 4))") == "(bad -3)"
    assert len(seen) - before == 3 + 2  # three calls of g, two yields; not abort


def test_escape_called_while_a_continuation_made_on_a_generators_greenlet_is_live_returns_there():
    # `check` runs inside a call/cc of the walk's own (escape-only, on the
    # generator's greenlet), so that greenlet is left suspended, not ended.
    s = Session()
    s.eval("""
      (define return #f)
      (define (walk lst check)
        (for-each (lambda (x)
                    (call/cc (lambda (skip) (if (odd? x) (skip #f)) (check x)))
                    (call/cc (lambda (resume) (set! walker (lambda () (resume #f))) (return x))))
                  lst)
        (return 'done))
      (define walker #f)
      (define (next lst check) (call/cc (lambda (r) (set! return r) (if walker (walker) (walk lst check)))))
    """)
    assert s.show("(call/cc (lambda (abort) (list (next '(1 2 3 4) (lambda (x) (if (= x 4) (abort 'four))))"
                  " (next #f #f) (next #f #f) (next #f #f))))") == "four"


def test_continuation_called_from_inside_another_ones_extent_reaches_the_right_call_cc():
    s = Session()
    s.eval("(define saved #f)")
    # `esc` is called from the body of a call/cc that keeps its own
    # continuation (so that body runs on a greenlet).
    assert s.show("(list 'got (call/cc (lambda (esc) (call/cc (lambda (k) (set! saved k) (esc 'out))) 'not-here)))") == (
        "(got out)")
    # The escape left `saved`'s extent: as before, it cannot be resumed.
    with pytest.raises(SchemeError) as info:
        s.eval("(saved 1)")
    assert info.value.describe() == continuations.REENTRY_MESSAGE


def test_escape_over_a_kept_continuation_sends_that_receiver_to_a_greenlet_from_then_on(monkeypatch):
    """The case the greenlet-free path cannot keep and `only_called` cannot
    see: an escape to an escape-only call/cc (here from an exception
    handler) from inside the extent of a continuation the program keeps.
    That kept continuation cannot be resumed (the one-shot error); the
    receiver's lambda then runs on a greenlet, so the next time the kept
    continuation resumes as it always did."""
    seen = count_greenlets(monkeypatch)
    s = Session()
    s.eval("(define saved #f) (define exit-k #f)"
           " (define (work) (call/cc (lambda (d) (set! saved d) (raise 'first))) (exit-k 'resumed))"
           " (define (f) (call/cc (lambda (return) (with-exception-handler (lambda (e) (return e)) work))))")
    assert s.show("(f)") == "first"
    assert len(seen) == 1  # only the receiver that keeps its k
    with pytest.raises(SchemeError) as info:
        s.eval("(call/cc (lambda (e) (set! exit-k e) (saved #f)))")
    assert info.value.describe() == continuations.REENTRY_MESSAGE
    before = len(seen)
    assert s.show("(f)") == "first"
    assert len(seen) == before + 2  # `return`'s receiver too, now
    assert s.show("(call/cc (lambda (e) (set! exit-k e) (saved #f)))") == "resumed"


def test_escape_over_a_dropped_inner_continuation_keeps_the_greenlet_free_path(monkeypatch):
    # break/continue: `next` is gone once the escape to `break` passed it.
    seen = count_greenlets(monkeypatch)
    s = Session()
    s.eval("(define (first-over n lst) (call/cc (lambda (break)"
           " (for-each (lambda (x) (call/cc (lambda (next) (if (<= x n) (next #f)) (break x)))) lst) #f)))")
    assert [s.show(f"(first-over {n} '(1 5 2 7))") for n in (0, 3, 6, 9, 3)] == ["1", "5", "7", "#f", "5"]
    assert seen == []


def test_deep_recursion_inside_escape_only_receiver_returns_and_escapes():
    s = Session()
    s.eval("(define (depth n) (if (= n 0) 0 (+ 1 (depth (- n 1)))))"
           " (define (dig n) (if (= n 0) (raise 'bottom) (+ 1 (dig (- n 1)))))")
    assert s.show("(call/cc (lambda (k) (depth 100000)))") == "100000"
    assert s.show("(call/cc (lambda (k) (with-exception-handler (lambda (e) (k e)) (lambda () (dig 100000)))))") == (
        "bottom")


def test_interrupt_stops_a_loop_inside_escape_only_receiver_and_the_next_escape_works():
    s = Session()
    s.eval("(define (spin) (spin))")
    seen: list = []

    def target():
        try:
            s.eval("(dynamic-wind (lambda () #f) (lambda () (call/cc (lambda (k) (spin) (k 1))))"
                   " (lambda () (display \"after\")))")
        except BaseException as exc:  # noqa: BLE001 - the test reports what came out
            seen.append(exc)

    t = threading.Thread(target=target)
    t.start()
    while not s.interp.budget.used() and t.is_alive():
        t.join(0.01)
    s.interp.interrupt()
    t.join(30)
    assert not t.is_alive()
    assert [type(e) for e in seen] == [Interrupted]
    assert s.show("(call/cc (lambda (k) (for-each (lambda (x) (k x)) '(7 8))))") == "7"
    assert s.interp.cc_level == 0


def test_call_cc_nesting_limit_counts_escape_only_receivers(monkeypatch):
    monkeypatch.setattr(continuations, "MAX_NESTING", 30)
    from schemehost.errors import RecursionLimitExceeded

    program = "(define (f n) (if (= n 0) 0 (+ 1 (call/cc (lambda (k) (if (< n 0) (k 0)) (f (- n 1)))))))"
    assert Session().show(program + "(f 29)") == "29"
    with pytest.raises(RecursionLimitExceeded):
        Session().eval(program + "(f 40)")


def body_of(text: str):
    """Return (parameter, body forms) of the lambda written in `text`."""
    (lam,), _ = read_program(text, "t.scm")
    params = lam.cdr.car
    forms = []
    p = lam.cdr.cdr
    while type(p) is Pair:
        forms.append(p.car)
        p = p.cdr
    return params.car, forms


@pytest.mark.parametrize("text, expected", [
    ("(lambda (k) (k 1))", True),
    ("(lambda (k) 1)", True),
    ("(lambda (k) (for-each (lambda (x) (if (p x) (k x))) lst) #f)", True),
    ("(lambda (k) (map (lambda (x) (if (p x) (k x) x)) lst))", True),
    ("(lambda (k) (let loop ((i 0)) (if (= i 3) (k i) (loop (+ i 1)))))", True),
    ("(lambda (k) (with-exception-handler (lambda (e) (k e)) (lambda () (work))))", True),
    ("(lambda (k) (dynamic-wind (lambda () 1) (lambda () (k 2)) (lambda () 3)))", True),
    ("(lambda (k) (for-each (lambda (x) (call/cc (lambda (next) (if (p x) (next 1)) (k x)))) lst))", True),
    ("(lambda (k) '(a b (c d)))", True),
    ("(lambda (k) (set! saved k))", False),
    ("(lambda (k) (f k))", False),
    ("(lambda (k) (f 1 2 k))", False),
    ("(lambda (k) k)", False),
    ("(lambda (k) (apply k '(1)))", False),
    ("(lambda (k) `(1 ,k))", False),
    ("(lambda (k) (vector-ref `#(,k) 0))", False),
    ("(lambda (k) (f . k))", False),
    # k in a lambda, promise, definition or assignment that may outlive the call.
    ("(lambda (k) (lambda () (k 1)))", False),
    ("(lambda (k) (set! resume (lambda () (k #f))) (return 1))", False),
    ("(lambda (k) (enqueue! (lambda () (k #f))) (schedule))", False),
    ("(lambda (k) (walk tree (lambda (leaf) (k leaf))))", False),
    ("(lambda (k) (define (stop) (k 1)) (stop))", False),
    ("(lambda (k) (let ((stop (lambda () (k 1)))) (stop)))", False),
    ("(lambda (k) (force (delay (k 1))))", False),
    ("(lambda (k) (call/cc (lambda (j) (set! saved j) (k 1))))", False),
    # Coarse on purpose: a shadowing binding or a quoted name counts as a use.
    ("(lambda (k) (let ((k 5)) k))", False),
    ("(lambda (k) 'k)", False),
])
def test_only_called_answers_whether_the_parameter_is_only_an_operator(text, expected):
    param, forms = body_of(text)
    assert continuations.only_called(param, forms) is expected


def test_only_called_sees_an_alias_of_the_parameter():
    # A macro-made lambda's parameter and its uses may be aliases of `k`.
    k = sym("k")
    alias = Alias(k, None)
    assert continuations.only_called(alias, [list_to_scheme([alias, 1])]) is True
    assert continuations.only_called(k, [list_to_scheme([sym("f"), alias])]) is False
    assert continuations.only_called(alias, [list_to_scheme([sym("f"), k])]) is False


def test_only_called_gives_up_on_a_body_too_large_to_walk(monkeypatch):
    monkeypatch.setattr(continuations, "_WALK_LIMIT", 50)
    param, forms = body_of("(lambda (k) (list " + " ".join(str(i) for i in range(100)) + "))")
    assert continuations.only_called(param, forms) is False
