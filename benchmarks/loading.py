"""Loading speed: how fast a large program is read and compiled before its first call.

    python -m benchmarks.loading                           # this checkout, 5 runs
    python -m benchmarks.loading --tree /tmp/old --tree .  # two trees, alternated run by run
    python -m benchmarks.loading --runs 3 --lines 2000 --no-guile
    python -m benchmarks.loading --profile                 # cProfile of reading and loading
    python -m benchmarks.loading --stages                  # CPU time per stage of loading

The program is benchmarks/load_program.py's, about 10,000 lines of ordinary
definitions, written to a temporary file.  Each run is a fresh process
(`python -m benchmarks.worker load FILE [--tree DIR]`): it warms up once on
a small unrelated program (building the reader's parser, lazy imports), then
times `read_all` on the file's text (read) and `Interpreter.eval_string` on
it in a fresh interpreter (load: reading, expanding, compiling and running
every top-level definition); compile is load minus read.  A full
collection runs before each timed stage (as benchmarks.run's runs start
after one): without it, whether Python's generation-1 collection of the
objects made so far falls inside the load's window depended on how many
younger collections the warm-up and the read had left counted, not on the
tree loading (0.16-0.20 s inside it for main at e8a6418, outside it for
d0c3192, in the same process layout).  It then calls
`(run)`, untimed, for the result.  Beside it, GNU Guile 3 loads the same
file with its evaluator (guile_driver.scm's load job in interpret mode:
what `guile --no-auto-compile file.scm` does), reading timed apart from
evaluating.  Wall time is the measure, as in the suite; the CPU time of
the process is given beside it, since a busy machine stretches the wall
time of a long load.  Every run of every side must give the same `(run)`.  Figures
are medians, in lines per second.  Guile's optimizing compiler is not a
column: it takes minutes on this file (compiling it is what a .go cache is
for), which says nothing about loading.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import load_program, suite

DEFAULT_RUNS = 5

_WARM_UP = """
(define-syntax warm-swap! (syntax-rules () ((_ a b) (let ((t a)) (set! a b) (set! b t)))))
(define (warm-up-loop n)
  (let loop ((i 0) (acc '()))
    (cond ((= i n) (length acc))
          (else (loop (+ i 1) (cons `(,i ,@acc) acc))))))
(define (warm-up-vector n) (do ((v (make-vector n 0)) (i 0 (+ i 1))) ((= i n) v) (vector-set! v i i)))
(warm-up-loop 3)
"""


def program_path(lines: int = load_program.DEFAULT_LINES) -> Path:
    """The generated program of `lines` lines, written (once) to a temporary directory."""
    return load_program.write(Path(tempfile.gettempdir()) / "schemehost-benchmarks" / f"load-{lines}.scm", lines)


def measure_schemehost(path: Path) -> dict:
    """Read and load `path` in this process (see the module's docstring); return the figures."""
    from schemehost import Interpreter, run_deep
    from schemehost.printer import write_string
    from schemehost.reader import read_all

    def fresh():
        return Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO(), seed=0)

    text = path.read_text(encoding="utf-8")
    fresh().eval_string(_WARM_UP, "<warm-up>")
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    forms = run_deep(read_all, text, str(path))  # where eval_string reads: same stack, same GC settings
    read_s, read_cpu_s = time.perf_counter() - start, time.process_time() - cpu
    interp = fresh()
    gc.collect()  # each timed stage starts from the same collector state, whatever came before
    start, cpu = time.perf_counter(), time.process_time()
    interp.eval_string(text, str(path))
    load_s, load_cpu_s = time.perf_counter() - start, time.process_time() - cpu
    result = write_string(interp.eval_string("(run)"))
    return {"lines": text.count("\n"), "forms": len(forms), "read_s": read_s,
            "compile_s": max(load_s - read_s, 0.0), "load_s": load_s, "load_cpu_s": load_cpu_s,
            "read_cpu_s": read_cpu_s, "result": result}


_READ_LINE = re.compile(r"read-seconds (\S+)\n")
_CPU_LINE = re.compile(r"cpu-seconds (\S+) (\S+)\n")


def measure_guile(path: Path, timeout: float = 900.0) -> dict:
    """Load `path` in a fresh Guile with its evaluator; return the figures as measure_schemehost does."""
    out = suite._run_guile_driver(f"(job (mode interpret) (load {suite.write_datum(str(path))}))\n",
                                  f"loading {path}", timeout)
    seconds = suite._SECONDS_LINE.match(out)
    read = _READ_LINE.match(out, seconds.end())
    if not read:
        raise RuntimeError(f"guile printed no read time for {path}:\n{out[:500]}")
    cpu = _CPU_LINE.match(out, read.end())
    if not cpu:
        raise RuntimeError(f"guile printed no CPU time for {path}:\n{out[:500]}")
    eval_s, read_s = float(seconds.group(1)), float(read.group(1))
    return {"read_s": read_s, "compile_s": eval_s, "load_s": read_s + eval_s,
            "read_cpu_s": float(cpu.group(1)), "load_cpu_s": float(cpu.group(2)),
            "result": out[cpu.end():].rstrip("\n")}


def run_loading(runs: int, trees: list[Path] | None, guile: bool, worker,
                lines: int = load_program.DEFAULT_LINES, log=None) -> dict:
    """Alternate the sides run by run: schemehost from each tree (or this checkout), then Guile.

    `worker(args)` runs `benchmarks.worker` with args in a fresh process and
    returns its JSON (benchmarks.run.run_worker).  Returns the report's
    `loading` entry; a side whose `(run)` differs raises RuntimeError.
    """
    path = program_path(lines)
    text = path.read_text(encoding="utf-8")
    sides = {(f"schemehost@{t}#{k}" if trees else "schemehost"): (["--tree", str(t)] if trees else [])
             for k, t in enumerate(trees or [None], 1)}
    samples: dict[str, list[dict]] = {side: [] for side in sides}
    if guile:
        samples["guile-interp"] = []
    for r in range(runs):
        for side in samples:
            if log:
                log(f"loading: run {r + 1}/{runs} {side}")
            if side == "guile-interp":
                samples[side].append(measure_guile(path))
            else:
                samples[side].append(worker(["load", str(path), *sides[side]]))
    expected = next(iter(samples.values()))[0]["result"]
    for side, got in samples.items():
        for sample in got:
            if sample["result"] != expected:
                raise RuntimeError(f"loading: {side} gave (run) = {sample['result']} but the first side "
                                   f"gave {expected}: they did not load the same program")
    line_count = text.count("\n")
    out = {"program": str(path), "lines": line_count, "result": expected, "runs": runs, "sides": {}}
    for side, got in samples.items():
        figures = {key: statistics.median(s[key] for s in got)
                   for key in ("read_s", "compile_s", "load_s", "read_cpu_s", "load_cpu_s")}
        for key in ("read", "compile", "load"):
            seconds = figures[f"{key}_s"]
            figures[f"{key}_lines_per_s"] = line_count / seconds if seconds else None
        out["sides"][side] = figures
    return out


def format_loading(loading: dict) -> list[str]:
    """The report's lines for a `loading` entry of run_loading."""
    lines = [f"loading {loading['lines']:,} lines ({loading['program']}; median of {loading['runs']} "
             f"fresh processes; lines per second; load = read + compile and define every form):"]
    for side, f in loading["sides"].items():
        label = "guile --no-auto-compile (its evaluator)" if side == "guile-interp" else side
        lines.append(f"  {label}: read {f['read_s']:.3g} s ({f['read_lines_per_s']:,.0f}/s), "
                     f"{'evaluate' if side == 'guile-interp' else 'compile'} {f['compile_s']:.3g} s "
                     f"({f['compile_lines_per_s']:,.0f}/s), load {f['load_s']:.3g} s "
                     f"({f['load_lines_per_s']:,.0f} lines/s); CPU time: read {f['read_cpu_s']:.3g} s, "
                     f"load {f['load_cpu_s']:.3g} s ({loading['lines'] / f['load_cpu_s']:,.0f} lines/s)")
    return lines


def profile(path: Path, top: int = 25) -> None:
    """Profile reading and then loading `path` with cProfile; print where the time goes."""
    import cProfile
    import pstats

    from schemehost import Interpreter, run_deep
    from schemehost.reader import read_all

    text = path.read_text(encoding="utf-8")
    Interpreter(stdout=io.StringIO()).eval_string(_WARM_UP, "<warm-up>")
    for what, fn in (("read_all", lambda: read_all(text, str(path))),
                     ("eval_string (read + compile + define)",
                      lambda: Interpreter(stdout=io.StringIO()).eval_string(text, str(path)))):
        profiler = cProfile.Profile()

        def profiled():
            profiler.enable()
            try:
                fn()
            finally:
                profiler.disable()

        run_deep(profiled)  # cProfile sees only the thread it is enabled in: the evaluation thread
        stream = io.StringIO()
        stats = pstats.Stats(profiler, stream=stream)
        print(f"== {what} of {path} ({text.count(chr(10)):,} lines), {stats.total_tt:.2f} s under cProfile")
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
        print(stream.getvalue())


# Stages of loading timed by --stages: (module, attribute path, label).  Internal names:
# one that no longer exists is reported as missing, not guessed at.
STAGES = (
    ("schemehost.reader", "read_all", "read (lark lexer + parser + the reader's callbacks)"),
    # eval_string reads with read_program (read_all's data, and whether a datum label was read).
    ("schemehost.reader", "read_program", "read (lark lexer + parser + the reader's callbacks)"),
    ("schemehost.interpreter", "reject_circular_code", "circular-code check per top-level form"),
    ("schemehost.ir", "Builder.body", "IR Builder (a body's forms into the IR)"),
    ("schemehost.pyfunc", "Emitter.function", "pyfunc Emitter (write the Python source)"),
    ("schemehost.pyfunc", "instantiate", "pyfunc instantiate (Python compile() + exec)"),
)


def stages(path: Path) -> None:
    """Print the CPU time of each stage of loading `path` (exclusive: a stage running
    inside another counts for itself only), and what is left over, in this process."""
    import importlib

    from schemehost import Interpreter

    own: dict[str, float] = {}
    stack: list[list[float]] = []  # per active stage: [start, time of the stages inside it]

    def timed(label, fn):
        def wrapper(*args, **kwargs):
            stack.append([time.process_time(), 0.0])
            try:
                return fn(*args, **kwargs)
            finally:
                start, inner = stack.pop()
                elapsed = time.process_time() - start
                own[label] = own.get(label, 0.0) + elapsed - inner
                if stack:
                    stack[-1][1] += elapsed
        return wrapper

    text = path.read_text(encoding="utf-8")
    Interpreter(stdout=io.StringIO()).eval_string(_WARM_UP, "<warm-up>")
    missing = []
    for module_name, attribute, label in STAGES:
        owner = importlib.import_module(module_name)
        *outer, name = attribute.split(".")
        for part in outer:
            owner = getattr(owner, part, None)
        if getattr(owner, name, None) is None:
            missing.append(f"{module_name}.{attribute}")
            continue
        setattr(owner, name, timed(label, getattr(owner, name)))
    start = time.process_time()
    Interpreter(stdout=io.StringIO()).eval_string(text, str(path))
    total = time.process_time() - start
    print(f"loading {path} ({text.count(chr(10)):,} lines): {total:.2f} s CPU in eval_string")
    for label in dict.fromkeys(label for _, _, label in STAGES):
        if label in own:
            print(f"  {own[label]:6.2f} s {own[label] / total:4.0%}  {label}")
    rest = total - sum(own.values())
    print(f"  {rest:6.2f} s {rest / total:4.0%}  everything else (compiler.py, expander, defining)")
    for name in missing:
        print(f"  not timed: {name} no longer exists")


def main(argv: list[str] | None = None) -> int:
    from .run import WorkerFailed, run_worker

    parser = argparse.ArgumentParser(prog="python -m benchmarks.loading", description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path,
                        help="a source tree holding schemehost/ (repeat to compare; default: this checkout)")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    parser.add_argument("--lines", type=int, default=load_program.DEFAULT_LINES)
    parser.add_argument("--no-guile", action="store_true", help="leave Guile out")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", action="store_true",
                        help="profile reading and loading the program in this process with cProfile instead")
    parser.add_argument("--stages", action="store_true",
                        help="print the CPU time of each stage of loading, in this process, instead")
    args = parser.parse_args(argv)
    if args.profile:
        profile(program_path(args.lines))
        return 0
    if args.stages:
        stages(program_path(args.lines))
        return 0
    trees = [t.resolve() for t in args.tree] if args.tree else None
    for tree in trees or []:
        problem = suite.tree_problem(tree)
        if problem:
            parser.error(problem)
    if args.runs < 1 or args.lines < 1:
        parser.error("--runs and --lines must be at least 1")
    guile = not args.no_guile and suite.guile_path() is not None
    try:
        loading = run_loading(args.runs, trees, guile, run_worker, args.lines,
                              log=lambda m: print(m, file=sys.stderr, flush=True))
    except (WorkerFailed, RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        json.dump(loading, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print("\n".join(format_loading(loading)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
