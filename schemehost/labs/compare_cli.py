"""`schemehost compare ...`: run a Scheme program and its Python twin side by side."""

from __future__ import annotations

import json
import os
import sys

from . import etaoin, pennies
from .pig import PlayerFault, Rejected, compare_pig, format_comparison


def cmd_compare_pig(args) -> int:
    if not os.path.exists(args.player):
        print(f"schemehost compare pig: no such file: {args.player}", file=sys.stderr)
        return 2
    try:
        result = compare_pig(args.player, args.twin, args.games, args.seed, args.opponent)
    except Rejected as r:
        print(f"schemehost compare pig: the Scheme player cannot play: {r.verdict}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"schemehost compare pig: {exc}", file=sys.stderr)
        return 2
    except PlayerFault as exc:
        print(f"schemehost compare pig: the Scheme player failed: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"games": result.games, "decisions": result.decisions, "agree": result.agree,
                          "differences": [d.__dict__ for d in result.differences]}, indent=2))
    else:
        print(format_comparison(result, args.player, args.twin))
    return 0 if result.agree else 1


def register_commands(sub) -> None:
    compare = sub.add_parser("compare", help="cross-check Scheme programs against their Python twins")
    csub = compare.add_subparsers(dest="compare_command", metavar="WHAT")
    compare.set_defaults(func=lambda a: (compare.print_help(), 2)[1])

    p = csub.add_parser("pig", help="a Scheme pig player against its Python twin, decision by decision")
    p.add_argument("player", help="the Scheme player (.scm)")
    p.add_argument("twin", help="the Python twin: a strategy spec (hold:20, keep-pace, ...) or module:name")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--opponent", default="dummy", help="who the player plays against while being compared")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_compare_pig)

    for register in (pennies.register_compare, etaoin.register_compare):
        register(csub)
