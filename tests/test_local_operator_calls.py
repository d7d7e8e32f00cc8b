"""A call whose operator is a local variable goes to the trampoline's `run`,
not `call`, when nothing but a fast entry or a primitive fits
(calls.call_site with no `unbound`).

`call` exists to report an operator that is still UNASSIGNED (a global not
yet defined) as the call site's error, then calls `run`: a Python frame per
call.  A local variable's value, a known lambda's slot read raw included, is
read with its own test where it may be read before it is bound (an internal
define, a letrec), so it is never UNASSIGNED there, and the call goes to `run`
directly: a message to a closure taking a rest list (gap-buffer's
`(buffer 'char-at k)`), a continuation, a case-lambda, a parameter.  These
tests check every kind of operator that takes that path in every mode,
errors included, and the text.
"""

from __future__ import annotations

import re

import pytest

from schemehost import SchemehostError, format_error

from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode

OBJECT = """
(define (make-counter)
  (let ((n 0))
    (lambda (message . args)
      (case message
        ((add) (set! n (+ n (car args))) n)
        ((get) n)
        ((add2) (set! n (+ n (car args) (cadr args))) n)
        (else (error "unknown message" message))))))
"""

PROGRAMS = {
    "a closure taking a rest list": OBJECT + """
(define (use k)
  (let ((c (make-counter)))
    (let loop ((i 0))
      (when (< i k) (c 'add i) (c 'add2 i 1) (loop (+ i 1))))
    (c 'get)))
(list (use 10) (use 0))""",
    "messages with no argument up to four, and five, to objects of every shape": OBJECT + """
(define (make-recorder)
  (lambda (message . args)
    (set-car! (if (pair? args) args (list 0)) 'changed)
    (cons message args)))
(define (make-pair-taker) (lambda (a b . r) (list a b r)))
(define (make-all-rest) (lambda all (length all)))
(define (make-fixed) (lambda (m x) (list m x)))
(define global-counter (make-counter))
(define (talk r p a f c)
  (list (r 'zero) (r 'one 1) (r 'two 1 2) (r 'three 1 2 3) (r 'four 1 2 3 4) (r 'five 1 2 3 4 5)
        (p 'x 1) (p 'x 1 2 3) (a 'm) (a 'm 1 2) (f 'm 7) (c 'add 5) (c 'add2 1 1) (c 'get)
        (global-counter 'add 3) (global-counter 'get)))
(define (again) (talk (make-recorder) (make-pair-taker) (make-all-rest) (make-fixed) (make-counter)))
(define first-run (again))
(set! global-counter (make-recorder))
(list first-run (again) (again))""",
    "a message with the wrong count for its object, and an error inside the object": OBJECT + """
(define (make-fixed) (lambda (m x) (list m x)))
(define (try thunk) (guard (e (#t (list 'caught (error-object-message e) (error-object-irritants e)))) (thunk)))
(define (f o) (list (try (lambda () (o 'add))) (try (lambda () (o 'add 'x)))))
(define (g o) (o 'only))
(write (list (f (make-counter)) (try (lambda () (g (make-fixed))))))
(f (make-counter))
(define (h c) (+ 1 (c 'add "one")))
(h (make-counter))""",
    "an unknown message's error": OBJECT + "(define (f) (let ((c (make-counter))) (c 'add 1) (c 'oops))) (f)",
    "a continuation": "(define (f l) (call/cc (lambda (k) (let ((esc k)) (for-each (lambda (x) (if (> x 2) (esc x))) l) 'none)))) (list (f '(1 2 3 4)) (f '(1)))",
    "a case-lambda": "(define (f) (let ((g (case-lambda ((a) (list 'one a)) ((a b) (list 'two a b))))) (list (g 1) (g 1 2)))) (f)",
    "a parameter": "(define p (make-parameter 5)) (define (f) (let ((q p)) (list (q) (parameterize ((p 6)) (q))))) (f)",
    "a primitive with the wrong count": "(define (f) (let ((g car)) (g '(1) '(2)))) (f)",
    "not a procedure": "(define (f x) (let ((g x)) (+ 1 (g 2)))) (f 5)",
    "an internal define called before it is bound": "(define (f) (define a (g 1)) (define (g x) x) a) (f)",
    "a letrec binding called before it is bound": "(define (f) (letrec ((a (b 1)) (b (lambda (x) x))) a)) (f)",
    "a variable operator in a loop": OBJECT + """
(define (sum-with op l)
  (let loop ((l l) (acc 0))
    (if (null? l) acc (loop (cdr l) (op acc (car l))))))
(list (sum-with + '(1 2 3)) (sum-with (lambda args (apply * args)) '(2 3 4)))""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 25])
def test_local_operator_calls_every_mode_same(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_local_operator_calls_run_directly_and_globals_keep_call():
    text, s = generated_sources(OBJECT + "(define (f c) (list (c 'add 2)))  (define (g) (list (h 1)))")
    assert re.search(r"= run\(f\d+, \[k\d+, 2\]\)", text)  # f's call of its parameter c
    # A message (a quoted symbol first) to a closure taking one argument and a rest list
    # enters its fast entry at the site, the rest list made there (calls.call_site).
    assert re.search(r"elif type\((f\d+)\) is Closure and \1\.fk == -4:\n(.*\n){2}"
                     r" *_rl = NEWPAIR\(\); _rl\.car = 2; _rl\.cdr = NIL\n"
                     r" *r\d+ = \1\.fast\(k\d+, _rl, \1\.env\)", text), text
    assert "= call(" in text  # g's call of the global h, not defined yet: its unbound error
    assert s.show("(f (make-counter))") == "(2)"
    with pytest.raises(SchemehostError) as info:
        s.interp.eval_string("(g)", "t.scm")
    assert "h" in format_error(info.value) and "unbound" in format_error(info.value)
