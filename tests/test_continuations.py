"""Re-entrant (one-shot) continuations: generators, coroutines, dynamic-wind.

Each program whose result R7RS fixes is also run in GNU Guile 3, which has
full continuations, and must print the same; the expected text is stated
here too, so the tests still check something where Guile is absent.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session
from schemehost import continuations
from schemehost.errors import RecursionLimitExceeded, SchemeError

GUILE = shutil.which("guile")

GENERATOR = """
(define (make-generator lst)
  (define return #f)
  (define (start)
    (for-each (lambda (x) (call/cc (lambda (resume) (set! start (lambda () (resume #f))) (return x)))) lst)
    (return 'done))
  (lambda () (call/cc (lambda (r) (set! return r) (start)))))
"""

TREE_GENERATOR = """
(define (tree-walk tree visit)
  (cond ((null? tree) 'skip)
        ((pair? tree) (tree-walk (car tree) visit) (tree-walk (cdr tree) visit))
        (else (visit tree))))
(define (tree->generator tree)
  (define caller #f)
  (define (walk)
    (tree-walk tree (lambda (leaf) (call/cc (lambda (k) (set! walk (lambda () (k #f))) (caller leaf)))))
    (caller '*eof*))
  (lambda () (call/cc (lambda (c) (set! caller c) (walk)))))
(define (same-fringe? a b)
  (let ((ga (tree->generator a)) (gb (tree->generator b)))
    (let loop ()
      (let ((x (ga)) (y (gb)))
        (cond ((not (eqv? x y)) #f) ((eq? x '*eof*) #t) (else (loop)))))))
"""

# A generator body inside dynamic-wind and parameterize, resumed from outside.
EXTENT = """
(define log '())
(define (note x) (set! log (cons x log)))
(define p (make-parameter 'outer))
(define return #f)
(define resume #f)
(define (body)
  (dynamic-wind
    (lambda () (note 'in))
    (lambda ()
      (parameterize ((p 'inner))
        (call/cc (lambda (k) (set! resume k) (return (p))))
        (note 'resumed)
        (return (p))))
    (lambda () (note 'out))))
(define (next) (call/cc (lambda (r) (set! return r) (if resume (resume #f) (body)))))
"""

PROGRAMS = [
    (GENERATOR + "(define g (make-generator '(a b c))) (list (g) (g) (g) (g))", "(a b c done)"),
    (GENERATOR + "(define g (make-generator '(1 2))) (define h (make-generator '(x y)))"
     " (list (g) (h) (g) (h) (g) (h))", "(1 x 2 y done done)"),
    (TREE_GENERATOR + "(list (same-fringe? '(1 (2 3) 4) '((1 2) (3 (4))))"
     " (same-fringe? '(1 (2 3) 4) '((1 2) (3 (5)))) (same-fringe? '() '(())))", "(#t #f #t)"),
    (EXTENT + "(let* ((a (next)) (pa (p)) (b (next)) (pb (p))) (list a pa b pb (reverse log)))",
     "(inner outer inner outer (in out in resumed out))"),
    # Ping-pong coroutines handing a counter back and forth.
    ("(define ping-k #f) (define pong-k #f) (define trace '())"
     " (define (pong n) (let loop ((n n)) (set! trace (cons (list 'pong n) trace))"
     "   (if (< n 4) (loop (call/cc (lambda (k) (set! pong-k k) (ping-k (+ n 1))))) (ping-k 'end))))"
     " (define (ping) (let loop ((n (call/cc (lambda (k) (set! ping-k k) (pong 0)))))"
     "   (set! trace (cons (list 'ping n) trace))"
     "   (if (eq? n 'end) (reverse trace) (loop (call/cc (lambda (k) (set! ping-k k) (pong-k (+ n 1))))))))"
     " (ping)",
     "((pong 0) (ping 1) (pong 2) (ping 3) (pong 4) (ping end))"),
    # Escapes still work from any depth and through map.
    ("(define (find-neg lst) (call/cc (lambda (k) (for-each (lambda (x) (if (< x 0) (k x))) lst) #f)))"
     " (list (find-neg '(1 2 -3 4)) (find-neg '(1 2)))", "(-3 #f)"),
    ("(define (depth n k) (if (= n 0) (k 'bottom) (+ 1 (depth (- n 1) k))))"
     " (call/cc (lambda (k) (depth 50000 k)))", "bottom"),
    ("(+ 1 (call/cc (lambda (k) (map (lambda (x) (if (= x 2) (k 10) x)) '(1 2 3)))))", "11"),
    ("(call-with-values (lambda () (call/cc (lambda (k) (k 1 2 3)))) list)", "(1 2 3)"),
    # Handlers around call/cc see what its body raises.
    ("(guard (e ((error-object? e) (error-object-message e))) (call/cc (lambda (k) (error \"inside\" 1))))",
     "\"inside\""),
    ("(guard (e ((error-object? e) 'caught)) (call/cc (lambda (k) (car '()))))", "caught"),
    ("(with-exception-handler (lambda (e) 42)"
     " (lambda () (+ 1 (call/cc (lambda (k) (raise-continuable 'c))))))", "43"),
    ("(let ((path '())) (dynamic-wind (lambda () (set! path (cons 'before path)))"
     " (lambda () (call/cc (lambda (k) (set! path (cons 'body path)) (k 'x))))"
     " (lambda () (set! path (cons 'after path)))) (reverse path))", "(before body after)"),
]


@pytest.mark.parametrize("program, expected", PROGRAMS)
def test_reentrant_continuation_program_gives_standard_result(program, expected):
    assert Session().show(program) == expected


@pytest.mark.skipif(GUILE is None, reason="GNU Guile 3 (`guile`) is not on PATH to cross-check against")
@pytest.mark.parametrize("program, expected", PROGRAMS)
def test_guile_gives_the_same_result(program, expected):
    wrapped = f"(import (scheme base) (scheme write)) (write (let () {program}))"
    out = subprocess.run(
        [GUILE, "--r7rs", "--no-auto-compile", "-q", "-c", wrapped],
        capture_output=True, text=True, timeout=60,
    )
    assert out.stdout == expected, out.stderr[-2000:]


def test_generator_resumes_across_top_level_forms():
    s = Session()
    s.eval(GENERATOR + "(define g (make-generator '(1 2 3)))")
    assert [s.show("(g)") for _ in range(4)] == ["1", "2", "3", "done"]


def test_error_in_resumed_generator_reaches_the_consumers_guard():
    s = Session()
    s.eval(GENERATOR.replace("(return x)", "(return (car x))") + "(define g (make-generator '((1) 2)))")
    assert s.show("(g)") == "1"
    assert s.show("(guard (e (#t (list 'caught (error-object-message e)))) (g))") == (
        '(caught "car: argument 1 must be a pair")'
    )


def test_exit_inside_a_call_cc_body_runs_pending_afters():
    s = Session()
    from schemehost.errors import SchemeExit

    with pytest.raises(SchemeExit) as info:
        s.eval("(dynamic-wind (lambda () #f) (lambda () (call/cc (lambda (k) (exit 3))))"
               " (lambda () (display \"after\")))")
    assert info.value.status == 3
    assert s.output == "after"


def test_continuation_returned_into_twice_is_a_scheme_error():
    s = Session()
    s.eval("(define k #f) (define n 0)")
    assert s.show("(+ 1 (call/cc (lambda (c) (set! k c) 1)))") == "2"
    with pytest.raises(SchemeError) as info:
        s.eval("(k 5)")
    assert info.value.describe() == continuations.REENTRY_MESSAGE


def test_generator_body_ending_normally_after_its_caller_returned_is_an_error():
    # The body's own continuation (its first caller's) was used by an escape.
    s = Session()
    s.eval("(define resume #f)"
           " (define (gen) (call/cc (lambda (return) (call/cc (lambda (k) (set! resume k) (return 1)))"
           " 'fell-off)))")
    assert s.show("(gen)") == "1"
    with pytest.raises(SchemeError) as info:
        s.eval("(resume #f)")
    assert info.value.describe() == continuations.REENTRY_MESSAGE


def test_step_budget_counts_inside_call_cc_bodies():
    from schemehost.errors import ResourceLimit

    s = Session(step_limit=10_000)
    with pytest.raises(ResourceLimit):
        s.eval("(define (spin) (spin)) (call/cc (lambda (k) (spin)))")


def test_call_cc_bodies_nested_past_the_limit_give_recursion_too_deep(monkeypatch):
    monkeypatch.setattr(continuations, "MAX_NESTING", 50)
    program = "(define (f n) (if (= n 0) 0 (+ 1 (call/cc (lambda (k) (f (- n 1)))))))"
    assert Session().show(program + "(f 49)") == "49"
    with pytest.raises(RecursionLimitExceeded) as info:
        Session().eval(program + "(f 60)")
    assert info.value.describe() == "recursion too deep: calls nested deeper than the interpreter's limit"


def test_nested_call_cc_two_thousand_deep_returns():
    program = "(define (f n) (if (= n 0) 0 (+ 1 (call/cc (lambda (k) (f (- n 1)))))))(f 2000)"
    assert Session().show(program) == "2000"


def test_finished_generators_and_escapes_leave_no_greenlets_behind():
    # A generator dropped half-way is not reclaimed (README: greenlet frames are
    # invisible to Python's cycle collector); finished ones and escapes are.
    import gc

    from greenlet import greenlet

    #
    # Run alone, this once failed 5 <= 4: the warm-up did not run the nested
    # call/cc, so the greenlets its first run leaves in the interpreter's
    # one-deep slots, and the calling thread's own main greenlet (made the
    # first time a greenlet is asked for on it), were counted as if the loop
    # had leaked them.  The count settles after the body's second run (one
    # more continuation held one deep) and then stays put for 300 runs, so the
    # warm-up runs the body twice, and the calling thread's greenlet exists
    # before the first count.
    def live() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, greenlet))

    greenlet.getcurrent()
    body = ("(drain (make-generator '(1 2 3))) (find-neg '(1 -1))"
            " (call/cc (lambda (k) (call/cc (lambda (j) (k 1)))))")
    s = Session()
    s.eval(GENERATOR + "(define (drain g) (let loop () (if (eq? (g) 'done) 'ok (loop))))"
           "(define (find-neg lst) (call/cc (lambda (k) (for-each (lambda (x) (if (< x 0) (k x))) lst) #f)))")
    s.eval(body + body)
    before = live()
    s.eval(f"(do ((i 0 (+ i 1))) ((= i 300)) {body})")
    assert live() <= before


def test_heap_frame_probe_computes_the_same_fib():
    from benchmarks.heap_frames import fib_heap, fib_stack

    assert [fib_heap(n) for n in range(16)] == [fib_stack(n) for n in range(16)]


def test_escape_from_with_output_to_string_restores_the_console():
    s = Session()
    value = s.show("(let ((r (call/cc (lambda (out) (with-output-to-string"
                   " (lambda () (display \"hidden\") (out 'left))))))) (display \"shown\") r)")
    assert (value, s.output) == ("left", "shown")


def test_generator_inside_with_output_to_string_writes_there_when_resumed():
    s = Session()
    s.eval("(define resume #f) (define return #f)"
           " (define (next) (call/cc (lambda (r) (set! return r) (if resume (resume #f)"
           "  (let ((text (with-output-to-string (lambda () (display 1)"
           "   (call/cc (lambda (k) (set! resume k) (return 'paused))) (display 2)))))"
           "   (return text))))))")
    assert s.show("(next)") == "paused"
    s.eval("(display \"console\")")
    assert s.show("(next)") == '"12"'
    assert s.output == "console"


# Two generators consumed in an arbitrary interleaving: each call must give
# the next element of its own list (then `done`), whatever the other did.
@st.composite
def interleavings(draw):
    lists = [draw(st.lists(st.integers(-9, 99), max_size=5)) for _ in range(2)]
    calls = [0] * len(lists[0]) + [0] + [1] * len(lists[1]) + [1]
    order = draw(st.permutations(calls))
    cut = draw(st.integers(0, len(order)))
    return lists, order[:cut]


def interleaving_program(lists, order) -> str:
    steps = " ".join(f"(r{i} (g{which}))" for i, which in enumerate(order))
    results = " ".join(f"r{i}" for i in range(len(order)))
    return (GENERATOR
            + "".join(f"(define g{n} (make-generator '({' '.join(map(str, lst))})))" for n, lst in enumerate(lists))
            + f"(let* ({steps}) (list {results}))")


@settings(max_examples=40, deadline=None)
@given(interleavings())
def test_interleaved_generators_yield_their_own_elements_in_order(case):
    lists, order = case
    expected, taken = [], [0, 0]
    for which in order:
        lst = lists[which]
        expected.append(str(lst[taken[which]]) if taken[which] < len(lst) else "done")
        taken[which] += 1
    assert Session().show(interleaving_program(lists, order)) == "(" + " ".join(expected) + ")"


@pytest.mark.skipif(GUILE is None, reason="GNU Guile 3 (`guile`) is not on PATH to cross-check against")
@settings(max_examples=15, deadline=None)
@given(interleavings())
def test_interleaved_generators_match_guile(case):
    program = interleaving_program(*case)
    out = subprocess.run(
        [GUILE, "--r7rs", "--no-auto-compile", "-q", "-c",
         f"(import (scheme base) (scheme write)) (write (let () {program}))"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.stdout == Session().show(program), out.stderr[-2000:]


def test_heap_frame_probe_refuses_a_size_it_cannot_run(capsys):
    from benchmarks.heap_frames import main

    with pytest.raises(SystemExit) as info:
        main(["--n", "100000"])
    assert info.value.code == 2
    assert "--n must be from 0 to 32" in capsys.readouterr().err
