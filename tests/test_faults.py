"""benchmarks/faults.py: the slow paths generated code takes and what it leaves as closures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import faults  # noqa: E402


def test_a_slow_path_is_counted_by_primitive_and_operand_types():
    found = faults.run_source("(define (f a b) (+ a b))", "(list (f 1/2 1/3) (f 1 2) (f 1/2 1/4))")
    assert found.slow[("+", ("Fraction", "Fraction"))] == 2
    assert ("+", ("int", "int")) not in found.slow  # (written in line: no slow path)
    assert found.closures == []


def test_equal_on_pairs_takes_no_slow_path_any_more():
    """Session 21's fault: equal? on anything but symbols and characters went through apply."""
    found = faults.run_source("(define (f a b) (equal? a b))", "(list (f '(1 (2)) '(1 (2))) (f 5 5) (f \"a\" \"a\"))")
    assert found.slow_total() == 0


def test_a_lambda_whose_text_python_refuses_is_reported_with_the_error(monkeypatch):
    from schemehost import pyfunc

    original = pyfunc.Emitter.tick

    def broken_tick(self):
        self.w("if (:")  # text Python refuses, as the elif after a statement was

    monkeypatch.setattr(pyfunc.Emitter, "tick", broken_tick)
    found = faults.run_source("(define (g x) (car x)) (define (f x) (g x))", "(f '(1))")
    monkeypatch.setattr(pyfunc.Emitter, "tick", original)
    assert found.closures and any("lambda f" in c and "invalid syntax" in c for c in found.closures), found.closures
    assert "lambda g" not in " ".join(found.closures)  # (g's body has no call: no tick written)


def test_the_command_reports_each_program_and_refuses_an_unknown_one(capsys):
    assert faults.main(["--only", "query,rationals", "--size", "test"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "query: 0 slow paths"
    assert lines[1].startswith("rationals: ") and "Fraction" in lines[1]
    with pytest.raises(SystemExit):
        faults.main(["--only", "nope"])
    assert "not a program of the sets: nope" in capsys.readouterr().err


def test_a_program_whose_run_fails_is_said_so_and_the_others_still_run(capsys, monkeypatch):
    real = faults.run_benchmark

    def failing(bench, size):
        if bench.name == "query":
            faults.run_source("(define (f x) (car x))", "(f 5)")  # car of a number: the program's error
        return real(bench, size)

    monkeypatch.setattr(faults, "run_benchmark", failing)
    assert faults.main(["--only", "query,rationals", "--size", "test"]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("query: the run failed: ") and "car" in lines[0]
    assert "Traceback" not in out
    assert lines[-1].startswith("rationals: ") and "Fraction" in lines[-1]
