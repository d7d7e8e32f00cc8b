"""Behaviour of the matching-pennies strategies and of the Stone port."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies.pennies import BEST, MATCHER, MISMATCHER, REGISTRY, Strategy, make
from strategies.pennies.classic import MRM, SCP, SEER, context_counts, history_string, parse_history
from strategies.pennies.mindreader import AwkMindReader, StoneMatcher
from strategies.pennies.stone_port import (
    InputExhausted,
    UnsupportedInput,
    play_stone_against,
    run_transcript,
)

NAMES = sorted(REGISTRY)
FACES = st.sampled_from("HT")


def play_against(strategy: Strategy, their_moves: str) -> str:
    """Feed `strategy` a scripted opponent; return its own moves."""
    mine = []
    for theirs in their_moves:
        move = strategy.choose()
        strategy.observe(move, theirs)
        mine.append(move)
    return "".join(mine)


def wins_of(strategy: Strategy, mine: str, theirs: str) -> list[bool]:
    return [strategy.won(x, y) for x, y in zip(mine, theirs)]


def drive(strategy: Strategy, outcomes: list[bool]) -> str:
    """Play so that `strategy` wins exactly the plays marked True; return its moves."""
    mine = []
    for win in outcomes:
        move = strategy.choose()
        same = win == strategy.is_matcher
        strategy.observe(move, move if same else ("T" if move == "H" else "H"))
        mine.append(move)
    return "".join(mine)


# -- the registry ------------------------------------------------------------------


def test_registry_has_every_command_line_name():
    required = {"seer", "mrm", "scp", "awk", "stone", "random", "heads", "alternate", "best"}
    assert required <= set(REGISTRY)


@pytest.mark.parametrize("name", NAMES)
def test_registry_factory_makes_a_named_described_strategy(name):
    factory, description = REGISTRY[name]
    strategy = factory(MISMATCHER, 3)
    assert isinstance(strategy, Strategy)
    assert strategy.role == MISMATCHER
    assert description and "\n" not in description
    assert strategy.name == (BEST if name == "best" else name)


def test_package_exports_are_pinned():
    import strategies.pennies as package

    assert sorted(package.__all__) == sorted(
        "BEST HEADS MATCHER MISMATCHER MOVES MRM REGISTRY ROLES SCP SEER TAILS Alternate AwkMindReader "
        "Biased ContextMixer Cycle GuardedMixer Heads Predictor RandomPlayer StoneMatcher Strategy "
        "WinStayLoseShift flip make names wins".split()
    )
    assert all(hasattr(package, name) for name in package.__all__)


def test_best_is_an_alias_of_the_mixer():
    assert BEST == "mix"
    assert REGISTRY["best"][0] is REGISTRY["mix"][0]
    assert REGISTRY["best"][1].startswith("alias of mix")


def test_make_unknown_name_lists_the_known_names():
    with pytest.raises(ValueError, match=r"unknown strategy 'nope'; known: seer, seer-v2, mrm"):
        make("nope")


def test_make_parametrised_baselines():
    assert make("biased:0.9").p == 0.9
    assert make("cycle:hht").pattern == "HHT"
    with pytest.raises(ValueError, match="takes no argument"):
        make("seer:3")
    with pytest.raises(ValueError, match="a move is 'H' or 'T'"):
        make("cycle:HXT")


def test_a_role_must_be_matcher_or_mismatcher():
    with pytest.raises(ValueError, match="role must be"):
        SEER("guesser")


# -- properties of every strategy ---------------------------------------------------------


@given(
    name=st.sampled_from(NAMES),
    role=st.sampled_from([MATCHER, MISMATCHER]),
    seed=st.integers(0, 2**32),
    theirs=st.lists(FACES, max_size=60).map("".join),
)
@settings(max_examples=60)
def test_every_strategy_always_shows_a_face(name, role, seed, theirs):
    mine = play_against(make(name, role, seed), theirs)
    assert set(mine) <= {"H", "T"}


@given(
    name=st.sampled_from(NAMES),
    role=st.sampled_from([MATCHER, MISMATCHER]),
    seed=st.integers(0, 2**32),
    theirs=st.lists(FACES, min_size=1, max_size=60).map("".join),
)
@settings(max_examples=60)
def test_every_strategy_is_determined_by_its_seed(name, role, seed, theirs):
    first = make(name, role, seed)
    moves = play_against(first, theirs)
    assert play_against(make(name, role, seed), theirs) == moves
    first.reset(seed)
    assert play_against(first, theirs) == moves, "reset(seed) must forget the game"


@pytest.mark.parametrize("name", NAMES)
def test_strategies_leave_the_global_generator_alone(name):
    random.seed(12345)
    before = random.getstate()
    play_against(make(name, MATCHER, 1), "HTTHHHTHTT" * 10)
    assert random.getstate() == before


# -- SEER ------------------------------------------------------------------------------------


def test_seer_first_two_plays_are_coin_tosses():
    openings = {play_against(SEER(MATCHER, seed), "HH") for seed in range(40)}
    assert openings == {"HH", "HT", "TH", "TT"}


def test_seer_state_of_play_is_win_old_change_win_new():
    seer = SEER(MATCHER, 0)
    moves = drive(seer, [True, False])
    change = moves[1] != moves[0]
    assert seer.current_state() == 4 * 1 + 2 * change + 0


@pytest.mark.parametrize(
    "win_bits, count, zero_rule, expected",
    [
        (0b00, 3, "random", 0.5),  # lost both times here: even odds
        (0b00, -3, "random", 0.5),
        (0b01, 2, "random", 0.75),  # won once: 3 to 1 for the counter's advice
        (0b10, -1, "random", 0.25),
        (0b11, 1, "random", 1.0),  # won both: follow the counter
        (0b11, -2, "random", 0.0),
        (0b11, 0, "random", 0.5),  # a zero counter gives no advice ...
        (0b11, 0, "same", 1.0),  # ... unless read as a relay's sign: "same"
        (0b01, 0, "same", 0.75),
    ],
)
def test_seer_rule_of_play(win_bits, count, zero_rule, expected):
    seer = SEER(MATCHER, 0, zero_rule=zero_rule)
    seer.win_bits[5], seer.counts[5] = win_bits, count
    assert seer.same_probability(5) == expected


def test_seer_counters_saturate_at_three():
    seer = SEER(MATCHER, 2)
    play_against(seer, "H" * 200)
    assert max(seer.counts) == 3 and min(seer.counts) >= -3


@pytest.mark.parametrize("name", ["seer", "seer-v2"])
@pytest.mark.parametrize("pattern", ["H" * 120, "HT" * 60, "HHTT" * 30])
def test_seer_learns_a_simple_periodic_opponent(name, pattern):
    for role in (MATCHER, MISMATCHER):
        seer = make(name, role, 7)
        mine = play_against(seer, pattern)
        assert sum(wins_of(seer, mine, pattern)[60:]) >= 55


# -- MRM ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", ["H" * 120, "HT" * 60, "HHTT" * 30])
def test_mrm_learns_a_simple_periodic_opponent(pattern):
    for role in (MATCHER, MISMATCHER):
        mrm = MRM(role, 3)
        mine = play_against(mrm, pattern)
        assert all(wins_of(mrm, mine, pattern)[60:])


def test_mrm_predicts_a_change_seen_twice_in_the_state():
    mrm = MRM(MATCHER, 0)
    mrm.their_moves, mrm.their_wins = ["H", "T"], [True, False]
    state = mrm.current_state()
    mrm.changes[state], mrm.seen[state] = 0b11, 2
    assert {mrm.predict() for _ in range(20)} == {"H"}  # he changes from T
    mrm.changes[state] = 0b00
    assert {mrm.predict() for _ in range(20)} == {"T"}  # he stays on T
    mrm.changes[state] = 0b10
    assert {mrm.predict() for _ in range(40)} == {"H", "T"}  # no repetition: random


def test_mrm_cold_start_readings_differ_on_an_unvisited_state():
    def third_predictions(name):
        guesses = set()
        for seed in range(30):
            mrm = make(name, MATCHER, seed)
            play_against(mrm, "HT")
            guesses.add(mrm.predict())
        return guesses

    assert third_predictions("mrm") == {"H", "T"}  # random until seen twice
    assert third_predictions("mrm-v2") == {"T"}  # an empty register reads "he repeats"


# -- SCP ----------------------------------------------------------------------------------------------

PAPER_HISTORY = "sldwdlslswslsldlswdlslsldwsldldwswdwslslswswdldlswsldlswdwswdlsl"


def test_scp_counts_the_papers_worked_example():
    history = parse_history(PAPER_HISTORY)
    assert len(history) == 32 and history_string(history) == PAPER_HISTORY
    named = [(n, {history_string([k]): v for k, v in c.items()}) for n, c in context_counts(history)]
    assert named == [
        (1, {"sw": 2, "sl": 3, "dw": 2, "dl": 3}),
        (2, {"sw": 1, "sl": 1, "dw": 0, "dl": 0}),
        (3, {"sw": 0, "sl": 1, "dw": 0, "dl": 0}),
    ]


def test_scp_predicts_different_as_in_the_worked_example():
    scp = SCP(MATCHER, 0)
    scp.history, scp.their_last = parse_history(PAPER_HISTORY), "T"
    assert scp.predict() == "H"  # "a (different) relative to its last play 'T'"
    assert scp.trace == [(3, 3)]


def test_scp_v2_reads_the_same_example_as_same():
    scp = SCP(MATCHER, 0, rule="change")
    scp.history, scp.their_last = parse_history(PAPER_HISTORY), "T"
    assert scp.predict() == "T"


def test_scp_paper_rule_cannot_exploit_a_constant_player():
    # It expects the opponent to play what would have won, so against
    # someone who never changes it keeps second-guessing: about half.
    scp = SCP(MATCHER, 1)
    assert 80 <= sum(wins_of(scp, play_against(scp, "H" * 200), "H" * 200)) <= 120


@pytest.mark.parametrize("pattern", ["H" * 120, "HT" * 60, "HHT" * 40])
def test_scp_v2_learns_a_periodic_opponent(pattern):
    scp = make("scp-v2", MISMATCHER, 4)
    mine = play_against(scp, pattern)
    assert sum(wins_of(scp, mine, pattern)[40:]) >= 78


# -- the AWK mind reader -------------------------------------------------------------------------------


@pytest.mark.parametrize("t, expected", [(-3, 0.0), (-2, 0.0), (-1, 0.25), (0, 0.5), (1, 0.75), (2, 1.0), (9, 1.0)])
def test_awk_75_25_rule(t, expected):
    assert AwkMindReader.repeat_probability(t) == expected


def test_awk_guesses_a_repeat_three_times_in_four_on_a_tally_of_one():
    awk = AwkMindReader(MATCHER, 5)
    play_against(awk, "HT")
    awk.tally[awk.current_case()] = 1
    repeats = sum(awk.predict() == "T" for _ in range(4000))
    assert 2880 <= repeats <= 3120  # 0.75 +- 0.03


def awk_tally_from_the_program_text(plays: str, guesses: str) -> dict:
    """Recompute ``tally`` exactly as mindreader.awk's rules do."""
    tally: dict = {}
    hpa = hpb = hca = hcb = None
    for nr, (play, guess) in enumerate(zip(plays, guesses), start=1):
        if nr > 2:
            case = (hpa != hca, hpa != hpb, hpb != hcb)
            tally[case] = tally.get(case, 0) + (1 if hpb == play else -1)
        hpa, hpb = hpb, play
        hca, hcb = hcb, guess
    return tally


