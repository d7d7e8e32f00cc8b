"""Generated code takes a call's step as a `for` over the budget's chunk that
stops at its first item, its `else` refilling or stopping the program
(runtime.Budget): the same steps, and the same stop at a step limit, as the
closure compiler's `next(budget.it, 1)`.
"""

from __future__ import annotations

import pytest

from test_typespec import generated_source, same_everywhere

# Calls of every kind pyfunc.py writes a tick for: an accessor written in line, a
# known procedure called non-tail and in tail position, a closure made and called,
# a lambda given to map, a rest lambda, a mutual tail call.
PROGRAM = """
(define (node-key t) (car t))
(define (node-left t) (cadr t))
(define (node-right t) (caddr t))
(define (insert t k)
  (cond ((null? t) (list k '() '()))
        ((< k (node-key t)) (list (node-key t) (insert (node-left t) k) (node-right t)))
        (else (list (node-key t) (node-left t) (insert (node-right t) k)))))
(define (size t) (if (null? t) 0 (+ 1 (size (node-left t)) (size (node-right t)))))
(define (make-adder n) (lambda (x) (+ x n)))
(define (sum . xs) (if (null? xs) 0 (+ (car xs) (apply sum (cdr xs)))))
(define (my-even? n) (if (= n 0) #t (my-odd? (- n 1))))
(define (my-odd? n) (if (= n 0) #f (my-even? (- n 1))))
(define (build n t) (if (= n 0) t (build (- n 1) (insert t (modulo (* n 37) 101)))))
(define t (build 40 '()))
(display (size t))
(list (size t) (map (make-adder 3) '(1 2 3)) (sum 1 2 3 4) (my-even? 31) (node-key t))
"""


def test_generated_code_ticks_by_a_for_that_stops_at_its_first_step():
    source = generated_source(PROGRAM)
    assert "for _k in B.it: break\n" in source
    assert "next(B.it" not in source
    # Every tick's `for` is followed by its `else` at the same indentation.
    lines = source.splitlines()
    ticks = [i for i, line in enumerate(lines) if line.strip() == "for _k in B.it: break"]
    assert len(ticks) > 10
    for i in ticks:
        indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        assert lines[i + 1] == indent + "else: B.exhausted()"


def test_the_same_steps_are_taken_in_every_mode():
    value, out, steps = same_everywhere(PROGRAM, step_limit=None)
    assert value == "(40 (4 5 6) 10 #f 66)" and out == "40"
    assert steps > 500


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9, 0.999])
def test_a_step_limit_stops_every_mode_at_the_same_step(fraction):
    _, _, steps = same_everywhere(PROGRAM, step_limit=None)
    limit = int(steps * fraction)
    value, _, used = same_everywhere(PROGRAM, step_limit=limit)
    assert value.startswith("ERROR") and "step limit" in value
    assert used == limit + 1  # (the refused step is counted as debt)


def test_a_limit_of_exactly_the_steps_needed_lets_the_program_finish():
    _, _, steps = same_everywhere(PROGRAM, step_limit=None)
    value, _, used = same_everywhere(PROGRAM, step_limit=steps)
    assert value == "(40 (4 5 6) 10 #f 66)" and used == steps
