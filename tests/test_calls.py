"""The calling convention (schemehost/calls.py): one behaviour from every entry point.

A procedure can be called from many places: a call at top level, a call in
a lambda body compiled to Python (pyfunc.py), the same with generation off
(closure-compiled bodies), in tail or non-tail position, through `apply`,
through a higher-order primitive (`map`, `sort`: Interpreter.caller) and
from the host (`procedure()`).  Each row below is called from every entry
point, and every entry point must give the same value, tick the step budget
the same number of times, and report the same error message.

Story: before calls.py the convention was written six times and had
drifted: only the closure compiler's call node reported an unassigned
global operator as unbound, and only pyfunc's trampoline used fast entries.
"""

from __future__ import annotations

import io
import sys

import pytest

from schemehost import Interpreter, SchemehostError
from schemehost.host import procedure
from schemehost.printer import write_string
from test_compiler_speedups import run

# Each entry point: (Scheme text that calls `target` on ARGS, closure calls it makes itself,
# whether generation is on).  `{args}` is the argument texts; `{list}` a list of them.
ENTRIES = {
    "top level": ("(target {args})", 0, True),
    "pyfunc non-tail": ("(define (via) (let ((r (target {args}))) r)) (via)", 1, True),
    "pyfunc tail": ("(define (via) (target {args})) (via)", 1, True),
    "closures non-tail": ("(define (via) (let ((r (target {args}))) r)) (via)", 1, False),
    "closures tail": ("(define (via) (target {args})) (via)", 1, False),
    "apply": ("(apply target (list {args}))", 0, True),
    "apply in a body": ("(define (via) (apply target (list {args}))) (via)", 1, True),
    "map (caller)": ("(car (map target {lists}))", 0, True),
    "host procedure()": (None, 0, True),
}

# Each row: (definitions, argument texts, expected written value or error message, closure calls).
ROWS = {
    "closure with a fast entry": ("(define (target x y) (+ x y))", ["1", "2"], "3", 1),
    "closure calling closures": ("(define (h y) y) (define (target x y) (h (h (+ x y))))", ["1", "2"], "3", 3),
    "closure with a tail call": ("(define (h y) (list y)) (define (target x y) (h x))", ["1", "2"], "(1)", 2),
    "rest arguments": ("(define (target x . r) (cons x r))", ["1", "2"], "(1 2)", 1),
    "only rest arguments": ("(define (target . r) r)", ["1", "2"], "(1 2)", 1),
    "three arguments": ("(define (target a b c) (list c b a))", ["1", "2", "3"], "(3 2 1)", 1),
    "primitive": ("(define target +)", ["1", "2"], "3", 0),
    "tail primitive": ("(define (h . r) r) (define (target x y) (apply h x (list y)))", ["1", "2"], "(1 2)", 2),
    "record constructor": (
        "(define-record-type point (target x y) point? (x point-x) (y point-y))",
        ["1", "2"], "#<point x: 1 y: 2>", 0,
    ),
    "parameter object": ("(define p (make-parameter 7)) (define (target x) (+ x (p)))", ["1"], "8", 1),
    "escape continuation": ("(define (target x) (call/cc (lambda (k) (+ 1 (k x)))))", ["5"], "5", 2),
    "non-procedure": ("(define target 5)", ["1"], "ERROR attempt to call a non-procedure: 5", 0),
    "wrong arity, closure": ("(define (target x) x)", ["1", "2"], "ERROR target: expects 1 argument, given 2", 1),
    "wrong arity, rest closure": (
        "(define (target x y . r) x)", ["1"], "ERROR target: expects at least 2 arguments, given 1", 1,
    ),
    "wrong arity, primitive": ("(define target car)", ["1", "2"], "ERROR car: expects 1 argument, given 2", 0),
    "global not yet defined": ("", ["1"], "ERROR unbound variable: target", 0),
    "error inside the callee": ("(define (target x) (car x))", ["1"], "ERROR car: argument 1 must be a pair: 1", 1),
}


