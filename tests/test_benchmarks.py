"""The benchmark suite's behaviour, never its speed.

Every benchmark's Scheme side (in schemehost, and in Guile where it runs
there) gives the Python side's result at the small `test` sizes; the runner
refuses to report sides that disagree; `--quick --json` runs end to end and
emits the documented fields.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# benchmarks/ is not an installed package (pyproject installs schemehost and
# strategies only), so a bare `pytest` needs the checkout on the path.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import run, suite  # noqa: E402
needs_guile = pytest.mark.skipif(suite.guile_path() is None, reason="GNU Guile is not installed")


def _skip_if_missing(bench: suite.Benchmark) -> None:
    reason = bench.missing()
    if reason:
        pytest.skip(f"{bench.name}: {reason}")


@pytest.mark.parametrize("bench", suite.BENCHMARKS, ids=lambda b: b.name)
def test_benchmark_schemehost_and_python_agree(bench):
    _skip_if_missing(bench)
    scheme = suite.measure("schemehost", bench.name, "test")
    python = suite.measure("python", bench.name, "test")
    assert scheme.result == python.result, f"schemehost: {scheme.result!r}\npython:     {python.result!r}"


@needs_guile
@pytest.mark.parametrize("bench", [b for b in suite.BENCHMARKS if b.guile], ids=lambda b: b.name)
def test_benchmark_guile_and_python_agree(bench):
    _skip_if_missing(bench)
    guile = suite.measure("guile", bench.name, "test")
    python = suite.measure("python", bench.name, "test")
    assert guile.result == python.result, f"guile:  {guile.result!r}\npython: {python.result!r}"


@pytest.mark.parametrize(
    "name, args, expected",
    [
        ("fib", (10,), "55"),
        ("tak", (18, 12, 6), "7"),
        ("nqueens", (8,), "92"),
        ("etaoin", ("then",), "10"),
        ("mergesort", (5,), "(13856 15269 17033 19081 25461)"),
        ("strings", (3,), '(("alpha" 1) ("zeta" 1) ("gamma" 1) 17)'),
        ("counter", (7,), "7"),
        ("generators", (10,), "55"),
        ("tail-loop", (10,), "45"),
        ("deep-recursion", (100,), "5050"),
    ],
)
def test_benchmark_python_side_known_values(name, args, expected):
    import importlib

    module = importlib.import_module(f"benchmarks.python.{suite.BY_NAME[name].python_module}")
    assert suite.write_datum(module.run(*args)) == expected


def test_benchmark_deep_recursion_full_depth_agrees():
    bench = suite.BY_NAME["deep-recursion"]
    assert suite.measure("schemehost", bench.name, "full").result == "5000050000"
    assert suite.measure("python", bench.name, "full").result == "5000050000"


@pytest.mark.parametrize(
    "value, written",
    [
        (0, "0"),
        (-12, "-12"),
        (True, "#t"),
        (False, "#f"),
        ("a \"b\"\n\\", '"a \\"b\\"\\n\\\\"'),
        ([], "()"),
        ([1, ["x", [False]]], '(1 ("x" (#f)))'),
    ],
)
def test_write_datum_python_values_scheme_written_form(value, written):
    assert suite.write_datum(value) == written


@pytest.mark.parametrize("value, error", [(1.5, TypeError), (None, TypeError), ("é", ValueError)])
def test_write_datum_unportable_value_raises(value, error):
    with pytest.raises(error):
        suite.write_datum(value)


def test_run_benchmark_sides_disagree_not_reported(monkeypatch):
    def fake(column, bench, size):
        return {"seconds": 0.5, "result": "41" if column == "schemehost" else "42", "rss_growth_kb": 0}

    monkeypatch.setattr(run, "measure_once", fake)
    entry = run.run_benchmark(suite.BY_NAME["fib"], "test", runs=1, guile=False)
    assert entry["status"] == "disagree"
    assert "schemehost gave '41' but python gave '42'" in entry["message"]
    assert "schemehost_s" not in entry and "ratio" not in entry


def test_run_benchmark_guile_disagrees_guile_time_withheld(monkeypatch):
    def fake(column, bench, size):
        return {"seconds": 0.25, "result": "7" if column == "guile" else "42", "rss_growth_kb": 1024}

    monkeypatch.setattr(run, "measure_once", fake)
    entry = run.run_benchmark(suite.BY_NAME["tak"], "test", runs=2, guile=True)
    assert entry["status"] == "ok"
    assert entry["ratio"] == 1.0 and entry["schemehost_rss_growth_mb"] == 1.0
    assert entry["guile_agree"] is False and entry["guile_s"] is None


def test_measure_startup_bytecode_writing_allowed_after_warm_up(monkeypatch):
    # PYTHONDONTWRITEBYTECODE would make schemehost compile every module from
    # source on every start while lark loads its .pyc: both sides run without it.
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    calls = []

    def fake_run(command, **kwargs):
        calls.append((command, kwargs["env"]))
        return subprocess.CompletedProcess(command, 0, stdout="1\n", stderr="")

    monkeypatch.setattr(run.subprocess, "run", fake_run)
    startup = run.measure_startup(2)
    assert len(calls) == 2 * (1 + 2)  # one warm-up round, then two timed rounds
    assert [c[-1] for c, _ in calls[:2]] == ["1", "import lark"]
    assert all("PYTHONDONTWRITEBYTECODE" not in env for _, env in calls)
    assert all(env["PYTHONPATH"].split(os.pathsep)[0] == str(suite.ROOT) for _, env in calls)
    assert startup["runs"] == 2 and startup["warmup_runs"] == 1
    assert startup["unset_env"] == ["PYTHONDONTWRITEBYTECODE"]
    assert os.environ["PYTHONDONTWRITEBYTECODE"] == "1"  # the runner's own environment is left alone


def test_run_too_few_runs_without_quick_rejected():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.run", "--runs", "2"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert "--runs must be at least 5" in proc.stderr


def test_run_unknown_benchmark_rejected():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.run", "--only", "fib,nope"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert "unknown benchmark nope" in proc.stderr


def test_run_quick_json_end_to_end_documented_fields():
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.run", "--quick", "--json", "--only", "fib,tak", "--runs", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert set(report) >= {"machine", "size", "runs", "benchmarks", "geomean", "startup",
                           "step_budget", "memory", "errors"}
    assert report["size"] == "quick" and report["runs"] == 1 and report["errors"] == []
    assert set(report["machine"]) >= {"nproc", "cpu", "python", "guile"}
    assert [e["name"] for e in report["benchmarks"]] == ["fib", "tak"]
    for entry in report["benchmarks"]:
        assert entry["status"] == "ok"
        for key in ("schemehost_s", "python_s", "ratio", "schemehost_rss_growth_mb", "schemehost_budget_s"):
            assert isinstance(entry[key], (int, float)) and entry[key] >= 0, key
        assert entry["ratio"] == pytest.approx(entry["schemehost_s"] / entry["python_s"])
        if report["machine"]["guile"]:
            assert entry["guile_agree"] is True and entry["guile_s"] > 0
            assert entry["guile_ratio"] == pytest.approx(entry["schemehost_s"] / entry["guile_s"])
    assert report["geomean"]["benchmarks"] == ["fib", "tak"]
    assert report["geomean"]["ratio_python"] > 0
    assert set(report["startup"]) >= {"schemehost_s", "python_import_lark_s", "ratio", "runs",
                                      "warmup_runs", "unset_env"}
    assert report["step_budget"]["benchmarks"] == ["fib", "tak"]
    assert isinstance(report["step_budget"]["cost"], float)
    checks = {c["name"]: c for c in report["memory"]["checks"]}
    assert set(checks) == {"tail-loop", "list-map-reverse-length"}
    assert checks["tail-loop"]["result"] == "100000"
    assert checks["list-map-reverse-length"]["result"] == "100000"
    assert all(c["rss_growth_mb"] >= 0 and isinstance(c["under_target"], bool) for c in checks.values())
    for c in checks.values():
        assert c["python_rss_growth_mb"] >= 0 and c["python_seconds"] > 0
        if report["machine"]["guile"]:
            assert c["guile_rss_growth_mb"] >= 0 and c["guile_seconds"] > 0


@pytest.mark.parametrize("name, n", [("tail-loop", 1000), ("list-map-reverse-length", 1000)])
def test_memory_check_python_twin_gives_the_scheme_result(name, n):
    from benchmarks import run, suite

    description, template, _, _ = run.MEMORY_CHECKS[name]
    scheme = suite.measure_expression(template.format(n=n))
    python = suite.measure_python_check(name, n)
    assert python.result == scheme.result == str(n)


@pytest.mark.skipif(shutil.which("guile") is None, reason="guile is not installed")
def test_memory_check_in_guile_measures_growth_and_result():
    from benchmarks import suite

    m = suite.measure_guile_expression("(length (reverse (map (lambda (x) (+ x 1)) (iota 200000))))")
    assert m.result == "200000" and m.seconds > 0
    # 200,000 pairs of 16 bytes, three lists: a growth Guile must show on Linux.
    assert m.rss_growth_kb is None or m.rss_growth_kb > 1000


def test_idioms_runs_one_idiom_in_two_trees_and_prints_the_ratio(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "benchmarks.idioms", "--only", "named-let-sum,assoc-scan",
                           "--rounds", "1", "--tree", str(ROOT), "--tree", str(ROOT)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = {line.split()[0]: line.split()[1:] for line in proc.stdout.splitlines() if line.startswith(("named", "assoc"))}
    assert set(rows) == {"named-let-sum", "assoc-scan"}
    for values in rows.values():
        first, second, ratio = map(float, values)
        assert first > 0 and second > 0 and ratio == pytest.approx(second / first, rel=0.01, abs=0.01)


@pytest.mark.parametrize("args, message", [
    (["--only", "nope"], "unknown idiom nope"),
    (["--tree", "/"], "holds no schemehost/ package"),
    (["--rounds", "0"], "--rounds must be at least 1"),
])
def test_idioms_rejects_bad_arguments(args, message):
    proc = subprocess.run([sys.executable, "-m", "benchmarks.idioms", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr


@pytest.mark.parametrize("args, message", [
    (["python-check", "nope", "10"], "no memory check 'nope'"),
    (["python-check", "tail-loop", "ten"], "N must be a whole number, not 'ten'"),
    (["python", "fib", "huge"], "size must be one of"),
])
def test_worker_rejects_bad_arguments_with_a_usage_error(args, message):
    proc = subprocess.run([sys.executable, "-m", "benchmarks.worker", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def test_read_speed_reads_from_every_source_and_prints_lines_per_second():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.read_speed", "--lines", "300", "--runs", "1", "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = json.loads(proc.stdout)
    implementations = ["schemehost"] + (["guile"] if shutil.which("guile") else [])
    assert [(r["implementation"], r["source"]) for r in rows] == [
        (i, s) for i in implementations for s in ("file", "standard input", "string port")]
    for row in rows:
        assert row["seconds"] >= 0
        assert row["lines_per_second"] is None or row["lines_per_second"] == pytest.approx(300 / row["seconds"])


@pytest.mark.parametrize("args, message", [
    (["--lines", "0"], "--lines must be at least 1"),
    (["--runs", "0"], "--runs must be at least 1"),
    (["--tree", "/"], "holds no schemehost/ package"),
])
def test_read_speed_rejects_bad_arguments(args, message):
    proc = subprocess.run([sys.executable, "-m", "benchmarks.read_speed", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr
