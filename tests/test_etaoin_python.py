"""Tests for strategies.etaoin, and a cross-check of the etaoin Scheme under guile.

The Python solver is checked on the lab's known values, the tree recursion
against the table on random words, and the greedy counterexample.  Then
scheme_src/etaoin/*.scm run under GNU Guile (until our own interpreter can
run them) and must agree with Python word for word and piece for piece.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from strategies.etaoin import (
    best_line,
    char_value,
    choose_move,
    choose_move_from_substring,
    find_greedy_counterexample,
    format_best_line,
    greedy_move,
    is_greedy_counterexample,
    net_values,
    substring_value,
    substring_value_tree,
    value,
    value_table,
)

ROOT = Path(__file__).resolve().parents[1]
ETAOIN = ROOT / "scheme_src" / "etaoin"
SCHEME_TESTS = ROOT / "tests" / "scheme"
# The handed-out procedures stay outside the project; say where with ETAOIN_GIVEN.
GIVEN = Path(os.environ.get("ETAOIN_GIVEN", "/work/shared/originals/etaoin-given.scm"))

# Mixed case, the six scored letters, other letters, a space.
ALPHABET = "etaoinETAOINhsxzHX "
words = st.text(alphabet=ALPHABET, max_size=12)


# --- the Python solver ---------------------------------------------------

@pytest.mark.parametrize(
    "c, points",
    [("e", 1), ("t", 2), ("a", 3), ("o", 4), ("i", 5), ("n", 6),
     ("E", 1), ("T", 2), ("A", 3), ("O", 4), ("I", 5), ("N", 6),
     ("x", 7), ("Z", 7), (" ", 7), ("7", 7), ("é", 7),
     ("\u0130", 5)],  # capital I with dot: char-downcase gives #\i, so does guile
)
def test_char_value_table(c, points):
    assert char_value(c) == points


@pytest.mark.parametrize("bad", ["", "ab"])
def test_char_value_not_one_character_raises(bad):
    with pytest.raises(ValueError, match="expected one character"):
        char_value(bad)


@pytest.mark.parametrize(
    "word, expected",
    [("then", 10), ("the", -4), ("hen", 2), ("", 0), ("e", 1), ("x", 7),
     ("THEN", 10), ("into", 3), ("incomprehensibility", -5)],
)
def test_value_known_words(word, expected):
    assert value(word) == expected
    assert substring_value(word, len(word), 0) == expected
    if len(word) <= 12:
        assert substring_value_tree(word, len(word), 0) == expected


@pytest.mark.parametrize(
    "length, low, expected",
    # The lab's three examples: "then", "the", "hen"; and empty pieces.
    [(4, 0, 10), (3, 0, -4), (3, 1, 2), (0, 0, 0), (0, 4, 0), (1, 3, 6)],
)
def test_substring_value_lab_examples(length, low, expected):
    assert substring_value_tree("then", length, low) == expected
    assert substring_value("then", length, low) == expected


@pytest.mark.parametrize("length, low", [(-1, 0), (5, 0), (4, 1), (0, 5), (1, -1)])
def test_substring_value_outside_the_string_raises(length, low):
    for solver in (substring_value_tree, substring_value):
        with pytest.raises(ValueError, match="no substring of length"):
            solver("then", length, low)


@pytest.mark.parametrize(
    "word, move",
    [("then", "last"), ("hen", "first"), ("the", "either"),  # "the": f = l = -4
     ("x", "either"), ("ex", "last"), ("xe", "first"), ("into", "last")],
)
def test_choose_move_table(word, move):
    assert choose_move(word) == move


def test_choose_move_from_substring_uses_only_the_piece():
    assert choose_move_from_substring("xxthenxx", 4, 2) == "last"
    assert net_values("xxthenxx", 4, 2) == (0, 10)
    assert net_values("then") == (0, 10)


@pytest.mark.parametrize("call", [lambda: choose_move(""), lambda: net_values("then", 0, 2)])
def test_choose_move_no_letters_raises(call):
    with pytest.raises(ValueError, match="no letters left to take"):
        call()


def test_value_table_shape():
    table = value_table("then")
    assert [len(row) for row in table] == [5, 4, 3, 2, 1]
    assert table[3] == [-4, 2]
    assert table[4] == [10]


def test_value_long_word_is_fast():
    # The tree recursion would need 2^1001 calls.
    assert value("n" * 1000) == 0
    assert value("n" * 1001) == 6


def tree_choice(word: str) -> str:
    """Choose a move as choose-move-from-substring does, with the tree recursion."""
    if len(word) == 1:
        return "either"
    f = char_value(word[0]) - substring_value_tree(word, len(word) - 1, 1)
    l = char_value(word[-1]) - substring_value_tree(word, len(word) - 1, 0)
    return "first" if f > l else "last" if l > f else "either"


@settings(deadline=None, max_examples=150)
@given(words)
@example("")
@example("then")
@example("eeat")
def test_tree_equals_table_on_random_words(word):
    tree = substring_value_tree(word, len(word), 0)
    assert tree == value(word), f"tree {tree} but table {value(word)} for {word!r}"
    if word:
        assert choose_move(word) == tree_choice(word)


@settings(deadline=None, max_examples=100)
@given(st.data())
def test_tree_equals_table_on_random_pieces(data):
    word = data.draw(words)
    low = data.draw(st.integers(0, len(word)))
    length = data.draw(st.integers(0, len(word) - low))
    assert substring_value_tree(word, length, low) == substring_value(word, length, low)
    assert substring_value(word, length, low) == value_table(word)[length][low]


@settings(deadline=None, max_examples=100)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=30))
def test_best_line_scores_differ_by_the_value(word):
    turns = best_line(word)
    assert [turn.player for turn in turns] == [i % 2 for i in range(len(word))]
    assert sorted(turn.position for turn in turns) == list(range(len(word)))
    first = sum(turn.points for turn in turns if turn.player == 0)
    second = sum(turn.points for turn in turns if turn.player == 1)
    assert first - second == value(word)
    for turn in turns:
        assert turn.choice == choose_move(turn.remaining)
        assert max(turn.f, turn.l) == value(turn.remaining)


def test_best_line_then():
    turns = best_line("then")
    assert [(t.remaining, t.choice, t.took, t.letter) for t in turns] == [
        ("then", "last", "last", "n"),
        ("the", "either", "first", "t"),
        ("he", "first", "first", "h"),
        ("e", "either", "first", "e"),
    ]
    assert (turns[0].f, turns[0].l) == (0, 10)


def test_format_best_line_then():
    assert format_best_line("then") == "\n".join([
        "'then' has value 10 for the player who moves first.",
        "  1. player 1 faces 'then': first nets 0, last nets 10; takes last 'n' for 6",
        "  2. player 2 faces 'the': first nets -4, last nets -4; takes first 't' for 2",
        "  3. player 1 faces 'he': first nets 6, last nets -6; takes first 'h' for 7",
        "  4. player 2 faces 'e': only one letter left; takes first 'e' for 1",
        "Final score: player 1 13, player 2 3.",
    ])


# --- the greedy counterexample ------------------------------------------

def test_greedy_counterexample_word():
    word = find_greedy_counterexample()
    assert word == "into"
    greedy = greedy_move(word)
    assert greedy == "first"  # i (5) beats o (4)
    f, l = net_values(word)
    greedy_net = f if greedy == "first" else l
    assert greedy_net < value(word), "greedy must lose points on the counterexample"
    best = choose_move(word)
    assert best not in ("either", greedy)
    assert (f if best == "first" else l) == value(word)


def test_greedy_counterexample_search_without_candidates():
    word = find_greedy_counterexample(candidates=())
    assert word == "eeat"  # shortest, then first in etaoinx order
    assert is_greedy_counterexample(word)
    assert choose_move(word) == "first" and greedy_move(word) == "last"


@pytest.mark.parametrize("word", ["then", "", "x", "the", "nn"])
def test_greedy_is_fine_on(word):
    assert not is_greedy_counterexample(word)


def test_greedy_counterexample_search_can_fail():
    with pytest.raises(LookupError, match="no greedy counterexample"):
        find_greedy_counterexample(candidates=(), alphabet="n", max_length=5)


# --- the Scheme versions under guile ------------------------------------

GUILE = shutil.which("guile")
needs_guile = pytest.mark.skipif(
    GUILE is None or not GIVEN.exists(),
    reason=(
        "guile is not on PATH: the Scheme cross-check needs GNU Guile 3"
        if GUILE is None
        else f"the handed-out etaoin-given.scm is not at {GIVEN} (set ETAOIN_GIVEN)"
    ),
)

TREE = ETAOIN / "substring-value-tree.scm"
MEMO = ETAOIN / "substring-value-memo.scm"
DP = ETAOIN / "substring-value-dp.scm"
GAME = ETAOIN / "game.scm"
MEMO_SHIM = SCHEME_TESTS / "guile-memoize-shim.scm"
R7RS_SHIM = SCHEME_TESTS / "guile-r7rs-shim.scm"
DRIVER = SCHEME_TESTS / "etaoin-driver.scm"

# Files to load for each version, in order; definitions are global, so the
# given file may come before or after substring-value.
VERSIONS = {
    "tree, given first": [GIVEN, TREE],
    "tree, given last": [TREE, GIVEN],
    "memo, given first": [MEMO_SHIM, GIVEN, TREE, MEMO],
    "memo, given last": [MEMO_SHIM, TREE, MEMO, GIVEN],
    "dp, given first": [GIVEN, DP],
    "dp, given last": [DP, GIVEN],
}

CROSS_CHECK_WORDS = [
    "", "e", "x", "then", "the", "hen", "THEN", "Then", "into", "InTo",
    "eeat", "tetoa", "etaoin", "NIOATE", "noon", "iota", "anoint", "intone",
    "nation", "notion", "banana", "toast", "stone", "ocean", "xyzzy", "a b c",
    "n0t3", "tattoo", "antenna", "intention", "EtAoInShRdLu", "nineteen",
]
LONG_WORDS = ["incomprehensibility", "supercalifragilisticexpialidocious"]


def run_guile(loads, *, script=None, expr=None, stdin=""):
    """Run guile with `loads` loaded, then a script or an expression; return stdout."""
    command = [GUILE, "--no-auto-compile", "-q"]
    for path in loads:
        command += ["-l", str(path)]
    command += ["-s", str(script)] if script is not None else ["-c", expr]
    env = dict(os.environ, GUILE_AUTO_COMPILE="0")
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, f"guile failed ({done.returncode}):\n{done.stderr}"
    return done.stdout


def expected_driver_line(word: str) -> str:
    """Return what etaoin-driver.scm prints for `word`, computed in Python."""
    table = value_table(word)
    pieces = [table[length][low] for length in range(1, len(word) + 1)
              for low in range(len(word) - length + 1)]
    move = choose_move(word) if word else "-"
    return " ".join([str(value(word)), move, *map(str, pieces)])


def scheme_strings(words) -> str:
    assert all('"' not in w and "\\" not in w for w in words)
    return "\n".join(f'"{w}"' for w in words) + "\n"


@needs_guile
@pytest.mark.parametrize("version", VERSIONS)
def test_guile_versions_agree_with_python(version):
    words = CROSS_CHECK_WORDS + (LONG_WORDS if not version.startswith("tree") else [])
    out = run_guile(VERSIONS[version], script=DRIVER, stdin=scheme_strings(words))
    got = out.splitlines()
    assert len(got) == len(words)
    for word, line in zip(words, got):
        assert line == expected_driver_line(word), f"{version}: {word!r}"


@needs_guile
def test_guile_memo_recursion_goes_through_the_memo():
    out = run_guile(
        VERSIONS["memo, given first"],
        expr=(
            '(display (string-value "incomprehensibility")) (newline)'
            "(write (memoize-stats substring-value)) (newline)"
            "(memoize-clear! substring-value)"
            "(write (memoize-stats substring-value)) (newline)"
            '(display (cm "incomprehensibility")) (newline)'
        ),
    )
    # 19 letters: each of the 20*21/2 pieces (empty ones included) is
    # worked out once; the tree recursion alone would make 2^20 - 1 calls.
    assert out.splitlines() == [
        "-5",
        "((hits . 171) (misses . 210) (size . 210))",
        "((hits . 0) (misses . 0) (size . 0))",
        "last",
    ]


def play(version_files, word, first, moves):
    """Play game.scm under guile with the human's answers `moves`."""
    return run_guile(
        [R7RS_SHIM, *version_files, GAME],
        expr=f'(write (play-etaoin "{word}" (quote {first}))) (newline)',
        stdin="".join(f"{move}\n" for move in moves),
    )


