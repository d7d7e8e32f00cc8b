"""Tests of schemehost.labs.pig.engine: dice, games, matches and their bookkeeping."""

import ast
import pathlib
from collections import Counter

import pytest
import scipy.stats
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schemehost.labs.pig import engine as pig_engine
from schemehost.labs.pig.engine import (
    DEFAULT_MAX_TURNS, Dice, DiceExhausted, GameResult, PlayerCall, ScriptedDice,
    ThrowEvent, match_score, pass_threshold, play_game, play_match, same_every_game,
    wilson_interval,
)
from strategies import pig as strategies_pig
from strategies.pig import (
    coward, dummy, exact_match_stats, hold_at, keep_pace, random_player, throws,
)

SOURCE = pathlib.Path(pig_engine.__file__)


def scripted(decisions):
    """Return a player that answers `decisions` in turn after every throw but a 1.

    After a 1 it answers True, which the engine must ignore.  Its calls are
    kept in ``player.calls``.
    """
    answers = iter(decisions)

    def player(my_total, other_total, accum, current, state):
        player.calls.append((my_total, other_total, accum, current))
        return True if current == 1 else next(answers)

    player.calls = []
    return player


def always_throw(my_total, other_total, accum, current, state):
    return True


# --- dice ----------------------------------------------------------------------------


def test_dice_are_pinned_across_processes_and_versions():
    dice = Dice(0).game(0)
    assert [dice.throw() for _ in range(12)] == [2, 3, 1, 3, 5, 4, 5, 3, 5, 5, 4, 5]
    assert dice.thrown == 12


def test_dice_replay_per_game_and_differ_between_games_and_seeds():
    def first_throws(dice):
        return [dice.throw() for _ in range(40)]

    game0 = first_throws(Dice(7).game(0))
    assert first_throws(Dice(7).game(0)) == game0
    assert first_throws(Dice(7).game(1)) != game0
    assert first_throws(Dice(8).game(0)) != game0
    assert first_throws(Dice("7").game(0)) == game0  # the seed is used as text


