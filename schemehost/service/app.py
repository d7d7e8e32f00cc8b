"""The Starlette application: pages and the JSON API over one Database and one Runner.

JSON API (the pages show the same data):

    GET  /api/health                  200 {"status": "ok", "jobs": {...}}
    POST /api/submissions             {"name", "source"} -> 202 {"id", "key", "status", "url"}
    GET  /api/submissions/<id>        {"id", "name", "status", "games_played", "games", "result"}
    GET  /api/leaderboard             [{"id", "name", "score", "wins", "games", "round_robin", ...}]
    POST /api/arena                   {"a", "b", "games"} -> 202 {"id", "status", "url"}
    GET  /api/arena/<id>              {"id", "a", "b", "status", "games_played", "games", "result"}
    GET  /api/submissions/<id>/replays/<game>, /api/arena/<id>/replays/<game>
                                      {"status", "replay"}; asking queues the replay

`result` is the object `pig check --json` (`pig arena --json`) prints, or
null until the job is done.  Errors are {"error": message} with 400, 404,
413 or 429 (with Retry-After); an internal error is a 500 that says it is a
bug, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import threading
import time

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..labs.pig.tournament import leaderboard as round_robin_table
from . import pages
from .db import Database
from .runner import Runner, Settings

log = logging.getLogger("schemehost.service")


class HTTPError(Exception):
    """A request the service refuses: status, message and extra headers."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


class RateLimiter:
    """A token bucket per client: `per_minute` requests, bursts up to that many."""

    def __init__(self, per_minute: float):
        self.per_minute = per_minute
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def check(self, client: str) -> None:
        if self.per_minute <= 0:
            return
        rate = self.per_minute / 60.0
        now = time.monotonic()
        with self.lock:
            tokens, last = self.buckets.get(client, (self.per_minute, now))
            tokens = min(self.per_minute, tokens + (now - last) * rate)
            if tokens < 1:
                self.buckets[client] = (tokens, now)
                wait = math.ceil((1 - tokens) / rate)
                raise HTTPError(429, f"too many requests from this client: try again in {wait} s",
                                {"Retry-After": str(wait)})
            self.buckets[client] = (tokens - 1, now)
            if len(self.buckets) > 10_000:  # forget idle clients
                for key in [k for k, (_, t) in self.buckets.items() if now - t > 120][:5000]:
                    del self.buckets[key]


class BodyLimit:
    """ASGI middleware: refuse request bodies over `limit` bytes with 413, declared or streamed,
    and bodies that stall for `timeout` seconds between chunks with 408."""

    def __init__(self, app, limit: int, timeout: float = 30.0):
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.limit + 1
                if declared > self.limit:
                    return await _refuse(send, 413, f"request body over the limit of {self.limit:,} bytes")
        seen = 0
        complete = False

        async def limited_receive():
            nonlocal seen, complete
            if complete:  # after the body, receive only waits for a disconnect: no deadline
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.timeout)
            except asyncio.TimeoutError:
                raise _BodyTimeout() from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                complete = not message.get("more_body", False)
                if seen > self.limit:
                    raise _BodyTooLarge()
            return message

        try:
            await self.app(scope, limited_receive, send)
        except _BodyTooLarge:
            await _refuse(send, 413, f"request body over the limit of {self.limit:,} bytes")
        except _BodyTimeout:
            await _refuse(send, 408, f"the request body did not arrive within {self.timeout:g} s")


class _BodyTooLarge(Exception):
    pass


class _BodyTimeout(Exception):
    pass


