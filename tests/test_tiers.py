"""Tiered compilation (compiler.Tier): a lambda runs as closures first, and its
Python function (pyfunc.py) is written from the same IR once its closures have
been called `tier_calls` times.

The switch must change nothing a program can see: each program here runs
with closures only, with every lambda generated at once, and tiered with
the switch after 1 and after 3 calls, and all four give the same value (or
error text with its backtrace), output and step count.
"""

from __future__ import annotations

import pytest

from conftest import Session
from test_calls import DIFFERENTIAL
from test_inline_hof import INLINE_PROGRAMS
from test_value_returns import PROGRAMS as VALUE_RETURNS
from test_lazy_generic import PROGRAMS as LAZY_GENERIC
from test_compiler_speedups import run as run_program


def run(program: str, generate, tier_calls: int = 2, step_limit: int | None = 20_000):
    """Return (written value or error text, output, steps used), the switch after `tier_calls` calls."""
    from schemehost import compiler

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compiler, "TIER_CALLS", tier_calls)
        return run_program(program, generate, step_limit)


TIERS = {
    "switch while a loop calls it, then redefined": (
        "(define (step x) (+ x 1))"
        " (define (loop i acc) (if (= i 20) acc (begin (if (= i 10) (set! step (lambda (x) (* x 2))))"
        " (loop (+ i 1) (step acc)))))"
        " (loop 0 0)"
    ),
    "closures made before and after their maker switches": (
        "(define (counter) (let ((n 0)) (lambda () (set! n (+ n 1)) n)))"
        " (define cs (map (lambda (i) (counter)) '(1 2 3 4 5 6 7 8 9 10 11 12)))"
        " (for-each (lambda (c) (c) (c)) cs) (map (lambda (c) (c)) cs)"
    ),
    "error at the first call and after the switch": (
        "(define (f x) (if (= x 0) (car x) (+ 1 (f (- x 1)))))"
        " (define (try x) (guard (e (#t (list 'caught (error-object-message e)))) (f x)))"
        " (list (try 0) (try 1) (try 2) (try 3) (try 4) (f 5))"
    ),
    "output on both sides of the switch": "(define (say x) (write x) (newline) x) (map say '(1 2 3 4 5))",
    "named let and do inside procedures, and a loopless caller switched": (
        "(define (sum n) (let loop ((i 0) (s 0)) (if (> i n) s (loop (+ i 1) (+ s i)))))"
        " (define (vec n) (do ((v (make-vector n 0)) (i 0 (+ i 1))) ((= i n) v) (vector-set! v i (* i i))))"
        " (define (both n) (list (sum n) (vec n)))"
        " (list (both 3) (both 4) (both 5) (both 6))"
    ),
    "internal definitions and letrec read before assignment": (
        "(define (f k) (define a (if (> k 2) (b) 1)) (define (b) 2) a)"
        " (list (guard (e (#t (error-object-message e))) (f 3)) (f 1) (f 1) (f 1)"
        " (guard (e (#t (error-object-message e))) (f 3)))"
    ),
    "rest arguments switched": "(define (f . xs) (length xs)) (list (f) (f 1) (f 1 2) (f 1 2 3) (apply f '(1 2 3 4)))",
    "an in-line call/cc's continuation kept by a redefined for-each, called after the call/cc returned": (
        "(define saved #f)"
        " (define (find-first pred lst)"
        "   (call/cc (lambda (return) (for-each (lambda (x) (if (pred x) (return x))) lst) #f)))"
        " (define a (list (find-first odd? '(2 4)) (find-first odd? '(2 3)) (find-first odd? '(2 4))))"
        " (define std-for-each for-each)"
        " (set! for-each (lambda (f l) (set! saved f) (std-for-each f l)))"
        " (write (list a (find-first odd? '(2 4))))"
        " (saved 3)"
    ),
    "internal definitions calling each other in tail position (a fused group), one also called not in tail position": (
        "(define (digits s)"
        "  (define n (string-length s))"
        "  (define (skip i k) (cond ((= i n) k) ((char-numeric? (string-ref s i)) (run i k)) (else (skip (+ i 1) k))))"
        "  (define (run i k) (if (and (< i n) (char-numeric? (string-ref s i))) (run (+ i 1) k) (skip i (+ k 1))))"
        "  (define (count . args) (apply skip args))"
        "  (list (skip 0 0) (count 0 0) (+ 1 (run 0 0))))"
        " (map digits '(\"\" \"a1\" \"12 a 3 45 b\" \"x\" \"9\"))"
    ),
    # The product's size test: factors under 2**2048 (three under 2**1365) by comparisons,
    # others by their lengths, over 4096 bits together the primitive's (which charges steps).
    "products on both sides of the size tests": (
        "(define (p2 a b) (* a b)) (define (p3 a b c) (* a b c)) (define (by7 a) (* a 7))"
        " (define (sizes k) (map (lambda (e) (list (p2 (expt 2 e) k) (p2 (- (expt 2 e)) (expt 2 e)) (p3 (expt 2 e) k k)"
        " (by7 (expt 2 e)))) '(10 1364 1365 2046 2047 2048 2049 3000 4090 4095 4096 5000 8998 9000)))"
        " (map (lambda (s) (map (lambda (row) (map (lambda (v) (modulo v 1000003)) row)) s)) (list (sizes 3) (sizes -5) (sizes 1)))"
    ),
}