def test_dice_faces_are_uniform():
    dice = Dice("uniform").game(0)
    counts = Counter(dice.throw() for _ in range(60_000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert all(abs(n / 60_000 - 1 / 6) < 0.01 for n in counts.values())


def test_scripted_dice_run_out_with_a_clear_error():
    dice = ScriptedDice([6, 2])
    assert (dice.throw(), dice.throw()) == (6, 2)
    with pytest.raises(DiceExhausted, match="^the script of 2 throws ran out$"):
        dice.throw()


@pytest.mark.parametrize("bad", [0, 7, 2.0, "3"])
def test_scripted_dice_reject_impossible_throws(bad):
    with pytest.raises(ValueError, match="a die shows 1 to 6"):
        ScriptedDice([3, bad])


# --- one game --------------------------------------------------------------------------

# The example game of the challenge: Anna moves first, Bob second.
EXAMPLE_DICE = [6, 3, 5, 2, 4, 4, 3, 2, 4, 1, 2, 6, 6, 6, 5, 1]


def test_play_game_replays_the_challenge_example():
    anna = scripted([True, True, False, True, True, True, False])
    bob = scripted([True, True, True, True, False, True, False])
    result = play_game(anna, bob, ScriptedDice(EXAMPLE_DICE), max_turns=6)
    assert anna.calls == [(0, 0, 0, 6), (0, 0, 6, 3), (0, 0, 9, 5),
                          (14, 15, 0, 4), (14, 15, 4, 1),
                          (14, 23, 0, 6), (14, 23, 6, 6), (14, 23, 12, 5)]
    assert bob.calls == [(0, 14, 0, 2), (0, 14, 2, 4), (0, 14, 6, 4), (0, 14, 10, 3),
                         (0, 14, 13, 2), (15, 14, 0, 2), (15, 14, 2, 6), (23, 31, 0, 1)]
    assert result == GameResult(winner=None, scores=(31, 23), throws=16, turns=6,
                                calls=(8, 8), capped=True)


def test_play_game_records_every_throw_and_decision():
    anna = scripted([True, True, False, True, True, True, False])
    bob = scripted([True, True, True, True, False, True, False])
    result = play_game(anna, bob, ScriptedDice(EXAMPLE_DICE), max_turns=6, record=True)
    assert result.events[:5] == (
        ThrowEvent(0, 0, 0, 0, 6, True), ThrowEvent(0, 0, 0, 6, 3, True),
        ThrowEvent(0, 0, 0, 9, 5, False), ThrowEvent(1, 0, 14, 0, 2, True),
        ThrowEvent(1, 0, 14, 2, 4, True))
    assert result.events[9] == ThrowEvent(0, 14, 15, 4, 1, None)
    assert result.events[-1] == ThrowEvent(1, 23, 31, 0, 1, None)


def test_play_game_ends_at_once_when_a_hold_reaches_100():
    never_called = scripted([])
    result = play_game(hold_at(100), never_called, ScriptedDice([6] * 17))
    assert result == GameResult(winner=0, scores=(102, 0), throws=17, turns=1,
                                calls=(17, 0), capped=False)
    assert never_called.calls == []


def test_play_game_banks_nothing_after_a_1_whatever_the_player_answers():
    first = scripted([True, True, True, True, False])
    second = scripted([False])
    result = play_game(first, second, ScriptedDice([5, 6, 1, 4, 6, 3, 2]), max_turns=3)
    assert first.calls == [(0, 0, 0, 5), (0, 0, 5, 6), (0, 0, 11, 1),
                           (0, 4, 0, 6), (0, 4, 6, 3), (0, 4, 9, 2)]
    assert result.scores == (11, 4)


def test_play_game_draws_when_nobody_ever_holds():
    result = play_game(always_throw, always_throw, Dice(3).game(0), max_turns=50)
    assert (result.winner, result.scores, result.turns, result.capped) == (None, (0, 0), 50, True)
    assert result.throws == sum(result.calls)


def test_play_game_default_turn_cap():
    assert DEFAULT_MAX_TURNS == 10_000
    with pytest.raises(ValueError, match="max_turns must be at least 1, got 0"):
        play_game(coward, coward, Dice().game(0), max_turns=0)


def test_play_game_gives_each_player_a_fresh_state_starting_at_0():
    seen = {}

    def spy(name):
        def player(my_total, other_total, accum, current, state):
            seen.setdefault(name, (id(state), list(state)))
            state[0] += 1
            return False
        return player

    play_game(spy("a"), spy("b"), Dice().game(0))
    assert seen["a"][1] == seen["b"][1] == [0]
    assert seen["a"][0] != seen["b"][0]


def test_play_game_same_dice_same_game():
    one = play_game(random_player(1), keep_pace, Dice(5).game(2), record=True)
    two = play_game(random_player(1), keep_pace, Dice(5).game(2), record=True)
    assert one == two


def test_play_game_common_random_numbers_swapping_sides_replays_the_dice():
    one = play_game(hold_at(20), dummy, Dice(9).game(4), record=True)
    two = play_game(dummy, hold_at(20), Dice(9).game(4), record=True)
    throws_one = [event.current for event in one.events]
    throws_two = [event.current for event in two.events]
    shorter = min(len(throws_one), len(throws_two))
    assert throws_one[:shorter] == throws_two[:shorter]


# --- a player's exception -----------------------------------------------------------


class Boom(Exception):
    pass


def exploding_on(call_number, raised):
    """Return a player that counts its calls in state and raises on call `call_number`."""
    def player(my_total, other_total, accum, current, state):
        state[0] += 1
        if state[0] == call_number:
            raised.append(Boom("no"))
            raise raised[-1]
        return True
    return player


def test_play_game_lets_a_player_exception_through_with_its_call_attached():
    raised = []
    with pytest.raises(Boom) as info:
        play_game(exploding_on(3, raised), coward, ScriptedDice([6] * 5))
    assert info.value is raised[0]
    assert info.value.pig_call == PlayerCall(
        name="first player", side=0, game=None, call=3, my_total=0, other_total=0,
        accum=12, current=6, state=(3,))
    assert info.value.__notes__ == [
        "pig: raised by the first player (moving first) on its call 3: player(0, 0, 12, 6, [3])"]
    assert info.traceback[-1].name == "player"


def test_play_match_names_the_submission_and_the_game_in_the_note():
    raised = []
    games = iter(range(49))

    def factory():
        return exploding_on(1, raised) if next(games) == 1 else coward

    first_throw = Dice(4).game(1).throw()
    with pytest.raises(Boom) as info:
        play_match(factory, same_every_game(dummy), seed=4)
    assert info.value is raised[0]
    assert info.value.__notes__ == [
        f"pig: raised by the submission (moving first in game 1) on its call 1:"
        f" player(0, 0, 0, {first_throw}, [1])"]
    assert (info.value.pig_call.name, info.value.pig_call.side, info.value.pig_call.game) == (
        "submission", 0, 1)


def test_play_match_factory_exceptions_and_non_players():
    def broken():
        raise Boom("factory")

    with pytest.raises(Boom) as info:
        play_match(broken, same_every_game(dummy))
    assert info.value.__notes__ == ["pig: raised by the submission factory before game 0"]
    with pytest.raises(TypeError) as info:
        play_match(same_every_game(coward), lambda: None)
    assert str(info.value) == ("the opponent factory returned None for game 0, which is not"
                               " a player (a player is called with five arguments)")


# --- a match ---------------------------------------------------------------------------


def test_play_match_alternates_sides_starting_second():
    match = play_match(same_every_game(hold_at(20)), same_every_game(dummy), seed=0)
    assert [game.submission_side for game in match.results] == [1, 0] * 24 + [1]
    assert (match.games, match.games_first, match.games_second) == (49, 24, 25)
    assert match.wins == match.wins_first + match.wins_second
    assert match.wins == sum(game.won for game in match.results)
    assert match.losses == 49 - match.wins - match.draws


def test_play_match_seed_0_hold_20_against_dummy_is_pinned():
    match = play_match(same_every_game(hold_at(20)), same_every_game(dummy), seed=0)
    assert (match.wins, match.wins_first, match.wins_second) == (38, 21, 17)
    assert match.passed and match.score == pytest.approx(0.56)


def test_play_match_coward_fails_against_dummy():
    match = play_match(same_every_game(coward), same_every_game(dummy), seed=1)
    assert match.wins <= 2 and not match.passed and match.score == 0.0


def test_play_match_calls_each_factory_once_per_game():
    made = Counter()

    def counting(name, policy):
        def factory():
            made[name] += 1
            return policy
        return factory

    play_match(counting("sub", coward), counting("opp", dummy), games=7)
    assert made == {"sub": 7, "opp": 7}


def test_play_match_same_seed_replays_the_match():
    def run(seed):
        return play_match(lambda: random_player("sub"), lambda: throws(3), games=9,
                          seed=seed, record=True)

    assert run("a") == run("a")
    assert run("a").results != run("b").results


def test_play_match_swapping_players_replays_each_games_dice():
    one = play_match(same_every_game(hold_at(20)), same_every_game(dummy), games=6,
                     seed=2, record=True)
    two = play_match(same_every_game(dummy), same_every_game(hold_at(20)), games=6,
                     seed=2, record=True)
    for game_one, game_two in zip(one.results, two.results):
        throws_one = [event.current for event in game_one.result.events]
        throws_two = [event.current for event in game_two.result.events]
        shorter = min(len(throws_one), len(throws_two))
        assert throws_one[:shorter] == throws_two[:shorter]


def test_play_match_capped_games_are_draws_not_wins():
    match = play_match(same_every_game(always_throw), same_every_game(always_throw),
                       games=3, max_turns=20)
    assert (match.wins, match.draws, match.losses, match.passed) == (0, 3, 0, False)


@pytest.mark.parametrize("wins, games, passed, score", [
    (24, 49, False, 0.0), (25, 49, True, 0.04), (49, 49, True, 1.0),
    (5, 10, False, 0.0), (6, 10, True, 0.2),
])
def test_pass_threshold_and_score_agree_with_the_strategies_module(wins, games, passed, score):
    assert (wins >= pass_threshold(games)) is passed
    assert match_score(wins, games) == pytest.approx(score)
    assert pass_threshold(games) == strategies_pig.pass_threshold(games)
    assert match_score(wins, games) == strategies_pig.match_score(wins, games)


def test_simulation_agrees_with_the_exact_odds_of_hold_20_against_dummy():
    exact = exact_match_stats(hold_at(20), dummy)
    player = hold_at(20)
    dice = Dice("simulation")
    wins = Counter()
    for game in range(20_000):
        if game % 2:
            wins["first"] += play_game(player, dummy, dice.game(game)).winner == 0
        else:
            wins["second"] += play_game(dummy, player, dice.game(game)).winner == 1
    assert wins["first"] / 10_000 == pytest.approx(exact.win_first, abs=0.02)
    assert wins["second"] / 10_000 == pytest.approx(exact.win_second, abs=0.02)
    assert wins.total() / 20_000 == pytest.approx(exact.average, abs=0.015)
    assert exact.average == pytest.approx(0.70, abs=0.01)


# --- invariants ----------------------------------------------------------------------

PLAYERS = st.one_of(
    st.integers(1, 40).map(hold_at),
    st.integers(1, 8).map(throws),
    st.integers(0, 10**6).map(random_player),
    st.sampled_from([coward, dummy, keep_pace]),
)


@settings(max_examples=80, deadline=None)
@given(first=PLAYERS, second=PLAYERS, seed=st.integers(0, 10**9) | st.text(max_size=8),
       game=st.integers(0, 100))
@example(first=coward, second=coward, seed=0, game=0)
def test_play_game_events_replay_to_the_result(first, second, seed, game):
    result = play_game(first, second, Dice(seed).game(game), record=True)
    events = result.events
    assert len(events) == result.throws == sum(result.calls)
    assert [sum(event.side == side for event in events) for side in (0, 1)] == list(result.calls)
    scores, side, accum, turns = [0, 0], 0, 0, 1
    for event in events:
        assert (event.side, event.accum) == (side, accum)
        assert (event.my_total, event.other_total) == (scores[side], scores[1 - side])
        if event.current == 1:
            assert event.decision is None
        elif event.decision:
            accum += event.current
            continue
        else:
            scores[side] += accum + event.current  # totals never decrease
        side, accum, turns = 1 - side, 0, turns + 1
    assert (event.current != 1 and event.decision is False) or result.capped
    assert tuple(scores) == result.scores
    assert turns - 1 == result.turns
    if not result.capped:
        assert result.scores[result.winner] >= 100 > result.scores[1 - result.winner]
        assert events[-1].side == result.winner


# --- statistics -----------------------------------------------------------------------


def test_wilson_interval_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_matches_scipy(wins_n):
    wins, n = wins_n
    reference = scipy.stats.binomtest(wins, n).proportion_ci(method="wilson")
    low, high = wilson_interval(wins, n)
    assert low == pytest.approx(reference.low, abs=1e-12)
    assert high == pytest.approx(reference.high, abs=1e-12)


@pytest.mark.parametrize("wins, n", [(-1, 5), (6, 5), (0, -1)])
def test_wilson_interval_rejects_impossible_counts(wins, n):
    with pytest.raises(ValueError, match=f"need 0 <= wins <= n, got wins={wins}, n={n}"):
        wilson_interval(wins, n)


# --- the module ------------------------------------------------------------------------


def test_engine_imports_nothing_from_schemehost():
    tree = ast.parse(SOURCE.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not (node.module or "").startswith("schemehost")
        elif isinstance(node, ast.Import):
            assert not any(alias.name.startswith("schemehost") for alias in node.names)


def test_engine_all_is_pinned():
    assert sorted(pig_engine.__all__) == sorted([
        "GOAL", "CHECKER_GAMES", "DEFAULT_MAX_TURNS",
        "Player", "Factory", "DiceSource", "Dice", "GameDice", "ScriptedDice",
        "DiceExhausted",
        "ThrowEvent", "PlayerCall", "GameResult", "MatchGame", "MatchResult",
        "play_game", "play_match", "same_every_game",
        "pass_threshold", "match_score", "wilson_interval",
    ])
    assert all(hasattr(pig_engine, name) for name in pig_engine.__all__)


# -- the one match loop: forfeits, stopping, recording (issue 12) --------------------


class Fault(Exception):
    """What a test's player raises to forfeit its game."""


def faulty_in(games):
    """Return a factory whose player raises Fault on its first call in the given game indexes."""
    started = iter(range(10_000))

    def factory():
        index = next(started)

        def player(my_total, other_total, accum, current, state):
            if index in games:
                raise Fault(f"game {index}")
            return accum + current < 20

        return player

    return factory


def test_play_match_forfeit_costs_the_raising_side_its_game_and_the_match_goes_on():
    result = play_match(faulty_in({1, 2}), same_every_game(dummy), games=4, seed=3, forfeit=Fault)
    lost = [g for g in result.results if g.result is None]
    assert [(g.index, g.forfeited_by == g.submission_side, str(g.fault)) for g in lost] == [
        (1, True, "game 1"), (2, True, "game 2")]
    assert all(not g.won for g in lost)
    assert result.games == 4 and result.wins + result.losses == 4


def test_play_match_opponent_forfeit_is_a_win_for_the_submission():
    result = play_match(same_every_game(dummy), faulty_in({0, 1, 2}), games=3, seed=3, forfeit=Fault)
    assert [(g.won, g.forfeited_by == 1 - g.submission_side) for g in result.results] == [(True, True)] * 3
    assert (result.wins, result.wins_first, result.wins_second) == (3, 1, 2)


def test_play_match_exception_outside_forfeit_still_propagates():
    with pytest.raises(Fault):
        play_match(faulty_in({0}), same_every_game(dummy), games=2, seed=3, forfeit=KeyError)


def test_play_match_on_game_sees_each_game_and_a_true_return_ends_the_match():
    seen = []
    result = play_match(same_every_game(hold_at(20)), same_every_game(dummy), games=10, seed=0,
                        on_game=lambda game: seen.append(game.index) or game.index == 3)
    assert seen == [0, 1, 2, 3]
    assert result.games == 4 and len(result.results) == 4
    assert (result.games_first, result.games_second) == (2, 2)


def test_play_match_record_predicate_records_only_the_games_it_names():
    result = play_match(same_every_game(hold_at(20)), same_every_game(dummy), games=4, seed=0,
                        record=lambda index: index == 2)
    assert [g.result.events is not None for g in result.results] == [False, False, True, False]


def test_match_game_forfeited_follows_the_side_rule_and_counts_into_any_tally():
    class Tally:
        wins = wins_first = wins_second = draws = 0

    tally = Tally()
    for index in range(5):
        pig_engine.MatchGame.forfeited(index, by_submission=False).add_to(tally)
    pig_engine.MatchGame.forfeited(5, by_submission=True).add_to(tally)
    assert (tally.wins, tally.wins_first, tally.wins_second, tally.draws) == (5, 2, 3, 0)


def test_match_game_needs_a_result_or_the_side_at_fault():
    with pytest.raises(ValueError):
        pig_engine.MatchGame(0, 1, None)
