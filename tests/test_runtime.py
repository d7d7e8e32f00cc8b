"""schemehost.runtime: the step budget and the procedure classes."""

from __future__ import annotations

import pytest

from schemehost import Interpreter, SchemeError, StepLimitExceeded
from schemehost.errors import Interrupted
from schemehost.runtime import RUNNING, WORK_PER_STEP, Budget, Primitive, arity_error, charge


def test_budget_counts_calls_until_the_limit():
    budget = Budget(3)
    for _ in range(3):
        budget.charge(1)
    assert budget.used() == 3
    with pytest.raises(StepLimitExceeded) as info:
        budget.charge(1)
    assert str(info.value) == "step limit of 3 procedure calls exceeded"


def test_budget_unlimited_refills_and_keeps_counting():
    budget = Budget(None)
    budget.charge(Budget.CHUNK + 5)
    assert budget.total_used() == Budget.CHUNK + 5


def test_budget_limit_above_chunk_draws_on_the_reserve():
    budget = Budget(Budget.CHUNK + 10)
    budget.charge(Budget.CHUNK + 10)
    assert budget.total_used() == Budget.CHUNK + 10
    with pytest.raises(StepLimitExceeded):
        budget.charge(1)


def test_budget_set_limit_banks_what_was_used():
    budget = Budget(10)
    budget.charge(4)
    budget.set_limit(2)
    assert budget.used() == 0 and budget.total_used() == 4
    budget.charge(2)
    with pytest.raises(StepLimitExceeded):
        budget.charge(1)


def test_budget_interrupt_raises_at_the_next_tick_once():
    budget = Budget(None)
    budget.charge(1)
    budget.interrupt()
    assert budget.used() == 1
    with pytest.raises(Interrupted):
        budget.charge(1)
    budget.charge(1)  # the interrupt is spent


def _tick(budget, n=1):
    """The tick generated code and the trampoline make (calls.py)."""
    for _ in range(n):
        if next(budget.it, 1):
            budget.exhausted()


def test_a_tick_takes_one_step_from_the_chunk_and_stops_exactly_at_the_limit():
    budget = Budget(5)
    _tick(budget, 5)
    assert budget.used() == 5 and budget.left == 0
    with pytest.raises(StepLimitExceeded):
        _tick(budget)
    assert budget.used() == 6  # the refused step is counted, as a call that was made
    with pytest.raises(StepLimitExceeded):
        _tick(budget)


def test_interrupt_takes_the_chunk_away_and_counts_only_the_steps_made():
    budget = Budget(100)
    _tick(budget, 10)
    budget.interrupt()
    assert budget.used() == 10 and budget.left == 90  # the chunk is held aside, not used
    with pytest.raises(Interrupted):
        _tick(budget)
    assert budget.used() == 11
    budget.set_limit(100)  # what each evaluation with a step limit starts with
    _tick(budget, 100)
    assert budget.used() == 100 and budget.total_used() == 111


def test_cancel_interrupt_gives_the_chunk_back():
    budget = Budget(100)
    _tick(budget, 10)
    budget.interrupt()
    budget.cancel_interrupt()
    _tick(budget, 90)
    assert budget.used() == 100
    with pytest.raises(StepLimitExceeded):
        _tick(budget)


def test_an_interrupt_before_a_new_limit_stops_its_first_step():
    budget = Budget(None)
    budget.interrupt()
    budget.set_limit(50)
    with pytest.raises(Interrupted):
        _tick(budget)
    assert budget.used() == 1


def _rounds(budget, n=None, each=None):
    """Rounds of a loop as pyfunc.py writes one: the `for` over the chunk takes each
    round's step, Budget.ran_out when the chunk it holds is empty.  `each(k)` runs
    in round k (1, 2, ...); the loop ends after round n (never, for None).
    Returns the rounds run."""
    k = 0
    while True:
        for _ in budget.it:
            k += 1
            if each is not None:
                each(k)
            if k == n:
                return k
        else:
            budget.ran_out()
            continue
        break