PROGRAMS = {**DIFFERENTIAL, **TIERS, **INLINE_PROGRAMS, **VALUE_RETURNS, **LAZY_GENERIC}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 60])
def test_tiers_every_mode_gives_same_value_output_errors_and_steps(name, step_limit):
    program = PROGRAMS[name]
    if step_limit is None and name == "endless loop stopped by the budget":
        step_limit = 5000
    assert_same_in_every_mode(program, step_limit)


def assert_same_in_every_mode(program: str, step_limit: int | None) -> None:
    """Closures only, every lambda generated at once, and tiered after 1 and 3
    calls: the same value or error text, output and steps."""
    closures = run(program, False, step_limit=step_limit)
    eager = run(program, True, step_limit=step_limit)
    assert eager == closures, f"\ngenerated: {eager}\nclosures:  {closures}"
    for calls in (1, 3):
        tiered = run(program, "tiered", calls, step_limit)
        assert tiered == closures, f"\ntiered after {calls}: {tiered}\nclosures:  {closures}"
    assert "internal error" not in closures[0]


def test_tiers_procedure_runs_as_closures_first_then_as_generated_code():
    s = Session()
    s.interp.compiler.tier_calls = 2
    s.eval("(define (f x) (* x 3))")
    f = s.interp.lookup("f")
    seen = []
    for x in range(4):
        seen.append((f.fast is not None, s.show(f"(f {x})")))
    assert seen == [(False, "0"), (False, "3"), (False, "6"), (True, "9")]
    assert f.fk == 1


def test_tiers_closures_made_before_the_switch_switch_in_place_up_to_keep():
    """The first Tier.KEEP closures of a lambda made before its switch get the fast
    entry; later ones keep handing their calls on, with the same results."""
    from schemehost.compiler import Tier

    s = Session()
    s.interp.compiler.tier_calls = 2
    s.eval("(define (adder k) (lambda (x) (+ x k)))")
    s.eval(f"(define adders (map adder (iota {Tier.KEEP + 3})))")
    assert s.show("(map (lambda (a) (a 10)) adders)") == "(" + " ".join(str(10 + k) for k in range(Tier.KEEP + 3)) + ")"
    adders = []
    p = s.interp.lookup("adders")
    while p.__class__.__name__ == "Pair":
        adders.append(p.car)
        p = p.cdr
    assert [a.fast is not None for a in adders] == [True] * Tier.KEEP + [False] * 3
    assert s.show("(map (lambda (a) (a 1)) adders)") == "(" + " ".join(str(1 + k) for k in range(Tier.KEEP + 3)) + ")"
    assert s.interp.eval_string("(adder 5)").fast is not None  # made after the switch


def test_tiers_switch_uses_the_macros_of_the_definition_not_the_current_ones():
    """The Python function is written from the IR built at definition time: a macro
    redefined later does not change a procedure defined before, on either tier."""
    program = (
        "(define-syntax twice (syntax-rules () ((_ e) (* 2 e))))"
        " (define (f x) (twice x))"
        " (define-syntax twice (syntax-rules () ((_ e) (* 100 e))))"
        " (list (f 1) (f 2) (f 3) (f 4) (f 5) (twice 1))"
    )
    assert run(program, "tiered", 1) == run(program, False) == ("(2 4 6 8 10 100)", "", run(program, False)[2])


