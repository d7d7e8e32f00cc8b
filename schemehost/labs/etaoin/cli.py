"""`schemehost etaoin ...` and `schemehost compare etaoin`."""

from __future__ import annotations

import sys

from ..progress import report_agreement
from .lab import GivenMissing


def _fail(message: str, status: int = 2) -> int:
    print(f"schemehost etaoin: {message}", file=sys.stderr)
    return status


def cmd_value(args) -> int:
    from .lab import interpreter, value_and_move

    try:
        interp = interpreter(args.method, args.given)
    except GivenMissing as exc:
        return _fail(str(exc))
    value, move = value_and_move(interp, args.word)
    print(f"value {value}")
    if move is not None:
        print(f"move  {move}")
    if args.explain and args.word:
        from strategies.etaoin import format_best_line

        print(format_best_line(args.word))
    return 0


def cmd_play(args) -> int:
    from ...errors import SchemeExit, SchemehostError
    from ...interpreter import format_error
    from .lab import SCHEME_DIR, interpreter, scheme_string

    try:
        interp = interpreter("memo", args.given)
    except GivenMissing as exc:
        return _fail(str(exc))
    try:
        interp.run_file(str(SCHEME_DIR / "game.scm"))
        interp.eval_string(f"(play-etaoin {scheme_string(args.word)} '{args.first})", "<play>")
    except SchemeExit as exc:
        return exc.status
    except SchemehostError as err:
        sys.stdout.flush()
        print(format_error(err), file=sys.stderr)
        return 1
    sys.stdout.flush()
    return 0


def cmd_bench(args) -> int:
    from .fit import DAY_SECONDS, fit_rows, predict_longest_in, write_report
    from .lab import bench

    def progress(method, n, seconds):
        if not args.quiet:
            print(f"{method:5s} n={n:4d}  {seconds:.4g} s", file=sys.stderr)

    try:
        rows = bench(args.max_length, args.cap, args.runs, args.seed, args.given, progress=progress)
    except GivenMissing as exc:
        return _fail(str(exc))
    written = write_report(rows, args.out)
    fits = fit_rows(rows)
    for method, models in fits.items():
        for model, fit in models.items():
            longest = predict_longest_in(DAY_SECONDS, fit)
            print(f"{method:5s} {fit.formula():28s} a={fit.a:.3g} b={fit.b:.4g} R2={fit.r_squared:.4f}  "
                  f"longest word in a day: {'no limit' if longest is None else longest}")
    print(f"wrote {', '.join(str(p) for p in written.values())}")
    return 0


def cmd_compare(args) -> int:
    from .lab import compare

    try:
        problems = compare(args.words, args.seed, args.max_length, args.given)
    except GivenMissing as exc:
        return _fail(str(exc))
    return report_agreement(
        problems, f"{len(problems)} checks",
        f"{args.words} random words: the Scheme tree, memo and dp versions agree with the Python solver "
        "on every value and every cm choice", most=50)


def register_commands(sub) -> None:
    et = sub.add_parser("etaoin", help="the etaoin lab: values, play, timing")
    esub = et.add_subparsers(dest="etaoin_command", metavar="COMMAND")
    et.set_defaults(func=lambda a: (et.print_help(), 2)[1])

    p = esub.add_parser("value", help="the value of WORD under optimal play, and the move cm chooses")
    p.add_argument("word")
    p.add_argument("--method", choices=["tree", "memo", "dp"], default="memo")
    p.add_argument("--explain", action="store_true", help="also show the optimal line of play")
    p.add_argument("--given", default=None, help="path of the lab's etaoin-given.scm")
    p.set_defaults(func=cmd_value)

    p = esub.add_parser("play", help="play WORD against the computer at the terminal (type why for its reasoning)")
    p.add_argument("word")
    p.add_argument("--first", choices=["human", "computer"], default="human")
    p.add_argument("--given", default=None)
    p.set_defaults(func=cmd_play)

    p = esub.add_parser("bench", help="time cm with the tree and memo versions, fit, plot, predict a day's reach")
    p.add_argument("--max-length", type=int, default=200, help="longest word for the memoized version (default 200)")
    p.add_argument("--cap", type=float, default=2.0, help="stop the tree version once a run takes longer (seconds)")
    p.add_argument("--runs", type=int, default=3, help="runs per length (the median is fitted)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="etaoin-bench", help="directory for the CSV, graphs and report")
    p.add_argument("--given", default=None)
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=cmd_bench)


def register_compare(csub) -> None:
    p = csub.add_parser("etaoin", help="Scheme tree/memo/dp values and cm choices against the Python solver")
    p.add_argument("--words", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-length", type=int, default=12)
    p.add_argument("--given", default=None)
    p.set_defaults(func=cmd_compare)
