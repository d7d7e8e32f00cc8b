"""Grading throughput: games per second for a Scheme pig player and its Python twin.

    python -m benchmarks.pig_throughput [--games N] [--runs R]

Both play the same games (same dice, same dummy opponent) in this process:
the Scheme hold-at-20 player through the grader's SchemePlayer (its own
sandboxed interpreter, per-call step budget, output capture), the Python
twin `hold_at(20)` through the bare engine.  Runs alternate Scheme, Python,
Scheme, ... and the median of each is reported, with the ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _play(factory, games: int, seed: int) -> int:
    from schemehost.labs.pig.engine import Dice, play_game
    from strategies.pig import dummy

    dice = Dice(seed)
    wins = 0
    for g in range(games):
        me_first = g % 2 == 1
        p = factory()
        players = (p, dummy) if me_first else (dummy, p)
        r = play_game(*players, dice.game(g))
        wins += r.winner == (0 if me_first else 1)
    return wins


def measure(games: int = 200, runs: int = 5, seed: int = 1) -> dict:
    from schemehost import run_deep
    from schemehost.labs.pig.grader import Limits, SchemePlayer
    from strategies.pig import hold_at

    scheme = SchemePlayer(str(ROOT / "scheme_src" / "pig" / "hold-at-20.scm"), Limits())
    python = hold_at(20)
    times = {"scheme": [], "python": []}
    wins = {}
    for _ in range(runs):
        for name, factory in (("scheme", scheme.factory), ("python", lambda: python)):
            start = time.perf_counter()
            wins[name] = run_deep(_play, factory, games, seed)
            times[name].append(time.perf_counter() - start)
    if wins["scheme"] != wins["python"]:
        raise SystemExit(f"the twins disagree: {wins}")
    s, p = statistics.median(times["scheme"]), statistics.median(times["python"])
    return {"games": games, "runs": runs, "wins": wins["scheme"],
            "scheme_games_per_second": round(games / s, 1), "python_games_per_second": round(games / p, 1),
            "ratio": round(s / p, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = measure(args.games, args.runs)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"{r['games']} games of hold-at-20 vs the dummy, median of {r['runs']} alternating runs")
        print(f"  Scheme player (sandboxed interpreter): {r['scheme_games_per_second']:>9.1f} games/s")
        print(f"  Python twin (engine only):             {r['python_games_per_second']:>9.1f} games/s")
        print(f"  ratio: {r['ratio']}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