def call_from(entry: str, row: str):
    """Run row `row` from entry point `entry`; return (written value or ERROR message, closure calls)."""
    text, overhead, generate = ENTRIES[entry]
    definitions, args, _, _ = ROWS[row]
    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO(), step_limit=10_000)
    interp.compiler.generate = generate
    interp.eval_string(definitions, "defs.scm")
    before = interp.budget.total_used()
    try:
        if text is None:
            value = procedure(interp, "target", raw=True)(*[interp.eval_string(a) for a in args])
        else:
            lists = " ".join(f"(list {a})" for a in args)
            value = interp.eval_string(text.format(args=" ".join(args), lists=lists), "call.scm")
        shown = write_string(value)
    except SchemehostError as err:
        shown = "ERROR " + err.describe()
    used = interp.budget.total_used() - before
    return shown, used - overhead


@pytest.mark.parametrize("entry", list(ENTRIES))
@pytest.mark.parametrize("row", list(ROWS))
def test_calls_every_entry_point_same_value_steps_and_error(row, entry):
    _, _, want, steps = ROWS[row]
    shown, used = call_from(entry, row)
    assert (shown, used) == (want, steps), entry


@pytest.mark.parametrize("entry", [e for e in ENTRIES if ENTRIES[e][0] is not None])
def test_calls_unassigned_letrec_operator_reported_alike(entry):
    """A letrec variable called before its initialiser ran is an error, from every entry point."""
    text, _, generate = ENTRIES[entry]
    call = text.format(args="1", lists="(list 1)").replace("(define (via) ", "(define (via) (letrec ((a ")
    if call.startswith("(define"):
        program = call.replace(")) (via)", ")) (target (lambda (x) x))) a)) (via)", 1)
    else:
        program = f"(letrec ((a {call}) (target (lambda (x) x))) a)"
    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO())
    interp.compiler.generate = generate
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(program, "t.scm")
    assert info.value.describe() == "variable used before its definition: target", program


def test_calls_host_procedure_of_a_non_procedure_says_so_at_once():
    interp = Interpreter(stdin="", stdout=io.StringIO())
    interp.eval_string("(define target 5)")
    with pytest.raises(SchemehostError) as info:
        procedure(interp, "target")
    assert info.value.describe() == "attempt to call a non-procedure: 5"


# -- differential: the optimised call paths against the plain ones ------------------------

# (written value or error text with backtrace, output, steps used), as in test_compiler_speedups.
run_program = run


