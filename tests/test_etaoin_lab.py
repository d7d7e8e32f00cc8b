"""The etaoin lab in Scheme against the Python solver, and its commands."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, needs_originals

pytestmark = needs_originals

WORDS = st.text(alphabet="etaoinETAOINxyzQ", min_size=0, max_size=12)


@pytest.fixture(scope="module")
def interps():
    from schemehost.labs.etaoin.lab import interpreter

    return {m: interpreter(m) for m in ("tree", "memo", "dp")}


@settings(max_examples=60)
@given(word=WORDS)
def test_scheme_tree_memo_and_dp_agree_with_the_python_solver(interps, word):
    from schemehost.labs.etaoin.lab import value_and_move
    from strategies import etaoin

    expected = (etaoin.value(word), etaoin.choose_move(word) if word else None)
    for method, interp in interps.items():
        assert value_and_move(interp, word) == expected, method


def test_greedy_is_not_optimal_and_cm_takes_the_better_end(interps):
    from schemehost.labs.etaoin.lab import value_and_move
    from strategies import etaoin

    word = etaoin.find_greedy_counterexample()
    greedy = etaoin.greedy_move(word)
    f, l = etaoin.net_values(word)
    _, move = value_and_move(interps["memo"], word)
    assert greedy != "either" and move != greedy
    assert move == ("first" if f > l else "last")


def test_memoize_counts_hits_and_clears(interps):
    interp = interps["memo"]
    interp.eval_string("(memoize-clear! substring-value)")
    interp.eval_string('(cm "incomprehensibility")')
    stats = interp.eval_string("(memoize-stats substring-value)")
    from schemehost.host import to_python

    hits, misses, size = [pair[1] for pair in to_python(stats)]
    # Each piece (len, low) of a 19-letter word is computed once: 19*20/2 + 20 empty-ish pieces at most.
    assert misses == size and misses <= 19 * 20 // 2 + 20 and hits > 0
    interp.eval_string("(memoize-clear! substring-value)")
    assert [p[1] for p in to_python(interp.eval_string("(memoize-stats substring-value)"))] == [0, 0, 0]


def cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "schemehost", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_etaoin_value_cli_gives_the_lab_values():
    r = cli("etaoin", "value", "then", "--method", "tree")
    assert (r.returncode, r.stdout) == (0, "value 10\nmove  last\n")


def test_etaoin_compare_cli_reports_agreement():
    r = cli("compare", "etaoin", "--words", "30")
    assert r.returncode == 0
    assert r.stdout.endswith("agree with the Python solver on every value and every cm choice\n")


def test_etaoin_play_cli_plays_to_the_end_and_explains():
    r = cli("etaoin", "play", "tone", "--first", "computer", stdin="f\nwhy\nl\n")
    assert r.returncode == 0
    assert "So I took the" in r.stdout and "Game over." in r.stdout


def test_etaoin_bench_cli_writes_csv_graphs_and_report(tmp_path):
    r = cli("etaoin", "bench", "--max-length", "20", "--cap", "0.05", "--runs", "1", "--out", str(tmp_path), "--quiet")
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    for kind in ("linear", "semilog", "loglog"):
        assert f"etaoin-{kind}.png" in names and f"etaoin-{kind}.svg" in names
    assert "etaoin-timings.csv" in names and "etaoin-report.md" in names
    assert "longest word in a day" in r.stdout


def test_etaoin_missing_given_file_is_a_clear_error(tmp_path):
    r = cli("etaoin", "value", "then", "--given", str(tmp_path / "nope.scm"))
    assert r.returncode == 2
    assert r.stderr.startswith("schemehost etaoin: the lab's etaoin-given.scm was not found at ")
