"""A typed loop copy reads the length of a string or vector it never rebinds once,
before its loop (pyfunc.Emitter.twice): R7RS strings and vectors keep the length they
were made with.

Each program runs in every mode (closures only, generated at once, tiered), with and
without a step limit, giving the same value or error, output and steps; the programs
rebind the string or vector in the loop's own variables, in the function's tail
calls, by set!, change its characters inside the loop, and give other types.
"""

from __future__ import annotations

import pytest

from conftest import Session, generated_python
from test_tiers import assert_same_in_every_mode, run

AGAIN = "(define (again k thunk) (if (= k 1) (thunk) (begin (thunk) (again (- k 1) thunk))))\n"

PROGRAMS = {
    "a checksum over a parameter's characters": """
(define (checksum s acc)
  (let loop ((i 0) (acc acc))
    (if (= i (string-length s))
        acc
        (loop (+ i 1) (modulo (+ (* acc 31) (char->integer (string-ref s i))) 1000003)))))
(again 6 (lambda () (list (checksum "hello, world" 7) (checksum "" 3) (checksum (make-string 600 #\\q) 1))))
""",
    "a vector summed in a function's own loop, and a let's vector": """
(define (sum-from v i acc) (if (= i (vector-length v)) acc (sum-from v (+ i 1) (+ acc (vector-ref v i)))))
(define (pairs n)
  (let ((v (make-vector n 2)))
    (do ((i 0 (+ i 1)) (acc '() (if (< i (vector-length v)) (cons i acc) acc)))
        ((= i (+ 1 (vector-length v))) (length acc)))))
(again 6 (lambda () (list (sum-from (vector 1 2 3 4) 0 0) (sum-from (make-vector 300 1) 0 0) (pairs 9))))
""",
    "the loop's own variable is the string: another length each round": """
(define (peel s acc)
  (let loop ((s s) (acc acc))
    (if (= 0 (string-length s))
        acc
        (loop (list->string (cdr (string->list s))) (+ acc (string-length s))))))
(define (shrink s acc)
  (if (= 0 (string-length s)) acc (shrink (list->string (cdr (string->list s))) (+ acc (string-length s)))))
(again 6 (lambda () (list (peel "abcd" 0) (shrink "abcdef" 0))))
""",
    "the string assigned by set! inside the loop": """
(define (grow n)
  (let ((s "x"))
    (let loop ((i 0))
      (if (< (string-length s) n)
          (begin (set! s (list->string (cons #\\y (string->list s)))) (loop (+ i 1)))
          (list i (string-length s))))))
(again 6 (lambda () (grow 100)))
""",
    "characters changed inside the loop: the length stays": """
(define (upcase! s)
  (let loop ((i 0))
    (when (< i (string-length s))
      (string-set! s i (char-upcase (string-ref s i)))
      (loop (+ i 1))))
  s)
(define (fill-halves! v)
  (do ((i 0 (+ i 1))) ((= i (vector-length v)) v)
    (vector-fill! v i 0 (quotient (vector-length v) 2))))
(again 6 (lambda () (list (upcase! (string-copy "abc def")) (fill-halves! (vector 1 2 3 4 5)))))
""",
    "not a string: the procedure's error": """
(define (count-to s)
  (let loop ((i 0)) (if (= i (string-length s)) i (loop (+ i 1)))))
(again 6 (lambda () (count-to "abcde")))
(count-to '(1 2 3))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 200])
def test_loop_lengths_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(AGAIN + PROGRAMS[name], step_limit)


def test_loop_lengths_values():
    """What the programs give, worked out by hand (the modes agree with one another above)."""
    def checksum(s, acc):
        for ch in s:
            acc = (acc * 31 + ord(ch)) % 1000003
        return acc

    expected = {
        "a checksum over a parameter's characters": f"({checksum('hello, world', 7)} 3 {checksum('q' * 600, 1)})",
        "a vector summed in a function's own loop, and a let's vector": "(10 300 9)",
        "the loop's own variable is the string: another length each round": f"({4 + 3 + 2 + 1} {6 + 5 + 4 + 3 + 2 + 1})",
        "the string assigned by set! inside the loop": "(99 100)",
        "characters changed inside the loop: the length stays": '("ABC DEF" #(4 4 3 4 5))',
    }
    for name, value in expected.items():
        assert run(AGAIN + PROGRAMS[name], "tiered", 1, 1_000_000)[0] == value, name  # (a limit: a wrong length may never end)


def test_a_fixed_length_is_read_before_the_loop_and_a_rebound_one_each_round():
    """The text: the parameter's length held in a name set before the copy's loop; the
    loop variable's read in the loop."""
    with generated_python() as sources:
        s = Session()
        s.interp.compiler.generate = True
        s.eval(AGAIN + PROGRAMS["a checksum over a parameter's characters"])
        s.eval(PROGRAMS["the loop's own variable is the string: another length each round"])
        assert s.show("(list (checksum \"ab\" 0) (peel \"abc\" 0) (shrink \"ab\" 0))") == f"({97 * 31 + 98} 6 3)"
    checksum = next(t for t in sources if "def fast(v1_s, v1_acc" in t and "1000003" in t)
    head, loop = checksum.split("while True:", 1)
    assert "hl" in head.splitlines()[-2] and "= len(v1_s.s)" in head.splitlines()[-2]
    assert "len(v1_s.s)" not in loop.split("else:\n")[0]
    # The loop's own variable, and the parameter the function's tail call passes anew:
    # their typed copies read the length in the loop.
    peel = next(t for t in sources if "v2_s" in t)
    shrink = next(t for t in sources if "def fast(v1_s, v1_acc" in t and "1000003" not in t and "v2_s" not in t)
    for text, var in ((peel, "v2_s"), (shrink, "v1_s")):
        assert "TC" in text and "hl" not in text
        assert f"(len({var}.s))" in text.split("while True:", 1)[1].split("else:\n")[0]