DIFFERENTIAL = {
    "mutual tail recursion 10^6 deep": (
        "(define (ev? n) (if (= n 0) #t (od? (- n 1)))) (define (od? n) (if (= n 0) #f (ev? (- n 1))))"
        " (list (ev? 1000000) (od? 7))"
    ),
    "mutual tail calls through cond, and, or": (
        "(define (a n) (cond ((= n 0) 'a) (else (and #t (b (- n 1))))))"
        " (define (b n) (or (and (= n 0) 'b) (a (- n 1)))) (list (a 1001) (a 1000))"
    ),
    "redefined while a loop calls it": (
        "(define (step x) (+ x 1))"
        " (define (loop i acc) (if (= i 6) acc (begin (if (= i 3) (set! step (lambda (x) (* x 10))))"
        " (loop (+ i 1) (step acc)))))"
        " (loop 0 0)"
    ),
    "mutual partner redefined while running": (
        "(define (ping n) (if (= n 0) 'done (pong (- n 1))))"
        " (define (pong n) (if (= n 51) (begin (set! ping (lambda (n) (list 'new n))) (ping n)) (ping (- n 1))))"
        " (ping 100)"
    ),
    "rest arguments and apply": (
        "(define (sum . xs) (if (null? xs) 0 (+ (car xs) (apply sum (cdr xs)))))"
        " (define (f a b . r) (list a b r)) (define l (list 5 6))"
        " (list (sum 1 2 3) (apply sum 1 2 '(3 4)) (apply f 1 l) (begin (apply f l) l) (f 1 2) (apply f '(1 2 3 4)))"
    ),
    "apply keeps its last list unshared": (
        "(define (g . r) (set-car! r 99) r) (define l (list 1 2)) (list (apply g l) l)"
    ),
    "escape from for-each and a loop": (
        "(define (find p l) (call/cc (lambda (k) (for-each (lambda (x) (if (p x) (k x))) l) #f)))"
        " (define (prod l) (call/cc (lambda (exit) (let loop ((l l) (p 1)) (cond ((null? l) p)"
        " ((= (car l) 0) (exit 0)) (else (loop (cdr l) (* p (car l)))))))))"
        " (list (find even? '(1 3 4 5)) (find even? '(1 3)) (prod '(1 2 3)) (prod '(1 0 3)))"
    ),
    "continuation re-entered after its extent": "(define k2 #f) (define n 0) (+ 1 (call/cc (lambda (k) (set! k2 k) 1))) (if (< n 2) (begin (set! n (+ n 1)) (k2 n)) n)",
    "error deep in mutual calls has a backtrace": (
        "(define (a n) (if (= n 0) (car n) (+ 1 (b (- n 1))))) (define (b n) (a n)) (a 3)"
    ),
    "arity error through apply": "(define (f x) x) (define (g) (+ 1 (apply f '(1 2)))) (g)",
    "calling a non-procedure in tail and non-tail position": (
        "(define (t x) (x 1)) (define (u x) (+ 1 (x 1))) (list (guard (e (#t (error-object-message e))) (t 5))"
        " (guard (e (#t (error-object-message e))) (u 5)))"
    ),
    "output between calls": "(define (say x) (display x) (newline) x) (define (twice f x) (f (f x))) (twice say 4)",
    "endless loop stopped by the budget": "(define (a) (b)) (define (b) (a)) (a)",
    # Direct calls of globals (calls.DirectCalls): the callee changed while a loop calling it runs.
    "direct callee redefined to a primitive during a loop": (
        "(define (step x) (+ x 1))"
        " (define (loop i acc) (if (= i 6) acc (begin (if (= i 3) (set! step -)) (loop (+ i 1) (+ 1 (step acc))))))"
        " (loop 0 0)"
    ),
    "direct callee redefined to a non-procedure during a loop": (
        "(define (step x) (+ x 1))"
        " (define (loop i acc) (if (= i 6) acc (begin (if (= i 3) (set! step 5)) (loop (+ i 1) (+ 1 (step acc))))))"
        " (loop 0 0)"
    ),
    "direct callee redefined to another arity during a loop": (
        "(define (step x) (+ x 1))"
        " (define (loop i acc) (if (= i 6) (reverse acc) (begin (if (= i 2) (set! step (lambda (x . r) (cons x r))))"
        " (if (= i 4) (set! step (lambda (x y) x))) (loop (+ i 1) (cons (step i) acc)))))"
        " (define r (guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (loop 0 '())))"
        " (set! step (lambda (x) (* x 3))) (list r (loop 5 '()))"
    ),
    "direct callee redefined by define in an eval during a loop": (
        "(define (step x) (+ x 1))"
        " (define (loop i acc) (if (= i 6) acc (begin (if (= i 3) (eval '(define (step x) (* x 100))"
        " (interaction-environment))) (loop (+ i 1) (step acc)))))"
        " (loop 0 0)"
    ),
    "direct callee redefined in a do loop at top level": (
        "(define (step x) (+ x 1))"
        " (do ((i 0 (+ i 1)) (acc 0 (step acc))) ((= i 6) acc) (if (= i 3) (set! step (lambda (x) (* x 10)))))"
    ),
    "direct tail callee redefined while running": (
        "(define (down n) (if (= n 0) 'bottom (next (- n 1))))"
        " (define (next n) (if (= n 10) (begin (set! down (lambda (n) (list 'new n))) (down n)) (down n)))"
        " (list (down 30) (down 5))"
    ),
    "direct callee assigned by its own operand": (
        "(define (g x) x) (define (h) (list (g (begin (set! g (lambda (x) (* x 2))) 5)) (g 5)))"
        " (define (t) (g (begin (set! g 7) 5))) (list (h) (t))"
    ),
    "direct callee not yet defined, then defined": (
        "(define (h x) (later x)) (define r (guard (e (#t (error-object-message e))) (h 1)))"
        " (define (later x) (* x 3)) (list r (h 2))"
    ),
    "direct rest-argument calls, the callee's shape changing": (
        "(define (c . xs) xs) (define (c2 a . xs) (list a xs))"
        " (define (loop i acc) (if (= i 8) (reverse acc)"
        " (begin (cond ((= i 2) (set! c (lambda (a b . r) (list 'two a b r))))"
        " ((= i 4) (set! c (lambda (a b c) (list 'fixed a b c)))) ((= i 6) (set! c list)))"
        " (loop (+ i 1) (cons (list (c i 1 2) (c2 i) (c2 i 1 2)) acc)))))"
        " (loop 0 '())"
    ),
    "direct rest-argument call with too few arguments": "(define (f a b . r) r) (define (g) (+ 1 (f 1))) (g)",
    "apply through its direct entry: rest, fixed, primitives and errors": (
        "(define (sum . xs) (if (null? xs) 0 (+ (car xs) (apply sum (cdr xs)))))"
        " (define (two a b) (list a b)) (define (g) (list (apply sum 1 2 '(3 4)) (apply two '(1 2))"
        " (apply two 1 '(2)) (apply + 1 '(2 3)) (apply sum '())))"
        " (define (bad1) (+ 1 (apply sum 1 '(2 . 3)))) (define (bad2) (+ 1 (apply two '(1))))"
        " (define (bad3) (+ 1 (apply sum 5))) (define (bad4) (+ 1 (apply 5 '(1))))"
        " (list (g) (guard (e (#t (error-object-message e))) (bad1)) (guard (e (#t (error-object-message e))) (bad2))"
        " (guard (e (#t (error-object-message e))) (bad3)) (guard (e (#t (error-object-message e))) (bad4)))"
    ),
    "apply error keeps its backtrace": "(define (sum . xs) 0) (define (g l) (+ 1 (apply sum 1 l))) (g 7)",
    "apply in tail position runs in constant space": (
        "(define (count . r) (if (= (car r) 0) 'done (apply count (list (- (car r) 1)))))"
        " (define (loop n) (if (= n 0) 'done (apply loop (- n 1) '()))) (list (count 100000) (loop 100000))"
    ),
    "apply redefined while a loop calls it": (
        "(define (sum . xs) (if (null? xs) 0 (+ (car xs) (apply sum (cdr xs)))))"
        " (define (loop i acc) (if (= i 6) acc (begin (if (= i 3) (set! apply (lambda (f l) (length l))))"
        " (loop (+ i 1) (+ acc (apply sum (list i i)))))))"
        " (loop 0 0)"
    ),
    "primitive called directly, redefined to a closure and back, errors in both positions": (
        "(define (t x) (string-length x)) (define (u x) (+ 1 (string-length x)))"
        " (define r1 (list (t \"ab\") (u \"abc\")))"
        " (define old string-length) (set! string-length (lambda (x) (* 2 (old x))))"
        " (define r2 (list (t \"ab\") (u \"abc\"))) (set! string-length old)"
        " (list r1 r2 (t \"a\") (guard (e (#t (error-object-message e))) (t 5)) (u 5))"
    ),
    "direct call of a self-recursive global, deep and with errors": (
        "(define (sum n) (if (= n 0) (car n) (+ n (sum (- n 1))))) (sum 20)"
    ),
}


