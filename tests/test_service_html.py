"""The grading service's pages: everything a submission controls is HTML-escaped; sources stay private."""

from __future__ import annotations

import re
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2 here; httpx is what the tests use
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient  # noqa: E402

from schemehost.service import build_app  # noqa: E402
from service_support import HOLD_AT_20, settings, wait_for  # noqa: E402

NAME = '<script>alert("name")</script>'
CONSOLE = "<img src=x onerror=alert(1)>"
# hold-at-20 that also prints HTML to the console on every call, and whose source closes the <pre>.
PRINTER = HOLD_AT_20.replace(
    "(define (player my-total other-total accum current state)",
    f'; </pre><script>alert("source")</script>\n(define (player my-total other-total accum current state)\n'
    f'  (display "{CONSOLE}")',
)
# A player whose error message and irritant are HTML: every game is forfeited with that message.
RAISER = '(define (player a b c d e) (error "<b>boom</b>" "</code><script>alert(2)</script>"))'
RAW = ["<script>alert", "<img src=x", "<b>boom</b>", "</code><script>"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with TestClient(build_app(settings(tmp_path_factory.mktemp("html")))) as c:
        printer = c.post("/api/submissions", json={"name": NAME, "source": PRINTER}).json()
        raiser = c.post("/api/submissions", json={"name": NAME + "2", "source": RAISER}).json()
        for sub in (printer, raiser):
            wait_for(c.get, f"/api/submissions/{sub['id']}")
        yield c, printer, raiser


def assert_no_raw_markup(html: str) -> None:
    body = html.split("</style>", 1)[1]
    # Our own scripts are the live-progress poller only, never on a finished page.
    for raw in RAW:
        assert raw not in body, raw


def test_submission_page_escapes_name_source_and_console_output(site):
    client, printer, _ = site
    html = client.get(printer["url"]).text
    assert_no_raw_markup(html)
    assert "&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;" in html
    assert "; &lt;/pre&gt;&lt;script&gt;alert(&quot;source&quot;)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html  # the console-output warning
    assert 'id="verdict" class="pass"' in html


def test_forfeit_messages_from_scheme_errors_are_escaped(site):
    client, _, raiser = site
    html = client.get(f"/submissions/{raiser['id']}").text
    assert_no_raw_markup(html)
    assert "&lt;b&gt;boom&lt;/b&gt;" in html and "&lt;/code&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in html
    assert re.search(r"<li><code>game 1 forfeited: error in player: .*boom", html)


def test_source_is_shown_only_with_the_submissions_key(site):
    client, printer, _ = site
    sid = printer["id"]
    assert 'id="submitted-source"' in client.get(printer["url"]).text
    for url in (f"/submissions/{sid}", f"/submissions/{sid}?key=wrong", "/", "/leaderboard", "/arena",
                f"/api/submissions/{sid}"):
        text = client.get(url).text
        assert 'id="submitted-source"' not in text and "alert(&quot;source&quot;)" not in text and "source\\\")" not in text, url
        assert "(define (player" not in text, url


def test_front_page_leaderboard_and_arena_escape_names(site):
    client, printer, _ = site
    for url in ("/", "/leaderboard", "/arena"):
        html = client.get(url).text
        assert_no_raw_markup(html)
        assert "&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;" in html, url


def test_replay_page_escapes_names_and_draws_the_totals(site):
    client, printer, _ = site
    url = f"/submissions/{printer['id']}/replay/1"
    client.get(url)  # queues the replay
    wait_for(client.get, f"/api/submissions/{printer['id']}/replays/1")
    html = client.get(url).text
    assert_no_raw_markup(html)
    assert '<svg id="totals"' in html and '<table id="throws">' in html
    assert html.count("<polyline") == 2


def test_form_error_page_escapes_what_was_typed(site):
    client, _, _ = site
    r = client.post("/submit", data={"name": NAME, "source": " "})
    assert r.status_code == 400
    assert_no_raw_markup(r.text)
    assert 'value="&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;"' in r.text
    assert '<p class="error" id="form-error">the source is empty</p>' in r.text


def test_unknown_page_is_a_plain_404_page(site):
    client, _, _ = site
    r = client.get("/submissions/<script>")
    assert r.status_code == 404 and "<script>" not in r.text.split("</style>", 1)[1]
    assert "no such submission" in r.text


def test_arena_form_plays_a_match_and_its_page_escapes_both_names(site):
    client, printer, raiser = site
    r = client.post("/arena", data={"a": printer["id"], "b": raiser["id"], "games": "2"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/arena/")
    aid = r.headers["location"].rsplit("/", 1)[1]
    wait_for(client.get, f"/api/arena/{aid}")
    html = client.get(r.headers["location"]).text
    assert_no_raw_markup(html)
    # The raiser forfeits both games: its error messages are listed, escaped, as the opponent's forfeits.
    assert '<p id="arena-result"><b>&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;</b> 2 - 0' in html
    assert re.search(r"<h3>Opponent's forfeits</h3><ul><li><code>game 1 forfeited: error in player: .*boom", html)


def test_waiting_page_refreshes_without_javascript_and_polls_with_it(tmp_path):
    with TestClient(build_app(settings(tmp_path), start_runner=False)) as c:
        sub = c.post("/api/submissions", json={"name": "hold", "source": HOLD_AT_20}).json()
        html = c.get(sub["url"]).text
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    assert f'fetch("/api/submissions/{sub["id"]}")' in html
    assert 'Status: <b id="status">queued</b>; games played: <b id="played">0</b> of 4 games against the dummy.' in html


def test_games_table_forfeited_game_links_to_the_page_that_says_why(site):
    """The games table left the last column of a forfeited game empty: no way to see the reason from there."""
    client, _, raiser = site
    html = client.get(f"/submissions/{raiser['id']}").text
    link = re.search(r'<td>forfeited</td><td class="l"><a href="([^"]+)" id="replay-1">why</a>', html)
    assert link, html
    client.get(link.group(1))  # asking queues the replay
    wait_for(client.get, f"/api/submissions/{raiser['id']}/replays/1")
    game = client.get(link.group(1)).text
    assert "No throws recorded: the game was forfeited or not played." in game
    assert re.search(r"<li><code>game 1 forfeited: error in player: .*boom", game)
