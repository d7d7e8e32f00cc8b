"""Known lambdas: a slot bound once to a lambda and only ever called (ir.known_lambda).

An internal definition or a named let called in non-tail position made a
Closure each time its scope was entered, and the Closure and the frame held
each other: a cycle for the collector (circuits' add-to-agenda! made three a
call).  Generated code now binds such a slot to the lambda's KnownLambda
and calls the lambda's Python function with the slot's frame; whatever else
reads the slot (the first calls' walk, the closure compiler, a call of the
wrong arity) makes the Closure from it.  These tests run programs with the
generated code written at once, after the first calls (as programs run)
and not at all, and expect the same values, output, errors and step counts;
and they check which texts the known lambdas get.
"""

from __future__ import annotations

import re

import pytest

from conftest import generated_python, run_program as run

PROGRAMS = [
    # SICP 3.3.4's add-to-agenda!: three internal procedures, one calling itself and a sibling
    "(define (add t x l) (define (before? s) (or (null? s) (< t (car (car s)))))"
    " (define (seg t x) (list t x)) (define (walk s) (if (before? (cdr s)) (set-cdr! s (cons (seg t x) (cdr s)))"
    " (walk (cdr s)))) (if (before? l) (cons (seg t x) l) (begin (walk l) l)))"
    " (let loop ((i 0) (l '())) (if (= i 40) l (loop (+ i 1) (add (modulo (* i 7) 11) i l))))",
    # a named let called in non-tail position, inside another one (queens)
    "(define (queens n) (let try ((k 0) (placed '())) (if (= k n) 1 (let count ((row 0)) (if (= row n) 0"
    " (+ (if (let ok ((d 1) (p placed)) (or (null? p) (and (not (= (car p) (+ row d))) (not (= (car p) (- row d)))"
    " (not (= (car p) row)) (ok (+ d 1) (cdr p))))) (try (+ k 1) (cons row placed)) 0) (count (+ row 1))))))))"
    " (list (queens 4) (queens 5) (queens 6))",
    # called before its definition ran: the unassigned error
    "(define (f) (define a (g)) (define (g) 1) a) (define (h) (guard (e (#t (condition/report-string e))) (f)))"
    " (list (h) (h) (h))",
    # called with the wrong number of arguments: the closure's arity error
    "(define (f x) (define (g y) (* y 2)) (if (> x 2) (g x x) (g x))) (list (f 1) (f 2) (f 3))",
    # the same, bound by (define g (lambda ...)) and by letrec: the closure made for the error has g's name
    "(define (f x) (define g (lambda (y) (* y 2))) (if (> x 2) (g x x) (g x))) (list (f 1) (f 2) (f 3))",
    "(define (f x) (letrec ((g (lambda (y) (* y 2)))) (if (> x 2) (g x x) (g x)))) (list (f 1) (f 2) (f 3))",
    # used as a value too: an ordinary closure
    "(define (f l) (define (g y) (* y 3)) (list (g 1) (map g l) (procedure? g))) (list (f '(1 2)) (f '(3)))",
    # assigned by set!: an ordinary closure
    "(define (f x) (define (g y) (+ y 1)) (let ((a (g x))) (set! g (lambda (y) (- y 1))) (list a (g x))))"
    " (list (f 1) (f 2) (f 3))",
    # deep non-tail recursion through a known lambda
    "(define (f n) (define (count k) (if (= k 0) 0 (+ 1 (count (- k 1))))) (count n)) (list (f 10) (f 10) (f 30000))",
    # tail calls between lambdas of different scopes, past the direct tail calls' depth (the trampoline)
    "(define (f n) (define (outer k) (define (inner j) (outer (- j 1))) (if (= k 0) 'done (inner k))) (outer n))"
    " (list (f 3) (f 5) (f 20000))",
    # a self tail call of an internal procedure: its loop
    "(define (f n) (define (sum k acc) (if (= k 0) acc (sum (- k 1) (+ acc k)))) (sum n 0)) (list (f 10) (f 20) (f 50000))",
    # mutual tail recursion between internal procedures (a fused group) and a call of one of them
    "(define (f n) (define (ev? k) (if (= k 0) #t (od? (- k 1)))) (define (od? k) (if (= k 0) #f (ev? (- k 1))))"
    " (list (ev? n) (od? n) (+ 1 (if (ev? 3) 1 0)))) (list (f 10) (f 7) (f 10001))",
    # a lambda called seldom (its first calls walked after its scope's lambda is written) calling a sibling
    "(define (f x) (define (g y) (* y 2)) (define (h) (+ (g x) 1)) (if (= (modulo x 7) 0) (h) (g x)))"
    " (let loop ((i 0) (acc '())) (if (= i 30) acc (loop (+ i 1) (cons (f i) acc))))",
    # letrec and (define g (lambda ...)): the closure made from it keeps the name for errors
    "(define (f x) (letrec ((g (lambda (y) (car y)))) (g x))) (define (f2 x) (define g (lambda (y) (car y))) (g x))"
    " (list (f '(1)) (f2 '(2)) (guard (e (#t (condition/report-string e))) (f 5))"
    " (guard (e (#t (condition/report-string e))) (f2 5)))",
    # an error inside a known lambda: the backtrace through its call
    "(define (f v) (define (g k) (vector-ref v k)) (+ (g 0) (g 5))) (f (vector 1 2))",
    # a continuation taken inside a known lambda and re-entered
    "(define k #f) (define n 0) (define (f) (define (g) (call/cc (lambda (c) (set! k c) 1))) (let ((r (g)))"
    " (set! n (+ n 1)) (if (< n 4) (k (+ r 1)) (list r n)))) (f)",
    # a known lambda made in a loop's every round, its frame captured
    "(define (f n) (let loop ((i 0) (acc '())) (if (= i n) (reverse acc)"
    " (let () (define (sq) (* i i)) (loop (+ i 1) (cons (sq) acc)))))) (list (f 3) (f 5))",
    # called last in a lambda that map runs in line (of one argument, and of four)
    "(define (f l) (define (g y) (* y y)) (define (g4 a b c d) (list a b c d)) (list (map (lambda (x) (g x)) l)"
    " (map (lambda (x) (g4 x x 1 2)) l))) (list (f '(1 2 3)) (f '(4)) (f '()))",
    # an outer procedure run once, its internal procedure called often: its first calls
    # through the KnownLambda (a closure made for each), then straight to its function
    "(define (run n) (define (sq k) (* k k)) (let loop ((i 0) (s 0)) (if (= i n) s (loop (+ i 1) (+ s (sq i))))))"
    " (list (run 1) (run 50))",
    # a do loop inside a known lambda that calls a sibling
    "(define (f n) (define (g k) (* k k)) (define (h m) (do ((i 0 (+ i 1)) (s 0 (+ s (g i)))) ((= i m) s)))"
    " (+ (h n) (g n))) (list (f 3) (f 10) (f 4))",
]

