"""Ports: every port procedure on every kind of port, open and closed.

Issue 17 found `(flush-output-port (open-output-bytevector))` ending in a
Python AttributeError; issue 18 found `input-port-open?` raising on an output
port, `open-binary-output-file` giving a textual port, the file of
`with-output-to-file` left open and `load` ignoring its environment.  Each
is a class: the tests below run the whole product of procedures and port
kinds rather than the one expression that was reported.
"""

from __future__ import annotations

import io
import os

import pytest

from schemehost import Interpreter, SchemehostError
from schemehost.primitives import io as io_primitives
from schemehost.printer import write_string

# Each kind of port, made by a Scheme expression; IN and OUT stand for file paths.
PORT_KINDS = {
    "string input": '(open-input-string "ab\\ncd")',
    "string output": "(open-output-string)",
    "bytevector input": "(open-input-bytevector (bytevector 1 2 3))",
    "bytevector output": "(open-output-bytevector)",
    "file input": "(open-input-file IN)",
    "non-UTF-8 file input": "(open-input-file BAD)",
    "file output": "(open-output-file OUT)",
    "binary file input": "(open-binary-input-file IN)",
    "binary file output": "(open-binary-output-file OUT)",
    "console input": "(current-input-port)",
    "console output": "(current-output-port)",
    "console error": "(current-error-port)",
}

# How each port procedure is called with a port P (IN is a readable file).
# Every procedure the I/O module defines must have a row: see
# test_port_procedure_table_covers_every_io_procedure.
CALLS = {
    "read": ["P"],
    "read-char": ["P"],
    "peek-char": ["P"],
    "read-line": ["P"],
    "read-string": ["2 P", "-1 P", "'x P"],
    "char-ready?": ["P"],
    "write": ["'(a \"b\" #\\c) P"],
    "write-shared": ["'(a \"b\") P"],
    "write-simple": ["'(a \"b\") P"],
    "display": ["'(a \"b\") P"],
    "newline": ["P"],
    "write-char": ["#\\x P"],
    "write-string": ['"abc" P', '"abc" P 1 2', '"abc" P 2 1', '"abc" P "a"', '"abc" P 0 9'],
    "flush-output-port": ["P"],
    "force-output": ["P"],
    "open-input-string": ["P"],
    "open-output-string": ["", "P"],
    "get-output-string": ["P"],
    "open-input-bytevector": ["P"],
    "open-output-bytevector": ["", "P"],
    "get-output-bytevector": ["P"],
    "read-u8": ["P"],
    "peek-u8": ["P"],
    "u8-ready?": ["P"],
    "read-bytevector": ["2 P", "-1 P"],
    "read-bytevector!": ["(make-bytevector 3 0) P", "(make-bytevector 3 0) P 1 2", "(make-bytevector 3 0) P 2 1"],
    "write-u8": ["65 P"],
    "write-bytevector": ["(bytevector 1 2) P", "(bytevector 1 2 3) P 1 2", "(bytevector 1) P 5 1", "(bytevector) P 'a"],
    "close-port": ["P"],
    "close-input-port": ["P"],
    "close-output-port": ["P"],
    "port?": ["P"],
    "input-port?": ["P"],
    "output-port?": ["P"],
    "textual-port?": ["P"],
    "binary-port?": ["P"],
    "input-port-open?": ["P"],
    "output-port-open?": ["P"],
    "call-with-port": ["P port?", "P (lambda (p) (read-char p))", "P (lambda (p) (write-u8 1 p))"],
    "call-with-output-string": ["P"],
    "with-output-to-string": ["P"],
    "with-input-from-string": ["P (lambda () 1)"],
    "open-input-file": ["P"],
    "open-binary-input-file": ["P"],
    "open-output-file": ["P"],
    "open-binary-output-file": ["P"],
    "call-with-input-file": ["P read", "IN P"],
    "call-with-output-file": ["P write", "OUT P"],
    "with-input-from-file": ["P read", "IN P"],
    "with-output-to-file": ["P newline", "OUT P"],
    "file-exists?": ["P"],
    "delete-file": ["P"],
    "load": ["P", "IN P", "BAD"],
    "current-input-port": ["P"],
    "current-output-port": ["P"],
    "current-error-port": ["P"],
}


