"""The `schemehost` command: eval, run, repl, as a user types them."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def cli(*args, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "schemehost", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_cli_eval_prints_the_value():
    r = cli("eval", "(map (lambda (x) (* x x)) '(1 2 3))")
    assert (r.returncode, r.stdout, r.stderr) == (0, "(1 4 9)\n", "")


def test_cli_eval_prints_nothing_for_unspecified_and_output_comes_first():
    r = cli("eval", '(display "hi")')
    assert (r.returncode, r.stdout) == (0, "hi")


def test_cli_eval_seed_fixes_random():
    a = cli("eval", "(list (random 1000) (random 1000))", "--seed", "9")
    b = cli("eval", "(list (random 1000) (random 1000))", "--seed", "9")
    assert a.stdout == b.stdout and a.returncode == 0


def test_cli_repl_waits_for_balanced_parens_and_survives_errors():
    session = "(define (sq x)\n  (* x x))\n(sq 12)\n(car '())\n,help\n(+ 1\n 2)\n,quit\n(display 'never)\n"
    r = cli("repl", stdin=session)
    assert r.returncode == 0
    assert r.stdout.splitlines()[0] == "144"
    assert "3" in r.stdout.splitlines()
    assert "never" not in r.stdout
    assert "<repl>:1:1: car: argument 1 must be a pair: ()" in r.stderr
    assert ",quit" in r.stdout  # the help text lists the commands


def test_cli_repl_unknown_command_says_so():
    r = cli("repl", stdin=",frobnicate\n")
    assert r.stdout == "unknown command ,frobnicate; ,help lists the commands\n"


def test_cli_without_command_prints_help_and_usage_status():
    r = cli()
    assert r.returncode == 2
    assert "run" in r.stdout and "repl" in r.stdout


def test_cli_run_passes_exit_status(tmp_path):
    prog = tmp_path / "exit.scm"
    prog.write_text("(display \"bye\")\n(newline)\n(exit 7)\n(display \"not reached\")\n")
    r = cli("run", str(prog))
    assert (r.returncode, r.stdout, r.stderr) == (7, "bye\n", "")


def test_cli_run_non_utf8_file_reports_position(tmp_path):
    prog = tmp_path / "bin.scm"
    prog.write_bytes(b"(display 1)\n(display \"\xff\")\n")
    r = cli("run", str(prog))
    assert r.returncode == 1
    assert r.stderr == f"{prog}:2:11: file is not valid UTF-8 text\n"


def test_cli_repl_resumes_a_generator_across_inputs_and_reports_a_second_return():
    session = "\n".join([
        "(define (make-generator lst) (define return #f)"
        " (define (start) (for-each (lambda (x) (call/cc (lambda (resume)"
        " (set! start (lambda () (resume #f))) (return x)))) lst) (return 'done))"
        " (lambda () (call/cc (lambda (r) (set! return r) (start)))))",
        "(define g (make-generator '(a b)))", "(g)", "(g)", "(g)",
        "(define k #f)", "(+ 1 (call/cc (lambda (c) (set! k c) 1)))", "(k 3)", "(+ 2 2)", "",
    ])
    r = cli("repl", stdin=session)
    assert r.returncode == 0
    assert r.stdout.split() == ["a", "b", "done", "2", "4"]
    assert r.stderr.splitlines()[0] == (
        "<repl>:1:1: continuation called after it was used: schemehost continuations are one-shot "
        "(a call/cc that has returned cannot return again)"
    )