# A sibling too deeply nested for one Python function (pyfunc.MAX_INDENT): the closure
# compiler runs it, reading the known lambda's slot (closures.make_known_ref).
_DEEP = "(g x)"
for _k in range(70):
    _DEEP = f"(if (> x {-_k - 1}) {_DEEP} 0)"
PROGRAMS.append(f"(define (f x) (define (g y) (* y 2)) (define (h x) {_DEEP}) (+ (h x) (g x)))"
                " (list (f 1) (f 2) (f 3) (f 4) (f 5) (f 6))")

MODES = [True, False, "tiered"]


def assert_same_every_way(program: str, step_limit: int | None) -> None:
    results = {mode: run(program, mode, step_limit) for mode in MODES}
    assert results[True] == results[False] == results["tiered"], (program, results)


@pytest.mark.parametrize("program", PROGRAMS)
def test_known_lambdas_agree_with_the_closure_compiler(program):
    assert_same_every_way(program, 20_000_000)
    assert_same_every_way(program, 300)


def test_known_lambdas_values_worked_by_hand():
    # (the queens of 4, 5 and 6; the wrong arity's message; count's depth)
    assert run(PROGRAMS[1], "tiered", None)[0] == "(2 10 4)"
    for k in (3, 4, 5):
        error = run(PROGRAMS[k], "tiered", None)[0]
        assert error.startswith("ERROR") and "g: expects 1 argument, given 2" in error, error
    assert run(PROGRAMS[8], "tiered", None)[0] == "(10 10 30000)"
    assert run(PROGRAMS[9], "tiered", None)[0] == "(done done done)"
    assert run(PROGRAMS[10], "tiered", None)[0] == f"(55 210 {50000 * 50001 // 2})"
    assert run(PROGRAMS[11], "tiered", None)[0] == "((#t #f 1) (#f #t 1) (#f #t 1))"  # (3 is odd: (+ 1 0))


