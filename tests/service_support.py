"""Helpers shared by the grading service's tests: settings, polling, a live server subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIG = ROOT / "scheme_src" / "pig"
HOLD_AT_20 = (PIG / "hold-at-20.scm").read_text()
KEEP_PACE = (PIG / "keep-pace.scm").read_text()
NEAR_OPTIMAL = (PIG / "near-optimal.scm").read_text()
# With 4 games and seed 1 each of the three players above passes the check.
GAMES = 4
SEED = 1


def settings(tmp_path, **overrides):
    from schemehost.service import Settings

    s = Settings(db=str(tmp_path / "grader.sqlite"), workers=2, games=GAMES, pair_games=GAMES, seed=SEED)
    for key, value in overrides.items():
        setattr(s, key, value)
    return s


def wait_for(get, url: str, timeout: float = 40.0, status: str = "done") -> dict:
    """Poll a JSON URL until its status is `status`; return the last answer."""
    deadline = time.monotonic() + timeout
    while True:
        data = get(url).json()
        if data.get("status") == status:
            return data
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} still {data.get('status')!r} after {timeout} s: {data}")
        time.sleep(0.2)


def start_server(db: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    """Start `schemehost serve` on a free loopback port; return (process, base URL)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen(
        [sys.executable, "-m", "schemehost", "serve", "--port", "0", "--db", str(db),
         "--games", str(GAMES), "--seed", str(SEED), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=str(ROOT),
    )
    line = proc.stdout.readline()
    match = re.search(r"(http://\S+/)", line)
    if not match:
        proc.kill()
        raise AssertionError(f"the server did not print its URL: {line!r} {proc.stdout.read()}")
    # Keep reading the server's log so a full pipe never blocks it.
    import threading

    threading.Thread(target=proc.stdout.read, daemon=True).start()
    return proc, match.group(1)
