"""The service's SQLite database: submissions, arena matches, round-robin pairs, replays, jobs.

Every change that the web front promises (a 202, a finished verdict) is
committed before the promise is kept, and the jobs table is the queue: a job
is `queued`, `running` or `done`.  A server killed while jobs are running
leaves them `running`; `requeue_interrupted` at start-up puts them back.

One connection is shared by the web handlers and the job threads, behind a
lock: every statement here is short, and SQLite serialises writers anyway.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS submissions (
    id TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    source TEXT NOT NULL,
    client TEXT NOT NULL,
    created REAL NOT NULL,
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    status TEXT NOT NULL,
    games_played INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT,
    passed INTEGER NOT NULL DEFAULT 0,
    finished REAL
);
CREATE TABLE IF NOT EXISTS arenas (
    id TEXT PRIMARY KEY,
    a TEXT NOT NULL,
    b TEXT NOT NULL,
    games INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL,
    games_played INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT
);
CREATE TABLE IF NOT EXISTS pairs (
    a TEXT NOT NULL,
    b TEXT NOT NULL,
    games INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    wins_a INTEGER,
    wins_b INTEGER,
    result TEXT,
    PRIMARY KEY (a, b)
);
CREATE TABLE IF NOT EXISTS replays (
    target TEXT NOT NULL,
    ref TEXT NOT NULL,
    game INTEGER NOT NULL,
    status TEXT NOT NULL,
    data TEXT,
    PRIMARY KEY (target, ref, game)
);
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    started REAL,
    finished REAL,
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs (status, id);
"""

# A job that failed this many times for a reason not the submission's is given up.
MAX_ATTEMPTS = 3