@pytest.mark.parametrize("name", list(DIFFERENTIAL))
@pytest.mark.parametrize("step_limit", [None, 40])
def test_calls_differential_generated_and_closure_paths_agree(name, step_limit):
    program = DIFFERENTIAL[name]
    if step_limit is None and name == "endless loop stopped by the budget":
        step_limit = 5000
    fast = run_program(program, True, step_limit)
    plain = run_program(program, False, step_limit)
    assert fast == plain, f"\ngenerated: {fast}\nclosures:  {plain}"
    assert "internal error" not in fast[0]


def _python_depth() -> int:
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1
    return n


@pytest.mark.parametrize("generate", [True, False])
def test_calls_mutual_tail_calls_run_in_constant_python_stack(generate):
    """Tail calls made as direct Python calls (calls.direct_tail_call) stay proper:
    the stack at the bottom of 100,000 mutual tail calls is no deeper than
    TailDepth.LIMIT frames beyond that of 10."""
    from schemehost.calls import TailDepth
    from schemehost.runtime import Primitive

    interp = Interpreter(stdin="", stdout=io.StringIO())
    interp.compiler.generate = generate
    interp.define("depth", Primitive("depth", _python_depth, 0, 0))
    interp.eval_string(
        "(define (ev? n) (if (= n 0) (depth) (od? (- n 1))))"
        " (define (od? n) (if (= n 0) (depth) (ev? (- n 1))))"
    )
    shallow = interp.eval_string("(ev? 10)")
    deep = interp.eval_string("(od? 100001)")
    assert deep <= shallow + TailDepth.LIMIT, (shallow, deep)


