"""Time common Scheme idioms in schemehost, per unit of work, in one or more source trees.

    python -m benchmarks.idioms                          # this checkout
    python -m benchmarks.idioms --tree /tmp/old --tree .  # two trees, alternated round by round
    python -m benchmarks.idioms --only map,read --rounds 7

Each idiom is a Scheme expression run in a warm interpreter (one untimed
run first, then the fastest of REPEAT timed runs); its time is divided by
the units of work it does (list elements, data read, calls).  The benchmark suite (`benchmarks.run`) times
whole programs against Python and Guile; this finds the idioms that cost
far more than their neighbours (a higher-order primitive, `read`,
quasiquote) and measures a change to one of them, old tree against new.
Every round runs each tree in a fresh process, trees alternating, and the
figure is the median over rounds of each process's fastest run.  Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from .suite import ROOT, tree_problem

SETUP = """
(define l (iota 100000))
(define al (map (lambda (i) (cons i i)) (iota 1000)))
(define numbers-text
  (let ((o (open-output-string)))
    (for-each (lambda (x) (write x o) (newline o)) (iota 20000))
    (get-output-string o)))
(define (f x) `(,x ,(+ x 1)))
(define (g x) (list x (+ x 1)))
"""

# Timed runs of each idiom per process (after one untimed run); the fastest counts.
REPEAT = 3

# name: (expression, units of work)
IDIOMS = {
    "map-lambda": ("(map (lambda (x) (+ x 1)) l)", 100_000),
    "map-two-lists": ("(map + l l)", 100_000),
    "for-each-lambda": ("(let ((s 0)) (for-each (lambda (x) (set! s (+ s x))) l) s)", 100_000),
    "filter": ("(filter odd? l)", 100_000),
    "sort-less": ("(sort (map (lambda (x) (modulo (* x 7919) 100003)) l) <)", 100_000),
    "assoc-scan": ("(let loop ((k 0)) (if (< k 1000) (begin (assoc 999 al) (loop (+ k 1))) k))", 1_000_000),
    "read-numbers": ("(let ((p (open-input-string numbers-text)))"
                     " (let loop ((n 0)) (if (eof-object? (read p)) n (loop (+ n 1)))))", 20_000),
    "quasiquote": ("(let loop ((i 0) (acc #f)) (if (< i 100000) (loop (+ i 1) (f i)) acc))", 100_000),
    "list-call": ("(let loop ((i 0) (acc #f)) (if (< i 100000) (loop (+ i 1) (g i)) acc))", 100_000),
    "number->string": ("(let loop ((k 0)) (if (< k 100000) (begin (number->string k) (loop (+ k 1))) k))", 100_000),
    "named-let-sum": ("(let loop ((l l) (a 0)) (if (null? l) a (loop (cdr l) (+ a (car l)))))", 100_000),
}

# Runs in a fresh process with the tree under test first on sys.path; the
# setup and the idioms come on standard input (an older tree may not have
# this module).
_CHILD = """
import json, sys, time
tree = sys.argv[1]
sys.path.insert(0, tree)
import schemehost
assert schemehost.__file__.startswith(tree), schemehost.__file__
from schemehost import Interpreter
job = json.load(sys.stdin)
interp = Interpreter()
interp.eval_string(job["setup"])
out = {}
for name, (expression, units) in job["idioms"].items():
    interp.eval_string(expression)
    best = None
    for _ in range(job["repeat"]):
        start = time.perf_counter()
        interp.eval_string(expression)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    out[name] = best / units * 1e6
print(json.dumps(out))
"""


def run_tree(tree: Path, names: list[str]) -> dict:
    """Microseconds per unit of each idiom in `names`, in a fresh process running `tree`."""
    job = json.dumps({"setup": SETUP, "idioms": {n: IDIOMS[n] for n in names}, "repeat": REPEAT})
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(tree)], input=job, capture_output=True, text=True,
                          cwd=tree, env=env, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"{tree}: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.idioms", description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path,
                        help="a source tree holding schemehost/ (repeat to compare; default: this checkout)")
    parser.add_argument("--only", help="comma-separated idiom names")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    for tree in trees:
        problem = tree_problem(tree)
        if problem:
            parser.error(problem)
    names = args.only.split(",") if args.only else list(IDIOMS)
    unknown = [n for n in names if n not in IDIOMS]
    if unknown:
        parser.error(f"unknown idiom {', '.join(unknown)}; choose from {', '.join(IDIOMS)}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    samples = {tree: {n: [] for n in names} for tree in trees}
    for r in range(args.rounds):
        for tree in trees:
            print(f"round {r + 1}/{args.rounds}: {tree}", file=sys.stderr, flush=True)
            try:
                measured = run_tree(tree, names)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 1
            for name, us in measured.items():
                samples[tree][name].append(us)
    header = f"{'idiom':18}" + "".join(f"{'us/unit ' + str(k + 1):>14}" for k in range(len(trees)))
    print(header + (f"{'last/first':>12}" if len(trees) > 1 else ""))
    for name in names:
        medians = [statistics.median(samples[tree][name]) for tree in trees]
        line = f"{name:18}" + "".join(f"{m:14.3f}" for m in medians)
        if len(trees) > 1:
            line += f"{medians[-1] / medians[0]:12.2f}"
        print(line)
    for k, tree in enumerate(trees, 1):
        print(f"tree {k}: {tree}")
    print(f"median of {args.rounds} rounds (each the fastest of {REPEAT} runs in a fresh process), trees alternating")
    return 0


if __name__ == "__main__":
    sys.exit(main())
