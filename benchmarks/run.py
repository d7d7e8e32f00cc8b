"""Run the benchmark suite: schemehost against native Python and GNU Guile.

    python -m benchmarks.run [--quick] [--only NAME,...] [--idioms] [--holdout] [--fresh] [--unseen] [--blind] [--reserve] [--sealed] [--vault] [--cellar] [--pantry] [--larder] [--cupboard] [--attic] [--shelf] [--drawer] [--chest] [--trunk] [--crate] [--locker] [--satchel] [--pouch] [--tote] [--hamper] [--basket] [--coffer] [--hutch] [--json] [--runs N]
                             [--no-guile] [--no-loading]
    python -m benchmarks.run --tree OLD --tree NEW [--idioms] [--holdout] [--fresh] [--unseen] [--blind] [--reserve] [--sealed] [--vault] [--cellar] [--pantry] [--larder] [--cupboard] [--attic] [--shelf] [--drawer] [--chest] [--trunk] [--crate] [--locker] [--satchel] [--pouch] [--tote] [--hamper] [--basket] [--coffer] [--hutch] ...
    python -m benchmarks.run --profile NAME [--quick]

Each run of each implementation happens in a fresh process that loads the
benchmark, then times the run alone (benchmarks/worker.py for schemehost
and Python, benchmarks/guile_driver.scm for Guile).  The implementations
alternate run by run (schemehost, Python, Guile compiled, Guile's
evaluator, schemehost with a step limit, then again), and each figure is
the median of the runs.  A benchmark whose Scheme and Python results differ
is not reported: the runner prints both and exits with status 1.

With --tree (repeated, old first), schemehost runs from each source tree in
turn, in the same rounds, and the table has a time and a ratio per tree.

Besides the table: the geometric mean of the schemehost/Python ratio over
the call-heavy benchmarks (and over each set of suite.SETS: the idiom
programs, the holdout set, the fresh set, the unseen set, the blind set, the reserve set, the sealed set, the vault set, the cellar set, the pantry set, the larder set, the cupboard set, the attic set, the shelf set, the drawer set, the chest set, the trunk set, the crate set, the locker set, the satchel set, the pouch set, the tote set, the hamper set, the basket set, the coffer set, the hutch set), start-up time, the
cost of the step budget, two memory checks, and loading speed
(benchmarks/loading.py).  benchmarks/README.md explains every figure.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from . import load_program, loading, suite

MIN_RUNS = 5
QUICK_RUNS = 3
STARTUP_RUNS = 10
STARTUP_WARMUP_RUNS = 1
# Unset for the start-up runs: see startup_env().
STARTUP_UNSET_ENV = ("PYTHONDONTWRITEBYTECODE",)
HUGE_STEP_LIMIT = 10**18
# The Guile columns: column -> the driver's mode.  "guile" is Guile's
# optimizing compiler, "guile-interp" its evaluator (what the issue compares
# against: `guile --no-auto-compile` running the program).
GUILE_COLUMNS = {"guile": "compile", "guile-interp": "interpret"}
# Report key prefixes of the Guile columns (guile_s, guile_ratio, guile_agree; guile_interp_...).
GUILE_KEYS = {"guile": "guile", "guile-interp": "guile_interp"}
MEMORY_TARGET_MB = 50.0
# The loading benchmark (benchmarks/loading.py): runs per side, and the program's size under --quick.
LOADING_RUNS = 3
LOADING_QUICK_LINES = 1_000
MEMORY_CHECKS = {
    # name: (description, Scheme text with {n}, full n, quick n)
    "tail-loop": ("a named-let loop of n iterations",
                  "(let loop ((i 0)) (if (< i {n}) (loop (+ i 1)) i))", 10_000_000, 100_000),
    "list-map-reverse-length": ("length of the reverse of a map over an n-element list",
                                "(length (reverse (map (lambda (x) (+ x 1)) (iota {n}))))",
                                1_000_000, 100_000),
}


class WorkerFailed(Exception):
    pass


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- one measurement in a fresh process ------------------------------------------------


def child_env() -> dict:
    """The environment of every process the runner starts: this tree's schemehost comes first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(suite.ROOT), env.get("PYTHONPATH")) if p)
    return env


