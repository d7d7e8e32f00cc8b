"""Pig tournaments: leaderboard, SQLite persistence and resume, Dask."""

from __future__ import annotations

import argparse
import os
import json
import sqlite3

import pytest

from conftest import SCHEME_SRC
from schemehost.labs.pig import tournament as pig_tournament
from schemehost.labs.pig.tournament import leaderboard, run_tournament

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


# -- hostile entrants -----------------------------------------------------------------

HOSTILE = SCHEME_SRC.parent / "tests" / "scheme" / "pig-hostile"
HOLD20 = str(SCHEME_SRC / "pig" / "hold-at-20.scm")
# The crasher and the hanger come last: in every pair they are the second
# entrant, who moves first in game 1, so their fault comes before anything else.
HOSTILE_ENTRANTS = [HOLD20, str(HOSTILE / "cyclic-record.scm"), str(HOSTILE / "deep-chain.scm"),
                    str(HOSTILE / "huge-name.scm"), str(HOSTILE / "builtin-hanger.scm"), "pig_hostile:killer"]


@pytest.fixture
def hostile_strategies(monkeypatch):
    """Let the sandboxed workers import tests/pig_hostile.py as `pig_hostile`."""
    tests = str(SCHEME_SRC.parent / "tests")
    monkeypatch.setenv("PYTHONPATH", tests + os.pathsep + os.environ.get("PYTHONPATH", ""))


def test_tournament_with_a_hostile_entrant_of_each_kind_stores_every_match_and_ranks_right(
        tmp_path, capsys, hostile_strategies):
    """Issue 17, item 6: one entrant returning a cyclic record stopped a whole
    tournament for good (exit 70 after 16 s, no leaderboard, the worker's
    Python traceback shown, the same on every re-run).  Now every match is
    stored, hostile entrants lose what they are at fault for, and the
    leaderboard is the sum of the stored matches."""
    db = tmp_path / "t.sqlite"
    assert run_tournament(args(db, entries=HOSTILE_ENTRANTS, games=3, seed=1, time_limit=3.0)) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "Traceback" not in captured.out
    out = json.loads(captured.out)
    assert out["not_stored"] == []
    reports = [json.loads(r) for (r,) in sqlite3.connect(db).execute("SELECT report FROM matches")]
    assert len(reports) == 15  # every pair of the 6 entrants
    rows = sqlite3.connect(db).execute("SELECT a, b, wins_a, wins_b FROM matches").fetchall()
    for data in reports:
        b_wins = next(wb for a, b, wa, wb in rows if (a, b) == (data["player"], data["opponent"]))
        assert data["wins"] + b_wins + data["draws"] == 3
        if data["player"] == HOLD20:
            assert data["forfeits"] == []  # the innocent side is never charged
        if data["opponent"] == "pig_hostile:killer":
            assert data["wins"] == 3 and data["opponent_forfeits"] == [
                "games 1-3: the worker process was killed (SIGKILL) during the opponent's call"]
    beaten = {b: wa for a, b, wa, wb in rows if a == HOLD20}
    for hostile in HOSTILE_ENTRANTS[2:]:
        if hostile != str(HOSTILE / "huge-name.scm"):  # huge-name plays hold-at-20 and may win
            assert beaten[hostile] == 3
    # The leaderboard is the sum of the stored matches.
    board = {row["entrant"]: row for row in out["leaderboard"]}
    for e in HOSTILE_ENTRANTS:
        wins = sum(wa for a, b, wa, wb in rows if a == e) + sum(wb for a, b, wa, wb in rows if b == e)
        games = sum(wa + wb for a, b, wa, wb in rows if e in (a, b))
        assert (board[e]["wins"], board[e]["games"], board[e]["matches"]) == (wins, games, 5)
    assert out["leaderboard"][-1]["entrant"] == "pig_hostile:killer"
    assert board["pig_hostile:killer"]["wins"] == 0


def test_tournament_goes_on_past_a_match_the_grader_could_not_judge(tmp_path, monkeypatch, capsys):
    """A bug in schemehost during one match is reported for that match (not
    stored, so a re-run retries it); every other match is stored and the
    leaderboard printed; exit status 70; no Python traceback."""
    real = pig_tournament.play_pair

    def broken(a, b, *rest):
        if (a[0], b[0]) == ("coward", "dummy"):
            raise RuntimeError("a bug")
        return real(a, b, *rest)

    monkeypatch.setattr(pig_tournament, "play_pair", broken)
    status = run_tournament(args(tmp_path / "t.sqlite", entries=["coward", "dummy", "hold:20"], games=2, json=False))
    captured = capsys.readouterr()
    assert status == 70
    assert captured.err.splitlines()[-2:] == [
        "schemehost pig tournament: not stored (run again to retry): coward vs dummy: "
        "internal error in schemehost (a bug, not the player's fault): RuntimeError: a bug",
        "set SCHEMEHOST_DEBUG=1 to see the workers' Python tracebacks",
    ]
    assert captured.out.splitlines()[0].split() == ["rank", "entrant", "wins", "games", "win", "rate", "95%", "interval", "matches", "won"]
    stored = sqlite3.connect(tmp_path / "t.sqlite").execute("SELECT a, b FROM matches ORDER BY a, b").fetchall()
    assert stored == [("coward", "hold:20"), ("dummy", "hold:20")]


def test_tournament_without_db_writes_the_working_directory_as_its_help_says(tmp_path, monkeypatch, capsys):
    """Issue 12: the help said "in a temp dir" while the file went to the
    working directory.  The working directory is right (a re-run resumes from
    it); the help now says so."""
    from schemehost.cli import build_parser

    monkeypatch.chdir(tmp_path)
    namespace = args("unused", entries=["coward", "hold:20"], games=2)
    namespace.db = None
    assert run_tournament(namespace) == 0
    assert (tmp_path / "pig-tournament.sqlite").is_file()
    capsys.readouterr()
    with pytest.raises(SystemExit):
        build_parser().parse_args(["pig", "tournament", "--help"])
    assert "pig-tournament.sqlite in the working directory" in " ".join(capsys.readouterr().out.split())


def test_tournament_messages_name_the_entrants_files_not_a_temporary_directory(tmp_path):
    """A tournament's forfeits read `/tmp/pig-match-wp0g6bb4/1-raiser.scm:1:50: ...`: the service
    had stopped showing its temporary directory, the tournament had its own copy of that code and not."""
    a, b = tmp_path / "one" / "p.scm", tmp_path / "two" / "p.scm"  # two entrants, one file name
    for path, text in ((a, '(define (player m o c t s) (car 5))\n'), (b, '(define (player m o c t s) (cdr 5))\n')):
        path.parent.mkdir()
        path.write_text(text)
    data = pig_tournament.play_pair((str(a), a.read_text()), (str(b), b.read_text()), 2, 3,
                                    pig_tournament.Limits(), False)
    assert (data["player"], data["opponent"]) == (str(a), str(b))
    reasons = data["forfeits"] + data["opponent_forfeits"]
    assert sorted(r.split(": error in player: ")[1].split(";")[0] for r in reasons) == [
        "p.scm:1:28: car: argument 1 must be a pair: 5",
        "p.scm:1:28: cdr: argument 1 must be a pair: 5",
    ]
    assert "schemehost-match-" not in json.dumps(data)
