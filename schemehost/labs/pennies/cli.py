"""`schemehost pennies ...` and `schemehost compare pennies`."""

from __future__ import annotations

import json
import os
import sys

from ..progress import Progress, report_agreement


def _fail(message: str, status: int = 2) -> int:
    print(f"schemehost pennies: {message}", file=sys.stderr)
    return status


def _check_names(*names: str) -> str | None:
    from strategies.pennies import make

    for n in names:
        try:
            make(n)
        except (KeyError, ValueError) as exc:
            return str(exc.args[0]) if exc.args else f"unknown strategy {n!r}"
    return None


def cmd_list(args) -> int:
    from strategies.pennies import REGISTRY

    width = max(len(n) for n in REGISTRY)
    for name, (_, description) in REGISTRY.items():
        print(f"{name:<{width}}  {description}")
    return 0


def _games_bar(total: int) -> Progress:
    """The lab's progress bar: games played, drawn on a terminal only."""
    return Progress(total, unit="games")


def cmd_match(args) -> int:
    from .lab import match, plot_running_score

    problem = _check_names(args.a, args.b)
    if problem:
        return _fail(problem)
    result = match(args.a, args.b, plays=args.plays, games=args.games, seed=args.seed, workers=args.workers,
                   progress=_games_bar)
    if args.json:
        print(json.dumps(result.to_json() if hasattr(result, "to_json") else _match_json(result), indent=2))
    else:
        print(result.to_text())
    if args.plot:
        for p in plot_running_score(result, args.plot):
            print(f"wrote {p}", file=sys.stderr)
    return 0


def _match_json(r) -> dict:
    return {"a": r.a, "b": r.b, "plays": r.plays, "games": r.games, "seed": r.seed, "mean_a": r.mean_a,
            "mean_b": r.mean_b, "ci95_a": list(r.ci95_a), "ci95_b": list(r.ci95_b)}


def cmd_tournament(args) -> int:
    from strategies.pennies import REGISTRY

    from .lab import plot_heatmap, tournament

    names = args.names.split(",") if args.names else [n for n in REGISTRY if n not in ("best", "biased", "cycle")]
    problem = _check_names(*names)
    if problem:
        return _fail(problem)
    plays = [int(p) for p in args.plays.split(",")]
    result = tournament(names, plays, games=args.games, seed=args.seed, workers=args.workers, progress=_games_bar)
    for p in plays:
        print(result.to_markdown(p))
        print()
    if args.heatmap:
        for p in plot_heatmap(result, args.heatmap):
            print(f"wrote {p}", file=sys.stderr)
    return 0


def cmd_paper(args) -> int:
    from .lab import context_length_table, paper_figures, paper_tables

    print(paper_tables(games=args.games, seed=args.seed, workers=args.workers, progress=_games_bar))
    if args.table4:
        print()
        print(context_length_table(games=10, seed=args.seed))
    if args.figures:
        for p in paper_figures(args.figures, games=min(args.games, 2000), seed=args.seed, workers=args.workers,
                               progress=_games_bar):
            print(f"wrote {p}", file=sys.stderr)
    return 0


def cmd_scheme_match(args) -> int:
    from .scheme import ProgramMissing, scheme_match

    problem = _check_names(args.strategy)
    if problem:
        return _fail(problem)
    try:
        game = scheme_match(args.strategy, args.seed, program=args.program)
    except ProgramMissing as exc:
        return _fail(str(exc))
    if args.transcript:
        sys.stdout.write(game.transcript)
    print(f"Stone's penny-matcher.scm (seed {args.seed}) {game.machine_wins}, "
          f"{args.strategy} as the human {game.human_wins}")
    return 0


