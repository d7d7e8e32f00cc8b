"""A continuation called last in a call/cc receiver run on a worker greenlet.

A coroutine's yield captures its thread's continuation and, last of all, calls
another thread's; that call comes back to the bottom of the worker as a tail
call (calls.bottom_runner), which hands the value over there instead of raising
it through the frames above (continuations._run_body).  What a program sees must
not change: values, output, dynamic-wind's befores and afters, several values,
the error of a continuation called again, the step count.  Each program runs
with the generated Python and with the closure compiler.
"""

from __future__ import annotations

import pytest

from conftest import run_program as run
from test_compiler_speedups import assert_same_both_ways
from schemehost import errors

THREADS = """
(define ready '())
(define (enqueue! t) (set! ready (append ready (list t))))
(define finish #f)
(define (dispatch)
  (if (null? ready) (finish 'finished) (let ((t (car ready))) (set! ready (cdr ready)) (t))))
(define (yield!) (call/cc (lambda (k) (enqueue! (lambda () (k #f))) (dispatch))))
(define log '())
(define (note! x) (set! log (cons x log)))
(define (worker name n)
  (lambda () (do ((i 0 (+ i 1))) ((= i n)) (note! (list name i)) (yield!))))
(define (run-all . ts)
  (call/cc (lambda (done)
    (set! finish done)
    (for-each (lambda (t) (enqueue! (lambda () (t) (dispatch)))) ts)
    (dispatch))))
"""

PROGRAMS = [
    "(list (run-all (worker 'a 3) (worker 'b 2)) (reverse log))",
    # several values handed over, and a receiver's own values
    "(call-with-values (lambda () (call/cc (lambda (k) (enqueue! (lambda () (k 1 2))) (dispatch)))) list)",
    # dynamic-wind around the yields: afters and befores as the threads leave and come back
    """(list (run-all (lambda () (dynamic-wind (lambda () (note! 'in)) (lambda () (yield!) (note! 'body))
                                              (lambda () (note! 'out))))
                      (worker 'b 2))
           (reverse log))""",
    # a continuation called a second time: the error, from the bottom as from anywhere
    """(define saved #f)
       (define count 0)
       (list (call/cc (lambda (k) (set! saved k) (enqueue! (lambda () (k 'first))) (dispatch)))
             (begin (set! count (+ count 1)) (if (< count 3) (saved 'again) count)))""",
    # the receiver's tail call of an ordinary procedure and of a primitive
    "(call/cc (lambda (k) (enqueue! (lambda () (+ 1 2))) (dispatch)))",
    "(call/cc (lambda (k) (enqueue! (lambda () (car '()))) (dispatch)))",
]


@pytest.mark.parametrize("limit", [20_000, 90, 30])
@pytest.mark.parametrize("program", PROGRAMS)
def test_a_continuation_called_at_the_bottom_is_the_same_as_raised(program, limit):
    assert_same_both_ways(THREADS + program, limit)


def test_the_threads_values_worked_by_hand():
    value, _, _ = run(THREADS + PROGRAMS[0], True, None)
    assert value == "(finished ((a 0) (b 0) (a 1) (b 1) (a 2)))"
    value, _, _ = run(THREADS + PROGRAMS[2], True, None)
    # b runs inside the first thread's extent (from its yield's receiver) and is resumed
    # from outside it: in again before (b 1), out when the program finishes
    assert value == "(finished (in (b 0) body out in (b 1) out))"


def test_a_yield_that_resumes_another_thread_raises_nothing(monkeypatch):
    """The point of it: 400 yields between two threads, no ContinuationInvoked made."""
    made = []
    original = errors.ContinuationInvoked.__init__

    def counting(self, *args):
        made.append(1)
        original(self, *args)

    monkeypatch.setattr(errors.ContinuationInvoked, "__init__", counting)
    value, _, _ = run(THREADS + "(run-all (worker 'a 200) (worker 'b 200))", True, None)
    assert value == "finished"
    assert len(made) <= 2, len(made)  # (run-all's own escape by `done`)
