"""The grading service as a class meets it: a live server, a real browser, a crash, a Dask cluster."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from service_support import GAMES, HOLD_AT_20, KEEP_PACE, PIG, settings, start_server, wait_for  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@pytest.fixture
def server(tmp_path):
    proc, url = start_server(tmp_path / "grader.sqlite", "--workers", "2")
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except Exception:
        proc.kill()
        proc.wait()


@pytest.fixture
def browser(tmp_path):
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip(f"the browser test needs Debian's chromium and chromedriver ({CHROMIUM}, {CHROMEDRIVER}): "
                    "apt-get install chromium chromium-driver")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1100,1500", f"--user-data-dir={tmp_path / 'chromium-profile'}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def test_browser_submits_hold_at_20_sees_the_verdict_and_a_replay(server, browser, tmp_path):
    """Type a name, upload scheme_src/pig/hold-at-20.scm with the form's file input, submit; the page
    follows the grading live and shows the verdict and every game; open game 1's replay; screenshot."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 60)
    browser.get(server)
    assert "Pig player checker" in browser.find_element(By.TAG_NAME, "h1").text
    browser.find_element(By.ID, "name").send_keys("hold at 20")
    browser.find_element(By.ID, "file").send_keys(str(PIG / "hold-at-20.scm"))
    browser.find_element(By.ID, "submit").click()
    verdict = wait.until(ec.presence_of_element_located((By.ID, "verdict")))
    assert verdict.text == f"PASS: won {GAMES} of {GAMES} games (pass at 3), score 1.00"
    assert browser.find_element(By.TAG_NAME, "h1").text == "hold at 20"
    assert browser.find_element(By.ID, "submitted-source").text.strip() == HOLD_AT_20.strip()
    rows = browser.find_elements(By.CSS_SELECTOR, "#games tr")
    assert len(rows) == GAMES + 1  # the header and one row per game
    browser.find_element(By.ID, "replay-1").click()
    throws = wait.until(ec.presence_of_element_located((By.ID, "throws")))
    assert len(throws.find_elements(By.TAG_NAME, "tr")) > 10
    summary = browser.find_element(By.ID, "replay-summary").text
    assert summary.startswith("dummy moves first; hold at 20 wins")
    assert browser.find_element(By.ID, "totals").tag_name == "svg"
    shot = tmp_path / "submission.png"
    assert browser.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if os.environ.get("SCHEMEHOST_SCREENSHOT"):  # how docs/service/submission.png is made
        browser.get_screenshot_as_file(os.environ["SCHEMEHOST_SCREENSHOT"])


def test_server_killed_mid_work_finishes_every_job_after_restart(tmp_path):
    """SIGKILL the server while a job runs and others wait; started again on the same database,
    it requeues the interrupted job and finishes all of them."""
    db = tmp_path / "grader.sqlite"
    proc, url = start_server(db, "--workers", "1")
    ids = []
    # p0 plays as hold-at-20 but spends 100,000 steps per call first, so that its job is
    # still running when the kill comes (four games of plain hold-at-20 could end in the
    # few milliseconds between seeing it run and killing the server).
    slow = HOLD_AT_20 + (
        "\n(define hold-at-20-player player)"
        "\n(define (spin n) (if (> n 0) (spin (- n 1)) #t))"
        "\n(define (player m o a c s) (spin 100000) (hold-at-20-player m o a c s))\n")
    try:
        with httpx.Client(base_url=url, timeout=10) as c:
            for i, src in enumerate((slow, KEEP_PACE, HOLD_AT_20, KEEP_PACE)):
                r = c.post("/api/submissions", json={"name": f"p{i}", "source": src})
                assert r.status_code == 202
                ids.append(r.json()["id"])
            wait_for(c.get, f"/api/submissions/{ids[0]}", status="running")
            before = [c.get(f"/api/submissions/{i}").json()["status"] for i in ids]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert before.count("done") < len(ids) and "running" in before and "queued" in before
    proc, url = start_server(db, "--workers", "2")
    try:
        with httpx.Client(base_url=url, timeout=10) as c:
            results = [wait_for(c.get, f"/api/submissions/{i}", timeout=60) for i in ids]
    finally:
        proc.terminate()
        proc.wait(10)
    assert [r["name"] for r in results] == ["p0", "p1", "p2", "p3"]
    assert all(r["result"]["games"] == GAMES and len(r["result"]["results"]) == GAMES for r in results)
    conn = sqlite3.connect(db)
    checks = conn.execute("SELECT status, attempts FROM jobs WHERE kind = 'check' ORDER BY id").fetchall()
    conn.close()
    assert checks[0] == ("done", 2)  # interrupted, requeued, played again
    assert [status for status, _ in checks] == ["done"] * 4


def test_dask_cluster_grades_the_jobs(tmp_path):
    """`--dask ADDRESS`: the check runs as a task on the cluster (a small in-process LocalCluster)."""
    distributed = pytest.importorskip("distributed")
    import warnings

    with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2 here; httpx is what the tests use
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

    from schemehost.service import build_app

    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        s = settings(tmp_path, dask=cluster.scheduler_address)
        with TestClient(build_app(s)) as client:
            sid = client.post("/api/submissions", json={"name": "hold", "source": HOLD_AT_20}).json()["id"]
            done = wait_for(client.get, f"/api/submissions/{sid}", timeout=60)
        prefixes = set(cluster.scheduler.task_prefixes)
    assert done["result"]["passed"] and done["games_played"] == GAMES
    assert "check" in prefixes


def test_serve_on_a_busy_port_says_so_and_exits_1(tmp_path):
    import socket
    import subprocess
    import sys

    from service_support import ROOT

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "schemehost", "serve", "--port", str(port),
                            "--db", str(tmp_path / "g.sqlite")], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr == f"schemehost serve: cannot listen on 127.0.0.1:{port}: Address already in use\n"
