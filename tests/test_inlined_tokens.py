"""A small procedure written in its caller is tested by one token (pyfunc.Runtime.inlined).

`(define (node-key t) (car t))` called as `(node-key t)` is written in the
caller as `t.car` under `type(t) is TC0`, where TC0 is Pair while `car` is
the standard procedure and `node-key` still holds that procedure, and a
type nothing has once either is assigned something else
(Runtime.typed_combined).  A body with no such test is written under a
boolean token for the procedure.  Redefining the procedure or `car`, before
the caller runs or while it runs, and putting the old procedure back, must
be seen at once: the same values, errors, output and steps in every mode.
"""

from __future__ import annotations

import pytest

from conftest import Session, generated_python
from test_tiers import assert_same_in_every_mode, run

ACCESSORS = """
(define (node-key t) (car t))
(define (node-left t) (cadr t))
(define (leaf? t) (null? t))
(define (size t) (if (leaf? t) 0 (+ 1 (size (node-left t)) (size (caddr t)))))
(define (keys t) (if (leaf? t) '() (append (keys (node-left t)) (list (node-key t)) (keys (caddr t)))))
(define tree '(5 (3 (1 () ()) (4 () ())) (8 () (9 () ()))))
(define (walk n) (let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (+ acc (node-key tree) (size tree))))))
"""

CASES = {
    "values": "(list (size tree) (keys tree) (walk 10))",
    "accessor redefined before": "(set! node-key (lambda (t) (* 10 (car t)))) (list (keys tree) (walk 3))",
    "accessor redefined while a loop runs": (
        "(define saved node-key)"
        " (define (walk2 n) (let loop ((i 0) (acc '()))"
        "   (if (= i n) (reverse acc)"
        "       (begin (if (= i 2) (set! node-key cadr)) (if (= i 4) (set! node-key saved))"
        "              (loop (+ i 1) (cons (node-key tree) acc))))))"
        " (walk2 6)"),
    "car redefined": "(define real-car car) (set! car (lambda (p) (if (pair? p) (real-car p) 'none)))"
                     " (list (keys tree) (node-key tree) (size tree))",
    "car redefined and put back": "(define real-car car) (set! car cdr) (define a (node-key tree))"
                                  " (set! car real-car) (list a (node-key tree) (keys tree))",
    "predicate redefined": "(set! leaf? (lambda (t) (or (null? t) (= (car t) 3)))) (list (size tree) (keys tree))",
    "car redefined before a caller is written": (
        "(define (head t) (car t))"
        " (set! car (lambda (p) 'mine))"
        " (define (first-keys l) (let loop ((l l) (acc '())) (if (null? l) acc (loop (cdr l) (cons (head (cdr l)) acc)))))"
        " (first-keys (list tree tree))"),
    "accessor given no pair": "(node-key 5)",
    "accessor given no pair after a redefinition and back": "(define saved node-key) (set! node-key cadr)"
                                                            " (set! node-key saved) (node-left '(1))",
}


@pytest.mark.parametrize("name", list(CASES))
def test_inlined_procedures_agree_in_every_mode(name):
    for limit in (None, 60, 400):
        assert_same_in_every_mode(ACCESSORS + CASES[name], limit)


def test_inlined_procedures_values():
    assert run(ACCESSORS + CASES["values"], True)[0] == "(6 (1 3 4 5 8 9) 110)"
    assert run(ACCESSORS + CASES["accessor redefined before"], True)[0] == "((10 30 40 50 80 90) 168)"
    assert run(ACCESSORS + CASES["accessor redefined while a loop runs"], True)[0] == \
        "(5 5 (3 (1 () ()) (4 () ())) (3 (1 () ()) (4 () ())) 5 5)"
    assert run(ACCESSORS + CASES["car redefined"], True)[0] == "((1 3 4 5 8 9) 5 6)"
    assert run(ACCESSORS + CASES["car redefined and put back"], True)[0] == \
        "(((3 (1 () ()) (4 () ())) (8 () (9 () ()))) 5 (1 3 4 5 8 9))"
    assert run(ACCESSORS + CASES["predicate redefined"], True)[0] == "(3 (5 8 9))"
    assert run(ACCESSORS + CASES["car redefined before a caller is written"], True)[0] == "(mine mine)"
    for name in ("accessor given no pair", "accessor given no pair after a redefinition and back"):
        value = run(ACCESSORS + CASES[name], True)[0]
        assert value.startswith("ERROR") and ("car" in value or "cadr" in value), value


def test_an_inlined_accessor_is_one_test_of_a_token():
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval(ACCESSORS)
        assert s.show(CASES["values"]) == "(6 (1 3 4 5 8 9) 110)"
    written = "\n".join(sources)
    # (node-key t) in keys: the pair's car under one token's test, no direct slot compared.
    assert "if type(v1_t) is TC" in written and " is J" not in written
