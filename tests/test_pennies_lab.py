"""The pennies lab: games, matches, tournaments, the paper's tables, plots."""

from __future__ import annotations

import ast
import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from schemehost.labs.pennies import lab as pennies
from schemehost.labs.pennies.lab import (
    INDEPENDENT_100,
    PAPER_TABLE_4,
    PAPER_TABLES,
    MatchResult,
    context_length_table,
    context_lengths,
    describe_strategies,
    game_seed,
    match,
    paper_comparison,
    paper_tables,
    play_game,
    plot_heatmap,
    plot_running_score,
    tournament,
)
from strategies.pennies import BEST, REGISTRY, make


def test_lab_imports_only_strategies_stdlib_numpy_matplotlib_and_the_progress_bar():
    tree = ast.parse(Path(pennies.__file__).read_text())
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # Within schemehost, only the labs' own progress bar: no interpreter.
                assert (node.level, node.module) == (1, "progress")
                continue
            roots.add(node.module.split(".")[0])
    foreign = roots - set(sys.stdlib_module_names) - {"__future__", "numpy", "matplotlib", "strategies"}
    assert not foreign
    assert "strategies.pennies" in {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


# -- one game -----------------------------------------------------------------------


def test_play_game_matcher_against_mismatcher():
    record = play_game("heads", "alternate", 10, random.Random(0))
    assert record.a_moves == "H" * 10 and record.b_moves == "HT" * 5
    assert record.score() == (5, 5) and record.score(3) == (2, 1)


def test_play_game_is_a_function_of_the_generator_state():
    first = play_game("scp", "mrm", 80, random.Random(5))
    assert play_game("scp", "mrm", 80, random.Random(5)) == first
    assert play_game("scp", "mrm", 80, random.Random(6)) != first


def test_play_game_checks_roles():
    with pytest.raises(ValueError, match="this side needs a mismatcher"):
        play_game("seer", make("mrm"), 5, random.Random(0))


def test_game_seeds_differ_by_seed_and_index():
    seeds = {game_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300
    assert game_seed(1, 2) == game_seed(1, 2)


# -- a match ------------------------------------------------------------------------------


def test_match_does_not_depend_on_the_number_of_workers():
    one = match("scp", "seer", plays=60, games=24, seed=3, workers=1)
    two = match("scp", "seer", plays=60, games=24, seed=3, workers=2)
    assert np.array_equal(one.outcomes, two.outcomes)
    assert one == two


def test_match_summary_fields_agree():
    result = match("stone", "random", plays=50, games=40, seed=1, workers=1)
    assert result.mean_a + result.mean_b == pytest.approx(50)
    assert result.ci95_a[0] < result.mean_a < result.ci95_a[1]
    assert result.half_width == pytest.approx(result.ci95_b[1] - result.mean_b)
    assert result.led_a + result.led_b + result.tied == pytest.approx(1)
    assert result.wins_a.mean() == pytest.approx(result.mean_a)
    early = result.at(10)
    assert early.plays == 10 and early.games == 40
    assert np.array_equal(early.outcomes, result.outcomes[:, :10])
    assert result.running_lead()[:, -1].tolist() == (2 * result.wins_a - 50).tolist()
    assert "stone (matcher) vs random (mismatcher), 40 games of 50 plays" in result.to_text()


def test_match_a_sure_thing_has_a_zero_width_interval():
    result = match("heads", "heads", plays=30, games=5, workers=1)
    assert (result.mean_a, result.ci95_a, result.led_a) == (30, (30, 30), 1.0)


def test_match_rejects_unknown_names_before_playing():
    with pytest.raises(ValueError, match="unknown strategy 'nobody'"):
        match("nobody", "seer", games=2)


def test_match_role_symmetry_of_the_papers_machines():
    # SEER, MRM and SCP see only win/lose and same/different bits, so who
    # the environment flips does not matter (module docstring).
    as_matcher = match("scp", "mrm", plays=100, games=300, seed=4, workers=2)
    as_mismatcher = match("mrm", "scp", plays=100, games=300, seed=5, workers=2)
    assert abs(as_matcher.mean_a - as_mismatcher.mean_b) < 2 * 1.5 * as_matcher.half_width


# -- the paper --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pair, averages",
    [
        (("seer", "mrm"), {50: (23.1, 26.9), 100: (44.2, 55.8), 200: (87.2, 112.8)}),
        (("scp", "seer"), {50: (27.2, 22.9), 100: (54.6, 45.4), 200: (112.6, 87.4)}),
        (("scp", "mrm"), {50: (28.6, 21.4), 100: (57.3, 42.7), 200: (113.7, 86.3)}),
    ],
)
def test_paper_tables_data_gives_the_printed_averages(pair, averages):
    for plays, (first, second) in averages.items():
        games = PAPER_TABLES[pair][plays]
        assert len(games) == 10
        assert sum(a for a, _ in games) / 10 == pytest.approx(first)
        assert sum(b for _, b in games) / 10 == pytest.approx(second)


def test_paper_tables_markdown_lists_ours_beside_the_papers():
    text = paper_tables(games=30, seed=0, workers=2)
    rows = [line for line in text.splitlines() if line[:4] in ("| 1 ", "| 2 ", "| 3 ")]
    assert len(rows) == 9
    assert "| 1 | SEER vs MRM | 100 |" in text and "| 44.2 - 55.8 |" in text and "| 43.3 - 56.7 |" in text
    assert "| 3 | SCP vs MRM | 200 |" in text and "| 113.7 - 86.3 |" in text


@pytest.mark.parametrize("pair", sorted(INDEPENDENT_100))
def test_paper_reproduction_matches_the_independent_figures_at_100_plays(pair):
    result = match(*pair, plays=100, games=400, seed=11, workers=2)
    expected = INDEPENDENT_100[pair][0]
    # The independent figures carry +-0.1 of their own; allow 2.5 of our half-widths.
    assert abs(result.mean_a - expected) < 2.5 * result.half_width + 0.1, result.to_text()


def test_scp_context_lengths_look_like_the_papers_table_4():
    counts = context_lengths("mrm", plays=200, games=4, seed=0)
    assert counts.sum() == 4 * 200 == sum(map(sum, PAPER_TABLE_4)) * 4 // 10
    assert np.all(np.triu(counts, 1) == 0), "the context used is never longer than the longest found"
    assert counts.shape[0] - 1 >= 4  # contexts of 4 and more plays are found in 200-play games
    # plays 1-3 never have an earlier context: at least 3 per game (the paper: 60 in 10 games)
    assert counts[0, 0] >= 3 * 4
    diagonal = np.trace(counts) / counts.sum()
    assert 0.6 < diagonal < 0.8  # the paper: 1370 of 2000 predictions use the longest context


def test_context_length_table_sets_ours_beside_the_papers():
    text = context_length_table(games=2, seed=0)
    assert "| found \\ used | 0 | 1 | 2 | 3 | 4 | 5 |" in text
    assert text.splitlines()[-1].startswith("| 5 | ") and "/ 12 |" in text


# -- the best predictor -----------------------------------------------------------------------


@pytest.mark.parametrize("opponent", ["scp", "mrm", "seer"])
def test_best_beats_the_papers_machines_at_100_and_200_plays(opponent):
    result = match("best", opponent, plays=200, games=200, seed=2024, workers=2)
    for plays in (100, 200):
        summary = result.at(plays)
        assert summary.ci95_a[0] > plays / 2, (opponent, plays, summary.to_text())


# -- tournaments and plots -----------------------------------------------------------------------


def test_tournament_share_matrix_is_complementary():
    result = tournament(["heads", "alternate", "mrm"], plays_list=(20, 40), games=6, seed=0, workers=1)
    for plays in (20, 40):
        grid = result.share[plays]
        assert np.all(np.isnan(np.diag(grid)))
        off = ~np.eye(3, dtype=bool)
        assert np.allclose((grid + grid.T)[off], 1.0)
    assert [name for name, _ in result.standings(40)][0] == "mrm"
    table = result.to_markdown(40)
    assert table.splitlines()[2] == "| vs | heads | alternate | mrm | mean |"


def test_plots_write_png_and_svg(tmp_path):
    result = match("mrm", "seer", plays=30, games=12, workers=1)
    written = plot_running_score(result, tmp_path / "run" / "mrm-seer.png")
    assert [p.name for p in written] == ["mrm-seer.png", "mrm-seer.svg"]
    assert written[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in written[1].read_bytes()[:2000]
    board = tournament(["heads", "wsls", "stone"], plays_list=(20,), games=4, workers=1)
    written = plot_heatmap(board, tmp_path / "heat")
    assert all(p.stat().st_size > 1000 for p in written)


def test_describe_strategies_lists_the_registry():
    text = describe_strategies()
    assert all(f"| `{name}` |" in text for name in REGISTRY)
    assert BEST in REGISTRY


def test_match_result_from_outcomes_of_one_game_has_an_infinite_interval():
    result = MatchResult.from_outcomes("a", "b", 0, np.ones((1, 4), dtype=np.uint8))
    assert result.mean_a == 4 and math.isinf(result.half_width)


def test_paper_tables_can_play_another_reading():
    text = paper_tables(games=10, seed=0, workers=1, readings={"mrm": "mrm-v2"})
    assert "| 1 | SEER vs MRM (seer vs mrm-v2) | 100 |" in text
    assert "43.3 - 56.7" not in text, "the independent figures belong to the default readings"
    with pytest.raises(ValueError, match="readings replace seer, mrm or scp"):
        paper_comparison(games=1, readings={"stone": "awk"})
