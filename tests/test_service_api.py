"""The grading service's JSON API, driven with httpx (Starlette's TestClient) against the app."""

from __future__ import annotations

import json
import re
import warnings
import sqlite3
import subprocess
import sys

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
# Starlette's TestClient runs the app's lifespan (and so the job runner); newer Starlette
# suggests httpx2 for it, which is not needed here.

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2 here; httpx is what the tests use
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient  # noqa: E402

from schemehost.service import build_app  # noqa: E402
from service_support import (GAMES, HOLD_AT_20, KEEP_PACE, NEAR_OPTIMAL, PIG, ROOT, SEED,  # noqa: E402
                             settings, wait_for)


@pytest.fixture
def client(tmp_path):
    """A client of a fresh service (its own database, 2 workers, 4-game checks with seed 1)."""
    with TestClient(build_app(settings(tmp_path))) as c:
        yield c


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """One service with four graded submissions (three pass, one is rejected) and a settled round robin.

    Sharing it keeps the number of sandboxed matches (and the tests' time) down.
    """
    tmp = tmp_path_factory.mktemp("graded")
    with TestClient(build_app(settings(tmp))) as c:
        ids = {name: submit(c, name, src)["id"] for name, src in
               (("hold", HOLD_AT_20), ("pace", KEEP_PACE), ("optimal", NEAR_OPTIMAL),
                ("broken", "(define (player a b c d e) (if a"))}
        for sid in ids.values():
            wait_for(c.get, f"/api/submissions/{sid}")
        yield c, ids


def submit(client, name, source):
    r = client.post("/api/submissions", json={"name": name, "source": source})
    assert r.status_code == 202, r.text
    return r.json()


