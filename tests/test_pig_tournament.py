"""Pig tournaments: leaderboard, SQLite persistence and resume, Dask."""

from __future__ import annotations

import argparse
import json
import sqlite3

import pytest

from conftest import SCHEME_SRC
from schemehost.labs import pig_tournament
from schemehost.labs.pig_tournament import leaderboard, run_tournament

ENTRANTS = [str(SCHEME_SRC / "pig" / "hold-at-20.scm"), str(SCHEME_SRC / "pig" / "keep-pace.scm"), "coward"]


def args(db, **kw):
    base = dict(entries=ENTRANTS, games=5, seed=3, workers=2, db=str(db), json=True, dask=None,
                step_limit=None, time_limit=None, strict=False)
    base.update(kw)
    return argparse.Namespace(**base)


def test_leaderboard_counts_both_sides_and_gives_intervals():
    board = leaderboard([("a", "b", 30, 19), ("a", "c", 40, 9), ("b", "c", 25, 24)], ["a", "b", "c"])
    assert [row["entrant"] for row in board] == ["a", "b", "c"]
    a = board[0]
    assert (a["wins"], a["games"], a["matches_won"], a["matches"]) == (70, 98, 2, 2)
    assert a["ci95"][0] < a["win_rate"] < a["ci95"][1]


def test_tournament_plays_every_pair_and_stores_each_match(tmp_path, capsys):
    assert run_tournament(args(tmp_path / "t.sqlite")) == 0
    out = json.loads(capsys.readouterr().out)
    assert {row["entrant"] for row in out["leaderboard"]} == set(ENTRANTS)
    assert out["leaderboard"][-1]["entrant"] == "coward"
    rows = sqlite3.connect(tmp_path / "t.sqlite").execute("SELECT a, b, wins_a + wins_b FROM matches").fetchall()
    assert len(rows) == 3 and all(total == 5 for _, _, total in rows)


def test_tournament_interrupted_keeps_finished_matches_and_resumes(tmp_path, monkeypatch, capsys):
    real = pig_tournament.play_pair
    played = []

    def flaky(*a, **kw):
        if len(played) == 1:
            raise KeyboardInterrupt  # the user pressed Ctrl-C during the second match
        played.append(a[0][0])
        return real(*a, **kw)

    monkeypatch.setattr(pig_tournament, "play_pair", flaky)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(args(tmp_path / "t.sqlite", workers=1))
    db = sqlite3.connect(tmp_path / "t.sqlite")
    assert db.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1

    calls = []

    def counting(*a, **kw):
        calls.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(pig_tournament, "play_pair", counting)
    assert run_tournament(args(tmp_path / "t.sqlite", workers=1)) == 0
    assert len(calls) == 2  # only the two matches that had not finished
    assert db.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 3
    capsys.readouterr()


def test_tournament_on_a_local_dask_cluster_matches_the_local_run(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    run_tournament(args(tmp_path / "local.sqlite"))
    local = json.loads(capsys.readouterr().out)["leaderboard"]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert run_tournament(args(tmp_path / "dask.sqlite", dask=cluster.scheduler_address)) == 0
    remote = json.loads(capsys.readouterr().out)["leaderboard"]
    assert remote == local


def test_tournament_needs_two_entrants(tmp_path, capsys):
    assert run_tournament(args(tmp_path / "t.sqlite", entries=["coward"])) == 2
    assert capsys.readouterr().err == "schemehost pig tournament: need at least two entrants\n"
