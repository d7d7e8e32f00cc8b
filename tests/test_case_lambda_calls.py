"""Calls of a case-lambda: the trampoline (calls.run) enters the clause that takes
the arguments as it enters a Closure, and a direct call site of a global holding
a case-lambda is bound to that clause's fast entry (calls.DirectCalls._bind);
both went through call_other and CaseLambda.invoke's tail call before (the
tuned sets' palindromes calls its case-lambda `expand` 45,000 times).

Checked in every mode (generated at once, tiered, closures): each clause chosen
by the count, rest clauses, a count no clause takes, a clause that calls the
case-lambda again, redefinition of the global in both directions, step counts,
and a case-lambda passed as a value."""

from __future__ import annotations

from test_typespec import same_everywhere

AREA = """
(define area
  (case-lambda
    ((side) (area side side))
    ((width height) (* width height))
    ((width height depth . more) (list 'box (* width height depth) more))))
"""


def test_each_clause_is_chosen_by_the_count_of_arguments():
    program = AREA + """
    (define (sum k acc) (if (= k 0) acc (sum (- k 1) (+ acc (area k) (area k 2)))))
    (list (area 3) (area 3 4) (area 1 2 3) (area 1 2 3 4 5) (sum 200 0))
    """
    value, _, _ = same_everywhere(program)
    squares = sum(k * k + 2 * k for k in range(1, 201))
    assert value == f"(9 12 (box 6 ()) (box 6 (4 5)) {squares})"


def test_a_count_no_clause_takes_is_an_error_naming_the_count():
    program = """
    (define pick (case-lambda ((a) a) ((a b c) c)))
    (define (try) (pick 1 2))
    (try)
    """
    value, _, _ = same_everywhere(program)
    assert value.startswith("ERROR") and "no clause accepts 2 arguments" in value


def test_a_redefined_global_is_called_as_it_now_is():
    program = AREA + """
    (define (use) (list (area 2) (area 2 5)))
    (define before (use))
    (set! area (lambda xs (cons 'plain xs)))
    (define between (use))
    (set! area (case-lambda ((a) (- a)) ((a b) (- a b))))
    (list before between (use))
    """
    value, _, _ = same_everywhere(program)
    assert value == "((4 10) ((plain 2) (plain 2 5)) (-2 -3))"


def test_a_case_lambda_passed_as_a_value_and_deep_tail_calls_through_it():
    program = """
    (define count-down
      (case-lambda
        ((n) (count-down n 0))
        ((n acc) (if (= n 0) acc (count-down (- n 1) (+ acc 1))))))
    (define (call-with f . args) (apply f args))
    (define (pass f) f)
    (list (count-down 100000) ((pass count-down) 7) (call-with count-down 5 10)
          (map (pass count-down) '(1 2 3)))
    """
    value, _, _ = same_everywhere(program, step_limit=1_000_000)
    assert value == "(100000 7 15 (1 2 3))"


def test_steps_are_those_of_entering_the_clause_once():
    # The same program run in every mode gives the same step count (same_everywhere
    # compares them); and a call of a case-lambda costs what a call of its clause does.
    via_case, _, case_steps = same_everywhere(AREA + "(define (f) (area 3 4)) (f)")
    direct, _, plain_steps = same_everywhere("(define area (lambda (w h) (* w h))) (define (f) (area 3 4)) (f)")
    assert via_case == direct == "12"
    assert case_steps == plain_steps


def test_no_call_that_a_clause_takes_goes_through_invoke(monkeypatch):
    from schemehost.runtime import CaseLambda

    invoked = []
    real = CaseLambda.invoke

    def counting(self, interp, args):
        invoked.append(len(args))
        return real(self, interp, args)

    monkeypatch.setattr(CaseLambda, "invoke", counting)
    program = AREA + """
    (define (pass f) f)
    (define (sum k acc) (if (= k 0) acc (sum (- k 1) (+ acc (area k) ((pass area) k 2) (car (cdr (area 1 2 k)))))))
    (sum 100 0)
    """
    value, _, _ = same_everywhere(program)
    assert value == str(sum(k * k + 2 * k + 2 * k for k in range(1, 101)))
    assert invoked == []
