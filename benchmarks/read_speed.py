"""How fast `read` takes in one datum of many lines: from a file, standard input and a string port.

    python -m benchmarks.read_speed                      # 10,000 lines, 5 runs, beside Guile
    python -m benchmarks.read_speed --lines 1000 --runs 3 --tree /tmp/old --tree .

The datum is a list of LINES numbers, one per line, in a file.  Each run is
a fresh process that reads it once with `read`:

    file            (read (open-input-file PATH))
    standard input  (read), the file piped into the process
    string port     (read (open-input-string TEXT)), TEXT the file's text

schemehost is timed in the process around that one `read` (after a warm-up
read of "1", so loading the parser is not counted); Guile (`guile -c`, the
same file, the same three ways) times its own `read`.  Both count the CPU
time of the process (time.process_time, get-internal-run-time), so that other
work on a busy machine does not count; `read` spends its time computing, not
waiting (the whole file is in the pipe or on disk).  Each figure is the
median over the runs; the table gives CPU seconds and lines per second.  Every run checks that the list read has
LINES elements.  With --tree (repeatable), schemehost is run from each
source tree in turn (say, an old checkout beside this one).  Progress goes to
standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("file", "stdin", "string")
SOURCE_NAMES = {"file": "file", "stdin": "standard input", "string": "string port"}

# Scheme text that reads the datum from each source (PATH and TEXT are defined by the child).
SCHEME_READS = {
    "file": "(read (open-input-file path))",
    "stdin": "(read)",
    "string": "(read (open-input-string text))",
}

# Guile: the same reads, timed by Guile itself; prints "SECONDS LENGTH".
GUILE_PROGRAM = """
(let* ((path {path})
       (text (call-with-input-file path (lambda (p) (let loop ((acc '()))
                                                      (let ((c (read-char p)))
                                                        (if (eof-object? c) (list->string (reverse acc))
                                                            (loop (cons c acc))))))))
       (start (get-internal-run-time))
       (datum {read})
       (seconds (exact->inexact (/ (- (get-internal-run-time) start) internal-time-units-per-second))))
  (display seconds) (display " ") (display (length datum)) (newline))
"""
GUILE_READS = {
    "file": "(read (open-input-file path))",
    "stdin": "(read (current-input-port))",
    "string": "(read (open-input-string text))",
}


def data_text(lines: int) -> str:
    """The datum: a list of `lines` numbers, one per line."""
    return "(\n" + "".join(f"{k}\n" for k in range(lines)) + ")\n"


def child(source: str, path: str) -> None:
    """In a fresh process: read the datum once from `source`; print {"seconds", "length", "schemehost"} as JSON."""
    import schemehost
    from schemehost import Interpreter
    from schemehost.datatypes import new_string

    interp = Interpreter(stdout=sys.stderr)  # standard input is this process's
    interp.define("path", new_string(path))
    with open(path, encoding="utf-8", newline="") as f:
        interp.define("text", new_string(f.read()))
    interp.eval_string('(read (open-input-string "1"))')  # load the parser before timing
    start = time.process_time()
    datum = interp.eval_string(SCHEME_READS[source])
    seconds = time.process_time() - start
    print(json.dumps({"seconds": seconds, "length": _length(datum), "schemehost": schemehost.__file__}))


def _length(datum) -> int:
    from schemehost.datatypes import Pair

    n = 0
    while type(datum) is Pair:
        n += 1
        datum = datum.cdr
    return n


def _piped(source: str, path: Path) -> str:
    """What goes down the pipe to the process's standard input: the file for "stdin", else nothing."""
    return path.read_text(encoding="utf-8") if source == "stdin" else ""


def run_schemehost(tree: Path, source: str, path: Path, lines: int) -> float:
    # The tree under test first on sys.path, then this checkout for benchmarks/;
    # run from the data's directory, so that no other schemehost/ comes first.
    script = (f"import sys; sys.path[:0] = [{str(tree)!r}, {str(ROOT)!r}]; "
              f"from benchmarks.read_speed import child; child({source!r}, {str(path)!r})")
    proc = subprocess.run(
        [sys.executable, "-c", script],
        input=_piped(source, path), capture_output=True, text=True, cwd=path.parent, timeout=3600,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"schemehost ({tree}) reading from {source} failed:\n{proc.stderr[-2000:]}")
    answer = json.loads(proc.stdout.strip().splitlines()[-1])
    if Path(answer["schemehost"]).resolve() != (tree / "schemehost" / "__init__.py").resolve():
        raise RuntimeError(f"the run for {tree} imported {answer['schemehost']}")
    if answer["length"] != lines:
        raise RuntimeError(f"schemehost ({tree}) read a list of {answer['length']} from {source}, not {lines}")
    return answer["seconds"]


def guile_path() -> str | None:
    from shutil import which

    return which("guile")


def run_guile(source: str, path: Path, lines: int) -> float:
    program = GUILE_PROGRAM.format(path=json.dumps(str(path)), read=GUILE_READS[source])
    proc = subprocess.run(
        [guile_path(), "--no-auto-compile", "-c", program],
        input=_piped(source, path), capture_output=True, text=True, timeout=600,
        env=dict(os.environ, GUILE_AUTO_COMPILE="0"),
    )
    if proc.returncode != 0:
        raise RuntimeError(f"guile reading from {source} failed:\n{proc.stderr[-2000:]}")
    seconds, length = proc.stdout.split()
    if int(length) != lines:
        raise RuntimeError(f"guile read a list of {length} from {source}, not {lines}")
    return float(seconds)


def measure(trees: list[Path], lines: int, runs: int, guile: bool) -> list[dict]:
    """Rows of {"implementation", "source", "seconds", "lines_per_second"}; medians over `runs`."""
    implementations = [(f"schemehost {tree}" if len(trees) > 1 else "schemehost", tree) for tree in trees]
    if guile:
        implementations.append(("guile", None))
    samples: dict[tuple[str, str], list[float]] = {(name, s): [] for name, _ in implementations for s in SOURCES}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "numbers.scm"
        path.write_text(data_text(lines), encoding="utf-8")
        for run in range(runs):
            for name, tree in implementations:  # alternate implementations run by run
                for source in SOURCES:
                    seconds = run_guile(source, path, lines) if tree is None else run_schemehost(
                        tree, source, path, lines)
                    samples[(name, source)].append(seconds)
                    print(f"run {run + 1}/{runs}: {name}, {SOURCE_NAMES[source]}: {seconds:.4f} s",
                          file=sys.stderr, flush=True)
    rows = []
    for (name, source), values in samples.items():
        seconds = statistics.median(values)
        rows.append({"implementation": name, "source": SOURCE_NAMES[source], "seconds": seconds,
                     "lines_per_second": lines / seconds if seconds > 0 else None})
    return rows


def table(rows: list[dict], lines: int, runs: int) -> str:
    out = [f"read one list of {lines} numbers, one per line (CPU seconds, median of {runs} runs)",
           f"{'implementation':<28} {'source':<15} {'seconds':>9} {'lines/s':>12}"]
    for row in rows:
        rate = row["lines_per_second"]
        out.append(f"{row['implementation']:<28} {row['source']:<15} {row['seconds']:>9.4f} "
                   f"{(f'{rate:,.0f}' if rate is not None else '-'):>12}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.read_speed", description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000, help="numbers in the list, one per line")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement (the median counts)")
    parser.add_argument("--tree", action="append", type=Path,
                        help="a source tree holding schemehost/ (repeatable; default this checkout)")
    parser.add_argument("--no-guile", action="store_true", help="leave Guile out")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if args.lines < 1:
        parser.error("--lines must be at least 1")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    trees = [tree.resolve() for tree in (args.tree or [ROOT])]
    for tree in trees:
        if not (tree / "schemehost" / "__init__.py").is_file():
            parser.error(f"--tree {tree} holds no schemehost/ package")
    guile = not args.no_guile and guile_path() is not None
    if not args.no_guile and not guile:
        print("guile is not installed: its rows are left out", file=sys.stderr)
    rows = measure(trees, args.lines, args.runs, guile)
    print(json.dumps(rows, indent=1) if args.json else table(rows, args.lines, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