@given(seed=st.integers(0, 2**32), plays=st.lists(FACES, min_size=3, max_size=80).map("".join))
def test_awk_tally_matches_the_awk_program(seed, plays):
    awk = AwkMindReader(MATCHER, seed)
    guesses = play_against(awk, plays)
    assert awk.tally == awk_tally_from_the_program_text(plays, guesses)


# -- Stone's matcher -------------------------------------------------------------------------------------


def test_stone_first_rounds_are_the_programs_coin_tosses():
    for seed in range(10):
        coins = random.Random(seed)
        expected = "".join("H" if coins.randrange(2) == 0 else "T" for _ in range(2))
        assert play_against(StoneMatcher(MATCHER, seed), "HT") == expected


def test_stone_tallies_the_16_situations_from_round_3():
    stone = StoneMatcher(MATCHER, 11)
    human = "HHTHTTTHHTHTHHHTTTHT" * 5
    mine = play_against(stone, human)
    expected: dict = {}
    for r in range(2, len(human)):  # 0-based round r >= 2 is the third round on
        situation = ((mine[r - 1], human[r - 1]), (mine[r - 2], human[r - 2]))
        counts = expected.setdefault(situation, [0, 0])
        counts[0 if human[r] == "H" else 1] += 1
    assert stone.table == expected
    assert len(stone.table) <= 16 and sum(map(sum, stone.table.values())) == len(human) - 2


