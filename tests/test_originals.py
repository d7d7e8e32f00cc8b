"""The original programs in ../shared/originals run unchanged.

They are read from that path, never copied into the project; in a clone
without ../shared these tests skip and say why.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys

import pytest

from conftest import ORIGINALS, ROOT, SCHEME_SRC, needs_originals

pytestmark = needs_originals


def scripted_moves(seed: int, rounds: int = 100, junk_every: int = 7) -> str:
    """Return `rounds` heads/tails lines with junk lines mixed in."""
    rng = random.Random(seed)
    junk = ["maybe", "HEADS", "42", "tails please", "(heads)", "coin", "\"heads\""]
    lines = []
    for i in range(rounds):
        if i % junk_every == 3:
            lines.append(rng.choice(junk))
        lines.append(rng.choice(["heads", "tails"]))
    return "\n".join(lines) + "\n"


def run_matcher(seed: int, moves: str) -> str:
    from schemehost import Interpreter

    out = io.StringIO()
    Interpreter(seed=seed, stdin=moves, stdout=out).run_file(str(ORIGINALS / "penny-matcher.scm"))
    return out.getvalue()


def test_penny_matcher_plays_100_rounds_with_junk_and_gives_a_verdict():
    text = run_matcher(7, scripted_moves(1))
    assert text.count("Round #") == 100
    assert "Round #100\n" in text
    assert "Type `heads' or `tails', please." in text
    verdicts = ["Congratulations -- you outwitted me.", "Hmm. Looks like you owe me", "Hmm. Well, that was pointless."]
    assert sum(v in text for v in verdicts) == 1
    mine = text.count("They match, so I win this round.")
    yours = text.count("They don't match, so you win this round.")
    assert mine + yours == 100


def test_penny_matcher_same_seed_gives_byte_identical_output():
    moves = scripted_moves(2)
    assert run_matcher(11, moves) == run_matcher(11, moves)


def test_penny_matcher_other_seed_changes_the_machine_coin_tosses():
    moves = scripted_moves(3)
    assert run_matcher(1, moves) != run_matcher(2, moves)


def test_penny_matcher_cli_runs_the_file_as_a_newcomer_would():
    moves = scripted_moves(4)
    cmd = [sys.executable, "-m", "schemehost", "run", str(ORIGINALS / "penny-matcher.scm"), "--seed", "5"]
    first = subprocess.run(cmd, input=moves, capture_output=True, text=True, cwd=ROOT, timeout=120)
    second = subprocess.run(cmd, input=moves, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert first.stdout.count("Round #") == 100


def test_penny_matcher_stops_with_a_message_when_input_runs_out():
    from schemehost import InputExhausted, Interpreter

    out = io.StringIO()
    interp = Interpreter(seed=1, stdin="heads\ntails\n", stdout=out)
    with pytest.raises(InputExhausted) as info:
        interp.run_file(str(ORIGINALS / "penny-matcher.scm"))
    assert info.value.args[0] == (
        "standard input is exhausted, but the program kept reading (1001 reads at end of input)"
    )
    assert out.getvalue().count("Round #") == 3


def etaoin_interpreter(*versions: str):
    from schemehost import Interpreter

    interp = Interpreter()
    interp.run_file(str(ORIGINALS / "etaoin-given.scm"))
    for v in versions:
        interp.run_file(str(SCHEME_SRC / "etaoin" / v))
    return interp


@pytest.mark.parametrize(
    "versions",
    [("substring-value-tree.scm",), ("substring-value-tree.scm", "substring-value-memo.scm"), ("substring-value-dp.scm",)],
)
def test_etaoin_given_procedures_with_our_substring_value_give_the_lab_values(versions):
    from schemehost.printer import write_string

    interp = etaoin_interpreter(*versions)
    got = interp.eval_string(
        '(list (substring-value "then" 4 0) (substring-value "then" 3 0) (substring-value "then" 3 1) (cm "then"))'
    )
    assert write_string(got) == "(10 -4 2 last)"


def test_pig_coward_loads_and_its_player_returns_false():
    from schemehost import Interpreter
    from schemehost.host import procedure

    interp = Interpreter()
    interp.run_file(str(ORIGINALS / "pig-coward.scm"))
    player = procedure(interp, "player")
    assert player(0, 0, 0, 4, [0]) is False
    assert player(50, 99, 12, 6, [3]) is False
