"""The Interpreter's public API for hosts (what the Pig grader asks, issue 12):
arity of a procedure, standard names a program redefined, a bounded console
capture, and the UTF-8 decoding shared with `load_file`."""

from __future__ import annotations

import pytest

from schemehost.errors import ReadError
from schemehost.interpreter import Interpreter, OutputCapture


def fresh(**kw) -> Interpreter:
    return Interpreter(stdin="", seed=0, **kw)


@pytest.mark.parametrize("source, expected", [
    ("(lambda (a b c d e) #f)", (5, 5)),
    ("(lambda () 1)", (0, 0)),
    ("(lambda (a b . rest) a)", (2, None)),
    ("(lambda args args)", (0, None)),
    ("car", (1, 1)),
    ("+", (0, None)),
    ("vector-ref", (2, 2)),
])
def test_interpreter_arity_of_lambdas_and_builtins_is_least_and_most(source, expected):
    interp = fresh()
    assert interp.arity(interp.eval_string(source)) == expected


@pytest.mark.parametrize("source", [
    "(call-with-current-continuation (lambda (k) k))",
    "(make-parameter 1)",
    "(case-lambda ((a) a) ((a b) b))",
])
def test_interpreter_arity_of_procedures_that_check_when_called_is_none(source):
    interp = fresh()
    proc = interp.eval_string(source)
    assert interp.is_procedure(proc)
    assert interp.arity(proc) is None


@pytest.mark.parametrize("source, expected", [
    ("car", True), ("(lambda (x) x)", True), ("5", False), ("'car", False), ("(list car)", False),
])
def test_interpreter_is_procedure_agrees_with_procedure_p(source, expected):
    interp = fresh()
    assert interp.is_procedure(interp.eval_string(source)) is expected
    assert interp.eval_string(f"(procedure? {source})") is expected


def test_interpreter_redefined_standard_names_lists_the_rebound_ones_sorted():
    interp = fresh()
    assert interp.redefined_standard_names() == []
    interp.eval_string("(define (my-square x) (* x x)) (define car cdr) (set! + -) (define abs abs)")
    # my-square is new, not standard; abs rebound to itself is unchanged.
    assert interp.redefined_standard_names() == ["+", "car"]


def test_interpreter_redefined_standard_names_are_this_interpreters_only():
    changed = fresh()
    changed.eval_string("(define list vector)")
    assert fresh().redefined_standard_names() == []
    assert changed.redefined_standard_names() == ["list"]


def test_output_capture_keeps_limit_characters_and_counts_them_all():
    out = OutputCapture(limit=5)
    interp = fresh(stdout=out, stderr=out)
    interp.eval_string('(display "hello world") (write-string "!!" (current-error-port))')
    assert out.text() == "hello"
    assert out.chars_written == 13


def test_output_capture_is_the_programs_console_port():
    out = OutputCapture(limit=100)
    interp = fresh(stdout=out)
    assert interp.eval_string("(eq? (current-output-port) (current-output-port))") is True
    interp.eval_string('(write-char #\\x) (newline)')
    assert (out.text(), out.chars_written) == ("x\n", 2)
    assert str(interp.eval_string("(get-output-string (current-output-port))")) == "x\n"


def test_output_capture_without_limit_keeps_everything():
    out = OutputCapture()
    fresh(stdout=out).eval_string('(display (make-string 20000 #\\a))')
    assert out.text() == "a" * 20000 and out.chars_written == 20000


def test_decode_source_of_utf8_is_the_text():
    assert Interpreter.decode_source("(display \"é\")\n".encode(), "p.scm") == "(display \"é\")\n"


def test_decode_source_of_bad_bytes_names_their_line_and_column():
    raw = b"(define x 1)\n(display \"a\xff\")\n"
    with pytest.raises(ReadError) as info:
        Interpreter.decode_source(raw, "p.scm")
    assert info.value.headline() == "p.scm:2:12: file is not valid UTF-8 text"


def test_load_file_reports_bad_bytes_as_decode_source_does(tmp_path):
    """load_file and decode_source share one decoder: the same headline."""
    raw = b"\xfe(display 1)\n"
    path = tmp_path / "bad.scm"
    path.write_bytes(raw)
    with pytest.raises(ReadError) as from_file:
        fresh().run_file(str(path))
    with pytest.raises(ReadError) as from_bytes:
        Interpreter.decode_source(raw, str(path))
    assert from_file.value.headline() == from_bytes.value.headline() == f"{path}:1:1: file is not valid UTF-8 text"
