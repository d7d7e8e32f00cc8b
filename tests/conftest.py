"""Shared fixtures: fresh interpreters, the originals' path, hypothesis profiles."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100
)
settings.register_profile("ci", parent=settings.get_profile("default"), max_examples=60, print_blob=True)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))

ROOT = Path(__file__).resolve().parent.parent
ORIGINALS = ROOT.parent / "shared" / "originals"
SCHEME_SRC = ROOT / "scheme_src"

needs_originals = pytest.mark.skipif(
    not ORIGINALS.is_dir(),
    reason=f"the original programs are read from {ORIGINALS}, which is absent in this checkout",
)


class Session:
    """A fresh interpreter with captured output, for one test."""

    def __init__(self, stdin: str = "", **kwargs):
        from schemehost import Interpreter

        self.out = io.StringIO()
        self.err = io.StringIO()
        self.interp = Interpreter(stdin=stdin, stdout=self.out, stderr=self.err, **kwargs)

    def eval(self, text: str):
        return self.interp.eval_string(text)

    def show(self, text: str) -> str:
        """Evaluate and return the written form of the last value."""
        from schemehost.printer import write_string

        return write_string(self.eval(text))

    @property
    def output(self) -> str:
        return self.out.getvalue()


@pytest.fixture
def scheme():
    """Return a factory of fresh Sessions: scheme(stdin=..., seed=...)."""
    return Session


def show(text: str, **kwargs) -> str:
    return Session(**kwargs).show(text)


def pytest_addoption(parser):
    parser.addoption(
        "--fuzz", action="store", nargs="?", const="2000", default=None, metavar="N",
        help="run the registry-wide built-in fuzz long: N examples (default 2000), as SCHEMEHOST_FUZZ=N",
    )


def pytest_configure(config):
    n = config.getoption("--fuzz", default=None)
    if n:
        os.environ["SCHEMEHOST_FUZZ"] = str(n)


def run_program(program: str, generate, step_limit: int | None = 20_000):
    """(written value or error text, output, steps used) of `program` in a fresh interpreter
    whose compiler.generate is `generate` (True, False or "tiered")."""
    from schemehost import Interpreter, SchemehostError, format_error
    from schemehost.printer import write_string

    out = io.StringIO()
    interp = Interpreter(stdin="", stdout=out, stderr=io.StringIO(), seed=1, step_limit=step_limit)
    interp.compiler.generate = generate
    with no_emitter_syntax_errors():
        try:
            value = write_string(interp.eval_string(program, "t.scm"))
        except SchemehostError as err:
            value = "ERROR " + format_error(err)
    return value, out.getvalue(), interp.budget.total_used()


@contextlib.contextmanager
def no_emitter_syntax_errors():
    """Fail the block if pyfunc.py writes Python that does not compile.

    A lambda whose text does not compile runs as closures (emit_lambda gives
    up on a SyntaxError): the values stay right and only the speed is lost,
    so differential tests cannot see it.  Python's own limit on nested blocks
    is the one SyntaxError that is meant (very deep code)."""
    import builtins

    from schemehost import pyfunc

    broken: list[str] = []

    def checked(source, filename, mode, *args, **kwargs):
        try:
            return builtins.compile(source, filename, mode, *args, **kwargs)
        except SyntaxError as err:
            if "too many statically nested blocks" not in str(err):
                broken.append(f"{err}\n{source}")
            raise

    before = pyfunc.__dict__.get("compile")  # (an enclosing block's own check)
    pyfunc.compile = checked
    try:
        yield
    finally:
        if before is None:
            del pyfunc.compile
        else:
            pyfunc.compile = before
    assert not broken, "generated Python that does not compile:\n" + broken[0]


@contextlib.contextmanager
def generated_python():
    """Collect, while the block runs, the Python source pyfunc.py writes (a list of texts)."""
    from schemehost import pyfunc

    sources: list[str] = []
    original = pyfunc.instantiate

    def capture(src, *args, **kwargs):
        sources.append(src)
        return original(src, *args, **kwargs)

    pyfunc.instantiate = capture
    try:
        yield sources
    finally:
        pyfunc.instantiate = original


def steps_of_calls(definitions: str, calls: list[str], generate) -> list[int]:
    """The steps each of `calls` charges, run one after another in a fresh session
    (compiler.generate `generate`) after `definitions`."""
    s = Session()
    s.interp.compiler.generate = generate
    s.eval(definitions)
    budget = s.interp.budget
    used = []
    for call in calls:
        before = budget.total_used()
        s.eval(call)
        used.append(budget.total_used() - before)
    return used
