"""`schemehost pig ...`: check a player, pit two, run a tournament."""

from __future__ import annotations

import argparse
import os
import random
import sys

from .grader import format_replay, format_report, play, report_json, sandboxed_match
from .options import EXIT_INTERNAL, limits_from, validate_spec

PLAYER_HELP = """\
A submission is a Scheme file defining
  (player my-total other-total accum current state)
called after every throw of its turn; it returns true to throw again, #f to
hold.  accum is the sum of the turn's earlier throws (0 on the first),
current the die just thrown; after a 1 the turn is lost and the answer
ignored.  state is a one-element list, (list 0) at the start of each game,
that the player may change with set-car! to remember things within a game.
Globals are not kept: each submission gets its own fresh interpreter."""

OPPONENT_HELP = (
    "the opponent: dummy (default: holds at a turn total of 10 or when holding wins), "
    "coward, hold:N, random, throws:N, keep-pace, optimal, near-optimal, best-response, "
    "another .scm file, or a Python strategy module:name"
)


def _seed(args) -> int:
    return args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)


def _run_match(args, player: str, opponent: str):
    for spec, what in ((player, "player"), (opponent, "opponent")):
        problem = validate_spec(spec, what)
        if problem:
            print(f"schemehost pig: {problem}", file=sys.stderr)
            return None, 2
    seed = _seed(args)
    if args.replay is not None and not 1 <= args.replay <= args.games:
        print(f"schemehost pig: --replay must name a game from 1 to {args.games}", file=sys.stderr)
        return None, 2
    limits = limits_from(args)
    if args.no_sandbox:
        # No OS limits here; the match's clock still ends it as a call returns.
        report = play(player, opponent, args.games, seed, limits, args.strict, args.replay,
                      timed=True)
    else:
        report = sandboxed_match(player, opponent, args.games, seed, limits, args.strict, args.replay)
    if args.json:
        print(report_json(report))
    else:
        replay = format_replay(report, args.replay) if args.replay is not None else None
        print(format_report(report, replay))
    if report.internal:
        print("schemehost pig: the grader failed (a bug in schemehost); "
              "set SCHEMEHOST_DEBUG=1 to see the worker's Python traceback", file=sys.stderr)
        return report, EXIT_INTERNAL
    return report, 0


def cmd_check(args) -> int:
    report, status = _run_match(args, args.player, args.opponent)
    if report is None or status:
        return status
    return 0 if report.passed else 1


def cmd_arena(args) -> int:
    report, status = _run_match(args, args.a, args.b)
    return status


def cmd_tournament(args) -> int:
    # Imported here: its thread pool and SQLite cost every start of schemehost about 45 ms.
    from .tournament import run_tournament

    return run_tournament(args)


def _match_options(p, games_default=49):
    p.add_argument("--games", type=int, default=games_default, help="games per match (default 49)")
    p.add_argument("--seed", type=int, default=None, help="fixes every die (default: a random seed, shown in the report)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    p.add_argument("--replay", type=int, default=None, metavar="GAME", help="also print game GAME (1-based) throw by throw")
    p.add_argument("--strict", action="store_true", help="printing to the console loses the game (default: a warning)")
    p.add_argument("--step-limit", type=int, default=None, help="procedure calls allowed per player call (default 200000)")
    p.add_argument("--time-limit", type=float, default=None, help="wall-clock seconds per match, once both players are loaded (default 120)")
    p.add_argument("--no-sandbox", action="store_true", help="play in this process, without the worker's OS limits")


def register_commands(sub) -> None:
    pig = sub.add_parser("pig", help="grade, pit and rank Pig players", description=PLAYER_HELP,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    psub = pig.add_subparsers(dest="pig_command", metavar="COMMAND")
    pig.set_defaults(func=lambda a: (pig.print_help(), 2)[1])

    p = psub.add_parser("check", help="a 49-game match against the dummy: pass at 25 wins",
                        description=PLAYER_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("player", help="the submission (.scm)")
    p.add_argument("--opponent", default="dummy", help=OPPONENT_HELP)
    _match_options(p)
    p.set_defaults(func=cmd_check)

    p = psub.add_parser("arena", help="a match between two submissions (A is second in game 1)")
    p.add_argument("a")
    p.add_argument("b")
    _match_options(p)
    p.set_defaults(func=cmd_arena)

    p = psub.add_parser("tournament", help="every pair plays a match; a leaderboard; results kept in SQLite")
    p.add_argument("entries", nargs="+", help="directories of .scm files, .scm files, or strategy specs")
    p.add_argument("--games", type=int, default=49)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    p.add_argument("--db", default=None, help="SQLite file for results, kept so that a re-run resumes (default: pig-tournament.sqlite in the working directory)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--dask", default=None, metavar="ADDRESS", help="run the matches on a Dask cluster (scheduler address)")
    p.add_argument("--step-limit", type=int, default=None)
    p.add_argument("--time-limit", type=float, default=None)
    p.add_argument("--strict", action="store_true")
    p.set_defaults(func=cmd_tournament)
