"""Pig tournaments: every pair plays a match; results last in SQLite.

Each finished match is written (and committed) at once, so an interrupted
tournament run again with the same --db picks up where it stopped: the
pairs already in the database are not replayed.  A hostile entrant costs
only its own matches (the grader charges the side at fault); a match the
grader could not judge (a bug in schemehost) is reported, not stored, and
the tournament goes on to print its leaderboard.

Matches run in parallel.  Locally each one is a sandboxed worker process
(`sandboxed_match`) and a thread pool keeps --workers of them going.  Given
`--dask ADDRESS`, the same match function runs as a task on that Dask
cluster instead (Dask rather than Ray: it is a small pure-Python install,
its `distributed` scheduler is a single `Client(address)` away, and
`LocalCluster` gives the tests a real multi-process cluster).  Tasks carry
the submissions' source text, not paths, so remote workers need no shared
file system.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from .engine import wilson_interval
from ..progress import Progress
from .grader import Limits, internal_text, match_sources
from .options import EXIT_INTERNAL, limits_from, validate_spec
DEFAULT_DB = "pig-tournament.sqlite"  # in the working directory, so that a re-run resumes

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    a TEXT NOT NULL,
    b TEXT NOT NULL,
    games INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    wins_a INTEGER NOT NULL,
    wins_b INTEGER NOT NULL,
    verdict TEXT NOT NULL,
    report TEXT NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (a, b, games, seed)
)
"""


def expand_entries(entries: list[str]) -> list[str]:
    """Return the entrants: .scm files in given directories, files, and strategy specs."""
    out: list[str] = []
    for e in entries:
        if os.path.isdir(e):
            out.extend(sorted(os.path.join(e, f) for f in os.listdir(e) if f.endswith(".scm")))
        else:
            out.append(e)
    seen = set()
    unique = []
    for e in out:
        if e not in seen:
            seen.add(e)
            unique.append(e)
    return unique


def _entry_payload(entry: str) -> tuple[str, str | None]:
    """Return (name, source text or None for a Python spec)."""
    if entry.endswith(".scm"):
        with open(entry, "rb") as f:
            raw = f.read()
        return entry, raw.decode("utf-8", errors="surrogateescape")
    return entry, None


def play_pair(a: tuple[str, str | None], b: tuple[str, str | None], games: int, seed: int,
              limits: Limits, strict: bool) -> dict:
    """Play one match between two entrants given as (name, source); return the report as a dict.

    Runs anywhere (a local thread or a Dask worker): sources are written to
    a private temporary directory and graded in a sandboxed process; messages
    name each entrant's file by its own name (`hold-at-20.scm:3:5`).
    """
    sides = [(name, text, None if text is None else os.path.basename(name)) for name, text in (a, b)]
    return match_sources(sides, games, seed, limits, strict)


class ResultStore:
    """The tournament's SQLite database."""

    def __init__(self, path: str):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)
        self.conn.commit()

    def done(self, a: str, b: str, games: int, seed: int) -> bool:
        row = self.conn.execute(
            "SELECT 1 FROM matches WHERE a=? AND b=? AND games=? AND seed=?", (a, b, games, seed)
        ).fetchone()
        return row is not None

    def add(self, data: dict, games: int, seed: int) -> None:
        wins_a = data["wins"]
        wins_b = games - wins_a - data.get("draws", 0) - data.get("void", 0)
        self.conn.execute(
            "INSERT OR REPLACE INTO matches VALUES (?,?,?,?,?,?,?,?,?)",
            (data["player"], data["opponent"], games, seed, wins_a, wins_b, data["verdict"], json.dumps(data), time.time()),
        )
        self.conn.commit()

    def rows(self, entrants: list[str], games: int, seed: int) -> list[tuple]:
        marks = ",".join("?" * len(entrants))
        return self.conn.execute(
            f"SELECT a, b, wins_a, wins_b FROM matches WHERE games=? AND seed=? AND a IN ({marks}) AND b IN ({marks})",
            (games, seed, *entrants, *entrants),
        ).fetchall()

    def close(self) -> None:
        self.conn.close()