def test_stone_plays_the_majority_and_tosses_on_ties():
    stone = StoneMatcher(MATCHER, 0)
    play_against(stone, "HH")
    situation = stone.situation()
    stone.table[situation] = [2, 1]
    assert {stone.predict() for _ in range(20)} == {"H"}
    stone.table[situation] = [1, 4]
    assert {stone.predict() for _ in range(20)} == {"T"}
    stone.table[situation] = [3, 3]
    assert {stone.predict() for _ in range(40)} == {"H", "T"}


@given(seed=st.integers(0, 2**32), human=st.lists(FACES, min_size=100, max_size=100).map("".join))
@settings(max_examples=25)
def test_stone_strategy_makes_the_ported_programs_moves(seed, human):
    text = "".join("heads\n" if move == "H" else "tails\n" for move in human)
    shown = re.findall(r"I showed (heads|tails)\.", run_transcript(seed, text))
    assert play_against(StoneMatcher(MATCHER, seed), human) == "".join(m[0].upper() for m in shown)


# -- the context mixers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["mix", "mix-guard"])
@pytest.mark.parametrize("pattern", ["H" * 150, "HT" * 75, "HHT" * 50, "HHTHTT" * 25])
def test_mixers_learn_periodic_opponents(name, pattern):
    for role in (MATCHER, MISMATCHER):
        mixer = make(name, role, 9)
        mine = play_against(mixer, pattern)
        assert sum(wins_of(mixer, mine, pattern)[50:]) >= 95