def io_procedure_names() -> list[str]:
    """Return every name the I/O module defines, read from the module itself."""
    names: list[str] = []
    io_primitives._io(Interpreter(stdin=""), lambda name, *args, **kwargs: names.append(name))
    return names


def test_port_procedure_table_covers_every_io_procedure():
    assert sorted(io_procedure_names()) == sorted(CALLS)


def fresh(tmp_path) -> Interpreter:
    (tmp_path / "in.scm").write_text('"text" 42\n(a b)\n', encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"ab\xff\xfecd\n")
    return Interpreter(stdin=io.StringIO("ab\ncd\n"), stdout=io.StringIO(), stderr=io.StringIO())


def paths(tmp_path, text: str) -> str:
    return (text.replace("IN", f'"{tmp_path / "in.scm"}"').replace("OUT", f'"{tmp_path / "out.txt"}"')
            .replace("BAD", f'"{tmp_path / "bad.txt"}"'))


@pytest.mark.parametrize("state", ["open", "closed"])
@pytest.mark.parametrize("kind", list(PORT_KINDS))
def test_port_procedure_on_every_port_kind_gives_value_or_scheme_error(tmp_path, kind, state):
    """Story (issue 17): flush-output-port of a bytevector port was an AttributeError.

    Every port procedure, called on every kind of port, open and closed,
    gives a value or a Scheme error, never a Python exception.  A console
    port belongs to its interpreter, so each call on one gets a fresh
    interpreter; the other kinds make a fresh port per call.
    """
    make = paths(tmp_path, PORT_KINDS[kind])
    if state == "closed":
        make = f"(let ((p {make})) (close-port p) p)"
    console = kind.startswith("console")
    interp = fresh(tmp_path)
    interp.eval_string(f"(define (make-port) {make})")
    failures = []
    calls = 0
    for name, templates in CALLS.items():
        for template in templates:
            if console:
                interp = fresh(tmp_path)
                interp.eval_string(f"(define (make-port) {make})")
            expr = "(" + " ".join(filter(None, [name, paths(tmp_path, template).replace("P", "(make-port)")])) + ")"
            calls += 1
            try:
                interp.eval_string(expr)
            except SchemehostError:
                pass
            except Exception as exc:  # the defect under test
                failures.append(f"{expr}: {type(exc).__name__}: {exc}")
    assert calls >= len(CALLS)
    assert failures == []


def predicates(interp: Interpreter, make: str) -> str:
    return write_string(interp.eval_string(
        f"(let ((p {make})) (map (lambda (f) (f p)) (list port? input-port? output-port? textual-port?"
        " binary-port? input-port-open? output-port-open?)))"
    ))


# port? input-port? output-port? textual-port? binary-port? input-port-open? output-port-open?
PREDICATE_TABLE = [
    ("string input", "(#t #t #f #t #f #t #f)"),
    ("string output", "(#t #f #t #t #f #f #t)"),
    ("bytevector input", "(#t #t #f #f #t #t #f)"),
    ("bytevector output", "(#t #f #t #f #t #f #t)"),
    ("file input", "(#t #t #f #t #f #t #f)"),
    ("non-UTF-8 file input", "(#t #t #f #t #f #t #f)"),
    ("file output", "(#t #f #t #t #f #f #t)"),
    ("binary file input", "(#t #t #f #f #t #t #f)"),
    ("binary file output", "(#t #f #t #f #t #f #t)"),
    ("console input", "(#t #t #f #t #f #t #f)"),
    ("console output", "(#t #f #t #t #f #f #t)"),
    ("console error", "(#t #f #t #t #f #f #t)"),
]


@pytest.mark.parametrize("kind, expected", PREDICATE_TABLE)
def test_port_predicates_on_open_port_answer_per_kind(tmp_path, kind, expected):
    """Story (issue 18): input-port-open? of an output port raised; R7RS says #f.

    Also open-binary-output-file gave a textual port (binary-port? #f).
    """
    interp = fresh(tmp_path)
    assert predicates(interp, paths(tmp_path, PORT_KINDS[kind])) == expected