def run_worker(args: list[str], timeout: float = 1800.0) -> dict:
    """Run benchmarks.worker with `args`; return its JSON answer."""
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.worker", *args],
        capture_output=True, text=True, cwd=suite.ROOT, timeout=timeout, env=child_env(),
    )
    if proc.returncode != 0:
        raise WorkerFailed(f"worker {' '.join(args)} failed (status {proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def tree_column(k: int, tree: Path) -> str:
    """The column of schemehost from the k-th source tree given (--tree): "schemehost@TREE#K".

    The number keeps a tree given twice (a measure of the noise) in two columns.
    """
    return f"schemehost@{tree}#{k}"


def measure_once(column: str, bench: suite.Benchmark, size: str) -> dict:
    """Return {"seconds", "result", "rss_growth_kb"?} for one run of one column."""
    if column in GUILE_COLUMNS:
        m = suite.measure_guile(bench, size, mode=GUILE_COLUMNS[column])
        return {"seconds": m.seconds, "result": m.result}
    if column == "schemehost+budget":
        return run_worker(["schemehost", bench.name, size, "--step-limit", str(HUGE_STEP_LIMIT)])
    impl, _, tree = column.partition("@")
    tree = tree.rpartition("#")[0]
    return run_worker([impl, bench.name, size, *(["--tree", tree] if tree else [])])


def columns_for(bench: suite.Benchmark, guile: bool, trees: list[Path] | None = None) -> list[str]:
    """The columns of one round, in order.  With `trees`, one schemehost column per
    tree (each run in a fresh process importing that tree's schemehost) and no
    step-budget column."""
    columns = [tree_column(k, t) for k, t in enumerate(trees, 1)] if trees else ["schemehost"]
    columns.append("python")
    if guile and bench.guile:
        columns.extend(GUILE_COLUMNS)
    if bench.kind != suite.PIG and not trees:  # the grader always runs under its own step limits
        columns.append("schemehost+budget")
    return columns


def preview(text: str, width: int = 100) -> str:
    return text if len(text) <= width else text[:width] + f"... ({len(text)} characters)"


def run_benchmark(bench: suite.Benchmark, size: str, runs: int, guile: bool,
                  trees: list[Path] | None = None) -> dict:
    """Alternate the columns run by run; return the benchmark's entry for the report.

    With `trees` (old first, new last), schemehost runs from each tree in turn
    and `schemehost_s`/`ratio` are the last tree's; `trees` in the entry has
    every tree's median and ratio.
    """
    entry = {"name": bench.name, "measures": bench.measures, "kind": bench.kind,
             "call_heavy": bench.call_heavy, "group": bench.group, "args": list(bench.args(size)), "status": "ok",
             "message": None}
    reason = bench.missing()
    if reason:
        entry.update(status="skipped", message=reason)
        log(f"{bench.name}: {reason}")
        return entry
    columns = columns_for(bench, guile, trees)
    schemehost_columns = [c for c in columns if c.startswith("schemehost")]
    primary = schemehost_columns[-1] if trees else "schemehost"
    samples: dict[str, list[dict]] = {c: [] for c in columns}
    for r in range(runs):
        for column in columns:
            log(f"{bench.name}: run {r + 1}/{runs} {column}")
            try:
                samples[column].append(measure_once(column, bench, size))
            except (WorkerFailed, RuntimeError, subprocess.TimeoutExpired) as exc:
                entry.update(status="failed", message=f"{column}: {exc}")
                log(f"{bench.name}: FAILED: {column}: {exc}")
                return entry
    expected = samples["python"][0]["result"]
    entry["result"] = preview(expected)
    for column in ("python", *schemehost_columns):
        for sample in samples.get(column, []):
            if sample["result"] != expected:
                entry.update(status="disagree", message=(
                    f"{column} gave {preview(sample['result'])!r} but python gave {preview(expected)!r}"))
                log(f"{bench.name}: NOT REPORTED, the sides disagree: {entry['message']}")
                return entry

    def median(column: str, key: str = "seconds"):
        values = [s[key] for s in samples.get(column, []) if s.get(key) is not None]
        return statistics.median(values) if values else None

    entry["runs"] = {c: [s["seconds"] for s in samples[c]] for c in columns}
    entry["schemehost_s"] = median(primary)
    entry["python_s"] = median("python")
    entry["ratio"] = entry["schemehost_s"] / entry["python_s"]
    if trees:
        entry["trees"] = [{"tree": str(t), "schemehost_s": median(tree_column(k, t)),
                           "ratio": median(tree_column(k, t)) / entry["python_s"]}
                          for k, t in enumerate(trees, 1)]
    for column, key in GUILE_KEYS.items():
        entry[f"{key}_s"] = entry[f"{key}_ratio"] = entry[f"{key}_agree"] = None
        if column not in samples:
            continue
        agree = all(s["result"] == expected for s in samples[column])
        entry[f"{key}_agree"] = agree
        if agree:
            entry[f"{key}_s"] = median(column)
            entry[f"{key}_ratio"] = entry["schemehost_s"] / entry[f"{key}_s"]
        else:
            note = f"{column} gave {preview(samples[column][0]['result'])!r}: its time not reported"
            entry["message"] = f"{entry['message']}; {note}" if entry["message"] else note
            log(f"{bench.name}: {note}")
    for side, column in (("schemehost", primary), ("python", "python")):
        growth = median(column, "rss_growth_kb")
        entry[f"{side}_rss_growth_mb"] = None if growth is None else growth / 1024
    entry["rss_method"] = samples[primary][0].get("rss_method")
    entry["schemehost_budget_s"] = median("schemehost+budget")
    return entry


# -- start-up, step budget, memory ---------------------------------------------------------


def schemehost_command() -> list[str]:
    """The installed `schemehost` script of this Python, else `python -m schemehost`."""
    script = Path(sys.executable).parent / "schemehost"
    if script.is_file():
        return [str(script)]
    found = shutil.which("schemehost")
    return [found] if found else [sys.executable, "-m", "schemehost"]


def startup_env() -> dict:
    """The environment of the start-up runs: child_env() without PYTHONDONTWRITEBYTECODE.

    With that variable set (as on this machine), every schemehost module is
    compiled from source on every start while lark's modules, compiled at
    install, load from their .pyc: the comparison would measure Python's
    compiler, not start-up.  Both sides run without it, after a warm-up run
    has written schemehost's __pycache__, as on a normal install.
    """
    env = child_env()
    for name in STARTUP_UNSET_ENV:
        env.pop(name, None)
    return env


def measure_startup(runs: int) -> dict:
    """Median wall time of fresh `schemehost eval 1` and `python -c 'import lark'` processes.

    One untimed warm-up run of each command comes first; every run gets
    `startup_env()`.
    """
    commands = {"schemehost": [*schemehost_command(), "eval", "1"],
                "python_import_lark": [sys.executable, "-c", "import lark"]}
    env = startup_env()
    times: dict[str, list[float]] = {k: [] for k in commands}
    for r in range(-STARTUP_WARMUP_RUNS, runs):
        for key, command in commands.items():
            log(f"startup: warm-up {key}" if r < 0 else f"startup: run {r + 1}/{runs} {key}")
            start = time.perf_counter()
            proc = subprocess.run(command, capture_output=True, text=True, cwd=suite.ROOT, env=env)
            elapsed = time.perf_counter() - start
            if proc.returncode != 0 or (key == "schemehost" and proc.stdout.strip() != "1"):
                raise WorkerFailed(f"{' '.join(command)} failed: {proc.stdout!r} {proc.stderr[-1000:]!r}")
            if r >= 0:
                times[key].append(elapsed)
    sh, lark = statistics.median(times["schemehost"]), statistics.median(times["python_import_lark"])
    return {"command": " ".join(commands["schemehost"]), "runs": runs, "warmup_runs": STARTUP_WARMUP_RUNS,
            "unset_env": list(STARTUP_UNSET_ENV), "schemehost_s": sh, "python_import_lark_s": lark,
            "ratio": sh / lark}


def step_budget(entries: list[dict]) -> dict:
    """Compare schemehost with step_limit=HUGE against no limit, over the reported benchmarks."""
    rows = [e for e in entries if e["status"] == "ok" and e.get("schemehost_budget_s") is not None]
    without = sum(e["schemehost_s"] for e in rows)
    with_limit = sum(e["schemehost_budget_s"] for e in rows)
    return {
        "step_limit": HUGE_STEP_LIMIT,
        "benchmarks": [e["name"] for e in rows],
        "without_s": without,
        "with_s": with_limit,
        "cost": (with_limit / without - 1) if without else None,
        "per_benchmark": {e["name"]: e["schemehost_budget_s"] / e["schemehost_s"] - 1 for e in rows},
    }


def measure_memory(quick: bool, runs: int, guile: bool) -> dict:
    """Each memory check in schemehost, in Python (its twin in python/memory_checks.py)
    and in Guile where installed, alternated run by run; medians."""
    out = {"target_mb": MEMORY_TARGET_MB, "checks": []}
    for name, (description, template, full_n, quick_n) in MEMORY_CHECKS.items():
        n = quick_n if quick else full_n
        text = template.format(n=n)
        samples: dict[str, list] = {"schemehost": [], "python": [], "guile": []}
        for r in range(runs):
            log(f"memory: {name} run {r + 1}/{runs}")
            samples["schemehost"].append(run_worker(["expression", text]))
            samples["python"].append(run_worker(["python-check", name, str(n)]))
            if guile:
                m = suite.measure_guile_expression(text)
                samples["guile"].append({"seconds": m.seconds, "result": m.result, "rss_growth_kb": m.rss_growth_kb})
        check = {"name": name, "description": description, "n": n, "expression": text,
                 "result": samples["schemehost"][0]["result"],
                 "rss_method": samples["schemehost"][0]["rss_method"]}
        for side, got in samples.items():
            growths = [s["rss_growth_kb"] for s in got if s["rss_growth_kb"] is not None]
            prefix = "" if side == "schemehost" else f"{side}_"
            check[f"{prefix}seconds"] = statistics.median(s["seconds"] for s in got) if got else None
            check[f"{prefix}rss_growth_mb"] = statistics.median(growths) / 1024 if growths else None
            results = {s["result"] for s in got}
            if results - {check["result"]}:
                raise WorkerFailed(f"memory check {name}: {side} gave {sorted(results)}, "
                                   f"schemehost {check['result']}")
        check["under_target"] = check["rss_growth_mb"] < MEMORY_TARGET_MB
        out["checks"].append(check)
    return out


def geometric_mean(values: list[float]) -> float | None:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


# -- the machine -----------------------------------------------------------------------------


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    guile_version = None
    if suite.guile_path():
        proc = subprocess.run([suite.guile_path(), "--version"], capture_output=True, text=True)
        guile_version = proc.stdout.splitlines()[0] if proc.stdout else None
    return {"nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
            "cpu": cpu, "python": platform.python_version(), "implementation": platform.python_implementation(),
            "guile": guile_version, "platform": platform.platform(),
            "load_average_start": _load_average(), "load_average_end": None,
            "schemehost_source_start": source_fingerprint(), "schemehost_source_end": None}


def source_fingerprint(root: Path = suite.ROOT) -> str:
    """A short hash of the schemehost sources of tree `root`: the runner compares it before and
    after a run, since a benchmark run takes minutes and the interpreter may be edited meanwhile."""
    import hashlib

    digest = hashlib.sha256()
    package = Path(root) / "schemehost"
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".lark", ".scm") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _load_average() -> list[float] | None:
    """The 1, 5 and 15-minute load averages: other work on the machine skews timings."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


# -- output ----------------------------------------------------------------------------------


def _s(x: float | None) -> str:
    return "-" if x is None else f"{x:.3g}"


def _x(x: float | None) -> str:
    return "-" if x is None else f"{x:.3g}x"


def format_report(report: dict) -> str:
    lines = []
    m = report["machine"]
    lines.append(f"machine: {m['nproc']} CPUs, {m['cpu']}, Python {m['python']}"
                 + (f", {m['guile']}" if m["guile"] else ", no guile")
                 + f"; load average {m['load_average_start']} at the start, {m['load_average_end']} at the end"
                 + f"; schemehost sources {m['schemehost_source_start']}")
    trees = report.get("trees")
    order = (", ".join(f"schemehost of tree {k}" for k in range(1, len(trees) + 1)) if trees else "schemehost")
    order += ", python, guile-compiled, guile-interp" + ("" if trees else ", schemehost+budget")
    lines.append(f"sizes: {report['size']}; median of {report['runs']} runs, alternating {order}; "
                 f"seconds of the run alone")
    lines.append("guile-compiled: Guile's optimizing compiler; guile-interp: Guile's evaluator "
                 "(guile --no-auto-compile); ratio = schemehost's time / the column's")
    lines.append("")
    lines.extend(_table(report["benchmarks"], trees))
    lines.append("")
    g = report["geomean"]
    if g["benchmarks"]:
        lines.append(f"geometric mean of schemehost/python over {', '.join(g['benchmarks'])}: "
                     f"{_x(g['ratio_python'])} (schemehost/guile-compiled: {_x(g['ratio_guile'])}, "
                     f"schemehost/guile-interp: {_x(g.get('ratio_guile_interp'))})")
    for group in suite.SETS:
        g = report.get(f"geomean_{group}") or {"benchmarks": []}
        if g["benchmarks"]:
            lines.append(f"geometric mean of schemehost/python over the {len(g['benchmarks'])} {group} programs: "
                         f"{_x(g['ratio_python'])} (schemehost/guile-compiled: {_x(g['ratio_guile'])}, "
                         f"schemehost/guile-interp: {_x(g.get('ratio_guile_interp'))})")
    for k, t in enumerate(trees or [], 1):
        lines.append(f"tree {k}: {t['tree']} (sources {t['source']}): geometric mean of schemehost/python "
                     f"{_x(t['geomean_ratio_python'])} over all"
                     + "".join(f", {_x(t.get(f'geomean_{group}_ratio_python'))} over the {group} programs"
                               for group in suite.SETS if t.get(f"geomean_{group}_ratio_python")))
    if report.get("loading"):
        lines.extend(loading.format_loading(report["loading"]))
    st = report["startup"]
    if st:
        unset = ", ".join(st["unset_env"]) or "nothing"
        lines.append(f"startup (median of {st['runs']} fresh processes after {st['warmup_runs']} warm-up, "
                     f"{unset} unset): `{st['command']}` {_s(st['schemehost_s'])} s, "
                     f"`python -c 'import lark'` {_s(st['python_import_lark_s'])} s, ratio {_x(st['ratio'])}")
    b = report["step_budget"]
    if b["cost"] is not None:
        lines.append(f"step budget: step_limit={b['step_limit']:.0e} vs none over {len(b['benchmarks'])} benchmarks: "
                     f"{_s(b['with_s'])} s vs {_s(b['without_s'])} s, cost {b['cost'] * 100:+.1f}%")
    for c in report["memory"]["checks"]:
        others = "".join(f", {label} {c[key]:.1f} MB" for label, key in
                         (("python", "python_rss_growth_mb"), ("guile", "guile_rss_growth_mb"))
                         if c.get(key) is not None)
        lines.append(f"memory: {c['name']} (n={c['n']:,}): peak RSS growth {c['rss_growth_mb']:.1f} MB "
                     f"({'under' if c['under_target'] else 'OVER'} the {report['memory']['target_mb']:.0f} MB target)"
                     f"{others}; {_s(c['seconds'])} s")
    method = next((e.get("rss_method") for e in report["benchmarks"] if e.get("rss_method")), None)
    lines.append(f"RSS+ = schemehost's peak resident set size during the run minus that just before it "
                 f"(fresh process per run; {method or 'VmHWM'})")
    return "\n".join(lines)


def _table(entries: list[dict], trees: list[dict] | None) -> list[str]:
    """The report's table: a row per benchmark; with trees, a time and a ratio per tree."""
    if trees:
        sides = "".join(f"{f'tree {k} s':>9} {'/python':>8} " for k in range(1, len(trees) + 1))
        python = f"{'python s':>9} {'last/1st':>8} "
    else:
        sides, python = f"{'schemehost s':>12} ", f"{'python s':>9} {'/python':>8} "
    header = (f"{'benchmark':<16} {'args':<10} {sides}{python}"
              f"{'guile-c s':>9} {'/guile-c':>8} {'guile-i s':>9} {'/guile-i':>8} {'RSS+ MB':>8}")
    out = [header, "-" * len(header)]
    for e in entries:
        args = " ".join(str(a) for a in e["args"]) or "-"
        if e["status"] != "ok":
            out.append(f"{e['name']:<16} {args:<10} {e['status'].upper()}: {e['message']}")
            continue
        rss = e["schemehost_rss_growth_mb"]
        if trees:
            cells = "".join(f"{_s(t['schemehost_s']):>9} {_x(t['ratio']):>8} " for t in e["trees"])
            change = e["trees"][-1]["schemehost_s"] / e["trees"][0]["schemehost_s"]
            row = f"{cells}{_s(e['python_s']):>9} {_x(change):>8} "
        else:
            row = f"{_s(e['schemehost_s']):>12} {_s(e['python_s']):>9} {_x(e['ratio']):>8} "
        out.append(f"{e['name']:<16} {args:<10} {row}"
                   f"{_s(e['guile_s']):>9} {_x(e['guile_ratio']):>8} "
                   f"{_s(e.get('guile_interp_s')):>9} {_x(e.get('guile_interp_ratio')):>8} "
                   f"{'-' if rss is None else f'{rss:.1f}':>8}")
        if e.get("message"):
            out.append(f"{'':<16} note: {e['message']}")
    return out