def new_id() -> str:
    """Return an unguessable id (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


class Database:
    """The service's state, in one SQLite file."""

    def __init__(self, path: str):
        self.path = path
        self.lock = threading.RLock()
        self.conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self.conn.row_factory = sqlite3.Row
        with self.lock:
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.executescript(SCHEMA)

    def close(self) -> None:
        with self.lock:
            self.conn.close()

    # -- transactions ------------------------------------------------------------
    def _tx(self):
        return _Transaction(self)

    def _one(self, sql: str, args=()) -> sqlite3.Row | None:
        with self.lock:
            return self.conn.execute(sql, args).fetchone()

    def _all(self, sql: str, args=()) -> list[sqlite3.Row]:
        with self.lock:
            return self.conn.execute(sql, args).fetchall()

    def _add_job(self, kind: str, payload: dict) -> None:
        self.conn.execute(
            "INSERT INTO jobs (kind, payload, status, created) VALUES (?, ?, 'queued', ?)",
            (kind, json.dumps(payload), time.time()),
        )

    # -- submissions -------------------------------------------------------------
    def add_submission(self, name: str, source: str, client: str, games: int, seed: int) -> tuple[str, str]:
        """Store a submission and its grading job in one transaction; return (id, key)."""
        sid, key = new_id(), new_id()
        with self._tx() as c:
            c.execute(
                "INSERT INTO submissions (id, key, name, source, client, created, seed, games, status) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued')",
                (sid, key, name, source, client, time.time(), seed, games),
            )
            self._add_job("check", {"submission": sid})
        return sid, key

    def submission(self, sid: str) -> sqlite3.Row | None:
        return self._one("SELECT * FROM submissions WHERE id = ?", (sid,))

    def submissions_done(self) -> list[sqlite3.Row]:
        """Return the graded submissions that were not rejected (arena candidates), newest first."""
        return self._all(
            "SELECT id, name, passed FROM submissions WHERE status = 'done' AND result IS NOT NULL "
            "AND json_extract(result, '$.verdict') NOT LIKE 'REJECTED%' ORDER BY created DESC LIMIT 500"
        )

    def accepted(self) -> list[sqlite3.Row]:
        """Return the submissions that passed the check, oldest first: id, name and the check's figures.

        (Not the sources or the game tables: the front page reads this on every request.)
        """
        return self._all(
            "SELECT id, name, json_extract(result, '$.score') AS score, json_extract(result, '$.wins') AS wins, "
            "json_extract(result, '$.games') AS games, json_extract(result, '$.verdict') AS verdict "
            "FROM submissions WHERE status = 'done' AND passed = 1 ORDER BY created, id")

    def finish_check(self, job_id: int, sid: str, result: dict, pair_games: int) -> int:
        """Record a verdict; if it passed, queue its round-robin pairs. Return how many pairs were queued."""
        queued = 0
        with self._tx() as c:
            c.execute(
                "UPDATE submissions SET status = 'done', result = ?, passed = ?, games_played = ?, finished = ? "
                "WHERE id = ?",
                (json.dumps(result), int(bool(result["passed"])), len(result["results"]), time.time(), sid),
            )
            if result["passed"]:
                others = c.execute(
                    "SELECT id FROM submissions WHERE status = 'done' AND passed = 1 AND id != ? ORDER BY created",
                    (sid,),
                ).fetchall()
                for row in others:
                    # The older submission is side a: a pair is played once.
                    a, b = row["id"], sid
                    seed = secrets.randbelow(1_000_000)
                    cur = c.execute(
                        "INSERT OR IGNORE INTO pairs (a, b, games, seed, status) VALUES (?, ?, ?, ?, 'queued')",
                        (a, b, pair_games, seed),
                    )
                    if cur.rowcount:
                        self._add_job("pair", {"a": a, "b": b})
                        queued += 1
            self._finish_job(job_id)
        return queued

    def fail(self, job_id: int, kind: str, payload: dict, message: str) -> None:
        """Give up a job after repeated internal failures: its target says so instead of waiting forever."""
        with self._tx() as c:
            if kind == "check":
                c.execute("UPDATE submissions SET status = 'done', error = ?, finished = ? WHERE id = ?",
                          (message, time.time(), payload["submission"]))
            elif kind == "arena":
                c.execute("UPDATE arenas SET status = 'done', error = ? WHERE id = ?", (message, payload["arena"]))
            elif kind == "pair":
                c.execute("UPDATE pairs SET status = 'failed' WHERE a = ? AND b = ?", (payload["a"], payload["b"]))
            elif kind == "replay":
                c.execute("UPDATE replays SET status = 'failed', data = ? WHERE target = ? AND ref = ? AND game = ?",
                          (json.dumps({"error": message}), payload["target"], payload["ref"], payload["game"]))
            self._finish_job(job_id)

    def set_progress(self, table: str, ident: str, played: int) -> None:
        assert table in ("submissions", "arenas")
        with self._tx() as c:
            c.execute(f"UPDATE {table} SET games_played = ? WHERE id = ?", (played, ident))

    # -- arena -------------------------------------------------------------------
    def add_arena(self, a: str, b: str, games: int, seed: int) -> str:
        aid = new_id()
        with self._tx() as c:
            c.execute(
                "INSERT INTO arenas (id, a, b, games, seed, created, status) VALUES (?, ?, ?, ?, ?, ?, 'queued')",
                (aid, a, b, games, seed, time.time()),
            )
            self._add_job("arena", {"arena": aid})
        return aid

    def arena(self, aid: str) -> sqlite3.Row | None:
        return self._one("SELECT * FROM arenas WHERE id = ?", (aid,))

    def recent_arenas(self, limit: int = 20) -> list[sqlite3.Row]:
        return self._all(
            "SELECT arenas.id, arenas.status, arenas.result, sa.name AS a_name, sb.name AS b_name FROM arenas "
            "JOIN submissions sa ON sa.id = arenas.a JOIN submissions sb ON sb.id = arenas.b "
            "ORDER BY arenas.created DESC LIMIT ?", (limit,))

    def finish_arena(self, job_id: int, aid: str, result: dict) -> None:
        with self._tx() as c:
            c.execute("UPDATE arenas SET status = 'done', result = ?, games_played = ? WHERE id = ?",
                      (json.dumps(result), len(result["results"]), aid))
            self._finish_job(job_id)

    # -- round robin -------------------------------------------------------------
    def pair(self, a: str, b: str) -> sqlite3.Row | None:
        return self._one("SELECT * FROM pairs WHERE a = ? AND b = ?", (a, b))

    def pairs(self) -> list[sqlite3.Row]:
        return self._all("SELECT a, b, status, wins_a, wins_b FROM pairs")

    def finish_pair(self, job_id: int, a: str, b: str, result: dict) -> None:
        wins_a = result["wins"]
        wins_b = result["games"] - wins_a - result.get("draws", 0)
        with self._tx() as c:
            c.execute("UPDATE pairs SET status = 'done', wins_a = ?, wins_b = ?, result = ? WHERE a = ? AND b = ?",
                      (wins_a, wins_b, json.dumps(result), a, b))
            self._finish_job(job_id)

    # -- replays -----------------------------------------------------------------
    def replay(self, target: str, ref: str, game: int, create: bool) -> sqlite3.Row | None:
        """Return the replay row; with `create`, queue its job first if it is not there."""
        with self._tx() as c:
            row = c.execute("SELECT * FROM replays WHERE target = ? AND ref = ? AND game = ?",
                            (target, ref, game)).fetchone()
            if row is None and create:
                c.execute("INSERT INTO replays (target, ref, game, status) VALUES (?, ?, ?, 'queued')",
                          (target, ref, game))
                self._add_job("replay", {"target": target, "ref": ref, "game": game})
                row = c.execute("SELECT * FROM replays WHERE target = ? AND ref = ? AND game = ?",
                                (target, ref, game)).fetchone()
            return row

    def finish_replay(self, job_id: int, target: str, ref: str, game: int, data: dict) -> None:
        with self._tx() as c:
            c.execute("UPDATE replays SET status = 'done', data = ? WHERE target = ? AND ref = ? AND game = ?",
                      (json.dumps(data), target, ref, game))
            self._finish_job(job_id)

    # -- the job queue -----------------------------------------------------------
    def requeue_interrupted(self) -> int:
        """Put back the jobs a killed server left running; return how many."""
        with self._tx() as c:
            n = c.execute("UPDATE jobs SET status = 'queued', started = NULL WHERE status = 'running'").rowcount
            c.execute("UPDATE submissions SET status = 'queued', games_played = 0 WHERE status = 'running'")
            c.execute("UPDATE arenas SET status = 'queued', games_played = 0 WHERE status = 'running'")
            c.execute("UPDATE pairs SET status = 'queued' WHERE status = 'running'")
            c.execute("UPDATE replays SET status = 'queued' WHERE status = 'running'")
        return n

    def claim(self) -> tuple[int, str, dict, int] | None:
        """Mark the oldest queued job running and return (id, kind, payload, attempts), or None."""
        with self._tx() as c:
            # A student waiting for a verdict, an arena match or a replay goes before the
            # round robin, which can grow to many matches and only updates the leaderboard.
            row = c.execute("SELECT id, kind, payload, attempts FROM jobs WHERE status = 'queued' "
                            "ORDER BY kind = 'pair', id LIMIT 1").fetchone()
            if row is None:
                return None
            c.execute("UPDATE jobs SET status = 'running', started = ?, attempts = attempts + 1 WHERE id = ?",
                      (time.time(), row["id"]))
            payload = json.loads(row["payload"])
            table, ident = _target(row["kind"], payload)
            if table == "pairs":
                c.execute("UPDATE pairs SET status = 'running' WHERE a = ? AND b = ?", ident)
            elif table == "replays":
                c.execute("UPDATE replays SET status = 'running' WHERE target = ? AND ref = ? AND game = ?", ident)
            else:
                c.execute(f"UPDATE {table} SET status = 'running' WHERE id = ?", (ident,))
            return row["id"], row["kind"], payload, row["attempts"] + 1

    def release(self, job_id: int) -> None:
        """Put a job back in the queue (after an internal failure, to try again)."""
        with self._tx() as c:
            c.execute("UPDATE jobs SET status = 'queued', started = NULL WHERE id = ?", (job_id,))

    def _finish_job(self, job_id: int) -> None:
        self.conn.execute("UPDATE jobs SET status = 'done', finished = ? WHERE id = ?", (time.time(), job_id))

    def pending_requests(self) -> int:
        """Return how many jobs people asked for (checks, arena matches, replays) are queued or running."""
        return self._one("SELECT COUNT(*) FROM jobs WHERE status != 'done' AND kind != 'pair'")[0]

    def counts(self) -> dict:
        rows = self._all("SELECT status, COUNT(*) AS n FROM jobs GROUP BY status")
        return {r["status"]: r["n"] for r in rows}


def _target(kind: str, payload: dict):
    if kind == "check":
        return "submissions", payload["submission"]
    if kind == "arena":
        return "arenas", payload["arena"]
    if kind == "pair":
        return "pairs", (payload["a"], payload["b"])
    return "replays", (payload["target"], payload["ref"], payload["game"])


class _Transaction:
    """`with db._tx() as conn:` one IMMEDIATE transaction under the lock; rolled back on error."""

    def __init__(self, db: Database):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.lock.acquire()
        try:
            self.db.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.db.lock.release()
            raise
        return self.db.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            self.db.conn.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            self.db.lock.release()
