"""`schemehost serve`: the grading service's command (starlette is imported only when it runs)."""

from __future__ import annotations

import os
import socket
import sys


def register_commands(sub) -> None:
    p = sub.add_parser("serve", help="the web grading service: checker, arena, leaderboard",
                       description="Serve the Pig checker, arena and leaderboard over HTTP (and a JSON API).")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument("--db", default="grader.sqlite", help="SQLite file kept between runs (default grader.sqlite)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                   help="matches graded at once, each in its own sandboxed process (default: the CPU count)")
    p.add_argument("--dask", default=None, metavar="ADDRESS", help="grade on a Dask cluster (scheduler address)")
    p.add_argument("--games", type=int, default=49, help="games in a check and in a round-robin match (default 49)")
    p.add_argument("--seed", type=int, default=None, help="fix every check's dice (default: a random seed per submission)")
    p.add_argument("--rate-limit", type=float, default=30, metavar="N",
                   help="submissions and arena matches per minute per client (default 30; 0: no limit)")
    p.add_argument("--queue-cap", type=int, default=500, help="jobs waiting before new work gets 429 (default 500)")
    p.add_argument("--step-limit", type=int, default=None, help="procedure calls allowed per player call (default 200000)")
    p.add_argument("--time-limit", type=float, default=None, help="wall-clock seconds per match (default 60)")
    p.set_defaults(func=cmd_serve)


def settings_from_args(args):
    from .runner import Settings

    s = Settings(db=args.db, workers=max(1, args.workers), dask=args.dask, games=args.games,
                 pair_games=args.games, seed=args.seed, rate_per_minute=args.rate_limit, queue_cap=args.queue_cap)
    if args.step_limit:
        s.limits.call_steps = args.step_limit
    if args.time_limit:
        s.limits.match_seconds = args.time_limit
        s.limits.cpu_seconds = max(1, int(args.time_limit * 2))
    return s


def cmd_serve(args) -> int:
    try:
        import uvicorn
    except ImportError:
        print("schemehost serve: needs starlette and uvicorn (pip install -e .)", file=sys.stderr)
        return 2
    from .app import build_app

    if not 1 <= args.games <= 999:
        print("schemehost serve: --games must be from 1 to 999", file=sys.stderr)
        return 2
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
        # Listen before the URL is printed: a client that connects while the
        # app starts up waits in the backlog instead of being refused.
        sock.listen(2048)
    except OSError as exc:
        print(f"schemehost serve: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    settings = settings_from_args(args)
    app = build_app(settings)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    where = f"Dask cluster {args.dask}" if args.dask else f"{settings.workers} local sandboxed workers"
    print(f"schemehost serve: http://{shown}:{port}/ (database {args.db}, {where}); Ctrl-C stops", flush=True)
    config = uvicorn.Config(app, log_level="warning", timeout_keep_alive=5, limit_concurrency=1000,
                            h11_max_incomplete_event_size=64 * 1024)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0