THEN_TRANSCRIPT = '''\
Etaoin with "then": take letters from either end; e 1, t 2, a 3, o 4, i 5, n 6, others 7.

   t h e n
   . . . .
Left: "then"   You: 0   Computer: 0
I take the last letter, n, for 6 points.

   t h e n
   . . . C
Left: "the"   You: 0   Computer: 6
Your move (first, last, why, quit)? I faced "then":
  taking the first letter, t, nets 2 - 2 = 0, since "hen" is worth 2 to you
  taking the last letter, n, nets 6 - (-4) = 10, since "the" is worth -4 to you
So I took the last letter.
Your move (first, last, why, quit)? Please type first, last, f, l, why or quit.
Your move (first, last, why, quit)? You take the first letter, t, for 2 points.

   t h e n
   Y . . C
Left: "he"   You: 2   Computer: 6
I take the first letter, h, for 7 points.

   t h e n
   Y C . C
Left: "e"   You: 2   Computer: 13
Your move (first, last, why, quit)? I faced "he":
  taking the first letter, h, nets 7 - 1 = 6, since "e" is worth 1 to you
  taking the last letter, e, nets 1 - 7 = -6, since "h" is worth 7 to you
So I took the first letter.
Your move (first, last, why, quit)? You take the last letter, e, for 1 point.

   t h e n
   Y C Y C
Left: ""   You: 3   Computer: 13
Game over. I win by 10.
computer
'''


