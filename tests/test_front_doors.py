"""Every front door survives an internal error: `schemehost repl`, `run`, `eval`.

Story (issue 17): in `schemehost repl` an internal error (a Python exception
that is a bug in schemehost, such as the AttributeError of
`(flush-output-port (open-output-bytevector))`) ended the REPL with status
70: every definition of the session was lost and the rest of the piped input
was never read.  Now the REPL reports the bug, with the hint to set
SCHEMEHOST_DEBUG, and goes on with its state; `run` and `eval` report it
the same way and exit with status 70; a Python traceback is shown only
when SCHEMEHOST_DEBUG is set.

The internal error is injected: a primitive `boom!` that raises a Python
KeyError, registered before the interpreter is made, through the real CLI
in a subprocess with piped standard input, and in-process.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from schemehost import cli
from schemehost.primitives import registry

BUG = (
    "schemehost: internal error (a bug in schemehost, not in your program): KeyError: 'injected'\n"
    "set SCHEMEHOST_DEBUG=1 to see the Python traceback\n"
)


class Unprintable:
    """A value whose printing is a bug: the printer's call to scheme_repr raises."""

    def scheme_repr(self) -> str:
        raise ValueError("cannot print")


def boom():
    raise KeyError("injected")


def unprintable():
    return Unprintable()


INJECTED = [("boom!", boom, 0, 0, False), ("unprintable", unprintable, 0, 0, False)]

# The real CLI with the injected primitives: what `python -m schemehost` runs, plus two rows.
LAUNCHER = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
sys.path.insert(0, {str(ROOT / "tests")!r})
from schemehost.primitives import registry
from test_front_doors import INJECTED
registry.PRIMITIVES.extend(INJECTED)
from schemehost.cli import main
sys.exit(main(sys.argv[1:]))
"""


def cli_with_bug(*args, stdin: str = "", debug: bool = False) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SCHEMEHOST_DEBUG"}
    if debug:
        env["SCHEMEHOST_DEBUG"] = "1"
    return subprocess.run([sys.executable, "-c", LAUNCHER, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env=env)


@pytest.fixture
def injected(monkeypatch):
    """Register the injected primitives for interpreters made in this process."""
    monkeypatch.delenv("SCHEMEHOST_DEBUG", raising=False)
    registry.PRIMITIVES.extend(INJECTED)
    yield
    for row in INJECTED:
        registry.PRIMITIVES.remove(row)


def repl_in_process(monkeypatch, capsys, session: str):
    monkeypatch.setattr(sys, "stdin", io.StringIO(session))
    status = cli.main(["repl"])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_repl_internal_error_reports_bug_and_keeps_definitions_and_input():
    session = "(define x 41)\n(boom!)\n(+ x 1)\n(define (f) (boom!))\n(list (f))\n(* x 2)\n"
    r = cli_with_bug("repl", stdin=session)
    assert (r.returncode, r.stdout, r.stderr) == (0, "42\n82\n", BUG + BUG)


def test_cli_eval_internal_error_reports_bug_with_status_70_and_no_traceback():
    r = cli_with_bug("eval", '(display "before") (boom!) (display "after")')
    assert (r.returncode, r.stdout, r.stderr) == (70, "before", BUG)


def test_cli_run_internal_error_reports_bug_with_status_70_and_no_traceback(tmp_path):
    prog = tmp_path / "bug.scm"
    prog.write_text('(display "before")\n(newline)\n(boom!)\n(display "after")\n')
    r = cli_with_bug("run", str(prog))
    assert (r.returncode, r.stdout, r.stderr) == (70, "before\n", BUG)


def test_cli_run_internal_error_after_partial_line_ends_the_line_first(tmp_path):
    prog = tmp_path / "bug.scm"
    prog.write_text('(display "half a line")\n(boom!)\n')
    r = cli_with_bug("run", str(prog))
    assert (r.returncode, r.stdout, r.stderr) == (70, "half a line\n", BUG)


def test_cli_eval_internal_error_with_debug_shows_traceback_and_status_70():
    r = cli_with_bug("eval", "(boom!)", debug=True)
    assert r.returncode == 70
    assert r.stderr.startswith("Traceback (most recent call last):\n")
    assert r.stderr.endswith(
        "KeyError: 'injected'\n"
        "schemehost: internal error (a bug in schemehost, not in your program): KeyError: 'injected'\n"
    )
    assert "SCHEMEHOST_DEBUG" not in r.stderr


def test_repl_in_process_internal_error_in_evaluation_goes_on(injected, monkeypatch, capsys):
    status, out, err = repl_in_process(monkeypatch, capsys, "(define n 1)\n(boom!)\n(set! n (+ n 1))\nn\n")
    assert (status, out, err) == (0, "2\n", BUG)


def test_repl_in_process_internal_error_in_printing_goes_on(injected, monkeypatch, capsys):
    status, out, err = repl_in_process(monkeypatch, capsys, "(define n 5)\n(unprintable)\nn\n")
    assert status == 0
    assert out == "5\n"
    assert err == (
        "schemehost: internal error (a bug in schemehost, not in your program): ValueError: cannot print\n"
        "set SCHEMEHOST_DEBUG=1 to see the Python traceback\n"
    )


def test_repl_in_process_internal_error_inside_parameterize_restores_output_port(injected, monkeypatch, capsys):
    session = "(define p (open-output-string))\n(parameterize ((current-output-port p)) (display 1) (boom!))\n" \
              "(display \"to stdout\")\n(get-output-string p)\n"
    status, out, err = repl_in_process(monkeypatch, capsys, session)
    assert (status, out, err) == (0, 'to stdout"1"\n', BUG)


def test_repl_in_process_internal_error_inside_dynamic_wind_runs_no_stale_after(injected, monkeypatch, capsys):
    session = "(dynamic-wind (lambda () #f) (lambda () (boom!)) (lambda () #f))\n(+ 1 2)\n"
    status, out, err = repl_in_process(monkeypatch, capsys, session)
    assert (status, out, err) == (0, "3\n", BUG)


def test_repl_error_in_one_form_of_a_line_goes_on_with_the_next_form(monkeypatch, capsys):
    """A line holding several forms: an error in one no longer drops those after it."""
    status, out, err = repl_in_process(monkeypatch, capsys, "(define a 1) (car a) (boom!) (+ a 1)\n")
    assert status == 0
    assert out == "2\n"
    assert err == (
        "<repl>:1:14: car: argument 1 must be a pair: 1\n"
        "  called from <repl>:1:14: (car a)\n"
        "<repl>:1:22: unbound variable: boom!\n"
        "  called from <repl>:1:22: (boom!)\n"
    )


LIBRARY_WITH_SYNTAX_ERROR = """\
(define-library (demo lib)
  (export f g)
  (import (scheme base))
  (begin
    (define (f) 1)
    (define (g) (if))))