def test_tiers_lambda_too_deep_for_one_function_stays_on_closures():
    """pyfunc gives up on a body nested past Python's limits; the switch then keeps the closures."""
    depth = 80
    body = "x"
    for _ in range(depth):
        body = f"(if (> x 0) {body} 0)"
    s = Session()
    s.interp.compiler.tier_calls = 1
    s.eval(f"(define (f x) {body})")
    assert [s.show("(f 7)") for _ in range(4)] == ["7"] * 4
    assert s.interp.lookup("f").fast is None


def test_tiers_lambda_holding_a_loop_is_written_at_once():
    """A procedure called once may loop long (a sieve, a matrix product): a lambda
    whose body holds a named let loop or a `do` gets its Python function when it is
    made; one without waits for its calls."""
    s = Session()
    s.interp.compiler.tier_calls = 2
    s.eval("(define (count-to n) (do ((i 0 (+ i 1))) ((= i n) i)))")
    s.eval("(define (sum l) (let loop ((l l) (s 0)) (if (null? l) s (loop (cdr l) (+ s (car l))))))")
    s.eval("(define (plain x) (+ x 1))")
    assert [s.interp.lookup(n).fast is not None for n in ("count-to", "sum", "plain")] == [True, True, False]
    assert s.show("(list (count-to 5) (sum '(1 2 3)) (plain 1))") == "(5 6 2)"


def _direct_slots(closure) -> dict:
    """The closure variables of `closure`'s generated code that calls.DirectCalls binds."""
    fast = closure.fast
    return {n: c.cell_contents for n, c in zip(fast.__code__.co_freevars, fast.__closure__) if n[0] == "D"}


def test_tiers_switch_rebinds_direct_call_sites_to_the_new_fast_entries():
    """After the merge of tiering with direct calls, fib's recursive call site stayed on the generic
    path for good: its code was written (and its direct slot bound) while fib's own closure had no
    fast entry yet, since the switch gives it one only after writing the code.  Same for a caller
    switched before its callee."""
    s = Session()
    s.eval("(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))")
    assert s.eval("(fib 10)") == 55
    fib = s.eval("fib")
    assert list(_direct_slots(fib).values()) == [fib.fast]
    s.eval("(define (caller x) (if (> x 10) (+ 1 (callee x)) x))")
    # (A let whose variable is assigned: not a body simple_call writes in its callers, which
    # it would switch at once.)
    s.eval("(define (callee x) (let ((y x)) (set! y (* y 2)) y))")
    assert [s.eval(f"(caller {i})") for i in range(3)] == [0, 1, 2]  # caller switched, callee never called
    caller, callee = s.eval("caller"), s.eval("callee")
    assert caller.fast is not None and callee.fast is None
    assert list(_direct_slots(caller).values()) == [None]
    assert [s.eval(f"(callee {i})") for i in range(3)] == [0, 2, 4]  # now callee switches too
    assert callee.fast is not None and list(_direct_slots(caller).values()) == [callee.fast]
    assert s.eval("(caller 20)") == 41


def test_tiers_operands_go_left_to_right_on_every_back_end():
    """Regression (found by session 7's loading helper): in a non-tail call, closures.py
    read a variable operand after the operands that are forms (codegen.CALL bound those
    first), pyfunc.py left to right, so a later operand assigning an earlier one's
    variable gave (non-tail 2 2 20) on a lambda's first calls and (non-tail 1 2 20)
    once it was switched.  Every back end goes left to right now."""
    program = ("(define (g a b c) (list a b c))"
               " (define (f x) (let ((y 10)) (cons 'non-tail (g x (begin (set! x 2) (set! y 20) x) y))))"
               " (define (h x) (cons 'non-tail (g (begin (set! x 5) x) x 'k)))"
               " (list (f 1) (f 1) (f 1) (h 0) (h 0) (h 0))")
    expected = "((non-tail 1 2 20) (non-tail 1 2 20) (non-tail 1 2 20) (non-tail 5 5 k) (non-tail 5 5 k) (non-tail 5 5 k))"
    for mode in (False, True, "tiered"):
        assert run(program, mode)[0] == expected, mode