@pytest.mark.parametrize("limit", [0, 1, 6, 7, 8, 13, 14, 15, 50])
def test_loop_rounds_count_as_ticks_and_stop_exactly_at_the_limit(limit, monkeypatch):
    monkeypatch.setattr(Budget, "CHUNK", 7)  # a reserve refilling small chunks
    budget = Budget(limit)
    if limit:
        assert _rounds(budget, limit) == limit
    assert budget.total_used() == limit
    with pytest.raises(StepLimitExceeded):
        _rounds(budget, 1)
    assert budget.total_used() == limit + 1  # the refused step, as a tick's
    budget.set_limit(None)
    _rounds(budget, 20)
    _tick(budget, 3)
    assert budget.total_used() == limit + 1 + 23


def test_a_loop_holding_an_old_chunk_goes_on_with_the_new_one():
    # A nested evaluation (a host call with its own limit) refills the budget while
    # a loop holds the chunk it started on: the loop's rounds count against the new one.
    budget = Budget(None)
    rounds = []

    def nested(k):
        rounds.append(k)
        if k == 3:
            budget.set_limit(10)

    with pytest.raises(StepLimitExceeded):
        _rounds(budget, each=nested)
    assert rounds[-1] == 13  # ten rounds after the new limit
    assert budget.used() == 11  # and the refused one


def test_interrupt_stops_a_loop_at_its_next_round():
    budget = Budget(None)
    seen = []

    def interrupt_at_5(k):
        seen.append(k)
        if k == 5:
            budget.interrupt()

    with pytest.raises(Interrupted):
        _rounds(budget, each=interrupt_at_5)
    assert seen == [1, 2, 3, 4, 5] and budget.used() == 6
    assert _rounds(budget, 4) == 4  # the interrupt is spent


def test_cancel_interrupt_gives_a_loop_its_chunk_back():
    budget = Budget(100)
    _tick(budget, 10)
    budget.interrupt()
    budget.cancel_interrupt()
    assert _rounds(budget, 90) == 90 and budget.used() == 100
    with pytest.raises(StepLimitExceeded):
        _rounds(budget, 1)


def test_charge_in_a_loop_takes_from_the_chunk_the_loop_holds():
    budget = Budget(20)

    def charge_10_at_1(k):
        if k == 1:
            budget.charge(10)

    rounds = []
    with pytest.raises(StepLimitExceeded):
        _rounds(budget, each=lambda k: (rounds.append(k), charge_10_at_1(k)))
    assert rounds[-1] == 10 and budget.used() == 21


def test_charge_and_ticks_share_the_chunk():
    budget = Budget(Budget.CHUNK + 3)
    _tick(budget, 2)
    budget.charge(Budget.CHUNK - 4)
    assert budget.used() == Budget.CHUNK - 2 and budget.left == 2
    _tick(budget, 5)  # two from the chunk, three from the reserve
    assert budget.total_used() == Budget.CHUNK + 3
    with pytest.raises(StepLimitExceeded):
        _tick(budget)


@pytest.mark.parametrize("n", [Budget.CHUNK * 3, 2**63, 10**400])
def test_a_charge_past_any_chunk_stops_at_the_limit(n):
    """A count beyond what islice takes (sys.maxsize) is a step-limit error, not a
    Python one (`(time-repeat thunk (expt 10 400))` found it)."""
    budget = Budget(Budget.CHUNK * 3)
    _tick(budget, 5)
    with pytest.raises(StepLimitExceeded):
        budget.charge(n)


def test_time_repeat_of_a_huge_count_is_a_step_limit_error():
    interp = Interpreter(step_limit=1000)
    for text in ["(time-repeat (lambda () 1) (expt 10 400))", "(time-repeat 0 (expt 2 70))"]:
        with pytest.raises(StepLimitExceeded):
            interp.eval_string(text)
    assert interp.eval_string("(+ 1 2)") == 3


