"""Fused groups (schemehost/fused.py): sibling lambdas bound by internal defines or
letrec that call each other in tail position run as sections of one Python loop.

Differential: each program runs on closures only, with every lambda generated
at once, tiered (the switch after 1, 2 and 3 calls), and tiered with the
fusion turned off; all give the same value (or error text with its
backtrace), output and step count, with no step limit and with one that
runs out inside the group.  The programs marked fused must really be fused
(the function text shows the section dispatch), those marked not must not.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import generated_python, run_program

# The idiom benchmark's scanner (its states: start, in-word, in-number, other, punctuation).
SCANNER = (Path(__file__).resolve().parent.parent / "benchmarks" / "scheme" / "state-machine.scm").read_text()

# name -> (program, fused?)
PROGRAMS = {
    "scanner": (
        SCANNER + "(map scan '(\"The 12 quick foxes, 3 dogs!\" \"\" \"42\" \"a1b2;c3\" \"x y z 99\" \"end 7\"))",
        True,
    ),
    "scanner on a non-string (error inside the group, after transitions)": (
        SCANNER + "(list (scan \"ab 12\") (scan \"cd 3\") (scan \"ef\") (scan (vector 1 2)))",
        True,
    ),
    "scanner counting in flonums (the copy's types fail: the entry alone)": (
        SCANNER.replace("(start 0 0 0 0)", "(start 0 0. 0. 0.)") + "(list (scan \"ab 12, c\") (scan \"x 1\") (scan \"y\"))",
        True,
    ),
    "scanner with char-alphabetic? redefined half way": (
        SCANNER + "(define a (list (scan \"ab 12\") (scan \"cd 3\") (scan \"ef g\")))"
        " (define (char-alphabetic? c) (char=? c #\\a))"
        " (list a (scan \"ab 12\") (scan \"aaa bb\"))",
        True,
    ),
    "scanner reading past the end (an error inside the copy)": (
        SCANNER.replace("(define len (string-length s))", "(define len (+ 1 (string-length s)))")
        + "(define r (guard (e ((error-object? e) (error-object-message e))) (scan \"ab 12\")))"
        " (list r (scan \"cd 3\"))",
        True,
    ),
    "a lambda of the body that is no member entering the group": (
        "(define (f n)"
        "  (define (a n acc) (if (= n 0) acc (b (- n 1) acc)))"
        "  (define (b n acc) (a n (+ acc n)))"
        "  (map (lambda (x) (a x 0)) (list n (+ n 1) (* n 2))))"
        " (list (f 0) (f 1) (f 4) (f 10))",
        True,
    ),
    "a member defined twice (the second definition assigns it)": (
        "(define (f n)"
        "  (define (a n) (if (<= n 0) 'first-a (b (- n 1))))"
        "  (define (b n) (a (- n 1)))"
        "  (define r (b n))"
        "  (define (a n) (if (<= n 0) 'second-a (b (- n 1))))"
        "  (list r (b n)))"
        " (list (f 0) (f 3) (f 4))",
        True,
    ),
    "members defined as (define name (lambda ...))": (
        "(define (f n)"
        "  (define a (lambda (n acc) (if (= n 0) acc (b (- n 1) (+ acc 1)))))"
        "  (define b (lambda (n acc) (a n (* acc 2))))"
        "  (a n 0))"
        " (list (f 0) (f 1) (f 5) (f 12))",
        True,
    ),
    "a local macro named lambda making no procedure": (
        "(define (f n)"
        "  (define-syntax lambda (syntax-rules () ((_ params body) (delay body))))"
        "  (define (b n) (if (= n 0) 'b-done (a (- n 1))))"
        "  (define a (lambda (n) (b n)))"
        "  (define (c n) (if (= n 0) 'c-done (d (- n 1))))"
        "  (define (d n) (c n))"
        "  (list (c n) (guard (e (#t (error-object-message e))) (b n))))"
        " (list (f 0) (f 1) (f 3))",
        True,
    ),
    "mutual recursion with different arities": (
        "(define (walk n)"
        "  (define (a n acc) (if (= n 0) acc (b (- n 1))))"
        "  (define (b n) (if (= n 0) 'b-done (c n n 1)))"
        "  (define (c n m k) (a (- n 1) (list m k)))"
        "  (a n '()))"
        " (list (walk 0) (walk 1) (walk 2) (walk 7) (walk 10) (walk 30))",
        True,
    ),
    "rest parameters": (
        "(define (go n)"
        "  (define (collect n . xs) (if (<= n 0) (list n xs) (gather (- n 1) xs)))"
        "  (define (gather n acc) (if (odd? n) (collect n n acc) (if (= n 4) (collect n) (collect n acc n))))"
        "  (collect n 'start))"
        " (list (go 0) (go 1) (go 2) (go 5) (go 8))",
        True,
    ),
    "letrec group": (
        "(define (parity n)"
        "  (letrec ((ev? (lambda (n) (if (= n 0) 'even (od? (- n 1)))))"
        "           (od? (lambda (n) (if (= n 0) 'odd (ev? (- n 1))))))"
        "    (ev? n)))"
        " (map parity '(0 1 2 3 10 11 101))",
        True,
    ),
    "non-tail call of a member from inside the group": (
        "(define (count-digits s)"
        "  (define n (string-length s))"
        "  (define (skip i) (cond ((= i n) 0) ((char-numeric? (string-ref s i)) (run i)) (else (skip (+ i 1)))))"
        "  (define (run i) (+ 1 (or (and (< i n) (char-numeric? (string-ref s i)) (run-on (+ i 1))) (skip i))))"
        "  (define (run-on i) (if (and (< i n) (char-numeric? (string-ref s i))) (run-on (+ i 1)) (skip i)))"
        "  (skip 0))"
        " (map count-digits '(\"\" \"a\" \"1\" \"a12b3\" \"12 34 56 7\"))",
        True,
    ),
    "member captured by call/cc and re-entered": (
        "(define k #f)"
        " (define n 0)"
        " (define (machine x)"
        "   (define (up i acc) (if (= i 3) (mark i acc) (up (+ i 1) (cons i acc))))"
        "   (define (mark i acc) (down i (cons (call/cc (lambda (c) (set! k c) 'first)) acc)))"
        "   (define (down i acc) (if (= i 0) (reverse acc) (down (- i 1) (cons (- i) acc))))"
        "   (up x '()))"
        " (define r (machine 0))"
        " (write r) (newline)"
        " (set! n (+ n 1))"
        " (if (< n 3) (k (list 'again n)))"
        " r",
        True,
    ),
    "escaping from inside the group, a member as call/cc's receiver": (
        "(define (f n)"
        "  (call/cc (lambda (ret)"
        "    (define (a m) (if (> m n) (ret (list 'escaped m)) (b (* m 2))))"
        "    (define (b m) (a (+ m 1)))"
        "    (a 1))))"
        " (define (g n)"
        "  (define (a k) (b k 0))"
        "  (define (b k i) (if (= i n) (k (list 'via-k i)) (b k (+ i 1))))"
        "  (list (call/cc a) (a (lambda (v) (list 'plain v)))))"
        " (list (f 0) (f 5) (f 100) (g 0) (g 3) (g 30))",
        True,
    ),
    "member also used as a value": (
        "(define (f n)"
        "  (define (a n) (if (<= n 0) 'a-done (b (- n 1))))"
        "  (define (b n) (if (<= n 0) 'b-done (a (- n 2))))"
        "  (list (map a (list n (+ n 1))) (apply b (list n)) (procedure? a) (a n)))"
        " (list (f 0) (f 3) (f 10))",
        True,
    ),
    "member assigned with set! (calls of it stay calls: its slot may hold another procedure)": (
        "(define (f n)"
        "  (define (a n) (if (<= n 0) 'a-done (b (- n 1))))"
        "  (define (b n) (if (<= n 0) 'b-done (a (- n 1))))"
        "  (define r1 (a n))"
        "  (set! b (lambda (n) (list 'new-b n)))"
        "  (list r1 (a n)))"
        " (list (f 0) (f 3) (f 4) (f 9))",
        True,
    ),
    "tail call with the wrong number of arguments": (
        "(define (f n)"
        "  (define (a n) (cond ((= n 0) 'done) ((= n 3) (b n 1)) (else (b n))))"
        "  (define (b n) (a (- n 1)))"
        "  (a n))"
        " (list (f 0) (f 0) (f 2) (f 2) (f 5))",
        True,
    ),
    "sibling called before its definition ran": (
        "(define (f n)"
        "  (define (a n) (if (= n 0) 'a-done (b (- n 1))))"
        "  (define x (a n))"
        "  (define (b n) (a n))"
        "  x)"
        " (list (f 0) (f 0) (f 0) (guard (e (#t 'caught)) (f 2)) (f 2))",
        True,
    ),
    "member whose parameters an inner lambda captures": (
        "(define (f n)"
        "  (define (a n acc) (if (= n 0) (map (lambda (g) (g)) acc) (b (- n 1) (cons (lambda () n) acc))))"
        "  (define (b n acc) (a n (cons (lambda () (* n 10)) acc)))"
        "  (a n '()))"
        " (list (f 0) (f 1) (f 3))",
        True,
    ),
    "transition from inside a named let": (
        "(define (f n)"
        "  (define (a n) (let loop ((i 0)) (cond ((= n 0) 'done) ((< i 2) (loop (+ i 1))) (else (b (- n 1))))))"
        "  (define (b n) (do ((j 0 (+ j 1))) ((= j 2) (a n))))"
        "  (a n))"
        " (list (f 0) (f 1) (f 5) (f 20))",
        True,
    ),
    "endless group stopped by the budget": (
        "(define (f)"
        "  (define (ping i) (pong (+ i 1)))"
        "  (define (pong i) (ping (+ i 1)))"
        "  (ping 0))"
        " (f)",
        True,
    ),
    "siblings defined by a lambda in a let (not one lambda's internal defines)": (
        "(define (f n)"
        "  (define a (let ((k 1)) (lambda (n) (if (<= n 0) 'a-done (b (- n k))))))"
        "  (define (b n) (a (- n 1)))"
        "  (a n))"
        " (list (f 0) (f 1) (f 5) (f 6))",
        False,
    ),
}


def run(program, generate, tier_calls=2, step_limit=20_000, fuse=True):
    from schemehost import compiler, fused

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compiler, "TIER_CALLS", tier_calls)
        if not fuse:
            mp.setattr(fused, "group_of", lambda unit: None)
        return run_program(program, generate, step_limit)


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [20_000, 70, 400])
def test_fused_every_mode_gives_same_value_output_errors_and_steps(name, step_limit):
    program, _ = PROGRAMS[name]
    closures = run(program, False, step_limit=step_limit)
    assert "internal error" not in closures[0] and "Traceback" not in closures[0]
    assert run(program, True, step_limit=step_limit) == closures
    assert run(program, "tiered", step_limit=step_limit, fuse=False) == closures
    for calls in (1, 2, 3):
        tiered = run(program, "tiered", calls, step_limit)
        assert tiered == closures, f"\ntiered after {calls}: {tiered}\nclosures:  {closures}"


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_fused_groups_are_fused_where_they_may_be(name):
    program, fused = PROGRAMS[name]
    with generated_python() as sources:
        run(program, "tiered", 1)
    assert any("_e = 0" in s for s in sources) == fused


def test_fused_scanner_values_are_the_counts():
    """The scanner's answers themselves (not only the same on every back end); its
    flonum variant above does count in flonums."""
    assert "(start 0 0 0 0)" in SCANNER
    assert run(PROGRAMS["scanner counting in flonums (the copy's types fail: the entry alone)"][0],
               "tiered", 1)[0] == "((2.0 1.0 1.0) (1.0 1.0 0.0) (1.0 0.0 0.0))"
    value, _, _ = run(SCANNER + "(list (scan \"The 12 quick foxes, 3 dogs!\") (scan \"\") (scan \"a1b2;c3\"))",
                      "tiered", 1)
    assert value == "((4 2 2) (0 0 0) (3 3 1))"


def test_fused_group_error_names_the_scheme_call_and_position():
    program = (
        "(define (f n bad)\n"
        "  (define (a n) (if (= n 0) (if bad (car n) 'ok) (b (- n 1))))\n"
        "  (define (b n) (a n))\n"
        "  (a n))\n"
        "(f 1 #f) (f 1 #f) (f 2 #f)\n"
        "(f 5 #t)\n"
    )
    with generated_python() as sources:
        fused = run(program, "tiered", 1)
    assert any("_e = 0" in s for s in sources)
    assert fused == run(program, False)
    assert fused[0] == (
        "ERROR t.scm:2:37: car: argument 1 must be a pair: 0\n"
        "  called from t.scm:2:37: (car n)\n"
        "  called from t.scm:6:1: (f 5 #t)"
    )


def test_fused_million_transitions_run_in_constant_python_stack():
    """A million tail calls between two members: the Python stack at the last is as
    deep as at the tenth (each is a jump in the group's loop, not a call)."""
    from schemehost import Interpreter
    from schemehost.runtime import Primitive

    def depth():
        f, k = sys._getframe(), 0
        while f is not None:
            f, k = f.f_back, k + 1
        return k

    interp = Interpreter()
    interp.define("depth", Primitive("depth", depth, 0, 0))
    with generated_python() as sources:
        interp.eval_string(
            "(define (parity n)"
            "  (define (ev? n) (if (= n 0) (list 'even (depth)) (od? (- n 1))))"
            "  (define (od? n) (if (= n 0) (list 'odd (depth)) (ev? (- n 1))))"
            "  (ev? n))"
        )
        for n in range(6):  # past the first calls (tiers)
            interp.eval_string(f"(parity {n})")
        small = interp.eval_string("(parity 10)")
        big = interp.eval_string("(parity 1000000)")
        odd = interp.eval_string("(parity 1000001)")
    assert any("_e = 0" in s for s in sources)
    assert (small.car.name, big.car.name, odd.car.name) == ("even", "even", "odd")
    assert big.cdr.car == small.cdr.car == odd.cdr.car


def test_fused_step_counts_are_one_per_transition():
    """Each transition ticks the budget once, as the call it replaces: (ping 0)
    stopped at the limit made exactly `limit` calls on every back end."""
    program = PROGRAMS["endless group stopped by the budget"][0]
    for limit in (50, 51, 333):
        counts = {run(program, g, 1, limit)[2] for g in (False, "tiered")}
        assert len(counts) == 1


def test_fused_member_recursing_deeply_outside_tail_position():
    """A member's non-tail call of a member (its own function, entered afresh) nests as
    deep as the program asks: 100,000 levels, then back out through the group."""
    from schemehost import Interpreter

    interp = Interpreter()
    with generated_python() as sources:
        interp.eval_string(
            "(define (depth n)"
            "  (define (down n) (if (= n 0) 0 (+ 1 (hop n))))"
            "  (define (hop n) (if (odd? n) (down (- n 1)) (skip n)))"
            "  (define (skip n) (down (- n 1)))"
            "  (down n))"
        )
        values = [interp.eval_string(f"(depth {n})") for n in (0, 1, 5, 6, 100_000)]
    assert any("_e = 0" in s for s in sources)
    assert values == [0, 1, 5, 6, 100_000]


def _random_group(rng) -> str:
    """A program whose body defines 2-4 procedures calling one another (random
    arities, some with a rest parameter, some calls with a wrong count), in tail
    position through if, cond, and/or, let, case and a named let, or not in tail
    position; the first is called with a few n."""
    k = rng.randint(2, 4)
    arity = [rng.randint(1, 3) for _ in range(k)]
    rest = [rng.random() < 0.2 for _ in range(k)]

    def operand(depth, ps):
        c = rng.random()
        if depth > 2 or c < 0.4:
            return rng.choice(ps + ["1", "2"])
        if c < 0.6:
            return f"(+ {operand(depth + 1, ps)} {operand(depth + 1, ps)})"
        if c < 0.7:
            return f"(* {rng.choice(ps)} 2)"
        return f"(if (odd? {rng.choice(ps)}) {operand(depth + 1, ps)} {operand(depth + 1, ps)})"

    def call(ps):
        j = rng.randrange(k)
        count = arity[j] + (rng.randint(0, 2) if rest[j] else 0) + (rng.random() < 0.05)
        return f"(m{j} (- {ps[0]} 1) {' '.join(operand(1, ps) for _ in range(count - 1))})"

    defs = []
    for i in range(k):
        ps = [f"p{i}_{x}" for x in range(arity[i])]
        n, base = ps[0], operand(0, ps)
        shape = rng.randrange(7)
        body = [
            f"(if (<= {n} 0) {base} {call(ps)})",
            f"(cond ((<= {n} 0) {base}) ((odd? {n}) {call(ps)}) (else {call(ps)}))",
            f"(or (and (> {n} 0) (even? {n}) {call(ps)}) (if (<= {n} 0) {base} {call(ps)}))",
            f"(if (<= {n} 0) {base} (+ 1 {call(ps)}))",
            f"(let ((q (* {n} 1))) (if (<= q 0) {base} {call(ps)}))",
            f"(case (modulo {n} 3) ((0) (if (<= {n} 0) {base} {call(ps)})) ((1) {call(ps)}) (else {call(ps)}))",
            f"(let loop ((j 0)) (if (< j 2) (loop (+ j 1)) (if (<= {n} 0) {base} {call(ps)})))",
        ][shape]
        params = " ".join(ps[:-1]) + f" . {ps[-1]}" if rest[i] else " ".join(ps)
        defs.append(f"(define (m{i} {params}) {body})")
    args = " ".join(["n"] + [str(rng.randint(0, 3)) for _ in range(arity[0] - 1)])
    return f"(define (top n) {' '.join(defs)} (m0 {args})) (list (top 0) (top 1) (top 3) (top 7) (top 12))"


@given(st.randoms(use_true_random=False))
def test_fused_random_groups_agree_with_closures_and_unfused(rng):
    program = _random_group(rng)
    closures = run(program, False, step_limit=3000)
    assert run(program, "tiered", 1, 3000) == closures, program
    assert run(program, "tiered", 1, 3000, fuse=False) == closures, program