"""


def test_repl_syntax_error_in_library_body_reports_position_and_goes_on(monkeypatch, capsys):
    """Issue 18: a library body with a syntax error reports file, line and column;
    the REPL goes on with the next form."""
    status, out, err = repl_in_process(monkeypatch, capsys, LIBRARY_WITH_SYNTAX_ERROR + "(+ 40 2)\n(let ((x)) x)\n'next\n")
    assert status == 0
    assert out == "42\nnext\n"
    assert err == "<repl>:6:17: if: bad syntax: (if)\n<repl>:1:1: let: bad binding: (x)\n"


def test_cli_run_syntax_error_in_library_body_reports_file_line_column(tmp_path):
    prog = tmp_path / "lib.scm"
    prog.write_text(LIBRARY_WITH_SYNTAX_ERROR + '(display "not reached")\n')
    r = cli_with_bug("run", str(prog))
    assert (r.returncode, r.stdout, r.stderr) == (1, "", f"{prog}:6:17: if: bad syntax: (if)\n")


def test_repl_load_command_internal_error_reports_bug_and_goes_on(injected, monkeypatch, capsys, tmp_path):
    prog = tmp_path / "bug.scm"
    prog.write_text("(define loaded 'yes)\n(boom!)\n(define never 1)\n")
    status, out, err = repl_in_process(monkeypatch, capsys, f",load {prog}\nloaded\n(+ 1 1)\n")
    assert (status, out, err) == (0, "yes\n2\n", BUG)


def _interrupt_after_output(cmd: list[str], stdin_text: str | None, marker: str):
    """Start the CLI, send SIGINT once `marker` has been printed, return the process and its stdout so far."""
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "schemehost", *cmd], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    if stdin_text is not None:
        proc.stdin.write(stdin_text)
        proc.stdin.flush()
    seen = ""
    deadline = time.monotonic() + 60
    while marker not in seen and time.monotonic() < deadline:
        seen += proc.stdout.readline()
    assert marker in seen, f"the program never printed {marker!r}"
    time.sleep(0.3)  # well inside the endless loop
    proc.send_signal(signal.SIGINT)
    return proc, seen


def test_cli_repl_ctrl_c_stops_a_runaway_loop_and_keeps_definitions():
    """Ctrl-C in the REPL stopped waiting but left the loop running on the evaluation thread,
    so every later entry queued behind it for ever.  Now it stops the computation itself."""
    proc, seen = _interrupt_after_output(
        ["repl"], '(define x 42)\n(display "looping")(newline)\n(let loop ((i 0)) (loop (+ i 1)))\n', "looping")
    out, err = proc.communicate("(+ x 1)\n,quit\n", timeout=60)
    assert proc.returncode == 0
    assert seen + out == "looping\n43\n"
    assert err == "<repl>:1:1: interrupted\n"  # positions count from the start of each entry


def test_cli_run_ctrl_c_reports_where_the_program_was_and_exits_130(tmp_path):
    program = tmp_path / "spin.scm"
    program.write_text('(define (spin n) (spin (+ n 1)))\n(display "started")\n(newline)\n(spin 0)\n')
    proc, seen = _interrupt_after_output(["run", str(program)], None, "started")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == f"{program}:4:1: interrupted\n  called from {program}:4:1: (spin 0)\n"
