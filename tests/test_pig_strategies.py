"""Tests of strategies.pig: the Python Pig players and the exact odds behind them."""

import ast
import math
import pathlib
import types

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import pig
from strategies.pig import (
    STRATEGIES, MatchOdds, TotalPolicy, best_response, coward, dummy, exact_match_stats,
    hold_at, keep_pace, load_strategy, match_score, match_win_distribution, optimal,
    optimal_win_probability, parse_opponent, pass_threshold, policy_table, random_player,
    solve_best_response, solve_optimal, tabulate, throws, total_policy,
)

SOURCE = pathlib.Path(pig.__file__)


def decisions(player, calls):
    """Call `player` with each (my, other, accum, current) on one shared state."""
    state = [0]
    return [player(my, other, accum, current, state) for my, other, accum, current in calls]


# --- simple strategies ---------------------------------------------------------------


def test_coward_holds_after_every_throw():
    calls = [(0, 0, 0, 6), (0, 0, 0, 2), (50, 99, 0, 5), (98, 0, 0, 1)]
    assert decisions(coward, calls) == [False, False, False, False]


@pytest.mark.parametrize("my, other, accum, current, expected", [
    (0, 0, 0, 6, True),      # turn total 6
    (0, 0, 13, 6, True),     # 19
    (0, 0, 14, 6, False),    # 20: hold
    (0, 0, 30, 4, False),    # past 20
    (85, 0, 8, 6, True),     # 99 in all: not yet a win
    (90, 0, 4, 6, False),    # 100: holding wins
    (0, 99, 0, 5, True),     # the opponent's total does not matter
])
def test_hold_at_20_decisions(my, other, accum, current, expected):
    assert hold_at(20)(my, other, accum, current, [0]) is expected


@pytest.mark.parametrize("my, accum, current, expected", [
    (0, 0, 6, True), (0, 4, 5, True), (0, 4, 6, False), (0, 12, 3, False),
    (95, 0, 4, True), (95, 0, 5, False),
])
def test_dummy_holds_at_10_or_a_win(my, accum, current, expected):
    assert dummy(my, 30, accum, current, [0]) is expected


@pytest.mark.parametrize("bad", [0, -3, 2.5, "20"])
def test_hold_at_rejects_a_bad_threshold(bad):
    with pytest.raises(ValueError, match="hold_at needs a positive whole number"):
        hold_at(bad)


def test_throws_3_counts_throws_in_state_and_restarts_each_turn():
    player = throws(3)
    state = [0]
    script = [
        ((0, 0, 0, 4), True, 1), ((0, 0, 4, 3), True, 2), ((0, 0, 7, 5), False, 3),
        ((12, 9, 0, 6), True, 1), ((12, 9, 6, 1), None, 2),   # a 1: the turn ends
        ((12, 20, 0, 2), True, 1),                             # counting starts again
        ((12, 20, 2, 2), True, 2), ((12, 20, 4, 2), False, 3),
    ]
    for args, expected, count in script:
        decision = player(*args, state)
        if expected is not None:
            assert decision is expected, args
        assert state == [count], args


def test_throws_1_is_the_coward():
    assert decisions(throws(1), [(0, 0, 0, 6), (0, 0, 0, 2)]) == [False, False]


def test_random_player_same_seed_same_decisions_and_about_half_true():
    calls = [(0, 0, 0, 3)] * 4000
    first, again = decisions(random_player(7), calls), decisions(random_player(7), calls)
    assert first == again
    assert first != decisions(random_player(8), calls)
    assert abs(sum(first) / len(first) - 0.5) < 0.04


@pytest.mark.parametrize("my, other, turn_total, expected", [
    (0, 0, 20, True), (0, 0, 21, False),          # hold at 21 when level
    (0, 40, 25, True), (0, 40, 26, False),        # 21 + 5 when 40 behind
    (40, 0, 15, True), (40, 0, 16, False),        # 21 - 5 when 40 ahead
    (0, 4, 21, True), (0, 4, 22, False),          # 4/8 rounds half up: 22
    (75, 0, 20, True), (10, 80, 60, True),        # a total of 71 or more: race
    (95, 80, 5, False), (60, 71, 40, False),      # except when holding wins
])
def test_keep_pace_decisions(my, other, turn_total, expected):
    assert keep_pace.decide(my, other, turn_total) is expected