def test_charge_is_free_under_256_elements_then_one_step_per_256():
    saved = RUNNING.budget
    RUNNING.budget = budget = Budget(100)
    try:
        charge(WORK_PER_STEP - 1)
        assert budget.used() == 0
        charge(WORK_PER_STEP * 3 + 7)
        assert budget.used() == 3
        with pytest.raises(StepLimitExceeded):
            charge(WORK_PER_STEP * 98)
    finally:
        RUNNING.budget = saved


def test_primitive_arity_text_and_check():
    fixed = Primitive("f", lambda a, b: a, 2, 2)
    ranged = Primitive("g", lambda a, b=0: a, 1, 2)
    variadic = Primitive("h", lambda *a: a, 1, -1)
    assert (fixed.arity_text(), ranged.arity_text(), variadic.arity_text()) == ("2", "1 to 2", "at least 1")
    fixed.check_arity(2)
    with pytest.raises(SchemeError) as info:
        fixed.check_arity(3)
    assert info.value.describe() == "f: expects 2 arguments, given 3"


def test_arity_error_closure_message_names_the_procedure():
    interp = Interpreter()
    proc = interp.eval_string("(define (one x) x) one")
    assert arity_error(proc, 0).payload.message == "one: expects 1 argument, given 0"


@pytest.mark.parametrize("rest, fast", [(False, None), (True, None), (False, lambda *a: a), (True, lambda *a: a)])
def test_closure_maker_makes_what_make_closure_makes(rest, fast):
    """Closure.maker's make stores the fields in line for speed; its closures must have
    the same fields as make_closure's."""
    from schemehost.runtime import Closure, make_closure

    body, pad, env = (lambda frame: frame), ["pad"], ["env"]
    made = Closure.maker(body, 2, rest, pad, "f", None, fast)(env)
    built = make_closure(body, 2, rest, pad, "f", None, fast, env)
    assert {k: getattr(made, k) for k in Closure.__slots__} == {k: getattr(built, k) for k in Closure.__slots__}


def test_tiered_closure_made_after_the_switch_has_the_makers_fields():
    """compiler.Tier's make_tiered_closure writes Closure.maker's make in line once the
    lambda is switched (one Python frame per lambda expression run): the closures it
    makes must be field for field what Closure.maker makes of the same parts."""
    from schemehost.runtime import Closure

    interp = Interpreter()
    interp.eval_string("(define (adder k) (lambda (x . more) (+ x k)))"
                       " (define (use n) (let loop ((i 0)) (if (< i n) (begin ((adder i) 1) (loop (+ i 1))))))"
                       " (use 5)")
    made = interp.eval_string("(adder 7)")
    assert made.fast is not None, "the lambda should have switched to its Python function"
    again = Closure.maker(made.body, made.nreq, made.rest, made.pad, made.name, made.span, made.fast)(made.env)
    assert {k: getattr(made, k) for k in Closure.__slots__} == {k: getattr(again, k) for k in Closure.__slots__}
    assert interp.eval_string("((adder 7) 1 2)") == 8


def test_closure_body_frame_is_arguments_pad_and_environment_on_every_path():
    """A call through a Closure's body builds its frame from the arguments, the lambda's
    shared `pad` (a slot per internal definition) and `env` (the closure keeps no
    per-closure frame tail): called in line, through a variable, by apply (rest
    arguments too), twice over, in each compiler mode, with internal definitions that
    must start unassigned each call."""
    from conftest import run_program

    program = """
(define (make k)
  (lambda (a . more)
    (define seen (if (null? more) 'none (car more)))
    (define (scale x) (* x k))
    (list (scale a) seen (length more))))
(define f (make 10))
(define g (make 3))
(define h f)
(define (counter)
  (define n 0)
  (lambda () (set! n (+ n 1)) n))
(define c1 (counter))
(define c2 (counter))
(list (f 1) (h 2 'x) (apply g 4 '(y z)) (apply f '(5)) (map (lambda (p) (p 6)) (list f g))
      (c1) (c1) (c2) (apply c1 '()))
"""
    expected = "((10 none 0) (20 x 1) (12 y 2) (50 none 0) ((60 none 0) (18 none 0)) 1 2 1 3)"
    for mode in (True, "tiered", False):
        assert run_program(program, mode)[0] == expected, mode
