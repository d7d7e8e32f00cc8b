"""Scheme pig players and their Python twins decide alike on every throw."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, SCHEME_SRC
from schemehost.labs.pig.compare import compare_pig

TWINS = [("hold-at-20.scm", "hold:20"), ("keep-pace.scm", "keep-pace"), ("near-optimal.scm", "near-optimal")]


@pytest.mark.parametrize("scm, twin", TWINS)
@settings(max_examples=15)
@given(seed=st.integers(0, 10**9), opponent=st.sampled_from(["dummy", "hold:25", "random", "optimal"]))
def test_scheme_player_and_python_twin_make_identical_decisions(scm, twin, seed, opponent):
    result = compare_pig(str(SCHEME_SRC / "pig" / scm), twin, games=3, seed=seed, opponent=opponent)
    assert result.decisions > 0
    assert result.differences == []


def test_compare_finds_the_decisions_where_a_wrong_twin_differs():
    result = compare_pig(str(SCHEME_SRC / "pig" / "hold-at-20.scm"), "hold:21", games=20, seed=1)
    assert result.differences
    # hold-at-20 holds at exactly 20; hold:21 throws again there.
    for d in result.differences:
        my, other, accum, current = d.call
        assert accum + current == 20 and d.scheme is False and d.python is True


def test_compare_pig_cli_reports_agreement_and_exit_status():
    ok = subprocess.run([sys.executable, "-m", "schemehost", "compare", "pig", str(SCHEME_SRC / "pig" / "keep-pace.scm"),
                         "keep-pace", "--games", "20"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert ok.returncode == 0 and ok.stdout.splitlines()[-1] == "agree on every decision"
    bad = subprocess.run([sys.executable, "-m", "schemehost", "compare", "pig", str(SCHEME_SRC / "pig" / "keep-pace.scm"),
                          "hold:20", "--games", "20"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert bad.returncode == 1 and bad.stdout.splitlines()[-1].startswith("DISAGREE on ")