def test_health_answers_ok(client):
    r = client.get("/api/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


def test_submission_is_committed_before_the_202(tmp_path):
    s = settings(tmp_path)
    with TestClient(build_app(s, start_runner=False)) as c:
        sid = submit(c, "hold", HOLD_AT_20)["id"]
        conn = sqlite3.connect(s.db)
        row = conn.execute("SELECT name, status FROM submissions WHERE id = ?", (sid,)).fetchone()
        job = conn.execute("SELECT kind, status, payload FROM jobs").fetchone()
        conn.close()
    assert row == ("hold", "queued")
    assert job[:2] == ("check", "queued") and json.loads(job[2]) == {"submission": sid}


def test_ids_are_unguessable_and_unknown_ids_404(client):
    a, b = submit(client, "x", HOLD_AT_20), submit(client, "y", HOLD_AT_20)
    assert a["id"] != b["id"] and len(a["id"]) >= 22 and a["key"] != a["id"]
    r = client.get("/api/submissions/nope")
    assert r.status_code == 404 and r.json() == {"error": "no such submission"}
    assert client.get("/api/arena/nope").json() == {"error": "no such arena match"}


@pytest.mark.parametrize("body, status, message", [
    (b"not json", 400, "the body must be a JSON object"),
    (b"[1, 2]", 400, "the body must be a JSON object"),
    (json.dumps({"name": "x"}).encode(), 400, "name and source must be strings"),
    (json.dumps({"name": "  ", "source": "(define x 1)"}).encode(), 400, "the name is empty"),
    (json.dumps({"name": "x" * 81, "source": "(define x 1)"}).encode(), 400, "the name is 81 characters; the limit is 80"),
    (json.dumps({"name": "x", "source": " \n"}).encode(), 400, "the source is empty"),
    (json.dumps({"name": "x", "source": ";" * 70_000}).encode(), 413, "the source is 70,000 bytes; the limit is 65,536"),
    (json.dumps({"name": "x", "source": ";" * 300_000}).encode(), 413, "request body over the limit of 262,144 bytes"),
], ids=["not-json", "not-object", "no-source", "blank-name", "long-name", "blank-source", "big-source", "big-body"])
def test_bad_submissions_are_refused_with_a_message(client, body, status, message):
    r = client.post("/api/submissions", content=body, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()) == (status, {"error": message})


def test_rate_limit_answers_429_with_retry_after(tmp_path):
    with TestClient(build_app(settings(tmp_path, rate_per_minute=2), start_runner=False)) as c:
        assert [submit(c, f"p{i}", HOLD_AT_20)["status"] for i in range(2)] == ["queued", "queued"]
        r = c.post("/api/submissions", json={"name": "p3", "source": HOLD_AT_20})
        assert r.status_code == 429
        assert r.json() == {"error": "too many requests from this client: try again in 30 s"}
        assert r.headers["retry-after"] == "30"


def test_queue_cap_answers_429_with_retry_after(tmp_path):
    with TestClient(build_app(settings(tmp_path, queue_cap=2), start_runner=False)) as c:
        submit(c, "a", HOLD_AT_20)
        submit(c, "b", HOLD_AT_20)
        r = c.post("/api/submissions", json={"name": "c", "source": HOLD_AT_20})
        assert r.status_code == 429 and r.headers["retry-after"] == "60"
        assert r.json() == {"error": "the grading queue is full: try again in a minute"}


def test_hostile_submission_costs_only_its_own_limits(tmp_path):
    """An endless loop in `player` forfeits its games at the step limit; a good submission queued
    behind it on a single worker still finishes."""
    s = settings(tmp_path, workers=1, games=2)
    s.limits.call_steps = 20_000
    with TestClient(build_app(s)) as c:
        hostile = submit(c, "loop", "(define (player a b c d e) (let loop () (loop)))")["id"]
        good = submit(c, "good", HOLD_AT_20)["id"]
        bad = wait_for(c.get, f"/api/submissions/{hostile}")["result"]
        fine = wait_for(c.get, f"/api/submissions/{good}")["result"]
    assert bad["wins"] == 0 and len(bad["forfeits"]) == 2
    assert "step limit" in bad["forfeits"][0]
    assert fine["passed"]


def test_submission_result_is_the_object_pig_check_json_prints(graded):
    client, ids = graded
    done = client.get(f"/api/submissions/{ids['hold']}").json()
    assert done["id"] == ids["hold"] and done["name"] == "hold" and done["games_played"] == GAMES
    cli = subprocess.run(
        [sys.executable, "-m", "schemehost", "pig", "check", str(PIG / "hold-at-20.scm"), "--json",
         "--games", str(GAMES), "--seed", str(SEED)],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    expected = json.loads(cli.stdout)
    expected["player"] = "hold"  # the CLI names the file; the service names the submission
    got = done["result"]
    for r in (expected, got):  # which call is slowest, and how slow, differs from run to run
        assert r.pop("slowest_call")["call"].startswith("(player ")
    assert got == expected


def test_submission_shows_queued_then_done_with_null_result_before(tmp_path):
    with TestClient(build_app(settings(tmp_path), start_runner=False)) as c:
        sid = submit(c, "hold", HOLD_AT_20)["id"]
        first = c.get(f"/api/submissions/{sid}").json()
    assert (first["status"], first["games_played"], first["result"]) == ("queued", 0, None)


def test_rejected_submission_has_the_graders_verdict_and_cannot_play(graded):
    client, ids = graded
    result = client.get(f"/api/submissions/{ids['broken']}").json()["result"]
    assert result["verdict"].startswith("REJECTED: syntax error:") and not result["passed"]
    assert ids["broken"] not in [row["id"] for row in client.get("/api/leaderboard").json()]
    r = client.post("/api/arena", json={"a": ids["broken"], "b": ids["hold"], "games": 2})
    assert r.status_code == 400 and r.json() == {"error": "submission broken was rejected and cannot play"}


def test_leaderboard_round_robin_plays_each_pair_once(graded):
    client, ids = graded
    board = _settled_board(client, 3)
    assert {row["name"] for row in board} == {"hold", "pace", "optimal"}
    assert [row["rank"] for row in board] == [1, 2, 3]
    for row in board:
        assert {"id", "name", "score", "wins", "games"} <= set(row)
        assert (row["games"], row["round_robin"]["matches"], row["round_robin"]["games"]) == (GAMES, 2, 2 * GAMES)
    db = client.app.state.service.db
    # Each submission's pairs are queued when it is accepted, with the ones accepted before it:
    # three submissions make three matches, none played twice.
    assert db._one("SELECT COUNT(*) FROM jobs WHERE kind = 'pair'")[0] == 3
    wins = sum(row["round_robin"]["wins"] for row in board)
    assert wins <= 3 * GAMES
    rates = [row["round_robin"]["win_rate"] for row in board]
    assert rates == sorted(rates, reverse=True)


def _settled_board(client, n, timeout=40.0):
    import time

    deadline = time.monotonic() + timeout
    while True:
        board = client.get("/api/leaderboard").json()
        if len(board) == n and all(row["pending_matches"] == 0 for row in board):
            return board
        assert time.monotonic() < deadline, board
        time.sleep(0.2)


def test_arena_match_and_replay_agree(graded):
    client, ids = graded
    r = client.post("/api/arena", json={"a": ids["hold"], "b": ids["pace"], "games": 3})
    assert r.status_code == 202
    arena = wait_for(client.get, f"/api/arena/{r.json()['id']}")
    result = arena["result"]
    assert (result["player"], result["opponent"], result["games"]) == ("hold", "pace", 3)
    assert len(result["results"]) == 3 and result["results"][0]["first"] == "opponent"  # A second in game 1
    url = f"/api/arena/{arena['id']}/replays/2"
    replay = wait_for(client.get, url)["replay"]
    game = result["results"][1]
    assert (replay["first"], replay["won"], replay["scores"]) == (game["first"], game["won"], game["scores"])
    from schemehost.service.pages import turn_totals

    assert list(turn_totals(replay["events"])[-1]) == game["scores"]
    assert client.get(f"/api/arena/{arena['id']}/replays/4").status_code == 404


def _drive(middleware, chunks):
    """Run an ASGI request through `middleware` with body `chunks` (None: the client stalls there);
    return the response's status and JSON body."""
    import asyncio

    sent = []

    async def receive():
        chunk = chunks.pop(0)
        if chunk is None:
            await asyncio.Event().wait()  # a client that never sends the rest
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "headers": []}
    asyncio.run(middleware(scope, receive, send))
    return sent[0]["status"], json.loads(sent[1]["body"])


def test_body_limit_refuses_a_streamed_body_over_the_limit_without_content_length():
    from schemehost.service.app import BodyLimit

    async def app(scope, receive, send):
        while (await receive()).get("more_body"):
            pass
        raise AssertionError("the whole body was read")

    chunks = [b"12345678"] * 4
    assert _drive(BodyLimit(app, limit=20), chunks) == (413, {"error": "request body over the limit of 20 bytes"})


def test_body_limit_times_out_a_stalled_body_with_408():
    from schemehost.service.app import BodyLimit

    async def app(scope, receive, send):
        while (await receive()).get("more_body"):
            pass

    status, body = _drive(BodyLimit(app, limit=100, timeout=0.05), [b"abc", None])
    assert (status, body) == (408, {"error": "the request body did not arrive within 0.05 s"})


def test_leaderboard_page_draws_the_heat_map(graded):
    client, _ = graded
    _settled_board(client, 3)
    html = client.get("/leaderboard").text
    heat = html[html.index('<svg id="heatmap"'):]
    heat = heat[:heat.index("</svg>")]
    assert heat.count("<rect") == 9 and heat.count('fill="#eeeeee"') == 3  # the diagonal
    tips = re.findall(r"<title>(\w+) won (\d) of 4 against (\w+)</title>", heat)
    assert len(tips) == 6
    won = {(a, b): int(w) for a, w, b in tips}
    assert all(won[a, b] + won[b, a] <= 4 for a, b in won)


def test_sandboxed_match_reports_each_game_to_progress():
    """The one grader addition the service needs: live games-played counts from the sandbox."""
    from schemehost.labs.pig import sandboxed_match

    seen = []
    report = sandboxed_match(str(PIG / "hold-at-20.scm"), "dummy", 3, SEED, progress=seen.append)
    assert seen == [1, 2, 3] and len(report.results) == 3


def test_internal_grading_failure_is_retried_then_reported_not_left_running(tmp_path, monkeypatch):
    """A bug while grading (here: the grading function raises) is not the student's fault: the job is
    tried three times, then the submission is done with an error that says so, instead of running forever."""
    from schemehost.service import grading

    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        raise RuntimeError("grader exploded")

    monkeypatch.setattr(grading, "check", broken)
    with TestClient(build_app(settings(tmp_path))) as c:
        sid = submit(c, "hold", HOLD_AT_20)["id"]
        done = wait_for(c.get, f"/api/submissions/{sid}")
    assert len(calls) == 3 and done["result"] is None
    assert done["error"] == ("internal error while grading (a bug in schemehost, not in the submission): "
                             "RuntimeError: grader exploded")


def test_internal_error_in_a_page_is_a_500_that_says_so_without_a_traceback(tmp_path, monkeypatch):
    app = build_app(settings(tmp_path), start_runner=False)

    def broken():
        raise KeyError("oops")

    monkeypatch.setattr(app.state.service, "leaderboard", broken)
    with TestClient(app, raise_server_exceptions=False) as c:
        page, api = c.get("/"), c.get("/api/leaderboard")
    message = "internal error (a bug in schemehost, not in your submission); it has been logged"
    assert page.status_code == 500 and message in page.text and "Traceback" not in page.text
    assert (api.status_code, api.json()) == (500, {"error": message})


def test_service_verdict_names_player_scm_not_the_servers_temporary_directory():
    """A forfeit's message named the server's temporary file
    (/tmp/schemehost-serve-XXXX/side0.scm:4:58): a detail of the server shown to students."""
    from schemehost.labs.pig import Limits
    from schemehost.service import grading

    result = grading.check("err", '(define (player m o a c s) (error "boom" 1))\n', 2, 1, Limits())
    text = json.dumps(result)
    assert "schemehost-serve-" not in text
    assert "error in player: player.scm:1:28: boom: 1" in result["forfeits"][0]