@needs_guile
@pytest.mark.parametrize("version", ["tree, given first", "memo, given last", "dp, given first"])
def test_guile_game_then_transcript(version):
    out = play(VERSIONS[version], "then", "computer", ["why", '"first"', "f", "why", "last"])
    assert out == THEN_TRANSCRIPT


@needs_guile
def test_guile_game_human_first_why_before_any_move_and_on_a_tie():
    out = play(VERSIONS["dp, given first"], "into", "human", ["why", "7", "l", "why", "f"])
    assert "Your move (first, last, why, quit)? I have not moved yet.\n" in out
    assert out.count("Please type first, last, f, l, why or quit.") == 1
    assert "You take the last letter, o, for 4 points." in out
    assert "I take the first letter, i, for 5 points." in out  # cm says either: take the first
    assert "I take the first letter, t, for 2 points." in out
    assert out.count("Your move (first, last, why, quit)? ") == 5
    assert ('I faced "int":\n'
            '  taking the first letter, i, nets 5 - 4 = 1, since "nt" is worth 4 to you\n'
            '  taking the last letter, t, nets 2 - 1 = 1, since "in" is worth 1 to you\n'
            'So I took the first letter: both were equally good.\n') in out
    assert out.endswith("Game over. You win by 3.\nhuman\n")