@pytest.mark.parametrize("kind, expected", PREDICATE_TABLE)
def test_port_predicates_on_closed_port_say_closed_and_keep_kind(tmp_path, kind, expected):
    interp = fresh(tmp_path)
    make = f"(let ((p {paths(tmp_path, PORT_KINDS[kind])})) (close-port p) p)"
    assert predicates(interp, make) == expected[:-6] + "#f #f)"


def test_port_open_predicates_of_non_port_are_scheme_errors(tmp_path):
    interp = fresh(tmp_path)
    for name in ("input-port-open?", "output-port-open?"):
        with pytest.raises(SchemehostError) as info:
            interp.eval_string(f"({name} 5)")
        assert str(info.value.describe()) == f"{name}: argument 1 must be a port: 5"


def test_flush_output_port_on_bytevector_port_returns(tmp_path):
    """Story (issue 17): `(flush-output-port (open-output-bytevector))` was an AttributeError."""
    interp = fresh(tmp_path)
    assert write_string(interp.eval_string(
        "(let ((p (open-output-bytevector))) (write-u8 7 p) (flush-output-port p) (force-output p)"
        " (get-output-bytevector p))"
    )) == "#u8(7)"


def test_binary_output_file_writes_bytes_read_back_by_binary_input_file(tmp_path):
    """Story (issue 18): open-binary-output-file gave a textual port; write-u8 failed."""
    path = tmp_path / "data.bin"
    interp = fresh(tmp_path)
    result = interp.eval_string(
        f'(define p (open-binary-output-file "{path}"))'
        "(write-u8 0 p) (write-u8 255 p) (write-bytevector (bytevector 10 13 200) p 1) (close-port p)"
        f'(call-with-port (open-binary-input-file "{path}")'
        "  (lambda (q) (list (binary-port? q) (read-u8 q) (read-bytevector 10 q) (eof-object? (read-u8 q)))))"
    )
    assert path.read_bytes() == bytes([0, 255, 13, 200])
    assert write_string(result) == "(#t 0 #u8(255 13 200) #t)"


def test_get_output_bytevector_of_binary_file_port_is_scheme_error(tmp_path):
    interp = fresh(tmp_path)
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(f'(get-output-bytevector (open-binary-output-file "{tmp_path / "b.bin"}"))')
    assert info.value.describe().startswith("get-output-bytevector: argument 1 must be a bytevector output port")


def test_close_input_port_of_output_port_is_scheme_error(tmp_path):
    interp = fresh(tmp_path)
    with pytest.raises(SchemehostError) as info:
        interp.eval_string("(close-input-port (open-output-string))")
    assert info.value.describe() == "close-input-port: argument 1 must be an input port: #<output-port <string>>"


FILE_PROCEDURES = [
    # (program that saves the port it was given in `saved`, then does END; the port's direction)
    ('(with-output-to-file OUT (lambda () (set! saved (current-output-port)) (display "hi") END))', "output"),
    ('(call-with-output-file OUT (lambda (p) (set! saved p) (display "hi" p) END))', "output"),
    ('(call-with-port (open-output-file OUT) (lambda (p) (set! saved p) (display "hi" p) END))', "output"),
    ("(with-input-from-file IN (lambda () (set! saved (current-input-port)) END (read)))", "input"),
    ("(call-with-input-file IN (lambda (p) (set! saved p) END (read p)))", "input"),
    ("(call-with-port (open-input-file IN) (lambda (p) (set! saved p) END (read p)))", "input"),
]


@pytest.mark.parametrize("program, direction", FILE_PROCEDURES)
def test_file_port_procedure_closes_port_when_procedure_returns(tmp_path, program, direction):
    """Story (issue 18): with-output-to-file and with-input-from-file left the file open.

    R7RS 6.13.1: the port is closed when the procedure (or thunk) returns.
    """
    interp = fresh(tmp_path)
    interp.eval_string("(define saved #f)")
    value = interp.eval_string(paths(tmp_path, program).replace("END", ""))
    assert interp.eval_string(f"({direction}-port-open? saved)") is False
    assert interp.eval_string("(port? saved)") is True
    if direction == "output":
        assert (tmp_path / "out.txt").read_text() == "hi"
    else:
        assert write_string(value) == '"text"'


