"""The job runner: N threads take jobs from the database and grade them.

Locally each thread runs one sandboxed worker process at a time, so at most
N submissions are being played at once and a hostile one holds one slot for
at most its own limits.  With a Dask address the same grading functions run
as tasks on that cluster instead (the threads then only wait for results).

A job that fails for a reason that is not the submission's (a bug, a lost
Dask worker) is tried again, at most `db.MAX_ATTEMPTS` times, and then its
page says so: nothing waits forever.
"""

from __future__ import annotations

import logging
import threading
import traceback
from dataclasses import dataclass, field

from ..labs.pig import Limits
from . import grading
from .db import MAX_ATTEMPTS, Database

log = logging.getLogger("schemehost.service")


@dataclass
class Settings:
    """Everything the service is configured with (`schemehost serve`'s options)."""

    db: str = "grader.sqlite"
    workers: int = 2
    dask: str | None = None
    games: int = 49  # games in a check, like `pig check`
    seed: int | None = None  # fixes every check's dice (default: a random seed per submission)
    pair_games: int = 49  # games in a round-robin match
    arena_max_games: int = 199
    limits: Limits = field(default_factory=lambda: Limits(match_seconds=60.0, cpu_seconds=120))
    max_source_bytes: int = 64 * 1024
    max_name_chars: int = 80
    max_body_bytes: int = 256 * 1024
    rate_per_minute: float = 30.0  # submissions and arena matches per client; 0 turns it off
    queue_cap: int = 500  # jobs queued or running before new work is refused


class LocalExecutor:
    """Run a grading function in the calling thread (it starts its own sandboxed process)."""

    progress = True

    def run(self, fn, *args, **kwargs):
        return fn(*args, **kwargs)

    def close(self) -> None:
        pass


class DaskExecutor:
    """Run grading functions as tasks on a Dask cluster."""

    progress = False  # a remote task cannot report games as they finish

    def __init__(self, address: str):
        from distributed import Client

        self.client = Client(address)

    def run(self, fn, *args, **kwargs):
        kwargs.pop("progress", None)
        return self.client.submit(fn, *args, pure=False, **kwargs).result()

    def close(self) -> None:
        self.client.close()


class Runner:
    """Keep `settings.workers` jobs going until stopped."""

    def __init__(self, db: Database, settings: Settings, executor=None):
        self.db = db
        self.settings = settings
        self.executor = executor or (DaskExecutor(settings.dask) if settings.dask else LocalExecutor())
        self.wake = threading.Condition()
        self.stopping = False
        self.threads: list[threading.Thread] = []

    def start(self) -> int:
        """Requeue what a previous server left running, start the threads; return the requeued count."""
        requeued = self.db.requeue_interrupted()
        if requeued:
            log.warning("requeued %d job(s) left running by a previous server", requeued)
        for i in range(max(1, self.settings.workers)):
            t = threading.Thread(target=self._loop, name=f"grader-{i}", daemon=True)
            t.start()
            self.threads.append(t)
        return requeued

    def notify(self) -> None:
        with self.wake:
            self.wake.notify_all()

    def stop(self) -> None:
        """Stop taking jobs; jobs still running are requeued at the next start."""
        with self.wake:
            self.stopping = True
            self.wake.notify_all()
        for t in self.threads:
            t.join(timeout=0.5)
        self.executor.close()

    def _loop(self) -> None:
        try:
            self._take_jobs()
        except Exception:
            if not self.stopping:  # after stop() the database is closed under a thread still finishing
                raise

    def _take_jobs(self) -> None:
        while not self.stopping:
            job = self.db.claim()
            if job is None:
                with self.wake:
                    if not self.stopping:
                        self.wake.wait(timeout=1.0)
                continue
            self._run(*job)

    def _run(self, job_id: int, kind: str, payload: dict, attempts: int) -> None:
        try:
            getattr(self, f"_do_{kind}")(job_id, payload)
        except Exception as exc:  # not the submission's fault: a bug or a lost worker
            if self.stopping:  # the server is going down: the job is requeued at the next start
                return
            log.error("job %d (%s) failed: %s", job_id, kind, "".join(traceback.format_exception(exc)))
            if attempts >= MAX_ATTEMPTS:
                self.db.fail(job_id, kind, payload,
                             f"internal error while grading (a bug in schemehost, not in the submission): "
                             f"{type(exc).__name__}: {exc}")
            else:
                self.db.release(job_id)

    def _progress(self, table: str, ident: str):
        if not self.executor.progress:
            return None

        def report(played: int) -> None:
            if self.stopping:  # the database may be closed: the job is requeued at the next start anyway
                return
            try:
                self.db.set_progress(table, ident, played)
            except Exception:  # progress is a nicety; the match must go on
                log.exception("could not record progress")

        return report

    def _do_check(self, job_id: int, payload: dict) -> None:
        sid = payload["submission"]
        sub = self.db.submission(sid)
        s = self.settings
        result = self.executor.run(grading.check, sub["name"], sub["source"], sub["games"], sub["seed"], s.limits,
                                   progress=self._progress("submissions", sid))
        if self.db.finish_check(job_id, sid, result, s.pair_games):
            self.notify()

    def _do_arena(self, job_id: int, payload: dict) -> None:
        row = self.db.arena(payload["arena"])
        a, b = self.db.submission(row["a"]), self.db.submission(row["b"])
        result = self.executor.run(grading.arena, (a["name"], a["source"]), (b["name"], b["source"]),
                                   row["games"], row["seed"], self.settings.limits,
                                   progress=self._progress("arenas", row["id"]))
        self.db.finish_arena(job_id, row["id"], result)

    def _do_pair(self, job_id: int, payload: dict) -> None:
        row = self.db.pair(payload["a"], payload["b"])
        a, b = self.db.submission(row["a"]), self.db.submission(row["b"])
        result = self.executor.run(grading.pair, (a["name"], a["source"]), (b["name"], b["source"]),
                                   row["games"], row["seed"], self.settings.limits)
        self.db.finish_pair(job_id, row["a"], row["b"], result)

    def _do_replay(self, job_id: int, payload: dict) -> None:
        target, ref, game = payload["target"], payload["ref"], payload["game"]
        if target == "submission":
            sub = self.db.submission(ref)
            sides = ((sub["name"], sub["source"]), (grading.DUMMY, None))
            seed = sub["seed"]
        else:
            row = self.db.arena(ref)
            a, b = self.db.submission(row["a"]), self.db.submission(row["b"])
            sides = ((a["name"], a["source"]), (b["name"], b["source"]))
            seed = row["seed"]
        data = self.executor.run(grading.replay, sides[0], sides[1], game, seed, self.settings.limits)
        self.db.finish_replay(job_id, target, ref, game, data)