@pytest.mark.parametrize("policy", [hold_at(20), keep_pace], ids=lambda policy: policy.name)
def test_total_policy_fast_table_matches_its_decisions(policy):
    assert np.array_equal(policy.table(), tabulate(policy.decide))


def test_dummy_and_coward_tables():
    assert np.array_equal(dummy.table(), hold_at(10).table())
    assert not coward.table().any()


def test_total_policy_call_sums_the_turn_and_holds_after_a_1():
    seen = []
    policy = TotalPolicy("spy", lambda my, other, total: seen.append((my, other, total)) or True)
    assert policy(10, 20, 7, 5, [0]) is True
    assert policy(10, 20, 7, 1, [0]) is False
    assert seen == [(10, 20, 12)]


def test_total_policy_table_lookup_rejects_scores_off_the_board():
    with pytest.raises(ValueError, match=r"optimal: scores must lie in 0\.\.99"):
        optimal.decide(-1, 0, 5)


def test_total_policy_rejects_a_table_of_the_wrong_shape():
    with pytest.raises(ValueError, match=r"must be a bool array of shape \(100, 100, 100\)"):
        TotalPolicy("bad", table=np.zeros((100, 100), dtype=bool))


# --- exact odds -------------------------------------------------------------------------


def test_turn_outcomes_of_the_coward_bank_each_face_with_one_sixth():
    bank, bust = pig._turn_outcomes(coward.table())
    assert np.allclose(bust, 1 / 6)
    assert np.allclose(bank[:, :, 2:7], 1 / 6)
    assert np.allclose(bank[:, :, 7:], 0.0)


def test_turn_outcomes_of_hold_at_4_by_hand():
    bank, bust = pig._turn_outcomes(hold_at(4).table())
    # 4, 5, 6 bank at once; after a 2 or a 3 the next 2..6 banks; a 1 busts.
    expected = np.zeros(pig._T)
    expected[4:7] = 1 / 6
    expected[4:9] += 1 / 36
    expected[5:10] += 1 / 36
    assert np.allclose(bank[0, 0], expected)
    assert bust[0, 0] == pytest.approx(1 / 6 + 2 / 36)


@pytest.mark.parametrize("policy", ["dummy", "hold:25", "keep-pace", "optimal"])
def test_turn_outcomes_add_up_to_one(policy):
    bank, bust = pig._turn_outcomes(policy_table(policy))
    assert np.allclose(bank.sum(axis=2) + bust, 1.0)


def test_optimal_first_player_wins_0_5306():
    assert optimal_win_probability() == pytest.approx(0.5306, abs=5e-5)
    assert solve_optimal().seconds < 10


def test_optimal_against_itself_by_the_markov_chain_agrees_with_value_iteration():
    odds = exact_match_stats(optimal, optimal)
    assert odds.win_first == pytest.approx(optimal_win_probability(), abs=1e-9)
    assert odds.win_first + odds.win_second == pytest.approx(1.0, abs=1e-9)


def test_optimal_at_41_against_49_holds_from_22_but_throws_again_at_27():
    """The irregular boundary Neller and Presser's policy shows, as quoted in
    https://possiblywrong.wordpress.com/2014/03/20/pig-puzzle-solution/."""
    decisions = {k: optimal.decide(41, 49, k) for k in range(18, 32)}
    assert [k for k, throw in decisions.items() if throw] == [18, 19, 20, 21, 27]


def test_optimal_always_takes_a_winning_hold():
    table = optimal.table()
    i, _, t = np.nonzero(table)
    assert (i + t < 100).all()
    assert optimal(90, 95, 4, 6, [0]) is False


def test_best_response_to_optimal_wins_no_more_than_optimal_play():
    # Optimal play is a best response to itself: the game's value comes back.
    response = solve_best_response("optimal")
    assert response.win_first == pytest.approx(optimal_win_probability(), abs=1e-9)
    assert response.win_second == pytest.approx(1 - optimal_win_probability(), abs=1e-9)


def test_best_response_to_dummy_odds_agree_with_the_markov_chain():
    response = solve_best_response("dummy")
    odds = exact_match_stats(response.policy, dummy)
    assert odds.win_first == pytest.approx(response.win_first, abs=1e-9)
    assert odds.win_second == pytest.approx(response.win_second, abs=1e-9)
    assert best_response("dummy") is response.policy