def geomeans(entries: list[dict]) -> dict:
    """Geometric means of schemehost's ratios over `entries` (a Guile one only if every entry has it)."""
    out = {"benchmarks": [e["name"] for e in entries],
           "ratio_python": geometric_mean([e["ratio"] for e in entries])}
    for key in GUILE_KEYS.values():
        ratios = [e.get(f"{key}_ratio") for e in entries]
        out[f"ratio_{key}"] = geometric_mean(ratios) if entries and all(ratios) else None
    return out


# -- profile ------------------------------------------------------------------------------


def profile(name: str, size: str, top: int = 20) -> None:
    """Profile one schemehost run of `name` with cProfile and print the top functions by own time.

    Only the timed run is profiled (loading is not), on the evaluation
    thread that runs it: cProfile sees only the thread it is enabled in.
    """
    import cProfile
    import io
    import pstats

    from schemehost import run_deep

    bench = suite.BY_NAME[name]
    profiler = cProfile.Profile()
    bracket = (profiler.enable, profiler.disable)
    measurement = run_deep(lambda: suite.measure_schemehost(bench, size, bracket=bracket))
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("tottime").print_stats(top)
    print(f"{name} ({size} size): result {preview(measurement.result)}, {measurement.seconds:.3f} s under cProfile")
    print(stream.getvalue())