def test_apply_into_rest_arguments_of_a_circular_list_is_an_error_not_a_hang(scheme):
    """calls.spread copied `apply`'s last argument into the rest list without a
    cycle check, so `(apply f circular)` into a rest-argument procedure never
    ended (found by the registry-wide fuzz after the calling convention moved)."""
    from schemehost import SchemehostError

    session = scheme()
    session.eval("(define (f . x) (length x)) (define l (iota 5000)) (set-cdr! (last-pair l) l)")
    with pytest.raises(SchemehostError) as info:
        session.eval("(apply f l)")
    assert info.value.payload.message == "apply: argument 2 must be a list"
    assert session.eval("(apply f (iota 5000))") == 5000


def test_calls_direct_call_sites_follow_the_global_at_once():
    """A call of a global procedure from generated code goes straight to the fast entry
    the global holds (calls.DirectCalls), and every assignment of the global rebinds it:
    the caller compiled before its callee existed sees it once defined, then sees each
    redefinition, including to a primitive, a non-procedure and another arity."""
    interp = Interpreter(stdin="", stdout=io.StringIO(), step_limit=None)
    interp.compiler.generate = True  # at once, not after a few calls (test_tiers.py)
    interp.eval_string("(define (caller x) (+ 1 (callee x)))")
    caller = interp.eval_string("caller")

    def slots():
        """The closure variables of caller's code that DirectCalls binds, by name."""
        free = zip(caller.fast.__code__.co_freevars, caller.fast.__closure__)
        return sorted((name, cell.cell_contents) for name, cell in free if name[0] == "D")

    assert [v for _, v in slots()] == [None]
    interp.eval_string("(define (callee x) (* x 2))")
    assert [v for _, v in slots()] == [interp.eval_string("callee").fast]
    assert interp.eval_string("(caller 5)") == 11
    interp.eval_string("(define callee -)")
    assert [v for _, v in slots()] == [None]
    assert interp.eval_string("(caller 5)") == -4
    interp.eval_string("(define (callee x y) x)")
    assert [v for _, v in slots()] == [None]
    with pytest.raises(SchemehostError) as info:
        interp.eval_string("(caller 5)")
    assert info.value.describe() == "callee: expects 2 arguments, given 1"
    interp.eval_string("(set! callee (lambda (x) x))")
    assert interp.eval_string("(caller 5)") == 6


def test_calls_global_only_assigned_is_not_watched_but_a_called_one_is():
    """DirectCalls watches the Cells of globals that generated code calls (every assignment
    rebinds the call sites); a global that is only read and `set!`, such as a counter bumped
    in a hot loop, keeps a plain Cell, so its `set!` stays a slot store."""
    from schemehost.analysis import Cell
    from schemehost.datatypes import Symbol

    interp = Interpreter(stdin="", stdout=io.StringIO())
    interp.eval_string(
        "(define count 0) (define (bump!) (set! count (+ count 1)))"
        " (define (loop n) (if (> n 0) (begin (bump!) (loop (- n 1))))) (loop 10)"
    )
    assert interp.eval_string("count") == 10
    assert type(interp.globals[Symbol.intern("count")]) is Cell
    assert type(interp.globals[Symbol.intern("bump!")]) is not Cell