def test_best_response_to_an_erratic_table_agrees_with_the_markov_chain():
    erratic = np.random.default_rng(0).random((100, 100, 100)) < 0.7
    response = solve_best_response(erratic)
    odds = exact_match_stats(response.policy, erratic)
    assert (odds.win_first, odds.win_second) == pytest.approx(
        (response.win_first, response.win_second), abs=1e-9)
    assert odds.average > exact_match_stats("optimal", erratic).average


@pytest.mark.parametrize("rival", ["coward", "hold:20", "keep-pace", "optimal"])
def test_best_response_to_dummy_beats_every_rival_against_the_dummy(rival):
    response = solve_best_response("dummy")
    odds = exact_match_stats(rival, "dummy")
    assert response.win_first >= odds.win_first - 1e-12
    assert response.win_second >= odds.win_second - 1e-12


def test_hold_at_20_against_dummy_wins_about_0_70_and_passes_99_8_percent():
    odds = exact_match_stats(hold_at(20), dummy)
    assert odds.average == pytest.approx(0.70, abs=0.01)
    assert odds.win_first > odds.win_second
    assert odds.pass_probability() == pytest.approx(0.998, abs=0.001)


def test_optimal_against_dummy_does_a_little_better_than_hold_at_20():
    hold = exact_match_stats("hold:20", "dummy")
    best = exact_match_stats("optimal", "dummy")
    assert hold.average < best.average < hold.average + 0.02
    assert best.pass_probability() > hold.pass_probability()


def test_coward_against_dummy_fails():
    odds = exact_match_stats(coward, dummy)
    assert odds.average < 0.01
    assert odds.pass_probability() < 1e-30
    assert odds.expected_score() < 1e-30


def test_dummy_against_itself_splits_the_games():
    odds = exact_match_stats("dummy", "dummy")
    assert odds.win_first + odds.win_second == pytest.approx(1.0, abs=1e-12)
    assert odds.win_first > 0.5


def test_exact_match_stats_takes_a_decide_function():
    odds = exact_match_stats(lambda my, other, total: total < 20 and my + total < 100, "dummy")
    assert odds == exact_match_stats("hold:20", "dummy")


def test_match_win_distribution_is_the_convolution_of_two_binomials():
    distribution = match_win_distribution(0.3, 0.6, games=3)
    # one game as first (p = 0.3), two as second (p = 0.6)
    second = [0.16, 0.48, 0.36]
    expected = [0.7 * second[0], 0.7 * second[1] + 0.3 * second[0],
                0.7 * second[2] + 0.3 * second[1], 0.3 * second[2]]
    assert np.allclose(distribution, expected)


@given(st.floats(0, 1), st.floats(0, 1), st.integers(1, 60))
def test_match_win_distribution_sums_to_one(p_first, p_second, games):
    distribution = match_win_distribution(p_first, p_second, games)
    assert len(distribution) == games + 1
    assert math.isclose(distribution.sum(), 1.0, abs_tol=1e-9)


def test_even_odds_pass_a_49_game_match_half_the_time():
    assert MatchOdds(0.5, 0.5).pass_probability() == pytest.approx(0.5, abs=1e-12)
    assert MatchOdds(1.0, 1.0).expected_score() == pytest.approx(1.0)


@pytest.mark.parametrize("wins, games, threshold, score", [
    (24, 49, 25, 0.0), (25, 49, 25, 0.04), (37, 49, 25, 0.52), (49, 49, 25, 1.0),
    (5, 10, 6, 0.0), (6, 10, 6, 0.2), (10, 10, 6, 1.0), (1, 1, 1, 1.0),
])
def test_match_score_and_pass_threshold(wins, games, threshold, score):
    assert pass_threshold(games) == threshold
    assert match_score(wins, games) == pytest.approx(score)


# --- specs ----------------------------------------------------------------------------