# -- main ---------------------------------------------------------------------------------------


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run",
                                     description="Time schemehost against native Python and Guile. "
                                     "The set flags combine: every set given is run.")
    parser.add_argument("--quick", action="store_true",
                        help=f"smoke test: small sizes, {QUICK_RUNS} runs unless --runs is given")
    parser.add_argument("--only", metavar="NAME,...",
                        help="run only these benchmarks: " + ", ".join(suite.BY_NAME))
    for group, note in suite.SET_NOTES.items():  # (several flags: each set given is run)
        parser.add_argument(f"--{group}", action="store_true",
                            help=f"run only {note}: " + ", ".join(b.name for b in suite.SETS[group]))
    parser.add_argument("--json", action="store_true", help="print the report as JSON on standard output")
    parser.add_argument("--runs", type=int, metavar="N",
                        help=f"runs per implementation (default {MIN_RUNS}; at least {MIN_RUNS} without --quick)")
    parser.add_argument("--profile", metavar="NAME", help="profile one schemehost run of NAME with cProfile instead")
    parser.add_argument("--tree", action="append", type=Path, dest="trees", metavar="DIR",
                        help="time schemehost from this source tree; repeat (old first, new last) to put "
                        "them side by side, alternating run by run (no step-budget column, start-up or memory)")
    parser.add_argument("--no-guile", action="store_true", help="leave the two Guile columns out")
    parser.add_argument("--no-loading", dest="loading", action="store_false",
                        help="leave out the loading benchmark (benchmarks/loading.py)")
    args = parser.parse_args(argv)
    if args.trees:
        args.trees = [t.resolve() for t in args.trees]
        for tree in args.trees:
            problem = suite.tree_problem(tree)
            if problem:
                parser.error(problem)
    if args.runs is None:
        args.runs = QUICK_RUNS if args.quick else MIN_RUNS
    if args.runs < 1 or (not args.quick and args.runs < MIN_RUNS):
        parser.error(f"--runs must be at least {MIN_RUNS} (or at least 1 with --quick)")
    chosen = [group for group in suite.SETS if getattr(args, group)]
    if chosen:
        names = [b.name for group in chosen for b in suite.SETS[group]]
    else:
        names = list(suite.BY_NAME)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in suite.BY_NAME]
        if unknown:
            parser.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(suite.BY_NAME)}")
    args.names = names
    if args.profile and args.profile not in suite.BY_NAME:
        parser.error(f"unknown benchmark {args.profile}; choose from {', '.join(suite.BY_NAME)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    size = "quick" if args.quick else "full"
    if args.profile:
        profile(args.profile, size)
        return 0
    guile = suite.guile_path() is not None and not args.no_guile
    host = machine()
    if not guile:
        log("no Guile columns" + ("" if args.no_guile else ": guile is not installed"))
    trees = args.trees
    tree_sources = [source_fingerprint(t) for t in trees or []]
    entries = [run_benchmark(suite.BY_NAME[n], size, args.runs, guile, trees) for n in args.names]
    ok = [e for e in entries if e["status"] == "ok"]
    heavy = [e for e in ok if e["call_heavy"]]
    in_set = {group: [e for e in ok if e["group"] == group] for group in suite.SETS}
    report = {
        "machine": host,
        "size": size,
        "runs": args.runs,
        "trees": None,
        "benchmarks": entries,
        "geomean": geomeans(heavy),
        **{f"geomean_{group}": geomeans(entries) for group, entries in in_set.items()},
        "startup": None,
        "step_budget": step_budget(entries),
        "memory": {"target_mb": MEMORY_TARGET_MB, "checks": []},
        "loading": None,
        "errors": [f"{e['name']}: {e['status']}: {e['message']}" for e in entries
                   if e["status"] in ("failed", "disagree")],
    }
    if trees:
        report["trees"] = [
            {"tree": str(t), "source": tree_sources[k],
             "geomean_ratio_python": geometric_mean([e["trees"][k]["ratio"] for e in ok]),
             **{f"geomean_{group}_ratio_python": geometric_mean([e["trees"][k]["ratio"] for e in entries])
                for group, entries in in_set.items()}}
            for k, t in enumerate(trees)]
    try:
        if not trees:  # start-up and memory are this checkout's
            report["startup"] = measure_startup(args.runs if args.quick else max(args.runs, STARTUP_RUNS))
            report["memory"] = measure_memory(args.quick, 1 if args.quick else 3, guile)
        if args.loading:
            report["loading"] = loading.run_loading(
                QUICK_RUNS if args.quick else LOADING_RUNS, trees, guile, run_worker,
                LOADING_QUICK_LINES if args.quick else load_program.DEFAULT_LINES, log=log)
    except (WorkerFailed, RuntimeError, subprocess.TimeoutExpired) as exc:
        report["errors"].append(str(exc))
        log(str(exc))
    host["load_average_end"] = _load_average()
    for root, before in [(suite.ROOT, host["schemehost_source_start"])] + list(zip(trees or [], tree_sources)):
        after = source_fingerprint(root)
        if root == suite.ROOT:
            host["schemehost_source_end"] = after
        if after != before:
            report["errors"].append(f"the schemehost sources of {root} changed during the run "
                                    f"({before} -> {after}): the runs may have measured different code; "
                                    "run again")
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_report(report))
        for error in report["errors"]:
            print(f"error: {error}")
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