def leaderboard(rows: list[tuple], entrants: list[str]) -> list[dict]:
    """Return one row per entrant: wins, games, win rate, 95% interval, matches won."""
    stats = {e: {"entrant": e, "wins": 0, "games": 0, "matches_won": 0, "matches": 0} for e in entrants}
    for a, b, wa, wb in rows:
        for me, mine, theirs in ((a, wa, wb), (b, wb, wa)):
            s = stats[me]
            s["wins"] += mine
            s["games"] += wa + wb
            s["matches"] += 1
            s["matches_won"] += mine > theirs
    board = []
    for s in stats.values():
        lo, hi = wilson_interval(s["wins"], s["games"])
        s["win_rate"] = round(s["wins"] / s["games"], 4) if s["games"] else 0.0
        s["ci95"] = [round(lo, 4), round(hi, 4)]
        board.append(s)
    board.sort(key=lambda s: (-s["win_rate"], -s["wins"], s["entrant"]))
    return board


def format_leaderboard(board: list[dict]) -> str:
    width = max([len(s["entrant"]) for s in board] + [7])
    lines = [f"{'rank':>4}  {'entrant':<{width}}  {'wins':>6}  {'games':>6}  {'win rate':>8}  {'95% interval':>15}  matches won"]
    for i, s in enumerate(board, 1):
        lo, hi = s["ci95"]
        lines.append(
            f"{i:>4}  {s['entrant']:<{width}}  {s['wins']:>6}  {s['games']:>6}  {s['win_rate']:>8.3f}  "
            f"[{lo:.3f}, {hi:.3f}]  {s['matches_won']}/{s['matches']}"
        )
    return "\n".join(lines)


def run_tournament(args) -> int:
    entrants = expand_entries(args.entries)
    if len(entrants) < 2:
        print("schemehost pig tournament: need at least two entrants", file=sys.stderr)
        return 2
    for e in entrants:
        problem = validate_spec(e, "entrant")
        if problem:
            print(f"schemehost pig tournament: {problem}", file=sys.stderr)
            return 2
    db = args.db or DEFAULT_DB
    store = ResultStore(db)
    limits = limits_from(args)
    pairs = [(a, b) for a, b in itertools.combinations(entrants, 2) if not store.done(a, b, args.games, args.seed)]
    skipped = len(entrants) * (len(entrants) - 1) // 2 - len(pairs)
    if skipped and not args.json:
        print(f"resuming: {skipped} matches already in {db}", file=sys.stderr)
    payloads = {e: _entry_payload(e) for e in entrants}
    progress = Progress(len(pairs))
    failed: list[str] = []

    def finished(pair, fut) -> None:
        """Store a finished match; a match the grader could not judge is reported, not stored."""
        try:
            data = fut.result()
        except Exception as exc:  # a bug in schemehost: this match only, never the tournament
            data = {"internal": internal_text(exc)}
        if data.get("internal"):
            failed.append(f"{pair[0]} vs {pair[1]}: {data.get('verdict') or data['internal']}")
        else:
            store.add(data, args.games, args.seed)
        progress.step()

    try:
        if args.dask:
            _run_dask(args.dask, pairs, payloads, args, limits, finished)
        else:
            with ThreadPoolExecutor(max_workers=max(1, args.workers)) as pool:
                futures = {pool.submit(play_pair, payloads[a], payloads[b], args.games, args.seed, limits, args.strict): (a, b)
                           for a, b in pairs}
                for fut in as_completed(futures):
                    finished(futures[fut], fut)
    finally:
        progress.close()
    board = leaderboard(store.rows(entrants, args.games, args.seed), entrants)
    store.close()
    if args.json:
        print(json.dumps({"games": args.games, "seed": args.seed, "db": db, "leaderboard": board,
                          "not_stored": failed}, indent=2))
    else:
        print(format_leaderboard(board))
        print(f"\nresults: {db}")
    for line in failed:
        print(f"schemehost pig tournament: not stored (run again to retry): {line}", file=sys.stderr)
    if failed:
        print("set SCHEMEHOST_DEBUG=1 to see the workers' Python tracebacks", file=sys.stderr)
        return EXIT_INTERNAL
    return 0


def _run_dask(address, pairs, payloads, args, limits, finished) -> None:
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:  # pragma: no cover - depends on the install
        raise SystemExit("schemehost pig tournament: --dask needs the 'distributed' package (pip install 'dask[distributed]')")
    client = Client(address)
    try:
        futures = {client.submit(play_pair, payloads[a], payloads[b], args.games, args.seed, limits, args.strict, pure=False): (a, b)
                   for a, b in pairs}
        for fut in dask_completed(list(futures)):
            finished(futures[fut], fut)
    finally:
        client.close()