def _texts(program: str) -> list[str]:
    with generated_python() as sources:
        value = run(program, "tiered", None)[0]
    assert not value.startswith("ERROR"), value
    return sources


def _one_text(program: str, head: str) -> str:
    """The one text written for the lambda whose function begins `head`."""
    texts = [t for t in _texts(program) if head in t]
    assert len(texts) == 1, texts
    return texts[0]


def test_known_lambdas_internal_definitions_are_bound_to_their_known_lambda():
    program = ("(define (f x) (define (g y) (* y 2)) (define (h y) (+ (g y) 1)) (+ (h x) (g x)))"
               " (list (f 1) (f 2) (f 3) (f 4) (f 5))")
    text = _one_text(program, "def fast(v1_x, parent)")
    # both bound to their KnownLambda (g, which h calls, in the frame; h in a local); no closure made
    assert re.search(r"fr\d+\[1\] = L\d+\n", text), text
    assert re.search(r"v1_h = L\d+\n", text), text
    assert "NEWCLOSURE" not in text, text
    # and each call tests for it and calls the function on the frame
    assert re.search(r"if f\d+ is L\d+:\n\s+for _k in B\.it: break\n\s+else: B\.exhausted\(\)\n\s+r\d+ = L\d+\.fast\(v1_x, fr\d+\)",
                     text), text


def test_known_lambdas_a_lambda_used_as_a_value_keeps_its_closure():
    program = "(define (f l) (define (g y) (* y 3)) (map g l)) (list (f '(1)) (f '(2)) (f '(3)))"
    texts = [t for t in _texts(program) if "def fast(v1_l, parent)" in t]
    assert texts and all("NEWCLOSURE" in t and not re.search(r"\bL\d+\b", t) for t in texts), texts


def test_known_lambdas_a_named_let_called_in_place_binds_its_known_lambda():
    program = ("(define (f n) (+ 1 (let count ((k n)) (if (= k 0) 0 (+ 1 (count (- k 1)))))))"
               " (list (f 1) (f 2) (f 3) (f 4))")
    text = _one_text(program, "def fast(v1_n, parent)")
    assert re.search(r"fr\d+\[0\] = L\d+\n", text), text
    assert "NEWCLOSURE" not in text, text


TEXTS = [
    # a tail call in a lambda that map runs in line: the function called on the frame
    ("(define (f l) (define (g y) (* y y)) (map (lambda (x) (g x)) l)) (list (f '(1 2 3)) (f '(4)) (f '(5)) (f '(6)))",
     "def fast(v1_l, parent)", r"if f\d+ is L\d+:\n\s+for _k in B\.it: break\n\s+else: B\.exhausted\(\)\n\s+\w+ = L\d+\.fast\(\w+, fr\d+\)",
     "((1 4 9) (16) (25) (36))"),
    # The definition run by the first calls' walk (f called once) binds a Closure, not the
    # KnownLambda: the self tail call still goes round the function's loop for it.
    ("(define (f n) (define (walk k acc) (if (= k 0) acc (walk (- k 1) (+ acc 1)))) (walk n 0)) (f 100000)",
     "def fast(v1_k, v1_acc, parent)",
     r"if f\d+ is L\d+ or type\(f\d+\) is Closure and f\d+\.fast is fast and f\d+\.env is parent:", "100000"),
]


@pytest.mark.parametrize("program, head, pattern, value", TEXTS)
def test_known_lambdas_calls_in_their_texts(program, head, pattern, value):
    text = _one_text(program, head)
    assert re.search(pattern, text), text
    assert run(program, "tiered", None)[0] == value


def test_known_lambdas_only_the_first_calls_make_a_closure(monkeypatch):
    # run is called once and holds a loop (written at once): sq's slot is bound to its
    # KnownLambda before sq has a function; its first calls make a closure each (the
    # tier's first calls), then its Tier's switch gives the KnownLambda its function.
    from schemehost.runtime import KnownLambda

    made = []
    closure = KnownLambda.closure

    def counting(self, frame):
        made.append(self.name)
        return closure(self, frame)

    monkeypatch.setattr(KnownLambda, "closure", counting)
    program = "(define (run n) (define (sq k) (* k k)) (do ((i 0 (+ i 1)) (s 0 (+ s (sq i)))) ((= i n) s))) (run 1000)"
    assert run(program, "tiered", None)[0] == str(sum(i * i for i in range(1000)))
    assert 1 <= len(made) <= 3 and set(made) == {"sq"}, made
