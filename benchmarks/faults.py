"""Faults a profile of the hot lines does not show: what generated code hands to a slow path, and what was never written as Python.

    python -m benchmarks.faults [--idioms | --holdout | ... | --vault | --cellar | --pantry | --larder | --cupboard | --attic | --shelf | --drawer | --chest | --trunk | --crate | --locker | --satchel | --pouch | --tote | --hamper | --basket | --coffer | --hutch | --only NAME,...] [--size quick|test|full]

Session 21 found its faults in the sealed set this way, not in profiles:
an open-coded primitive whose guard fails every time goes to its slow path
(the global's procedure called through `apply`: query's `equal?` on pairs,
21,563 times a run), and a procedure whose Python text could not be
written or compiled runs as closures (pike-regex's glob walk), right but
several times slower, which no comparison of values shows.  For each
program this runs `(run ARGS...)` once in this process, with every lambda
written as Python at once (`compiler.generate = True`), and reports

  * the slow paths taken, by primitive and the Python types of the operands
    (`pyfunc.Runtime.slow`'s functions, counted: an exact rational in `+`
    is meant to go there, a pair in `equal?` was not);
  * the lambdas and loops written as closures instead (`emit_lambda` and
    `emit_loop` giving None), with the text of any SyntaxError Python
    raised on the written source (too deep a nesting is meant; anything
    else is a fault of the emitter).

Written at once, a procedure has no first calls to show it floats, so only
loops get a float case before the slow path: float arithmetic outside loops
counts here (sqrt-iter's 52,172 at the quick size, simpson's 16,011) where
a run as the benchmarks make it (tiered: first calls, then Python written
with what they saw) takes none there but simpson's first 3.

Nothing here is timed.  Running it on a set says what its programs do; it
reads no line of their hot code, but its answer is still a reason to
change the compiler, so a set run through it is no longer one nobody
tuned on.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import sys

from . import suite

SIZES = ("quick", "test", "full")


class Faults:
    """What one run handed to slow paths and left as closures."""

    def __init__(self):
        self.slow: collections.Counter = collections.Counter()  # (primitive, operand types) -> calls
        self.closures: list[str] = []  # what was written as closures: a name, or a SyntaxError's text
        self.value: str | None = None  # the run's value, written (run_benchmark)

    def slow_total(self) -> int:
        return sum(self.slow.values())


@contextlib.contextmanager
def instrumented(faults: Faults):
    """Count, while the block runs, the slow paths generated code takes and what is written as closures."""
    from schemehost import compiler, pyfunc

    original_slow = pyfunc.Runtime.slow
    original_lambda, original_loop = compiler.emit_lambda, compiler.emit_loop
    refused: list[str] = []
    before = pyfunc.__dict__.get("compile")  # (an enclosing check's, as tests' no_emitter_syntax_errors: kept in)

    def slow(rt, cell, span, form, nargs, tail, orig=None):
        inner = original_slow(rt, cell, span, form, nargs, tail, orig)
        name = cell.name.name

        def counted(*args):
            faults.slow[name, tuple(type(a).__name__ for a in args)] += 1
            return inner(*args)

        return counted

    def checked_compile(source, *args, **kwargs):
        try:
            return (before or compile)(source, *args, **kwargs)
        except SyntaxError as err:
            refused.append(f"{err.msg} (line {err.lineno}: {(err.text or '').strip()[:80]})")
            raise

    def emit_lambda(unit, *args):
        made = original_lambda(unit, *args)
        if made is None:
            name = getattr(unit.name, "name", unit.name)  # (a Symbol's text; None for an anonymous lambda)
            faults.closures.append(f"lambda {name}" + (f": {refused.pop()}" if refused else ""))
        return made

    def emit_loop(unit, *args):
        made = original_loop(unit, *args)
        if made is None:
            faults.closures.append("loop" + (f": {refused.pop()}" if refused else ""))
        return made

    pyfunc.Runtime.slow = slow
    pyfunc.compile = checked_compile
    compiler.emit_lambda, compiler.emit_loop = emit_lambda, emit_loop
    try:
        yield faults
    finally:
        pyfunc.Runtime.slow = original_slow
        if before is None:
            del pyfunc.compile
        else:
            pyfunc.compile = before
        compiler.emit_lambda, compiler.emit_loop = original_lambda, original_loop


def run_source(text: str, expression: str) -> Faults:
    """The faults of evaluating Scheme `text`, then `expression`, every lambda written at once."""
    from schemehost import Interpreter, run_deep

    faults = Faults()
    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO(), seed=0)
    interp.compiler.generate = True
    with instrumented(faults):
        run_deep(interp.eval_string, text)
        run_deep(interp.eval_string, expression)
    return faults


def run_benchmark(bench: suite.Benchmark, size: str) -> Faults:
    """The faults of one `(run ARGS...)` of a benchmark program."""
    from schemehost import Interpreter, run_deep
    from schemehost.host import SchemeProcedure, to_scheme
    from schemehost.printer import write_string

    faults = Faults()
    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO(), seed=0)
    interp.compiler.generate = True
    with instrumented(faults):
        for path in bench.scheme_files:
            run_deep(interp.eval_string, path.read_text(encoding="utf-8"), str(path))
        run = SchemeProcedure(interp, interp.lookup("run"), raw=True, name="run")
        faults.value = write_string(run_deep(run, *[to_scheme(a) for a in bench.args(size)]))
    return faults


def report(name: str, faults: Faults, top: int = 3) -> str:
    slow = "; ".join(f"{p}{list(types)} x{n}" for (p, types), n in faults.slow.most_common(top))
    line = f"{name}: {faults.slow_total()} slow paths" + (f" ({slow})" if slow else "")
    if faults.closures:
        line += f"; as closures: {', '.join(faults.closures)}"
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.faults", description=__doc__.splitlines()[0])
    for group in suite.SETS:
        parser.add_argument(f"--{group}", action="store_true", help=suite.SET_NOTES[group])
    parser.add_argument("--only", help="comma-separated benchmark names")
    parser.add_argument("--size", choices=SIZES, default="quick")
    args = parser.parse_args(argv)
    if args.only:
        names = args.only.split(",")
        programs = {b.name for programs in suite.SETS.values() for b in programs}
        unknown = [n for n in names if n not in programs]
        if unknown:
            parser.error(f"not a program of the sets: {', '.join(unknown)}")
        chosen = [suite.BY_NAME[n] for n in names]
    else:
        groups = [g for g in suite.SETS if getattr(args, g)] or ["idioms"]
        chosen = [b for g in groups for b in suite.SETS[g]]
    from schemehost import SchemehostError, format_error

    failed = 0
    for bench in chosen:
        missing = bench.missing()
        if missing:
            print(f"{bench.name}: skipped: {missing}", flush=True)
            continue
        try:
            found = run_benchmark(bench, args.size)
        except SchemehostError as err:  # (a program's own error: said, and the others still run)
            failed += 1
            print(f"{bench.name}: the run failed: {format_error(err)}", flush=True)
            continue
        print(report(bench.name, found), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
