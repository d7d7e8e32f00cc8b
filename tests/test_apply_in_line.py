"""`(apply g x ... lst)` made in line (pyfunc.Emitter.apply_spread) gives what the
call as written gives, whatever g and lst turn out to be.

Hypothesis writes programs where a procedure `t` calls `(apply g x ... lst)`
not in tail position, g a global that held a procedure with a rest list when
`t` was written: g's required parameters and body (one that only reads its
rest list, so that apply may share `lst`, or one that returns or changes
it), the x's, and `lst` (proper, empty, improper, circular, not a list) are
drawn, and g may be redefined between calls to another shape, or to a
primitive.  One list, `shared`, is passed again and again and written down
after each call: a rest list that had to be a copy and was not shows there.  Each program runs with the Python back end (written at once and
tiered) and with the closure compiler, which has no in-line path: the value
or error, the output and the steps used must be the same.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import generated_python, run_program

# Bodies of g over its required parameters a0 ... and rest list r.
READS = ["(list {req} (length r))", "(if (null? r) (list {req}) (car r))", "(apply + {req} r)"]
SHOWS = ["(list {req} r)", "(begin (if (pair? r) (set-car! r 'changed)) (list {req} r))"]

# `shared` is one list for the whole program: a call that changes a list apply had to
# copy shows in it (try! records it after each call).
LISTS = [
    "'()", "shared", "shared", "(list 4 5)", "'(1 . 2)", "5", "(iota 70)",
    "(let ((c (list 1 2))) (set-cdr! (cdr c) c) c)",
]


@st.composite
def lambdas(draw, m=None):
    if m is None:
        m = draw(st.integers(0, 2))
    req = " ".join(f"a{i}" for i in range(m))
    body = draw(st.sampled_from(READS + SHOWS)).format(req=req or "'none")
    if "apply +" in body:
        body = f"(apply + {req} (map (lambda (x) 0) r))" if m else "(length r)"
    return m, f"(lambda ({req} . r) {body})" if m else f"(lambda r {body})"


@st.composite
def programs(draw):
    m, first = draw(lambdas())
    k = draw(st.integers(0, 3))
    xs = " ".join(str(10 + i) for i in range(k))
    params = " ".join(f"x{i}" for i in range(k))
    lines = [
        f"(define g {first})",
        f"(define (t {params}{' ' if k else ''}l) (list (apply g {params}{' ' if k else ''}l) 'after))",
        "(define results '())",
        "(define shared (list 1 2 3))",
        "(define (try! l) (set! results (cons (list (guard (e (#t (list 'error (if (error-object? e)"
        f" (error-object-message e) e)))) (t {xs}{' ' if k else ''}l)) (list-copy shared)) results)))",
    ]
    for _ in range(draw(st.integers(3, 5))):
        if draw(st.booleans()):
            # (Mostly of the shape the site was written for: the in-line path is then taken.)
            _, other = draw(lambdas(m if draw(st.integers(0, 3)) else None))
            lines.append(f"(set! g {draw(st.sampled_from([other, other, 'list', 'car', '+']))})")
        lines.append(f"(try! {draw(st.sampled_from(LISTS))})")
    lines.append("(reverse results)")
    return "\n".join(lines), m <= k + 1


@settings(max_examples=100, deadline=None)
@given(programs())
def test_apply_in_line_gives_what_the_call_as_written_gives(case):
    program, in_line = case
    with generated_python() as sources:
        written = run_program(program, True)
    # (g taking more required arguments than the x's and one from the list: the call as written)
    assert any("SHORT_REST" in s for s in sources) == in_line, program
    tiered = run_program(program, "tiered")
    closures = run_program(program, False)
    assert written == closures, program
    assert tiered == closures, program