def cmd_play(args) -> int:
    """Play against a strategy at the terminal; it predicts you (it wins when the faces match)."""
    from strategies.pennies import MATCHER, make

    problem = _check_names(args.against)
    if problem:
        return _fail(problem)
    machine = make(args.against, MATCHER, seed=args.seed)
    you = me = 0
    rounds = 0
    print(f"Matching pennies against {args.against}: it wins when our faces match, you when they differ.")
    print(f"Up to {args.rounds} rounds, or until someone leads by {args.first_to_lead}. Type h or t (q quits).")
    while rounds < args.rounds and abs(you - me) < args.first_to_lead:
        guess = machine.choose()  # committed before it sees your move
        print(f"Round {rounds + 1}. Your move (h/t): ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print()
            break
        move = line.strip().lower()[:1]
        if move == "q":
            break
        if move not in ("h", "t"):
            print("Type h or t, please.")
            continue
        face = move.upper()
        machine.observe(guess, face)
        rounds += 1
        if guess == face:
            me += 1
            print(f"  I showed {guess}: match, I win.   me {me}  you {you}")
        else:
            you += 1
            print(f"  I showed {guess}: you win.          me {me}  you {you}")
    if rounds:
        print(f"After {rounds} rounds: me {me}, you {you}. "
              f"My predictions were right {100 * me / rounds:.0f}% of the time.")
    return 0


def cmd_compare(args) -> int:
    from .scheme import ProgramMissing, compare

    try:
        checks, problems = compare(args.cases, args.seed, args.program)
    except ProgramMissing as exc:
        return _fail(str(exc))
    return report_agreement(
        problems, f"{len(problems)} of {checks} transcripts",
        f"{checks} transcripts: the Python port of Stone's matcher and the original Scheme program "
        "agree byte for byte")


def register_commands(sub) -> None:
    pn = sub.add_parser("pennies", help="the matching-pennies lab: strategies, matches, the paper's tables")
    psub = pn.add_subparsers(dest="pennies_command", metavar="COMMAND")
    pn.set_defaults(func=lambda a: (pn.print_help(), 2)[1])
    workers = os.cpu_count() or 2

    p = psub.add_parser("list", help="the strategies, one line each")
    p.set_defaults(func=cmd_list)

    p = psub.add_parser("match", help="A (matcher) against B (mismatcher) over many games")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--plays", type=int, default=100)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", default=None, metavar="PATH", help="write the averaged running score as PATH.png/.svg")
    p.set_defaults(func=cmd_match)

    p = psub.add_parser("tournament", help="round robin with mean wins and intervals")
    p.add_argument("--names", default=None, help="comma-separated strategies (default: all)")
    p.add_argument("--plays", default="50,100,200")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--heatmap", default=None, metavar="PATH")
    p.set_defaults(func=cmd_tournament)

    p = psub.add_parser("paper", help="reproduce Tables 1-3 of the SEER/MRM/SCP paper")
    p.add_argument("--games", type=int, default=10000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--table4", action="store_true", help="also SCP's context lengths (Table 4)")
    p.add_argument("--figures", default=None, metavar="DIR", help="also draw Figures 2-4 (averaged) into DIR")
    p.set_defaults(func=cmd_paper)

    p = psub.add_parser("play", help="play at the terminal against a strategy")
    p.add_argument("--against", default="best")
    p.add_argument("--rounds", type=int, default=100)
    p.add_argument("--first-to-lead", type=int, default=20)
    p.add_argument("--seed", type=int, default=None)
    p.set_defaults(func=cmd_play)

    p = psub.add_parser("scheme-match", help="Stone's original Scheme program against a Python strategy")
    p.add_argument("strategy")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--transcript", action="store_true", help="print the program's whole output")
    p.add_argument("--program", default=None, help="path of penny-matcher.scm")
    p.set_defaults(func=cmd_scheme_match)


def register_compare(csub) -> None:
    p = csub.add_parser("pennies", help="the Python port of Stone's matcher against the Scheme original")
    p.add_argument("--cases", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--program", default=None)
    p.set_defaults(func=cmd_compare)