@pytest.mark.parametrize("program, direction", FILE_PROCEDURES)
def test_file_port_procedure_escaping_by_error_leaves_port_open_with_output_flushed(tmp_path, program, direction):
    """R7RS 6.13.1: a procedure that escapes does not close its port (a continuation
    may come back to it), as parameterize would; written output is flushed all the same."""
    interp = fresh(tmp_path)
    interp.eval_string("(define saved #f)")
    escaping = paths(tmp_path, program).replace("END", '(error "boom")')
    outcome = interp.eval_string(f"(guard (e ((error-object? e) (error-object-message e))) {escaping})")
    assert outcome.s == "boom"
    assert interp.eval_string(f"({direction}-port-open? saved)") is True
    if direction == "output":
        assert (tmp_path / "out.txt").read_text() == "hi"


def test_load_evaluates_in_given_environment(tmp_path):
    """Story (issue 18): `load` ignored its environment argument."""
    path = tmp_path / "defs.scm"
    path.write_text("(define x (list 1 2))\n(define y (car x))\n", encoding="utf-8")
    interp = fresh(tmp_path)
    result = interp.eval_string(
        "(define env (environment '(scheme base)))"
        f'(load "{path}" env)'
        "(list (eval 'x env) (eval 'y env))"
    )
    assert write_string(result) == "((1 2) 1)"
    assert not interp.is_defined("x") and not interp.is_defined("y")


def test_load_in_environment_without_define_is_scheme_error(tmp_path):
    path = tmp_path / "defs.scm"
    path.write_text("(display 1)\n", encoding="utf-8")
    interp = fresh(tmp_path)
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(f"(load \"{path}\" (environment '(only (scheme base) define)))")
    assert "display" in info.value.describe()


def test_load_without_environment_defines_in_program(tmp_path):
    path = tmp_path / "defs.scm"
    path.write_text("(define z 5)\n", encoding="utf-8")
    interp = fresh(tmp_path)
    interp.eval_string(f'(load "{path}")')
    assert interp.lookup("z") == 5


def test_load_with_non_environment_is_scheme_error(tmp_path):
    interp = fresh(tmp_path)
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(f'(load "{tmp_path / "in.scm"}" 5)')
    assert info.value.describe() == "load: argument 2 must be an environment: 5"


def test_closing_file_port_releases_its_file(tmp_path):
    """A closed file port closes its Python file (before, close-port left it to the collector)."""
    interp = fresh(tmp_path)
    before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    interp.eval_string(f"(define ports (list (open-input-file \"{tmp_path / 'in.scm'}\") "
                       f"(open-output-file \"{tmp_path / 'o.txt'}\") (open-binary-output-file \"{tmp_path / 'b'}\")))")
    interp.eval_string("(for-each close-port ports)")
    if before is None:
        pytest.skip("no /proc/self/fd to count open files")
    assert len(os.listdir("/proc/self/fd")) == before


def test_reading_non_utf8_file_is_scheme_read_error(tmp_path):
    """Reading a text file that is not UTF-8 was a Python UnicodeDecodeError (an internal error)."""
    interp = fresh(tmp_path)
    interp.eval_string(f'(define p (open-input-file "{tmp_path / "bad.txt"}"))')
    with pytest.raises(SchemehostError) as info:
        interp.eval_string("(read-line p)")
    assert info.value.describe() == f'file is not valid UTF-8 text: "{tmp_path / "bad.txt"}"'
    assert interp.eval_string("(guard (e ((read-error? e) 'read-error)) (read-char p))").name == "read-error"


@pytest.mark.parametrize("call, message", [
    ('(write-string "abcdef" (open-output-string) 4 2)', "write-string: start and end must index the string: 4 2"),
    ('(write-string "abc" (open-output-string) "a")', 'write-string: start and end must index the string: "a" 3'),
    ("(write-bytevector (bytevector 1 2) (open-output-bytevector) 5 1)",
     "write-bytevector: start and end must index the bytevector: 5 1"),
])
def test_write_with_bad_start_or_end_is_scheme_error(tmp_path, call, message):
    """A start past the end was written as nothing, a non-integer start was a Python TypeError."""
    interp = fresh(tmp_path)
    with pytest.raises(SchemehostError) as info:
        interp.eval_string(call)
    assert info.value.describe() == message