def test_guarded_mixer_exploits_a_biased_coin_better_than_the_bare_mixer():
    def total(name):
        wins = 0
        for seed in range(20):
            coin = random.Random(seed)
            theirs = "".join("H" if coin.random() < 0.7 else "T" for _ in range(200))
            strategy = make(name, MATCHER, seed)
            wins += sum(wins_of(strategy, play_against(strategy, theirs), theirs))
        return wins / (20 * 200)

    guarded = total("mix-guard")
    assert guarded >= 0.6
    assert guarded > total("mix")


# -- the Stone port ----------------------------------------------------------------------------------------

# Seed 4: (random 2) gives 0, 1, 0, 1, ...  Round 1 tosses heads, round 2
# tails, round 3 has a situation never seen and tosses heads, round 4
# tosses tails before reading; the input ends there.  "HEADS" is not the
# symbol heads in R7RS; a blank line is skipped by `read`.
SCRIPT = "heads\nfoo bar\ntails\n\nHEADS\n tails  \n"
EXPECTED = (
    "Round #1\n"
    "Your move (heads or tails): You showed heads, I showed heads.\n"
    "They match, so I win this round.\n"
    "That's 1 for me and 0 for you.\n"
    "\n"
    "Round #2\n"
    "Your move (heads or tails): Type `heads' or `tails', please.\n"
    "Your move: You showed tails, I showed tails.\n"
    "They match, so I win this round.\n"
    "That's 2 for me and 0 for you.\n"
    "\n"
    "Round #3\n"
    "Your move (heads or tails): Type `heads' or `tails', please.\n"
    "Your move: You showed tails, I showed heads.\n"
    "They don't match, so you win this round.\n"
    "That's 2 for me and 1 for you.\n"
    "\n"
    "Round #4\n"
    "Your move (heads or tails): "
)


def test_stone_port_transcript_of_a_scripted_input():
    with pytest.raises(InputExhausted) as caught:
        run_transcript(4, SCRIPT)
    assert caught.value.transcript == EXPECTED
    assert caught.value.round == 4
    assert str(caught.value) == "input exhausted in round 4"


def test_stone_port_fold_case_reads_HEADS_as_heads():
    with pytest.raises(InputExhausted) as caught:
        run_transcript(4, SCRIPT, fold_case=True)
    assert "Round #3\nYour move (heads or tails): You showed heads, I showed heads.\n" in caught.value.transcript
    assert "That's 4 for me and 0 for you.\n\nRound #5\n" in caught.value.transcript


