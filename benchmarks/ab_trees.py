"""Old tree vs new tree, side by side: time `(run ARG)` of suite programs in two schemehost checkouts.

    python -m benchmarks.ab_trees OLD_DIR NEW_DIR [ROUNDS] [--only NAME,...]

Each measurement is a fresh process with PYTHONPATH set to one tree; the trees
alternate (old, new, old, new, ...), so a noisy machine slows both alike.
The program text is this checkout's benchmarks/scheme/NAME.scm for both, at the
suite's full size; the time is the evaluation thread's CPU time of `(run ARG)`
alone, after loading, the best of 3 in one process.  Prints the median over
ROUNDS (default 3) processes per tree and new/old.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

from .suite import BENCHMARKS, IDIOMS, SCHEME_DIR

# CPU time of the evaluation thread, not wall time: the machine this was written on is shared,
# and wall times of the same tree moved 1.5x between runs while thread CPU times moved 2%.
CHILD = r"""
import os, sys, time
import schemehost
from schemehost import Interpreter, run_deep
path, arg, tree = sys.argv[1], sys.argv[2], sys.argv[3]
assert os.path.dirname(os.path.dirname(os.path.realpath(schemehost.__file__))) == os.path.realpath(tree)
interp = Interpreter()
with open(path, encoding="utf-8") as f:
    interp.eval_string(f.read(), path)

def timed():
    start = time.thread_time()
    interp.eval_string(f"(run {arg})")
    return time.thread_time() - start

print(min(run_deep(timed) for _ in range(3)))
"""


def time_once(tree: str, path: str, arg: str) -> float:
    # cwd=tree: `python -c` puts the working directory first on sys.path.
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", CHILD, path, arg, tree], env=env, cwd=tree, capture_output=True,
                         text=True, check=True).stdout
    return float(out)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ab_trees", description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("rounds", nargs="?", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    args = parser.parse_args(argv)
    only = [n for n in args.only.split(",") if n]
    for bench in BENCHMARKS + IDIOMS:
        path = SCHEME_DIR / f"{bench.name}.scm"
        if (only and bench.name not in only) or bench.kind != "call" or bench.scheme_files != (path,):
            continue
        arg = " ".join(str(a) for a in bench.sizes["full"])
        times: dict[str, list[float]] = {args.old: [], args.new: []}
        for _ in range(args.rounds):
            for tree in (args.old, args.new):
                times[tree].append(time_once(tree, str(path), arg))
        old, new = (statistics.median(times[t]) for t in (args.old, args.new))
        print(f"{bench.name:18} {arg:10} old {old:8.4f} s  new {new:8.4f} s  new/old {new / old:5.2f}", flush=True)


if __name__ == "__main__":
    main()
