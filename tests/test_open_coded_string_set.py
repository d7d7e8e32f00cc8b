"""string-set! written in line by generated code (inline.TERNARY, inline.EFFECTS):
a mutable string of under 16384 characters, an exact index in range and a character
rewrite the string's text where the call stands, as strings.string_set does
(which charges nothing under 16384 characters).  Anything else (a longer string, an
index out of range or inexact, a non-character, a non-string) goes to the procedure,
with its errors and its charge.

Each program runs in every mode (closures only, generated at once, tiered), with
and without a step limit, giving the same value or error, output and steps.
"""

from __future__ import annotations

import pytest

from conftest import steps_of_calls
from test_open_coded_records import generated_sources
from test_compiler_speedups import test_open_coded_primitive_gives_the_standard_procedures_value_or_error as same_as_apply
from test_tiers import assert_same_in_every_mode, run

AGAIN = "(define (again k thunk) (if (= k 1) (thunk) (begin (thunk) (again (- k 1) thunk))))\n"

CALLS = [
    ['(make-string 3 #\\a)', "1", "#\\b"], ['(make-string 3 #\\a)', "0", "#\\x3BB"],
    ['(make-string 3 #\\a)', "3", "#\\b"], ['(make-string 3 #\\a)', "-1", "#\\b"],
    ['(make-string 3 #\\a)', "1.0", "#\\b"], ['(make-string 3 #\\a)', "1", "98"],
    ['(make-string 3 #\\a)', "1", '"b"'], ["(vector 1 2 3)", "1", "#\\b"], ["'abc", "1", "#\\b"],
    ['(make-string 16383 #\\a)', "16382", "#\\b"], ['(make-string 16384 #\\a)', "16383", "#\\b"],
    ['(make-string 300 #\\a)', "299", "#\\b"], ['""', "0", "#\\b"], ['(make-string 3 #\\a)', "(expt 10 30)", "#\\b"],
]


@pytest.mark.parametrize("args", CALLS, ids=" ".join)
def test_open_coded_string_set_gives_the_standard_procedures_value_or_error(args):
    same_as_apply("string-set!", args)


PROGRAMS = {
    "a loop filling a made string, read back between the writes": """
(define (fill n)
  (let ((s (make-string n #\\-)))
    (do ((i 0 (+ i 1)) (seen '() (cons (string-ref s (quotient i 2)) seen)))
        ((= i n) (list s (list->string seen)))
      (string-set! s i (integer->char (+ 97 (modulo (* i 7) 26)))))))
(again 6 (lambda () (list (fill 10) (fill 63) (fill 64) (string-length (car (fill 200))))))
""",
    "the value of string-set! kept, and a write in tail position": """
(define (put! s k c) (string-set! s k c))
(define (both s) (let ((v (string-set! s 0 #\\x))) (put! s 1 #\\y) (list s (eq? v (if #f #f)))))
(again 5 (lambda () (both (string #\\a #\\b #\\c))))
""",
    "one string shared by two names, and a copy that must not change": """
(define (swap-ends! s)
  (let ((a (string-ref s 0)) (z (string-ref s (- (string-length s) 1))))
    (string-set! s 0 z)
    (string-set! s (- (string-length s) 1) a)
    s))
(define (go)
  (let* ((s (string-copy "hello")) (t s) (u (string-copy s)))
    (swap-ends! t)
    (list s t u (eq? s t))))
(again 5 go)
""",
    "wrong operands in a loop: the procedure's errors": """
(define (try s k c)
  (guard (e ((error-object? e) (list 'error (error-object-message e))))
    (string-set! s k c)
    s))
(again 4 (lambda () (list (try (make-string 2 #\\a) 2 #\\b) (try (make-string 2 #\\a) 1 98)
                          (try (vector 1 2) 0 #\\b) (try (make-string 2 #\\a) 1.0 #\\b)
                          (try (make-string 2 #\\a) 1 #\\b))))
""",
    "string-set! redefined while a loop writes": """
(define (fill! s n)
  (let loop ((i 0))
    (when (< i n)
      (if (= i 3) (set! string-set! (lambda (s k c) (vector-set! log 0 (+ 1 (vector-ref log 0))))))
      (string-set! s i #\\z)
      (loop (+ i 1)))))
(define log (vector 0))
(define original string-set!)
(define (go) (let ((s (make-string 6 #\\.))) (set! string-set! original) (fill! s 6) (list s (vector-ref log 0))))
(again 3 go)
""",
    "long strings charged as the procedure charges them": """
(define (stripes n)
  (let ((s (make-string n #\\a)))
    (do ((i 0 (+ i 2))) ((>= i n) (string-length s))
      (string-set! s i #\\b))))
(again 3 (lambda () (list (stripes 40) (stripes 16383) (stripes 16384) (stripes 40000))))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 400])
def test_open_coded_string_set_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(AGAIN + PROGRAMS[name], step_limit)


def test_open_coded_string_set_values():
    """What the programs give, worked out by hand (the modes agree with one another above)."""
    def fill(n):
        s = "".join(chr(97 + (i * 7) % 26) for i in range(n))
        seen = [s[i // 2] for i in range(n)]  # read after position i is written
        return s, "".join(reversed(seen))

    a10, b10 = fill(10)
    out = run(AGAIN + PROGRAMS["a loop filling a made string, read back between the writes"], "tiered", 1, None)
    assert out[0].startswith(f'(("{a10}" "{b10}") ("{fill(63)[0]}" "{fill(63)[1]}") ("{fill(64)[0]}" ')
    assert out[0].endswith(" 200)")
    out = run(AGAIN + PROGRAMS["one string shared by two names, and a copy that must not change"], True, 2, None)
    assert out[0] == '("oellh" "oellh" "hello" #t)'
    out = run(AGAIN + PROGRAMS["string-set! redefined while a loop writes"], True, 2, None)
    assert out[0] == '("zzz..." 9)'
    out = run(AGAIN + PROGRAMS["the value of string-set! kept, and a write in tail position"], True, 2, None)
    assert out[0] == '("xyc" #t)'


def test_open_coded_string_set_charges_as_the_procedure():
    """Under 16384 characters nothing beyond the call; at 16384 and over, the
    procedure's charge of a step per 16384 characters (len >> 6 elements of work),
    in generated code as in the closures."""
    for generate in (True, False):
        short, long = steps_of_calls("(define (f s) (string-set! s 0 #\\b) s) (define short (make-string 16383 #\\a))"
                                     " (define long (make-string 40000 #\\a))", ["(f short)", "(f long)"], generate)
        assert long == short + 2, generate


def test_open_coded_string_set_is_written_in_line():
    """The generated text rewrites the string under its guard: the tests above
    would pass with every call going to the procedure."""
    text, s = generated_sources("(define (f s k c) (string-set! s k c) s)")
    assert "v1_s.s = v1_s.s[:v1_k] + v1_c.ch + v1_s.s[v1_k + 1:]" in text
    assert "len(v1_s.s) < 16384" in text
    assert s.show("(f (make-string 3 #\\a) 1 #\\b)") == '"aba"'
