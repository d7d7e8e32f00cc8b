"""Instructions one timed run of a benchmark executes, counted by valgrind, per source tree.

    python -m benchmarks.instructions --tree OLD --tree NEW [--holdout | --fresh | --unseen | --blind | --reserve | --sealed | --vault | --cellar | --pantry | --larder | --cupboard | --attic | --shelf | --drawer | --chest | --trunk | --crate | --locker | --satchel | --pouch | --tote | --hamper | --basket | --coffer | --hutch | --only NAME,...] [--size full|quick|test]
    python -m benchmarks.instructions --tree OLD --tree NEW --loading [--lines N]

Times on this machine move by 10-20% between identical runs (two trees
with the same sources measured records at 0.91 and 1.12 of each other in
one session), so a change worth 5% cannot be seen in them.  The number of
machine instructions a run executes hardly moves: valgrind's callgrind
counts them, the same for the same program and input whatever else the
machine is doing.  Instructions are not time (a cache miss or a
mispredicted branch costs many), so the times of `benchmarks.run` stay
the figures reported; this is for telling whether a change to the
interpreter made a program do less work.

The count of a run is that of a process that loads the benchmark and calls
`(run ARGS...)` once, as benchmarks.run times it (first call, tiering and
compiling included), minus that of a process that only loads it; both run
with PYTHONHASHSEED=0 so that dictionaries and sets are laid out alike.
Only the `call` benchmarks (the idioms and most of the suite) are counted.
With `--python`, the hand-written Python twin of each is counted the same
way (a process that imports it and calls its run() once, minus one that only
imports it), and the table gives the last tree's count over the twin's: a
ratio to CPython that does not move from run to run, beside the timed ones.
With `--loading`, the count is of loading benchmarks/loading.py's large
program instead: a process that warms up as that benchmark does and then
evaluates the program's text in a fresh interpreter, minus one that only
warms up.
Under callgrind a process runs about fifty times slower: the idioms take a
few minutes per tree on two cores.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import suite
from .run import geometric_mean

_COLLECTED = re.compile(r"Collected : (\d+)")
MODES = ("load", "run")
PYTHON_MODES = ("python-load", "python-run")
LOADING_MODES = ("warm", "program")


def collected(stderr: str) -> int:
    """The instruction count callgrind printed at the end of a run."""
    m = _COLLECTED.search(stderr)
    if m is None:
        raise RuntimeError("callgrind printed no count:\n" + stderr[-2000:])
    return int(m.group(1))


def drive(name: str, size: str, mode: str) -> None:
    """What a counted process does: load benchmark `name`, and with mode `run` call it once
    (modes `python-load` and `python-run`: the same with its Python twin)."""
    bench = suite.BY_NAME[name]
    if mode in PYTHON_MODES:
        import importlib

        module = importlib.import_module(f"benchmarks.python.{bench.python_module}")
        if mode == "python-run":
            module.run(*bench.args(size))
        return
    from schemehost import Interpreter
    from schemehost.host import SchemeProcedure, to_scheme

    interp = Interpreter(stdin="", seed=0)
    for path in bench.scheme_files:
        interp.eval_string(path.read_text(encoding="utf-8"), str(path))
    run = SchemeProcedure(interp, interp.lookup("run"), raw=True, name="run")
    args = [to_scheme(a) for a in bench.args(size)]
    if mode == "run":
        run(*args)


def drive_loading(mode: str, path: str) -> None:
    """What a counted loading process does: warm up as benchmarks.loading does, and with
    mode `program` evaluate the program at `path` in a fresh interpreter."""
    import gc
    import io

    from schemehost import Interpreter

    from .loading import _WARM_UP

    def fresh():
        return Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO(), seed=0)

    text = Path(path).read_text(encoding="utf-8")
    fresh().eval_string(_WARM_UP, "<warm-up>")
    interp = fresh()
    gc.collect()
    if mode == "program":
        interp.eval_string(text, path)


def count(tree: str, drive_args: tuple) -> int:
    """Instructions of one driver process importing schemehost from `tree`: `drive_args`
    are its arguments, ("--drive", NAME, SIZE, MODE) (see drive) or ("--drive-loading",
    MODE, PATH) (see drive_loading)."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-m", "benchmarks.instructions", *drive_args, "--tree", tree]
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"{drive_args[1]} in {tree} ({' '.join(drive_args[2:])}) failed:\n{done.stderr[-2000:]}")
    return collected(done.stderr)


def count_all(work: list[tuple], jobs: int) -> dict:
    """{(tree, drive_args): instructions} for each (tree, drive_args) of `work`, `jobs` at a time."""
    with ThreadPoolExecutor(jobs) as pool:
        return dict(zip(work, pool.map(lambda w: count(*w), work)))


def measure(trees: list[str], names: list[str], size: str, jobs: int = 2, python: bool = False) -> dict:
    """{name: [instructions of one run in each tree]}; with `python`, the twin's count
    (run with the first tree on the path; it imports nothing of schemehost) comes last."""
    work = [(t, ("--drive", n, size, m)) for n in names for t in trees for m in MODES]
    if python:
        work += [(trees[0], ("--drive", n, size, m)) for n in names for m in PYTHON_MODES]
    counts = count_all(work, jobs)

    def one(tree, name, load, run):
        return counts[(tree, ("--drive", name, size, run))] - counts[(tree, ("--drive", name, size, load))]

    return {n: [one(t, n, *MODES) for t in trees] + ([one(trees[0], n, *PYTHON_MODES)] if python else [])
            for n in names}


