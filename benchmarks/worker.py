"""Run one measurement in this fresh process and print it as one JSON line.

    python -m benchmarks.worker schemehost|python NAME SIZE [--step-limit N] [--tree DIR]
    python -m benchmarks.worker expression SCHEME-TEXT
    python -m benchmarks.worker python-check CHECK-NAME N
    python -m benchmarks.worker load FILE [--tree DIR]

benchmarks/run.py starts one worker per run, so every run starts from the
same state and its memory is its own.  Memory is the resident set size: the
peak during the timed run minus the RSS just before it.  On Linux the peak
is reset right before the run (writing 5 to /proc/self/clear_refs) and read
from VmHWM in /proc/self/status afterwards; where that is impossible it is
`ru_maxrss`, the peak over the whole process, which can only overstate the
baseline's peak and so understate the growth ("method" says which).

`load` times reading and loading a large program instead (benchmarks/loading.py)
and prints its figures.  `--tree DIR` imports schemehost (and strategies) from the source tree DIR
instead of this checkout, while the benchmarks, their Scheme files and their
Python twins stay this checkout's: how `benchmarks.run --tree` times an old
tree against a new one on the same programs.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import sys
from pathlib import Path

from . import suite


class RssProbe:
    """Reset and read the process's peak resident set size, in KiB."""

    def __init__(self):
        self.method = "VmHWM"

    @staticmethod
    def _status_kb(key: str) -> int | None:
        try:
            with open("/proc/self/status", encoding="ascii") as f:
                for line in f:
                    if line.startswith(key + ":"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def reset_peak(self) -> int | None:
        gc.collect()
        try:
            with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
                f.write("5")
        except OSError:
            self.method = "ru_maxrss"
        return self._status_kb("VmRSS")

    def sample(self) -> int | None:
        if self.method == "VmHWM":
            peak = self._status_kb("VmHWM")
            if peak is not None:
                return peak
            self.method = "ru_maxrss"
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worker", description=__doc__.splitlines()[0])
    parser.add_argument("impl", choices=("schemehost", "python", "expression", "python-check", "load"))
    parser.add_argument("target", help="a benchmark name, the Scheme text for `expression`, "
                                       "a memory check's name for `python-check`, a file for `load`")
    parser.add_argument("size", nargs="?", default="full",
                        help=f"{' or '.join(suite.SIZES)}; for `python-check`, n")
    parser.add_argument("--step-limit", type=int, default=None)
    parser.add_argument("--tree", help="import schemehost from this source tree")
    args = parser.parse_args(argv)
    if args.tree:
        problem = suite.use_tree(args.tree)
        if problem:
            parser.error(problem)
    if args.impl == "load":
        from .loading import measure_schemehost

        path = Path(args.target)
        if not path.is_file():
            parser.error(f"no file {args.target!r}")
        figures = measure_schemehost(path)
        figures["schemehost_file"] = sys.modules["schemehost"].__file__
        json.dump(figures, sys.stdout)
        sys.stdout.write("\n")
        return 0
    probe = RssProbe()
    bracket = (probe.reset_peak, probe.sample)
    if args.impl == "expression":
        m = suite.measure_expression(args.target, bracket)
    elif args.impl == "python-check":
        from .python import memory_checks

        if not callable(getattr(memory_checks, args.target.replace("-", "_"), None)):
            parser.error(f"no memory check {args.target!r} in benchmarks/python/memory_checks.py")
        if not args.size.isdigit():
            parser.error(f"N must be a whole number, not {args.size!r}")
        m = suite.measure_python_check(args.target, int(args.size), bracket)
    else:
        if args.size not in suite.SIZES:
            parser.error(f"size must be one of {', '.join(suite.SIZES)}")
        m = suite.measure(args.impl, args.target, args.size, args.step_limit, bracket)
    json.dump({
        "seconds": m.seconds,
        "result": m.result,
        "rss_before_kb": m.rss_before_kb,
        "rss_peak_kb": m.rss_peak_kb,
        "rss_growth_kb": m.rss_growth_kb,
        "rss_method": probe.method,
        "schemehost_file": getattr(sys.modules.get("schemehost"), "__file__", None),
    }, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