@needs_guile
@pytest.mark.parametrize("moves", [[], ["f"], ["why", "bogus"]])
def test_guile_game_end_of_input_stops_cleanly(moves):
    out = play(VERSIONS["dp, given first"], "into", "human", moves)
    assert out.endswith("Your move (first, last, why, quit)? \nEnd of input.\nGame stopped.\nstopped\n")


@needs_guile
def test_guile_game_quit_and_empty_word():
    assert play(VERSIONS["dp, given first"], "into", "human", ["quit"]).endswith("? Game stopped.\nstopped\n")
    assert play(VERSIONS["dp, given first"], "", "computer", []).endswith(
        'Left: ""   You: 0   Computer: 0\nGame over. A tie.\ntie\n'
    )


@needs_guile
@pytest.mark.parametrize("first", ["computer", "human"])
def test_guile_game_optimal_play_follows_best_line(first):
    word = "incomprehensibility"
    turns = best_line(word)
    computer = 0 if first == "computer" else 1
    human_moves = [turn.took for turn in turns if turn.player != computer]
    out = play(VERSIONS["memo, given first"], word, first, human_moves)
    taken = re.findall(r"I take the (first|last) letter, (.), for", out)
    assert taken == [(turn.took, turn.letter) for turn in turns if turn.player == computer]
    margin = value(word) if first == "computer" else -value(word)  # computer's margin: -5 or 5
    assert out.endswith(f"I win by {margin}.\ncomputer\n" if margin > 0 else f"You win by {-margin}.\nhuman\n")


@needs_guile
@pytest.mark.parametrize(
    "call, message",
    [('(play-etaoin (quote then) (quote human))', "play-etaoin: the word must be a string"),
     ('(play-etaoin "then" (quote nobody))', "play-etaoin: first must be human or computer")],
)
def test_guile_game_bad_arguments_are_errors(call, message):
    command = [GUILE, "--no-auto-compile", "-q"]
    for path in [R7RS_SHIM, GIVEN, DP, GAME]:
        command += ["-l", str(path)]
    done = subprocess.run(command + ["-c", call], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, GUILE_AUTO_COMPILE="0"))
    assert done.returncode != 0
    assert message in done.stderr