# A scanner of states: `start` is entered from the body, `word` and `gap` only by
# their siblings' tail calls (compiler.Tier.switch's waiting members).
SCANNER = (
    "(define (scan s)"
    "  (define n (string-length s))"
    "  (define (start i w) (cond ((= i n) w) ((char-alphabetic? (string-ref s i)) (word (+ i 1) (+ w 1)))"
    "                            (else (gap (+ i 1) w))))"
    "  (define (word i w) (if (and (< i n) (char-alphabetic? (string-ref s i))) (word (+ i 1) w) (start i w)))"
    "  (define (gap i w) (start i w))"
    "  (start 0 0))"
)


def _written(program: str, calls: int = 2) -> tuple[list, str]:
    """The names of the lambdas whose Python functions the switches wrote, in order, and
    the program's written value (tiered, the switch after `calls` calls)."""
    from schemehost import compiler

    names = []
    switch = compiler.Tier.switch

    def spy(tier):
        unit = tier.unit
        switch(tier)
        if tier.body is not None and unit is not None:
            names.append(getattr(unit.name, "name", None))

    s = Session()
    s.interp.compiler.tier_calls = calls
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compiler.Tier, "switch", spy)
        value = s.show(program)
    return names, value


def test_tiers_state_entered_only_from_its_group_is_not_written_on_its_own():
    """`word` is called oftener than `start` while start's first calls run, but once
    start's group function is written it runs word's section: word gets no
    function of its own; `start`, entered from the body, gets one."""
    program = SCANNER + " (map (lambda (k) (scan \"abcdefgh ijklmnop  qrstuvwx yz\")) '(1 2 3 4 5 6 7 8))"
    names, value = _written(program)
    assert value == "(" + " ".join(["4"] * 8) + ")"
    assert "start" in names and "scan" in names
    assert "word" not in names and "gap" not in names


def test_tiers_state_entered_only_from_its_group_is_written_after_waiting():
    """When no sibling entering the group is called often enough to be written (one
    long word: start runs twice), the waiting state is written after Tier.WAIT
    calls more; a shorter word leaves it on its first calls."""
    from schemehost.compiler import Tier

    names, value = _written(SCANNER + f" (scan \"{'a' * (Tier.WAIT + 10)}\")")
    assert (names, value) == (["word"], "1")
    names, value = _written(SCANNER + f" (scan \"{'a' * (Tier.WAIT - 10)}\")")
    assert (names, value) == ([], "1")


@pytest.mark.parametrize("calls", [1, 2, 3])
def test_tiers_waiting_states_change_nothing_a_program_sees(calls):
    programs = [
        SCANNER + " (map (lambda (k) (scan \"ab cde  fghij k\")) '(1 2 3 4 5 6 7 8))",
        SCANNER + f" (scan \"{'ab ' * 300}\")",
        SCANNER + " (list (scan \"\") (scan \"a\") (scan \" \") (scan 5))",
    ]
    for program in programs:
        closures = run(program, False, step_limit=None)
        assert run(program, "tiered", calls, None) == closures
        assert run(program, "tiered", calls, 500) == run(program, False, step_limit=500)


def test_tiers_named_let_called_not_in_tail_position_is_an_ordinary_call():
    """A named let that is not a loop is `((letrec ((name (lambda ...))) name) init ...)`
    (R7RS 7.3) in the IR: generated code calls the procedure as any other, with no
    closures.py node (named_let_node) in between; same values and errors as closures."""
    from schemehost import closures

    program = (
        "(define (count-up n) (let count ((i 0)) (if (= i n) 0 (+ 1 (count (+ i 1))))))"
        " (define (nest n) (let outer ((i 0)) (if (= i n) '() (cons (let inner ((j i)) (if (= j 0) 0 (+ j (inner (- j 1)))))"
        "                                                           (outer (+ i 1))))))"
        " (define (bad n) (let count ((i 0)) (if (= i n) (car i) (+ 1 (count (+ i 1))))))"
        " (list (count-up 5) (nest 5) (let f ((x 3)) (if (= x 0) 1 (* x (f (- x 1)))))"
        "       (guard (e (#t (error-object-message e))) (bad 2)))"
    )
    calls = []
    node = closures.named_let_node

    def spy(*args):
        calls.append(args)
        return node(*args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(closures, "named_let_node", spy)
        generated = run(program, True, step_limit=None)
    assert calls == []
    assert generated == run(program, False, step_limit=None)
    assert generated[0] == '(5 (0 1 3 6 10) 6 "car: argument 1 must be a pair")'
