"""The pennies commands as a user runs them, and Stone's program driven by a strategy."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT, needs_originals


def cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "schemehost", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def test_pennies_list_names_every_machine_and_the_best_alias():
    r = cli("pennies", "list")
    names = [line.split()[0] for line in r.stdout.splitlines()]
    for required in ("seer", "mrm", "scp", "awk", "stone", "random", "heads", "alternate", "best"):
        assert required in names
    assert r.returncode == 0


def test_pennies_match_json_has_means_and_intervals():
    r = cli("pennies", "match", "best", "heads", "--plays", "50", "--games", "40", "--json", "--workers", "1")
    data = json.loads(r.stdout)
    for key in ("mean_a", "mean_b", "ci95_a", "ci95_b", "games", "plays"):
        assert key in data
    assert data["games"] == 40 and data["plays"] == 50
    assert data["mean_a"] + data["mean_b"] == pytest.approx(50)
    assert data["ci95_a"][0] <= data["mean_a"] <= data["ci95_a"][1]


def test_pennies_unknown_strategy_is_a_usage_error():
    r = cli("pennies", "match", "nope", "scp")
    assert r.returncode == 2
    assert r.stderr.startswith("schemehost pennies: unknown strategy 'nope'; known: seer")


def test_pennies_play_reports_the_machines_accuracy():
    r = cli("pennies", "play", "--against", "heads", "--rounds", "3", stdin="h\nt\nx\nt\n")
    assert r.returncode == 0
    assert "Type h or t, please." in r.stdout
    assert r.stdout.rstrip().endswith("After 3 rounds: me 1, you 2. My predictions were right 33% of the time.")


@needs_originals
def test_scheme_match_drives_the_original_program_with_a_strategy():
    from schemehost.labs.pennies.scheme import scheme_match
    from strategies.pennies.stone_port import play_stone_against

    game = scheme_match("alternate", 5)
    assert game.machine_wins + game.human_wins == 100
    assert len(game.typed) == 100
    assert game.transcript == play_stone_against("alternate", 5).transcript


@needs_originals
def test_compare_pennies_cli_reports_byte_for_byte_agreement():
    r = cli("compare", "pennies", "--cases", "3")
    assert r.returncode == 0
    assert r.stdout == "6 transcripts: the Python port of Stone's matcher and the original Scheme program agree byte for byte\n"


@needs_originals
def test_pennies_scheme_match_cli():
    r = cli("pennies", "scheme-match", "best", "--seed", "3")
    assert r.returncode == 0
    assert r.stdout == "Stone's penny-matcher.scm (seed 3) 35, best as the human 65\n"


@needs_originals
@pytest.mark.filterwarnings("ignore")
def test_stone_port_transcript_equals_the_scheme_programs_byte_for_byte():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from schemehost.labs.pennies.scheme import JUNK, scripted_transcript
    from strategies.pennies.stone_port import InputExhausted, run_transcript

    lines = st.lists(st.sampled_from(["heads", "tails", "heads", "tails"] + JUNK), min_size=0, max_size=130)

    @settings(max_examples=25, deadline=None)
    @given(seed=st.integers(0, 2**31), typed=lines)
    def check(seed, typed):
        text = "".join(line + "\n" for line in typed)
        scheme = scripted_transcript(seed, text, eof_limit=1000)
        try:
            port = run_transcript(seed, text, eof_limit=1000)
        except InputExhausted as exc:
            port = exc.transcript
        assert port == scheme

    check()