@pytest.mark.parametrize(
    "text, eof_limit, retries_in_last_round",
    [
        ("heads\n", 0, 0),
        ("heads\n", 2, 1),  # read (1), peek-char (2), retry, read (3): stop
        ("heads\n", 3, 1),
        ("heads\n", 4, 2),
        ("heads\nfoo", 1, 1),  # consume-line's peek after "foo" counts one
    ],
)
def test_stone_port_eof_limit_stops_where_the_interpreter_does(text, eof_limit, retries_in_last_round):
    with pytest.raises(InputExhausted) as caught:
        run_transcript(1, text, eof_limit=eof_limit)
    last_round = caught.value.transcript.rsplit("Round #", 1)[1]
    assert last_round.count("Type `heads' or `tails', please.\n") == retries_in_last_round


def test_stone_port_eof_limit_zero_stops_on_a_last_line_without_newline():
    with pytest.raises(InputExhausted) as caught:
        run_transcript(1, "heads", eof_limit=0)
    assert caught.value.transcript == "Round #1\nYour move (heads or tails): "
    with pytest.raises(InputExhausted) as caught:
        run_transcript(1, "heads")  # by default only a (read) at the end stops it
    assert caught.value.round == 2


@pytest.mark.parametrize(
    "text",
    [
        "(heads tails)\n#| a\ncomment |# heads\n",
        "'heads\n#;(ignored\n) heads\n",
        '"heads"\n#\\h ; a character\n#(1 2) tails\n',
    ],
)
def test_stone_port_reads_whole_datums_and_comments(text):
    padded = text + "heads\n" * 100
    transcript = run_transcript(2, padded)
    assert transcript.count("Round #") == 100


@pytest.mark.parametrize("text", [")\n", "(heads\n", '"heads\n', "|heads|\n", "#| open\n"])
def test_stone_port_rejects_input_it_does_not_model(text):
    with pytest.raises(UnsupportedInput):
        run_transcript(0, text)


def verdict(my_wins: int, your_wins: int) -> str:
    if my_wins < your_wins:
        return f"Congratulations -- you outwitted me.\nI owe you {your_wins - my_wins} cents.\n\n"
    if your_wins < my_wins:
        return (
            f"Hmm. Looks like you owe me {my_wins - your_wins} cents.\n"
            "Keep it -- there's no way for me to spend it anyway.\n\n"
        )
    return "Hmm. Well, that was pointless.\nI guess I need a better cognitive model!\n\n"


def test_stone_port_final_verdicts():
    seen = set()
    for seed in range(60):
        game = play_stone_against("random", seed)
        me, you = map(int, re.findall(r"That's (\d+) for me and (\d+) for you\.", game.transcript)[-1])
        assert (me, you) == (game.machine_wins, game.player_wins)
        assert game.transcript.endswith(f"That's {me} for me and {you} for you.\n\n" + verdict(me, you))
        seen.add((me > you) - (me < you))
    assert seen == {-1, 0, 1}


def test_play_stone_against_replays_through_run_transcript():
    game = play_stone_against("best", 8)
    assert game.transcript.count("Round #") == 100
    assert run_transcript(8, game.input_text) == game.transcript
    assert game.player_wins > game.machine_wins  # the mixer reads Stone's majority vote


def test_play_stone_against_needs_a_mismatcher():
    with pytest.raises(ValueError, match="use a mismatcher"):
        play_stone_against(make("random", MATCHER), 0)


def test_stone_port_matches_the_interpreter_on_junk_input():
    interpreter = pytest.importorskip("schemehost").Interpreter
    original = Path(__file__).resolve().parents[2] / "shared" / "originals" / "penny-matcher.scm"
    if not original.is_file():
        pytest.skip(f"{original} is absent in this checkout")
    source = original.read_text()
    words = ["heads", "tails", "foo", "42", "Heads", '"heads"', "(heads)", "; c", "", "tails x y", "#t"]
    lines = random.Random(3)
    for trial in range(3):
        text = "\n".join(lines.choice(words) for _ in range(150 + 40 * trial)) + "\n"
        out = io.StringIO()
        try:
            interpreter(stdin=text, stdout=out, seed=trial, eof_limit=5).eval_string(source)
        except Exception:  # the interpreter's own InputExhausted
            pass
        try:
            ours = run_transcript(trial, text, eof_limit=5)
        except InputExhausted as exc:
            ours = exc.transcript
        assert ours == out.getvalue()