async def _refuse(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Service:
    """The database, the runner and the request handlers of one server."""

    def __init__(self, settings: Settings, start_runner: bool = True):
        self.settings = settings
        self.db = Database(settings.db)
        self.runner = Runner(self.db, settings)
        self.limiter = RateLimiter(settings.rate_per_minute)
        self.start_runner = start_runner

    # -- shared checks -------------------------------------------------------------
    def _admit(self, request: Request) -> str:
        """Apply the queue cap and the client's rate limit; return the client's address."""
        client = request.client.host if request.client else "unknown"
        if self.db.pending_requests() >= self.settings.queue_cap:
            raise HTTPError(429, "the grading queue is full: try again in a minute", {"Retry-After": "60"})
        self.limiter.check(client)
        return client

    def _validate(self, name, source) -> tuple[str, str]:
        s = self.settings
        if not isinstance(name, str) or not isinstance(source, str):
            raise HTTPError(400, "name and source must be strings")
        name = " ".join(name.split())
        if not name:
            raise HTTPError(400, "the name is empty")
        if len(name) > s.max_name_chars:
            raise HTTPError(400, f"the name is {len(name)} characters; the limit is {s.max_name_chars}")
        size = len(source.encode("utf-8", errors="surrogatepass"))
        if size > s.max_source_bytes:
            raise HTTPError(413, f"the source is {size:,} bytes; the limit is {s.max_source_bytes:,}")
        if not source.strip():
            raise HTTPError(400, "the source is empty")
        return name, source

    def submit(self, request: Request, name, source) -> tuple[str, str]:
        name, source = self._validate(name, source)
        client = self._admit(request)
        seed = self.settings.seed if self.settings.seed is not None else secrets.randbelow(1_000_000)
        sid, key = self.db.add_submission(name, source, client, self.settings.games, seed)
        self.runner.notify()
        return sid, key

    def start_arena(self, request: Request, a, b, games) -> str:
        s = self.settings
        if not isinstance(a, str) or not isinstance(b, str):
            raise HTTPError(400, "a and b must be submission ids")
        try:
            games = int(games)
        except (TypeError, ValueError):
            raise HTTPError(400, "games must be a whole number") from None
        if not 1 <= games <= s.arena_max_games:
            raise HTTPError(400, f"games must be from 1 to {s.arena_max_games}")
        for ident in (a, b):
            sub = self.db.submission(ident)
            if sub is None:
                raise HTTPError(404, f"no submission {ident}")
            if sub["status"] != "done" or sub["result"] is None:
                raise HTTPError(400, f"submission {sub['name']} is not graded yet")
            if json.loads(sub["result"])["verdict"].startswith("REJECTED"):
                raise HTTPError(400, f"submission {sub['name']} was rejected and cannot play")
        self._admit(request)
        aid = self.db.add_arena(a, b, games, secrets.randbelow(1_000_000))
        self.runner.notify()
        return aid

    def submission_json(self, sid: str) -> dict:
        row = self.db.submission(sid)
        if row is None:
            raise HTTPError(404, "no such submission")
        return {
            "id": row["id"], "name": row["name"], "status": row["status"], "games_played": row["games_played"],
            "games": row["games"], "result": json.loads(row["result"]) if row["result"] else None,
            "error": row["error"], "created": row["created"],
        }

    def arena_json(self, aid: str) -> dict:
        row = self.db.arena(aid)
        if row is None:
            raise HTTPError(404, "no such arena match")
        a, b = self.db.submission(row["a"]), self.db.submission(row["b"])
        return {
            "id": row["id"], "a": row["a"], "b": row["b"], "a_name": a["name"], "b_name": b["name"],
            "status": row["status"], "games_played": row["games_played"], "games": row["games"],
            "result": json.loads(row["result"]) if row["result"] else None, "error": row["error"],
        }

    def leaderboard(self) -> tuple[list[dict], dict]:
        """Return the leaderboard rows and the head-to-head matrix {(row id, column id): (wins, games)}."""
        accepted = self.db.accepted()
        ids = [r["id"] for r in accepted]
        pairs = self.db.pairs()
        known = set(ids)
        done = [(p["a"], p["b"], p["wins_a"], p["wins_b"]) for p in pairs
                if p["status"] == "done" and p["a"] in known and p["b"] in known]
        table = {s["entrant"]: s for s in round_robin_table(done, ids)}
        pending: dict[str, int] = {i: 0 for i in ids}
        for p in pairs:
            if p["status"] in ("queued", "running"):
                for side in (p["a"], p["b"]):
                    if side in pending:
                        pending[side] += 1
        matrix = {}
        for a, b, wa, wb in done:
            matrix[(a, b)] = (wa, wa + wb)
            matrix[(b, a)] = (wb, wa + wb)
        board = []
        for r in accepted:
            rr = table[r["id"]]
            board.append({
                "id": r["id"], "name": r["name"], "score": r["score"], "wins": r["wins"],
                "games": r["games"], "passed": True, "verdict": r["verdict"],
                "round_robin": {k: rr[k] for k in ("wins", "games", "win_rate", "ci95", "matches_won", "matches")},
                "pending_matches": pending[r["id"]],
            })
        board.sort(key=lambda s: (-s["round_robin"]["win_rate"], -s["score"], s["name"]))
        for rank, s in enumerate(board, 1):
            s["rank"] = rank
        return board, matrix

    def replay(self, target: str, ref: str, game: int) -> dict:
        if target == "submission":
            owner = self.submission_json(ref)
        else:
            owner = self.arena_json(ref)
        if owner["status"] != "done" or owner["result"] is None:
            raise HTTPError(400, "the match is not finished yet")
        if not 1 <= game <= len(owner["result"]["results"]):
            raise HTTPError(404, f"no game {game}: the match has {len(owner['result']['results'])}")
        row = self.db.replay(target, ref, game, create=False)
        if row is None:
            if self.db.pending_requests() >= self.settings.queue_cap:
                raise HTTPError(429, "the grading queue is full: try again in a minute", {"Retry-After": "60"})
            row = self.db.replay(target, ref, game, create=True)
        if row["status"] == "queued":
            self.runner.notify()
        data = json.loads(row["data"]) if row["data"] else None
        status = "done" if row["status"] == "done" else row["status"]
        return {"status": status, "replay": data if status == "done" else None, "verdict": owner["result"]["verdict"],
                "error": data.get("error") if status == "failed" and data else None,
                "title": f"{owner.get('name') or owner['a_name'] + ' vs ' + owner['b_name']}: game {game}"}


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def build_app(settings: Settings | None = None, start_runner: bool = True) -> Starlette:
    """Return the ASGI app; the runner starts and stops with the app's lifespan."""
    from contextlib import asynccontextmanager

    settings = settings or Settings()
    service = Service(settings, start_runner)

    # Handlers that read no request body are plain functions: Starlette runs them in its thread
    # pool, so a wait for the database lock never holds up the event loop.  The ones that read a
    # body are coroutines and hand their database work to the pool too.

    # -- API -------------------------------------------------------------------------
    def health(request):
        return JSONResponse({"status": "ok", "jobs": service.db.counts()})

    async def api_submit(request):
        data = await _json_body(request)
        sid, key = await run_in_threadpool(service.submit, request, data.get("name"), data.get("source"))
        return JSONResponse({"id": sid, "key": key, "status": "queued", "url": f"/submissions/{sid}?key={key}"},
                            status_code=202)

    def api_submission(request):
        return JSONResponse(service.submission_json(request.path_params["id"]))

    def api_leaderboard(request):
        return JSONResponse(service.leaderboard()[0])

    async def api_arena_post(request):
        data = await _json_body(request)
        aid = await run_in_threadpool(service.start_arena, request, data.get("a"), data.get("b"),
                                      data.get("games", settings.games))
        return JSONResponse({"id": aid, "status": "queued", "url": f"/arena/{aid}"}, status_code=202)

    def api_arena(request):
        return JSONResponse(service.arena_json(request.path_params["id"]))

    def api_replay(request):
        target = "submission" if request.url.path.startswith("/api/submissions/") else "arena"
        data = service.replay(target, request.path_params["id"], request.path_params["game"])
        data.pop("title")
        data.pop("verdict")
        return JSONResponse(data)

    # -- pages -----------------------------------------------------------------------
    def index(request):
        return HTMLResponse(pages.index(service.leaderboard()[0], settings))

    async def form_submit(request):
        form = await request.form()
        name = form.get("name") or ""
        source = form.get("source") or ""
        upload = form.get("file")
        if upload is not None and not isinstance(upload, str) and upload.filename:
            raw = await upload.read(settings.max_source_bytes + 1)
            try:
                source = raw.decode("utf-8")
            except UnicodeDecodeError:
                source = None
        try:
            if source is None:
                raise HTTPError(400, "the uploaded file is not UTF-8 text")
            sid, key = await run_in_threadpool(service.submit, request, name, source)
        except HTTPError as err:
            board = (await run_in_threadpool(service.leaderboard))[0]
            html = pages.index(board, settings, err.message, name if isinstance(name, str) else "",
                               source if isinstance(source, str) and err.status != 413 else "")
            return HTMLResponse(html, status_code=err.status, headers=err.headers)
        return RedirectResponse(f"/submissions/{sid}?key={key}", status_code=303)

    def submission_page(request):
        sid = request.path_params["id"]
        sub = service.submission_json(sid)
        row = service.db.submission(sid)
        key = request.query_params.get("key", "")
        source = row["source"] if key and secrets.compare_digest(key, row["key"]) else None
        return HTMLResponse(pages.submission_page(sub, source))

    def replay_page(request):
        target = "submission" if request.url.path.startswith("/submissions/") else "arena"
        ref, game = request.path_params["id"], request.path_params["game"]
        data = service.replay(target, ref, game)
        back = f"/submissions/{ref}" if target == "submission" else f"/arena/{ref}"
        row = None if data["status"] in ("queued", "running") else {
            "status": data["status"], "data": data["replay"] if data["status"] == "done" else {"error": data["error"]}}
        if row is None:
            row = {"status": data["status"]}
        api = f"/api/{'submissions' if target == 'submission' else 'arena'}/{ref}/replays/{game}"
        return HTMLResponse(pages.replay_page(data["title"], back, row, api, data["verdict"]))

    def leaderboard_page(request):
        board, matrix = service.leaderboard()
        return HTMLResponse(pages.leaderboard_page(board, matrix))

    def arena_form(request):
        return HTMLResponse(_arena_form_html())

    def _arena_form_html(error=None):
        candidates = [dict(r) for r in service.db.submissions_done()]
        recent = []
        for r in service.db.recent_arenas():
            d = dict(r)
            d["result"] = json.loads(d["result"]) if d["result"] else None
            recent.append(d)
        return pages.arena_form(candidates, recent, settings, error)

    async def arena_submit(request):
        form = await request.form()
        try:
            aid = await run_in_threadpool(service.start_arena, request, form.get("a"), form.get("b"),
                                          form.get("games") or settings.games)
        except HTTPError as err:
            html = await run_in_threadpool(_arena_form_html, err.message)
            return HTMLResponse(html, status_code=err.status, headers=err.headers)
        return RedirectResponse(f"/arena/{aid}", status_code=303)

    def arena_page(request):
        return HTMLResponse(pages.arena_page(service.arena_json(request.path_params["id"])))

    # -- errors ----------------------------------------------------------------------
    async def on_http_error(request, exc: HTTPError):
        if _wants_json(request):
            return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)
        return HTMLResponse(pages.error_page(exc.status, exc.message), status_code=exc.status, headers=exc.headers)

    async def on_starlette_error(request, exc):
        status = getattr(exc, "status_code", 500)
        message = getattr(exc, "detail", None) or "error"
        if _wants_json(request):
            return JSONResponse({"error": message}, status_code=status)
        return HTMLResponse(pages.error_page(status, message), status_code=status)

    async def on_internal_error(request, exc):
        log.exception("internal error on %s", request.url.path, exc_info=exc)
        message = "internal error (a bug in schemehost, not in your submission); it has been logged"
        if _wants_json(request):
            return JSONResponse({"error": message}, status_code=500)
        return HTMLResponse(pages.error_page(500, message), status_code=500)

    @asynccontextmanager
    async def lifespan(app):
        if start_runner:
            service.runner.start()
        try:
            yield
        finally:
            if start_runner:
                service.runner.stop()
            service.db.close()

    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware

    routes = [
        Route("/", index),
        Route("/submit", form_submit, methods=["POST"]),
        Route("/submissions/{id}", submission_page),
        Route("/submissions/{id}/replay/{game:int}", replay_page),
        Route("/leaderboard", leaderboard_page),
        Route("/arena", arena_form),
        Route("/arena", arena_submit, methods=["POST"]),
        Route("/arena/{id}", arena_page),
        Route("/arena/{id}/replay/{game:int}", replay_page),
        Route("/api/health", health),
        Route("/api/submissions", api_submit, methods=["POST"]),
        Route("/api/submissions/{id}", api_submission),
        Route("/api/submissions/{id}/replays/{game:int}", api_replay),
        Route("/api/leaderboard", api_leaderboard),
        Route("/api/arena", api_arena_post, methods=["POST"]),
        Route("/api/arena/{id}", api_arena),
        Route("/api/arena/{id}/replays/{game:int}", api_replay),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(BodyLimit, limit=settings.max_body_bytes)],
        exception_handlers={HTTPError: on_http_error, HTTPException: on_starlette_error, Exception: on_internal_error},
        lifespan=lifespan,
    )
    app.state.service = service
    return app


async def _json_body(request: Request) -> dict:
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise HTTPError(400, "the body must be a JSON object") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "the body must be a JSON object")
    return data
