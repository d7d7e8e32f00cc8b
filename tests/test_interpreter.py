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


# -- the deep thread's frame room -------------------------------------------------------------
def _deep_loop_frame():
    """The frame of the evaluation thread's request loop, seen from another thread."""
    import sys
    import threading

    from schemehost import interpreter

    interpreter.run_deep(lambda: None)
    (thread,) = [t for t in threading.enumerate() if t.name == "schemehost-eval"]
    frame = sys._current_frames()[thread.ident]
    while frame is not None and frame.f_code.co_name != "_loop":
        frame = frame.f_back
    assert frame is not None, "no _loop frame on the evaluation thread"
    return frame


def test_deep_thread_serves_requests_from_a_frame_with_room_for_the_frames_above_it():
    """Story: tree-recursion's first run took 19% longer after a change that
    only made the Python stack a few frames deeper where it began.  strace
    showed 3,825 munmap calls against 379: CPython 3.11 frees a 16 KiB chunk
    of its frame stack each time a recursion returns below the chunk's start
    (gh-142183), so a recursion going up and down across that point maps and
    unmaps memory every time.  The evaluation thread's loop now runs in a
    frame whose value stack reserves FRAME_ROOM_BYTES, so the frames above it
    share one chunk of their own (strace: 51 munmap calls)."""
    from schemehost import interpreter

    frame = _deep_loop_frame()
    assert frame.f_code.co_stacksize >= interpreter.FRAME_ROOM_BYTES // 8
    assert frame.f_code.co_stacksize > interpreter._DeepWorker._loop.__code__.co_stacksize
    interp = fresh()
    interp.eval_string("(define (down n) (if (= n 0) 0 (+ 1 (down (- n 1)))))")
    assert interp.eval_string("(down 50000)") == 50000


def test_deep_thread_without_address_space_for_the_room_serves_from_an_ordinary_frame():
    # The grader's sandbox limits the address space; where the room cannot be
    # mapped, the loop runs in a plain frame and evaluation is unchanged.
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import resource
        from schemehost import interpreter
        interpreter.configure_deep(stack_bytes=16 << 20, recursion_limit=200_000)
        import tests.test_interpreter as t
        with open("/proc/self/status") as f:
            vm = next(int(line.split()[1]) for line in f if line.startswith("VmSize:")) * 1024
        # Enough for a 16 MiB thread stack and the recursion, not for a 32 MiB room.
        resource.setrlimit(resource.RLIMIT_AS, (vm + (56 << 20), resource.RLIM_INFINITY))
        frame = t._deep_loop_frame()
        print(frame.f_code.co_stacksize < interpreter.FRAME_ROOM_BYTES // 8)
        it = interpreter.Interpreter(stdin="", seed=0)
        it.eval_string("(define (down n) (if (= n 0) 0 (+ 1 (down (- n 1)))))")
        print(it.eval_string("(down 20000)"))
    """)
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "20000"]