def measure_loading(trees: list[str], path: str, jobs: int = 2) -> list[int]:
    """[instructions of loading the program at `path` in each tree]."""
    counts = count_all([(t, ("--drive-loading", m, path)) for t in trees for m in LOADING_MODES], jobs)
    return [counts[(t, ("--drive-loading", "program", path))] - counts[(t, ("--drive-loading", "warm", path))]
            for t in trees]


def report(trees: list[str], table: dict, python: bool = False) -> str:
    """A markdown table: each tree's count, each later tree's over the first's, and with
    `python` (the twin's count last in each row) the twin's count and the last tree's over it."""
    last = Path(trees[-1]).name
    lines = ["| program | " + " | ".join(f"{t} (M)" for t in trees) + (" | python (M)" if python else "") + " | "
             + " | ".join(f"{Path(t).name}/{Path(trees[0]).name}" for t in trees[1:])
             + (" | " if python and len(trees) > 1 else "") + (f"{last}/python" if python else "") + " |",
             "|---|" + "---:|" * (2 * len(trees) - 1 + 2 * python)]
    ratios = []
    for name, values in table.items():
        counts, twin = (values[:-1], values[-1]) if python else (values, None)
        cells = [f"{v / 1e6:.1f}" for v in values] + [f"{v / counts[0]:.3f}" for v in counts[1:]]
        if python:
            ratios.append(counts[-1] / twin)
            cells.append(f"{ratios[-1]:.2f}x")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    if python and ratios:
        lines.append(f"\ngeometric mean of {last}/python over {len(ratios)}: "
                     f"{geometric_mean(ratios):.2f}x")
    return "\n".join(lines)


def need_valgrind(parser) -> None:
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], help="a schemehost source tree (give one or more)")
    parser.add_argument("--only", metavar="NAME,...", help="these benchmarks (default: the idioms)")
    for group, note in suite.SET_NOTES.items():
        if group != "idioms":  # (the default)
            parser.add_argument(f"--{group}", action="store_true", help=f"{note}, instead of the idioms")
    parser.add_argument("--size", default="full", choices=suite.SIZES)
    parser.add_argument("--python", action="store_true",
                        help="count each benchmark's Python twin too, and give the last tree over it")
    parser.add_argument("--loading", action="store_true",
                        help="count loading benchmarks/loading.py's program instead of the runs")
    parser.add_argument("--lines", type=int, default=None,
                        help="with --loading: the program's length (default: benchmarks.loading's)")
    parser.add_argument("--drive", nargs=3, metavar=("NAME", "SIZE", "MODE"), help=argparse.SUPPRESS)
    parser.add_argument("--drive-loading", nargs=2, metavar=("MODE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    for tree in args.tree:
        problem = suite.tree_problem(tree)
        if problem:
            parser.error(problem)
    if args.drive:
        name, size, mode = args.drive
        if len(args.tree) != 1:
            parser.error("--drive takes one --tree")
        if name not in suite.BY_NAME or size not in suite.SIZES or mode not in MODES + PYTHON_MODES:
            parser.error(f"--drive NAME SIZE MODE: no benchmark {name!r}, size {size!r} or mode {mode!r}")
        problem = suite.use_tree(args.tree[0])
        if problem:
            parser.error(problem)
        drive(*args.drive)
        return 0
    if args.drive_loading:
        mode, path = args.drive_loading
        if len(args.tree) != 1:
            parser.error("--drive-loading takes one --tree")
        if mode not in LOADING_MODES or not Path(path).is_file():
            parser.error(f"--drive-loading MODE PATH: no mode {mode!r} or no file {path!r}")
        problem = suite.use_tree(args.tree[0])
        if problem:
            parser.error(problem)
        drive_loading(mode, path)
        return 0
    if not args.tree:
        parser.error("give at least one --tree")
    if args.loading:
        if args.only or args.python:
            parser.error("--loading counts the loading program only: leave --only and --python out")
        need_valgrind(parser)
        from . import load_program
        from .loading import program_path

        lines = args.lines or load_program.DEFAULT_LINES
        if lines < 1:
            parser.error("--lines must be positive")
        path = program_path(lines)
        try:
            values = measure_loading(args.tree, str(path))
        except RuntimeError as error:
            parser.exit(1, f"{parser.prog}: {error}\n")
        print(report(args.tree, {f"loading ({path.read_text(encoding='utf-8').count(chr(10)):,} lines)": values}))
        return 0
    elif args.lines is not None:
        parser.error("--lines goes with --loading")
    chosen = [group for group in suite.SETS if group != "idioms" and getattr(args, group)] or ["idioms"]
    names = (args.only.split(",") if args.only
             else [b.name for group in chosen for b in suite.SETS[group]])
    for name in names:
        bench = suite.BY_NAME.get(name)
        if bench is None or bench.kind != suite.CALL:
            parser.error(f"{name!r} is not a benchmark called as (run ARGS...)")
        if bench.missing():
            parser.error(bench.missing())
    need_valgrind(parser)
    try:
        table = measure(args.tree, names, args.size, python=args.python)
    except RuntimeError as error:  # a driver process failed, or callgrind printed no count
        parser.exit(1, f"{parser.prog}: {error}\n")
    print(report(args.tree, table, args.python))
    return 0


if __name__ == "__main__":
    sys.exit(main())
