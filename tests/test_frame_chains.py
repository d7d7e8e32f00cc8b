"""A frame two hops up or more read once per call (pyfunc._hoist_chains).

A closure's variables of enclosing frames are read through the links of its
environment, `parent[2][1][1][1][0]`: a let* of eight bindings captured by
an internal define puts each binding a link further out.  A generated
function that reads such a frame twice or more now reads the frame into a
local before its body (from a shorter one it holds already) and its slots
from there; a frame's links never change, its slots may (set!), so the
slots are still read and written where the program reads and writes them.
These programs run in every mode (closures only, generated at once, tiered)
under three step limits with the same values, output, errors and steps, and
the text is checked for the locals.
"""

from __future__ import annotations

import re

import pytest

from conftest import Session, generated_python
from test_tiers import assert_same_in_every_mode

NESTED = """
(define (run n)
  (let* ((a 1) (b (+ a 1)) (c (* b 3)) (side n) (grid (make-vector n 0)) (lost 0))
    (define (give! i v)
      (if (and (>= i 0) (< i side) (< (- side i) (+ side 1)))
          (vector-set! grid i (+ (vector-ref grid i) v))
          (set! lost (+ lost v))))
    (define (total) (let loop ((i 0) (s 0)) (if (= i side) s (loop (+ i 1) (+ s (vector-ref grid i))))))
    (do ((i -2 (+ i 1))) ((= i (+ side 2))) (give! i (+ i c)))
    (list (total) lost a b c (vector->list grid))))
"""

PROGRAMS = {
    "a let* chain captured by internal defines, a slot set! through it": NESTED + "(list (run 5) (run 1))",
    "counters four frames out, set! and read in a loop and by other closures": """
(define (make)
  (let ((count 0))
    (let ((step 1))
      (let ((limit 10))
        (let ((log '()))
          (define (tick!) (set! count (+ count step)) (set! log (cons count log)) (< count limit))
          (define (bump!) (set! step (+ step 1)) step)
          (lambda (msg)
            (case msg
              ((run) (let loop () (if (tick!) (loop) (list count (reverse log)))))
              ((bump) (bump!))
              ((peek) (list count step limit)))))))))
(define o (make))
(list (o 'peek) (o 'bump) (o 'run) (o 'peek))""",
    "a frame read once, and an error in a far variable's use": """
(define (f x)
  (let* ((p 1) (q 2) (r (list x)))
    (lambda () (car (car r)))))
(define g (f '(1 2)))
(define h (f 5))
(list (g) (g))
(h)""",
    "frames of different depths and a shared prefix, in a typed loop": """
(define (outer n)
  (let ((v (make-vector n 1)))
    (let ((w 2))
      (let ((k 3))
        (define (sum-scaled)
          (let loop ((i 0) (s 0))
            (if (= i n) s (loop (+ i 1) (+ s (* k w (vector-ref v i)))))))
        (define (set-all! x) (do ((i 0 (+ i 1))) ((= i n)) (vector-set! v i x)) (set! w (+ w 1)))
        (let ((a (sum-scaled))) (set-all! 5) (list a (sum-scaled) w))))))
(list (outer 4) (outer 0))""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 40, 400])
def test_frame_chains_every_mode_same(name, step_limit):
    assert_same_in_every_mode(PROGRAMS[name], step_limit)


def test_frame_chains_a_frame_read_twice_is_read_into_a_local_once():
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval(NESTED)
        # (Worked by hand: -2, -1, 5 and 6 fall off the edge, 4 + 5 + 11 + 12 lost.)
        assert s.show("(list (run 5) (run 1))") == "((40 32 1 2 6 (6 7 8 9 10)) (6 24 1 2 6 (6)))"
    (text,) = [t for t in sources if "def fast(v1_i, v1_v, parent)" in t]
    hoisted = dict(re.findall(r"^ {8}(pf\d+) = (\S+)$", text, re.M))
    assert hoisted, text
    # Each local is read from parent or from another local, once, before the body.
    for name, chain in hoisted.items():
        assert re.fullmatch(r"(parent|pf\d+)(\[\d+\])+", chain), chain
    # The body reads the side and the grid through the locals, not the links.
    assert not re.search(r"parent(\[\d+\]){3,}", text), text
    assert sum(text.count(f"{name}[") for name in hoisted) >= 3


def test_frame_chains_a_frame_read_once_is_not_hoisted():
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define (g x) (let* ((p 1) (q (lambda () p)) (r x)) (lambda () (list r (q) p))))")
        assert s.show("((g 8))") == "(8 1 1)"
    (text,) = [t for t in sources if "def fast(parent)" in t and "run(" in t]
    # p, two frames out, is read once: where it is used.
    assert "pf" not in text and re.search(r"= parent\[1\]\[1\]\[0\]", text), text
