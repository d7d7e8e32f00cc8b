"""benchmarks/floor.py's hand-written floors compute what the programs compute, and tick.

A floor is the twin's algorithm over schemehost's data with the checks the
guarantees need (benchmarks/floor.py); it is only a fair lower bound if it
does the program's work: the same answer as the Python twin at two sizes,
and the step budget ticked as it goes (a limited Budget stops it).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import floor, suite  # noqa: E402
from schemehost import run_deep  # noqa: E402
from schemehost.errors import StepLimitExceeded  # noqa: E402
from schemehost.runtime import Budget  # noqa: E402


@pytest.mark.parametrize("size", ["test", "quick"])
@pytest.mark.parametrize("name", floor.PROGRAMS)
def test_floor_gives_the_twins_answer(name, size):
    bench = suite.BY_NAME[name]
    twin = importlib.import_module(f"benchmarks.python.{bench.python_module}").run
    args = bench.args(size)
    assert run_deep(floor.floor_run(name), *args) == twin(*args)


@pytest.mark.parametrize("name", floor.PROGRAMS)
def test_floor_ticks_the_budget(name):
    args = suite.BY_NAME[name].args("test")
    budget = Budget(None)
    run_deep(floor.FLOORS[name](budget), *args)
    used = budget.used()
    assert used > 10
    limited = Budget(used // 2)
    with pytest.raises(StepLimitExceeded):
        run_deep(floor.FLOORS[name](limited), *args)


def test_floor_measure_reports_the_three_sides_and_their_agreement():
    row = floor.measure("tak", "test", 1)
    assert row["same_answer"] is True
    assert set(row["seconds"]) == {"python", "floor", "schemehost"}
    assert row["floor_over_python"] > 0 and row["schemehost_over_floor"] > 0


@pytest.mark.parametrize("argv, message", [
    (["--only", "fib"], "no floor for fib; there are: tak, records, word-count, escape, variadic"),
    (["--runs", "0"], "--runs must be at least 1, not 0"),
])
def test_floor_command_refuses_bad_arguments_with_a_clear_error(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        floor.main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
