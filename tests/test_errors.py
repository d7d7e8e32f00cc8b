"""Every user-facing error message, exact text: headline and backtrace."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT, Session


def error_text(program: str, filename: str = "t.scm", **kwargs) -> str:
    from schemehost import SchemehostError, format_error

    s = Session(**kwargs)
    with pytest.raises(SchemehostError) as info:
        s.interp.eval_string(program, filename)
    return format_error(info.value)


ERRORS = [
    ("(car 5)", "t.scm:1:1: car: argument 1 must be a pair: 5\n  called from t.scm:1:1: (car 5)"),
    ("(undefined-thing 1)", "t.scm:1:1: unbound variable: undefined-thing\n  called from t.scm:1:1: (undefined-thing 1)"),
    ("(list undefined-thing)", "t.scm:1:1: unbound variable: undefined-thing"),
    ("(define (f x) x)\n(f 1 2)", "t.scm:2:1: f: expects 1 argument, given 2\n  called from t.scm:2:1: (f 1 2)"),
    ("((lambda (a b . c) a) 1)", "t.scm:1:1: anonymous procedure: expects at least 2 arguments, given 1\n  called from t.scm:1:1: ((lambda (a b . c) a) 1)"),
    ("(5 3)", "t.scm:1:1: attempt to call a non-procedure: 5\n  called from t.scm:1:1: (5 3)"),
    ("(error \"Something bad:\" 42 'foo)", "t.scm:1:1: Something bad: 42 foo\n  called from t.scm:1:1: (error \"Something bad:\" 42 'foo)"),
    ("(error \"no irritants\")", "t.scm:1:1: no irritants\n  called from t.scm:1:1: (error \"no irritants\")"),
    ("(raise 'boom)", "t.scm:1:1: uncaught exception: boom\n  called from t.scm:1:1: (raise 'boom)"),
    ("(/ 1 0)", "t.scm:1:1: /: division by zero: 1\n  called from t.scm:1:1: (/ 1 0)"),
    ("(vector-ref (vector 1 2) 2)", "t.scm:1:1: vector-ref: index out of range: 2\n  called from t.scm:1:1: (vector-ref (vector 1 2) 2)"),
    ("(string-ref \"abc\" 10)", "t.scm:1:1: string-ref: index out of range: 10\n  called from t.scm:1:1: (string-ref \"abc\" 10)"),
    ("(+ 1 \"2\")", "t.scm:1:1: +: argument 2 must be a number: \"2\"\n  called from t.scm:1:1: (+ 1 \"2\")"),
    ("(length '(1 2 . 3))", "t.scm:1:1: length: argument 1 must be a list: (1 2 . 3)\n  called from t.scm:1:1: (length '(1 2 . 3))"),
    ("(if)", "t.scm:1:1: if: bad syntax: (if)"),
    ("(let ((x)) x)", "t.scm:1:1: let: bad binding: (x)"),
    ("(lambda (x x) x)", "t.scm:1:1: lambda: duplicate parameter: x"),
    ("(define)", "t.scm:1:1: define: bad syntax: (define)"),
    ("(let loop)", "t.scm:1:1: let: bad syntax: (let loop)"),
    ("(do ((i)))", "t.scm:1:1: do: bad syntax: (do ((i)))"),
    ("(do ((1 2)) (#t))", "t.scm:1:1: do: bad variable clause: (1 2)"),
    ("(define (f) (do ((i 0 (+ i 1))) 5))", "t.scm:1:13: do: bad exit clause: 5"),
    ("(define (f) (g))\n(define (g) (h))\n(define (h) (car '()))\n(f)",
     "t.scm:3:13: car: argument 1 must be a pair: ()\n"
     "  called from t.scm:3:13: (car '())\n  called from t.scm:4:1: (f)"),
    ("(letrec ((a b) (b 1)) a)", "t.scm:1:1: variable used before its definition: b"),
    ("(define-syntax m (syntax-rules () ((_ a) a)))\n(m)", "t.scm:2:1: m: no syntax rule matches: (m)"),
    ("(import (no such library))", "t.scm:1:1: import: unknown library: (no such library)"),
    ("(require 'teleport)", "t.scm:1:1: require: unknown feature: teleport\n  called from t.scm:1:1: (require 'teleport)"),
    ("(define k #f)\n(+ 1 (call/cc (lambda (c) (set! k c) 1)))\n(k 2)",
     "t.scm:3:1: continuation called after it was used: schemehost continuations are one-shot (a call/cc that has returned cannot return again)\n"
     "  called from t.scm:3:1: (k 2)"),
    # cond is checked once (analysis.parse_cond) for both back ends: at top
    # level and inside a procedure the messages are the same.
    ("(define (f x) (cond (else 1) (x 2)))",
     "t.scm:1:21: cond: else must be the last clause and have a body: (else 1)"),
    ("(define (f x) (cond (x => car cdr)))", "t.scm:1:21: cond: bad => clause: (x => car cdr)"),
    ("(cond (1 => car cdr))", "t.scm:1:7: cond: bad => clause: (1 => car cdr)"),
    ("(define (f x) (cond ()))", "t.scm:1:15: cond: bad clause: ()"),
    # Datum labels make circular data; code may be circular only inside a quote.
    ("(define (f) (m . #0=(1 . #0#)))",
     "t.scm:1:21: circular code (a datum label outside a quoted literal): #0=(1 . #0#)"),
    ("#0=(list #0#)", "t.scm:1:4: circular code (a datum label outside a quoted literal): #0=(list #0#)"),
    ("(define-syntax m (syntax-rules () ((_) '#0=(a . #0#))))",
     "t.scm:1:1: syntax-rules: a rule may not contain a cycle (datum label)"),
    ("`#0=(a ,(+ 1 2) . #0#)", "t.scm:1:1: quasiquote: a template with unquote may not contain a cycle (datum label)"),
    ("(assert (= 1 2))", "t.scm:1:1: assertion failed: (= 1 2)\n  called from t.scm:1:1: (error \"assertion failed\" (quote (= 1 2)))"),
]


@pytest.mark.parametrize("program, expected", ERRORS)
def test_error_messages_have_exact_text_with_position(program, expected):
    assert error_text(program) == expected


READ_ERRORS = [
    ("(define (f x)\n  (car x)\n", "t.scm:1:1: unclosed '(' (opened here, never closed)"),
    ("(car 1))", "t.scm:1:8: unexpected ')' (nothing to close)"),
    ("\"abc", "t.scm:1:1: unterminated string (opened here, never closed)"),
]


@pytest.mark.parametrize("program, expected", READ_ERRORS)
def test_error_read_errors_name_file_line_and_column(program, expected):
    assert error_text(program) == expected


def test_error_step_limit_is_reported_as_a_limit():
    assert error_text("(let loop () (loop))", step_limit=1000).startswith(
        "t.scm:1:1: step limit of 1000 procedure calls exceeded"
    )


def test_error_scheme_error_reaches_cli_as_message_not_traceback(tmp_path):
    prog = tmp_path / "bad.scm"
    prog.write_text("(display \"partial\")\n(define (f x)\n  (vector-ref x 1))\n(f (vector))\n")
    r = subprocess.run([sys.executable, "-m", "schemehost", "run", str(prog)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 1
    assert r.stdout == "partial\n"
    assert r.stderr == (
        f"{prog}:3:3: vector-ref: index out of range: 1\n"
        f"  called from {prog}:3:3: (vector-ref x 1)\n"
        f"  called from {prog}:4:1: (f (vector))\n"
    )
    assert "Traceback" not in r.stderr


def test_error_cli_missing_file_is_a_usage_error():
    r = subprocess.run([sys.executable, "-m", "schemehost", "run", "no-such-file.scm"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 2
    assert r.stderr == "schemehost: no such file: no-such-file.scm\n"


def test_error_exit_status_is_the_programs_and_never_ends_the_host():
    from schemehost import SchemeExit

    s = Session()
    with pytest.raises(SchemeExit) as info:
        s.eval("(exit 3)")
    assert info.value.status == 3
    assert s.show("(+ 1 1)") == "2"
