"""write-char, write-string, display and newline to a string port, written in line
by generated code (inline.PORT_WRITES) while the port is open-output-string's own,
open and without a limit: the text appended to the port as its write appends it.

Each program runs in every mode (closures only, generated at once, tiered), with
and without a step limit, giving the same value or error, output and steps: values
the in-line writes refuse (a long string, a big or inexact number, a symbol, a
list), a closed port, the console, a port passed in and out of a loop, the
procedures redefined while a loop writes, wrong types.
"""

from __future__ import annotations

import pytest

from conftest import Session, generated_python
from test_tiers import assert_same_in_every_mode, run

AGAIN = "(define (again k thunk) (if (= k 1) (thunk) (begin (thunk) (again (- k 1) thunk))))\n"

PROGRAMS = {
    "each write of each kind of value": """
(define (emit x out)
  (write-char #\\[ out)
  (display x out)
  (write-string "|" out)
  (if (string? x) (write-string x out))
  (write-char #\\] out)
  (newline out))
(define (all xs)
  (let ((out (open-output-string)))
    (for-each (lambda (x) (emit x out)) xs)
    (get-output-string out)))
(define long (make-string 300 #\\z))
(again 8 (lambda () (all (list 1 -42 "ab" "" 999999999999999 1000000000000000 (expt 10 40) 2.5 1/3 'sym #\\q
                              '(1 "two" #\\3) (vector 1 2) long))))
""",
    "a loop writing characters and numbers, then reading the column": """
(define (digits n)
  (let ((out (open-output-string)))
    (let loop ((k 0))
      (when (< k n)
        (display k out)
        (write-char (if (even? k) #\\, #\\;) out)
        (if (= (modulo k 7) 6) (newline out))
        (loop (+ k 1))))
    (get-output-string out)))
(again 6 (lambda () (list (digits 30) (string-length (digits 200)))))
""",
    "huge integers displayed: their digits, charged as the procedure charges them": """
(define (digits-of x) (let ((out (open-output-string))) (display x out) (string-length (get-output-string out))))
(again 5 (lambda () (list (digits-of (expt 10 5000)) (digits-of (- (expt 7 9000))) (digits-of 123))))
""",
    "a closed port: the procedures' errors": """
(define (after-close f)
  (let ((out (open-output-string)))
    (write-char #\\a out)
    (close-port out)
    (guard (e ((error-object? e) (list 'error (error-object-message e))))
      (f out))))
(again 5 (lambda () (list (after-close (lambda (p) (write-char #\\b p)))
                          (after-close (lambda (p) (write-string "b" p)))
                          (after-close (lambda (p) (display 3 p)))
                          (after-close (lambda (p) (newline p))))))
""",
    "the console and an input port": """
(define (say x) (write-char #\\<) (display x) (write-string ">") (newline))
(define (bad p) (guard (e ((error-object? e) (error-object-message e))) (write-char #\\x p)))
(again 4 (lambda () (say 12) (say "text") (bad (open-input-string "abc"))))
""",
    "wrong types: the procedures' errors": """
(define (try thunk) (guard (e ((error-object? e) (error-object-message e))) (thunk)))
(define (writes out)
  (list (try (lambda () (write-char "a" out)))
        (try (lambda () (write-string #\\a out)))
        (try (lambda () (write-char #\\a 'not-a-port)))
        (try (lambda () (display 1 42)))
        (try (lambda () (newline "port")))))
(again 5 (lambda () (writes (open-output-string))))
(write-char 'oops (open-output-string))
""",
    "write-char redefined while a loop writes": """
(define (fill out n)
  (let loop ((k 0))
    (when (< k n)
      (write-char #\\x out)
      (if (= k 5) (set! write-char (lambda (c p) (write-string "<" p) (write-string (string c) p))))
      (loop (+ k 1)))))
(define out (open-output-string))
(fill out 10)
(fill out 3)
(get-output-string out)
""",
    "display redefined from the start, and string-port writes in a deep recursion": """
(define (tree->string t out)
  (cond ((pair? t) (write-char #\\( out) (tree->string (car t) out) (write-char #\\space out)
                   (tree->string (cdr t) out) (write-char #\\) out))
        ((null? t) (write-string "()" out))
        (else (display t out))))
(define (show t) (let ((out (open-output-string))) (tree->string t out) (get-output-string out)))
(define (deep n) (if (= n 0) '() (cons n (deep (- n 1)))))
(again 4 (lambda () (show '((1 . 2) "s" (3 (4))))))
(define old-display display)
(set! display (lambda (x p) (old-display (list 'd x) p)))
(list (show '(1 "s")) (string-length (show (deep 2000))))
""",
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 300])
def test_string_port_writes_same_in_every_mode(name, step_limit):
    assert_same_in_every_mode(AGAIN + PROGRAMS[name], step_limit)


def test_string_port_writes_values():
    """What the programs give, worked out by hand (the modes agree with one another above)."""
    big = "1" + "0" * 40
    long = "z" * 300
    assert run(AGAIN + PROGRAMS["each write of each kind of value"], "tiered", 1, None)[0] == (
        '"[1|]\\n[-42|]\\n[ab|ab]\\n[|]\\n[999999999999999|]\\n[1000000000000000|]\\n'
        f'[{big}|]\\n[2.5|]\\n[1/3|]\\n[sym|]\\n[q|]\\n[(1 two 3)|]\\n[#(1 2)|]\\n[{long}|{long}]\\n"')
    text = "".join(f"{k}{',' if k % 2 == 0 else ';'}" + ("\\n" if k % 7 == 6 else "") for k in range(30))
    assert run(AGAIN + PROGRAMS["a loop writing characters and numbers, then reading the column"],
               "tiered", 1, None)[0] == f'("{text}" {sum(len(str(k)) + 1 + (k % 7 == 6) for k in range(200))})'
    out = run(AGAIN + PROGRAMS["write-char redefined while a loop writes"], "tiered", 1, None)
    assert out[0] == '"xxxxxx<x<x<x<x<x<x<x"'
    out = run(AGAIN + PROGRAMS["display redefined from the start, and string-port writes in a deep recursion"],
              True, 2, None)
    assert out[0].startswith('("((d 1) ((d s) ()))" ')


def test_string_port_writes_are_written_in_line():
    """The generated text appends to the port's parts under its guard: the test above
    would pass with no in-line write at all."""
    with generated_python() as sources:
        s = Session()
        s.interp.compiler.generate = True
        s.eval("(define (f out c n) (write-char c out) (write-string \"ab\" out) (display n out) (newline out))")
        s.eval("(define p (open-output-string))")
        s.eval("(f p #\\x 5)")
        assert s.show("(get-output-string p)") == '"xab5\\n"'
    text = "\n".join(sources)
    assert "v1_out.parts.append(v1_c.ch)" in text
    assert "v1_out.parts.append(NEWLINE)" in text
    assert text.count("type(v1_out) is STRING_PORT and v1_out.limit is None and v1_out.open") >= 4


def test_console_capture_counts_characters_with_and_without_a_limit():
    """OutputCapture (a StringOutputPort's subclass, never written in line) counts every
    character written; a port without a limit works its size out from its parts."""
    from schemehost.interpreter import Interpreter, OutputCapture

    for limit, kept in ((None, "ab\nxyz12"), (4, "ab\nx")):
        out = OutputCapture(limit)
        interp = Interpreter(stdout=out)
        interp.eval_string("(define (w) (write-string \"ab\") (newline) (write-char #\\x) (display \"yz\") (display 12))"
                           "(w)")
        assert (out.text(), out.chars_written, out.size) == (kept, 8, len(kept))