@pytest.mark.parametrize("spec, call, expected", [
    ("coward", (0, 0, 0, 6), False),
    ("dummy", (0, 0, 4, 5), True),
    ("dummy", (0, 0, 4, 6), False),
    ("hold:20", (0, 0, 13, 6), True),
    ("hold:20", (0, 0, 14, 6), False),
    ("throws:1", (0, 0, 0, 6), False),
    ("throws:2", (0, 0, 0, 6), True),
    ("keep-pace", (0, 0, 14, 6), True),
    ("optimal", (90, 0, 4, 6), False),
    ("best-response", (90, 0, 4, 6), False),
    ("best-response:dummy", (0, 0, 0, 6), True),
    ("strategies.pig:coward", (0, 0, 0, 6), False),
])
def test_parse_opponent_gives_a_factory_of_players(spec, call, expected):
    factory = parse_opponent(spec)
    assert factory()(*call, [0]) is expected


def test_parse_opponent_random_factory_replays_from_a_fresh_factory():
    calls = [(0, 0, 0, 3)] * 50
    one, two = parse_opponent("random"), parse_opponent("random")
    game0, game1 = decisions(one(), calls), decisions(one(), calls)
    assert game0 != game1
    assert decisions(two(), calls) == game0
    assert decisions(parse_opponent("random:5")(), calls) != game0


UNKNOWN = ("unknown strategy {!r}; valid: coward, dummy, hold:N, random, throws:N,"
           " keep-pace, optimal, near-optimal, best-response, module:name")


@pytest.mark.parametrize("spec, message", [
    ("cowrd", UNKNOWN.format("cowrd")),
    ("", UNKNOWN.format("")),
    ("hold 20", UNKNOWN.format("hold 20")),
    ("hold", "hold:N needs a positive whole number N, got 'hold'"),
    ("hold:0", "hold:N needs a positive whole number N, got 'hold:0'"),
    ("hold:x", "hold:N needs a positive whole number N, got 'hold:x'"),
    ("throws:-2", "throws:N needs a positive whole number N, got 'throws:-2'"),
    ("coward:3", "coward takes no argument, got 'coward:3'"),
    ("best-response:random",
     "'random' is not a deterministic policy of (my total, other total, turn total);"
     " use one of coward, dummy, hold:N, keep-pace, optimal, near-optimal, best-response, or a"
     " module:name naming a TotalPolicy"),
    ("no_such_module_for_pig:player",
     "cannot import module 'no_such_module_for_pig' for 'no_such_module_for_pig:player':"
     " No module named 'no_such_module_for_pig'"),
    ("strategies.pig:no_such_player", "module 'strategies.pig' has no 'no_such_player'"),
    ("strategies.pig:GOAL", "'strategies.pig:GOAL' is not callable"),
    ("strategies.pig:hold_at",
     "'strategies.pig:hold_at' must take five arguments (a player) or none (a factory)"),
])
def test_parse_opponent_errors(spec, message):
    with pytest.raises(ValueError) as info:
        parse_opponent(spec)
    assert str(info.value) == message


def test_strategies_registry_lists_every_spec_form():
    assert list(STRATEGIES) == ["coward", "dummy", "hold:N", "random", "throws:N",
                                "keep-pace", "optimal", "near-optimal", "best-response", "module:name"]
    assert all(STRATEGIES.values())


def test_load_strategy_takes_a_player_or_a_factory(monkeypatch):
    module = types.ModuleType("pig_fixture_players")
    module.eager = lambda my, other, accum, current, state: True
    module.make = lambda: module.eager
    monkeypatch.setitem(__import__("sys").modules, "pig_fixture_players", module)
    assert load_strategy("pig_fixture_players:eager")() is module.eager
    assert load_strategy("pig_fixture_players:make")() is module.eager


def test_total_policy_resolves_a_module_name_to_a_total_policy():
    assert total_policy("strategies.pig:keep_pace") is keep_pace
    with pytest.raises(ValueError, match="is not a deterministic policy"):
        total_policy("strategies.pig:random_player")


def test_strategies_import_nothing_from_schemehost():
    tree = ast.parse(SOURCE.read_text())
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)]
    assert not [name for name in imported if name.startswith("schemehost")]


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 99), st.integers(0, 99), st.integers(2, 6), st.integers(0, 20))
def test_every_total_policy_holds_when_holding_wins(my, other, current, extra):
    accum = max(0, 100 - my - current) + extra
    accum = 2 if accum == 1 else accum  # a turn never stands at 1
    for policy in (coward, dummy, hold_at(30), keep_pace, optimal):
        assert policy(my, other, accum, current, [0]) is False
