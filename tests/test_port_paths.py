"""The quick paths of session 19's ports: read-char and peek-char on an open
textual port taken straight, eof-object? written in line, a string port's
write without its sink and its column worked out when asked, and the written
texts of symbols remembered."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session, run_program
from schemehost import SchemehostError, format_error
from schemehost.errors import position_after

# A text and a script of reads: "r" read-char, "p" peek-char.
_TEXTS = st.text(alphabet="ab \n\r()λ", max_size=30)
_SCRIPTS = st.text(alphabet="rp", max_size=40)


@settings(max_examples=150, deadline=None)
@given(text=_TEXTS, script=_SCRIPTS)
def test_reads_return_the_texts_characters_and_leave_the_position_a_read_reports(text, script):
    """What each read returns, and the line and column the port is at after
    them (where `read` reports an error), are those of the text read so far:
    line endings LF, CR and CR LF as errors.position_after counts them."""
    s = Session()
    s.interp.define("text", s.interp.eval_string(_scheme_string(text)))
    s.eval("(define p (open-input-string text))")
    taken = 0
    for op in script:
        got = s.show("(read-char p)" if op == "r" else "(peek-char p)")
        if taken == len(text):
            assert got == "#<eof>"
            continue
        assert got == s.show(f"(string-ref text {taken})")
        taken += op == "r"
    port = s.interp.lookup("p")
    line, column, _ = position_after(text[:taken], 1, 1)
    assert (port.line, port.column) == (line, column)


def _scheme_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{escaped}"'


def test_a_read_error_after_reading_characters_names_the_line_and_column_reached():
    s = Session()
    s.eval('(define p (open-input-string "ab\\r\\ncd\\rx\\ny )"))')
    s.eval("(do ((i 0 (+ i 1))) ((= i 10)) (read-char p))")  # through the "y" of line 4
    with pytest.raises(SchemehostError) as info:
        s.eval("(read p)")
    assert format_error(info.value).startswith("<string>:4:3: read: unexpected ')'")


@pytest.mark.parametrize("generate", [True, False, "tiered"])
def test_reads_without_a_port_take_the_current_input_port(generate):
    program = """
    (define (drain port)
      (let loop ((c (peek-char)) (acc '()))
        (if (eof-object? c)
            (list->string (reverse acc))
            (begin (read-char) (loop (peek-char) (cons c acc))))))
    (list (drain 0) (drain 0)
          (parameterize ((current-input-port (open-input-string "xy"))) (drain 0)))
    """
    value = run_program(program, generate)[0]
    assert value == '("" "" "xy")'  # run_program's standard input is empty


@pytest.mark.parametrize("generate", [True, False, "tiered"])
@pytest.mark.parametrize("call, message", [
    ("(read-char 5)", "read-char: argument 1 must be an input port: 5"),
    ("(peek-char (open-output-string))", "peek-char: argument 1 must be an input port: #<output-port"),
    ("(let ((p (open-input-string \"a\"))) (close-port p) (read-char p))", "read-char: port is closed"),
    ("(let ((p (open-input-bytevector (bytevector 1)))) (peek-char p))",
     "peek-char: argument 1 must be a textual input port"),
])
def test_reads_of_anything_but_an_open_textual_input_port_are_the_procedures_errors(generate, call, message):
    value = run_program(f"(define (f) {call}) (f) (f) (f)", generate)[0]
    assert value.startswith("ERROR") and message in value, value


@pytest.mark.parametrize("generate", [True, False, "tiered"])
def test_eof_object_written_in_line_answers_as_the_procedure_and_follows_its_redefinition(generate):
    program = """
    (define (f x) (if (eof-object? x) 'end 'more))
    (define before (map f (list (eof-object) #\\a '() #f (read-char (open-input-string "")))))
    (set! eof-object? (lambda (x) (char? x)))
    (list before (map f (list (eof-object) #\\a)))
    """
    assert run_program(program, generate)[0] == "((end more more more end) (more end))"


def test_a_string_port_keeps_all_it_is_written_and_a_capped_one_counts_the_rest():
    s = Session()
    assert s.show('(let ((p (open-output-string))) (write-string "ab\\nc" p) (write-char #\\d p) '
                  '(write "e" p) (newline p) (get-output-string p))') == '"ab\\ncd\\"e\\"\\n"'
    from schemehost.interpreter import OutputCapture

    cap = OutputCapture(limit=5)
    for text in ("abc", "", "def\n", "g"):
        cap.write(text)
    assert (cap.text(), cap.chars_written, cap.column) == ("abcde", 8, 1)
    cap = OutputCapture(limit=3)  # (the column counts what was written, kept or not)
    for text in ("ab\nc", "defg"):
        cap.write(text)
    assert (cap.text(), cap.chars_written, cap.column) == ("ab\n", 8, 5)


@pytest.mark.parametrize("texts, column", [
    ([], 0), (["ab"], 2), (["ab", "", "c\nde", "f"], 3), (["x\n"], 0), (["a\nb\n", "cd", "e"], 3),
])
def test_a_string_ports_column_is_what_follows_the_last_line_end(texts, column):
    """Worked out when asked (cli.py asks, to end a program's last line)."""
    from schemehost.ports import StringOutputPort

    port = StringOutputPort()
    for text in texts:
        port.write(text)
    assert port.column == column
    port.getvalue()  # (the parts joined: the same answer)
    assert port.column == column


def test_symbols_written_again_are_written_alike_and_the_remembered_texts_are_bounded():
    from schemehost import printer

    s = Session()
    program = "(let ((p (open-output-string))) (for-each (lambda (x) (write x p) (write-char #\\space p)) %s) " \
              "(get-output-string p))"
    once = s.show(program % "(list 'abc (string->symbol \"a b\") (string->symbol \"\") 'abc (string->symbol \"a b\"))")
    assert once == '"abc |a b| || abc |a b| "'
    s.eval("(define (many n) (let loop ((i 0) (acc '())) (if (= i n) acc "
           "(loop (+ i 1) (cons (string->symbol (string-append \"s\" (number->string i))) acc)))))")
    text = s.eval(program % "(many 5000)").s
    assert text.split() == [f"s{i}" for i in reversed(range(5000))]
    assert len(printer._SYMBOL_TEXTS) <= 4096


@pytest.mark.parametrize("mode", [True, False, "tiered"])
@pytest.mark.parametrize("program, expected", [
    ('(display "abc") (newline) (write-char #\\x) (write-string "hello" (current-output-port) 1 3) (display 42)',
     ("#<unspecified>", "abc\nxel42")),
    ("(write-string 5)", "write-string: argument 1 must be a string: 5"),
    ('(write-string "abc" 5)', "write-string: argument 2 must be an output port: 5"),
    # the range before the port, as the procedure always checked them
    ('(write-string "abc" 5 2 1)', "write-string: start and end must index the string: 2 1"),
    ('(write-char "a")', 'write-char: argument 1 must be a character: "a"'),
    ("(write-char 5 5)", "write-char: argument 1 must be a character: 5"),
    ("(write-char #\\a 5)", "write-char: argument 2 must be an output port: 5"),
    ("(display 1 5)", "display: argument 2 must be an output port: 5"),
    ("(write 1 5)", "write: argument 2 must be an output port: 5"),
    ("(let ((p (open-output-string))) (close-port p) (write 1 p))", "write: port is closed"),
    ("(newline 5)", "newline: argument 1 must be an output port: 5"),
    ("(let ((p (open-output-string))) (close-port p) (display 1 p))", "display: port is closed"),
    ('(let ((p (open-input-string "x"))) (newline p))', "newline: argument 1 must be an output port: #<input-port"),
    ('(parameterize ((current-output-port (open-output-string))) (display "hid") (newline) 1)', ("1", "")),
])
def test_output_procedures_take_the_current_port_and_check_as_before(mode, program, expected):
    value, output, _ = run_program(program, mode)
    if isinstance(expected, tuple):
        assert (value, output) == expected
    else:
        assert value.startswith("ERROR") and expected in value.splitlines()[0], value
