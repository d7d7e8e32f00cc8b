"""The public entry: read -> compile -> run, for one interpreter instance.

An Interpreter owns everything a program can see or change: its global
environment, ports, random generator, step budget, handler stack and
limits.  Two interpreters in one process never share state.

Deep recursion: evaluation runs on a dedicated thread with a large stack
(`run_deep`), so a Scheme program can recurse a few hundred thousand calls
deep; past the limit it gets a RecursionLimitExceeded error, never a crash.
"""

from __future__ import annotations

import gc
import os
import queue
import random
import sys
import threading

from greenlet import GreenletExit

from . import calls, forms, printer, runtime
from .analysis import Cell, reject_circular_code
from .compiler import Compiler
from .datatypes import UNASSIGNED, UNSPECIFIED, ErrorObject, Symbol, new_string, sym
from .errors import (
    ContinuationInvoked,
    Interrupted,
    MemoryLimitExceeded,
    RecursionLimitExceeded,
    ResourceLimit,
    SandboxViolation,
    SchemeError,
    SchemeExit,
    SchemehostError,
)
from .ports import StringOutputPort, TextInputPort, TextOutputPort, string_source
from .primitives import load_all
from .primitives.registry import FACTORIES, PRIMITIVES, scheme_error
from .runtime import Budget, Closure, Parameter, Primitive, Procedure, TailPrimitive

DEEP_STACK_BYTES = 1024 * 1024 * 1024
# Python frames allowed on the deep thread.  A non-tail call of a procedure
# that pyfunc compiled costs one frame, of closure-compiled code about
# three: Scheme recursion from a few hundred thousand to a million deep.
DEEP_RECURSION_LIMIT = 1_200_000
# Python's cyclic garbage collector thresholds while Scheme runs (each one
# only raised, never lowered; left alone when the host switched collection
# off with a first threshold of 0).  Python's defaults, (700, 10, 10), walk
# every live pair again and again while a program builds a long list.
GC_THRESHOLDS = (100_000, 20, 10)

FEATURES = ["r7rs", "exact-closed", "ratios", "full-unicode", "schemehost"]


# Room for Python frames kept on the deep thread for as long as it lives
# (see _DeepWorker._enter).  0 leaves CPython's 16 KiB chunks alone; CPython
# sizes a chunk in a C int, so the room stays well under 2 GiB.
FRAME_ROOM_BYTES = 32 * 1024 * 1024
MAX_FRAME_ROOM_BYTES = 256 * 1024 * 1024


def _with_frame_room(fn, nbytes: int):
    """A copy of function `fn` whose frame reserves `nbytes` more of CPython's frame stack.

    CPython 3.11 and 3.12 keep the frames of a thread in 16 KiB chunks and
    free a chunk as soon as the frame at its start returns (gh-142183, fixed
    by caching a chunk in 3.13 and 3.14).  A recursion that goes up and down
    across a chunk's start maps and unmaps memory each time: tree-recursion
    did so 3,400 times in one run, a quarter of its time, or not at all,
    depending only on how deep the Python stack was when it began.  A frame
    asking for more than a chunk gets a chunk of its own, the next power of
    two in size, and the frames called from it fill what is left of it.
    Only the value-stack slots a frame uses are written, so the reserved
    memory is address space until the recursion reaches it.
    """
    code = fn.__code__
    slots = code.co_stacksize + nbytes // 8
    return type(fn)(code.replace(co_stacksize=slots), fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)


class _DeepWorker:
    """One thread with a big stack that runs evaluation on request."""

    def __init__(self):
        self.requests: queue.SimpleQueue = queue.SimpleQueue()
        old = threading.stack_size()
        threading.stack_size(DEEP_STACK_BYTES)
        try:
            self.thread = threading.Thread(target=self._enter, name="schemehost-eval", daemon=True)
            self.thread.start()
        finally:
            threading.stack_size(old)

    def _enter(self):
        """Serve requests from a frame that keeps room for the frames above it
        (`_with_frame_room`); where that room cannot be had (an address-space
        limit, as the grader's sandbox sets), from an ordinary frame."""
        if 0 < FRAME_ROOM_BYTES <= MAX_FRAME_ROOM_BYTES:
            try:
                return _with_frame_room(_DeepWorker._loop, FRAME_ROOM_BYTES)(self)
            except MemoryError:  # the chunk could not be mapped: no request has run yet
                pass
        return self._loop()

    def _loop(self):
        _local.deep = True
        while True:
            fn, args, kwargs, box, done = self.requests.get()
            try:
                box.append((True, fn(*args, **kwargs)))
            except BaseException as exc:  # handed back to the caller's thread
                box.append((False, exc))
            done.set()


_local = threading.local()
_worker: _DeepWorker | None = None
_worker_lock = threading.Lock()


def configure_deep(stack_bytes: int | None = None, recursion_limit: int | None = None) -> None:
    """Set the evaluation thread's stack size and frame limit (before first use).

    The sandboxed grader lowers both so that a submission's recursion ends
    in a RecursionLimitExceeded well inside its address-space limit.
    """
    global DEEP_STACK_BYTES, DEEP_RECURSION_LIMIT
    if stack_bytes is not None:
        DEEP_STACK_BYTES = stack_bytes
    if recursion_limit is not None:
        DEEP_RECURSION_LIMIT = recursion_limit


def run_deep(fn, *args, on_interrupt=None, **kwargs):
    """Call fn(*args) on the deep-stack evaluation thread and return its result.

    A KeyboardInterrupt (Ctrl-C) while waiting calls `on_interrupt`, which
    asks the computation to stop, and waits for it to end; without one, or
    on a second Ctrl-C, the KeyboardInterrupt goes to the caller.
    """
    global _worker
    if getattr(_local, "deep", False):
        return fn(*args, **kwargs)
    with _worker_lock:
        if _worker is None:
            _worker = _DeepWorker()
        worker = _worker
    box: list = []
    done = threading.Event()
    worker.requests.put((_with_limit, (fn, args, kwargs), {}, box, done))
    try:
        done.wait()
    except KeyboardInterrupt:
        if on_interrupt is None:
            raise
        on_interrupt()
        done.wait()
    ok, value = box[0]
    if ok:
        return value
    raise value


def _with_limit(fn, args, kwargs):
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(DEEP_RECURSION_LIMIT)
    thresholds = gc.get_threshold()
    if thresholds[0]:
        gc.set_threshold(*(max(t, ours) for t, ours in zip(thresholds, GC_THRESHOLDS)))
    try:
        return fn(*args, **kwargs)
    finally:
        sys.setrecursionlimit(old)
        if thresholds[0]:
            gc.set_threshold(*thresholds)


def _stream_source(stream):
    def source():
        try:
            return stream.readline()
        except (OSError, ValueError):
            return ""

    return source


class Interpreter:
    """A Scheme interpreter: globals, ports, random generator and limits.

    stdin:  a text stream, a str (the whole input), or a source callable
            returning the next chunk ("" at end); default sys.stdin.
    stdout: a text stream or a sink callable taking text; default sys.stdout.
    seed:   seeds `random` (a Python random.Random); None = unpredictable.
    step_limit: procedure calls allowed per `eval`/`call` (None = no limit).
    max_alloc: largest single allocation (elements) make-vector etc. accept.
    allow_files: False makes file access a SandboxViolation.
    """

    def __init__(
        self,
        *,
        stdin=None,
        stdout=None,
        stderr=None,
        seed=None,
        step_limit: int | None = None,
        max_alloc: int | None = None,
        allow_files: bool = True,
        argv=(),
        environ=None,
        eof_limit: int | None = 1000,
        stdin_name: str = "standard input",
    ):
        self.budget = Budget(step_limit)
        # The calling convention (calls.py): apply(f, args) runs a call and
        # its tail calls to a value; call_other calls what is not a Closure
        # or a plain Primitive; spread enters a rest-argument closure for `apply`.
        self.apply, self._call, self.call_other, self.spread = calls.trampoline(self)
        self.run_at_bottom = calls.bottom_runner(self)  # (continuations._run_body's)
        self.step_limit = step_limit
        self.globals: dict[Symbol, Cell] = {}
        self.rng = random.Random(seed)
        self.seed = seed
        self.max_alloc = max_alloc
        self.allow_files = allow_files
        self.argv = list(argv)
        self.environ = dict(os.environ) if environ is None else dict(environ)
        self.features = list(FEATURES)
        self.handlers: list = []
        self.winders: list = []
        # How many call/cc frames are live on the running greenlet and below it (continuations.py).
        self.cc_level = 0
        self.libraries = None  # a libraries.Registry, made by forms.install below

        out = _make_output(stdout if stdout is not None else sys.stdout, "standard output")
        err = _make_output(stderr if stderr is not None else sys.stderr, "standard error")
        self.stdout_param = Parameter(out, None)
        self.stderr_param = Parameter(err, None)
        self.stdin_param = Parameter(
            _make_input(stdin if stdin is not None else sys.stdin, stdin_name, self._flush_outputs, eof_limit), None
        )
        self.compiler = Compiler(self)
        self._install_primitives()
        forms.install(self)

    # -- set-up ----------------------------------------------------------------
    def _install_primitives(self):
        load_all()
        for name, fn, lo, hi, tail in PRIMITIVES:
            self.define(name, (TailPrimitive if tail else Primitive)(name, fn, lo, hi))

        def define(name, fn, lo=0, hi=-1, tail=False, value=False):
            if value:
                self.define(name, fn)
            else:
                self.define(name, (TailPrimitive if tail else Primitive)(name, fn, lo, hi))

        for factory in FACTORIES:
            factory(self, define)
        # The standard bindings, for the compiler's open-coding guard.
        self.builtins = {name: cell.value for name, cell in self.globals.items()}

    def _flush_outputs(self):
        self.stdout_param.value.flush()
        self.stderr_param.value.flush()

    def check_files(self, who: str) -> None:
        if not self.allow_files:
            raise SandboxViolation(f"{who}: file access is not allowed here")

    # -- globals -------------------------------------------------------------------
    def define(self, name: str, value) -> None:
        """Bind global `name` to a Scheme value (host convenience)."""
        s = sym(name)
        cell = self.globals.get(s)
        if cell is None:
            self.globals[s] = Cell(s, value)
        else:
            cell.value = value

    def lookup(self, name: str):
        """Return the value of global `name`, or raise a Scheme unbound-variable error."""
        cell = self.globals.get(sym(name))
        if cell is None or cell.value is UNASSIGNED:
            raise scheme_error("unbound variable", sym(name))
        return cell.value

    def is_defined(self, name: str) -> bool:
        cell = self.globals.get(sym(name))
        return cell is not None and cell.value is not UNASSIGNED

    def bound_names(self) -> list[str]:
        """Return every name bound at top level (variables, macros and syntactic keywords), sorted."""
        names = {s.name for s, cell in self.globals.items() if cell.value is not UNASSIGNED}
        names.update(s.name for s in self.compiler.top.syntax)
        return sorted(names)

    def redefined_standard_names(self) -> list[str]:
        """Return, sorted, the standard procedures' names that the program bound to something else.

        Only this interpreter sees such a change; a grader may warn about it.
        """
        return sorted(name.name for name, value in self.builtins.items()
                      if self.globals[name].value is not value)

    # -- procedures, from the host ------------------------------------------------------
    @staticmethod
    def is_procedure(value) -> bool:
        """Return True if `value` is a Scheme procedure (what `procedure?` accepts)."""
        return isinstance(value, Procedure)

    @staticmethod
    def arity(proc) -> tuple[int, int | None] | None:
        """Return the argument counts procedure `proc` accepts: (least, most), most None for no bound.

        Known for procedures made by `lambda`/`define` and for the built-ins;
        None for the others (continuations, parameters, case-lambda, ...),
        which check their arguments when called.
        """
        if type(proc) is Closure:
            return proc.nreq, None if proc.rest else proc.nreq
        if isinstance(proc, Primitive):
            return proc.lo, None if proc.hi < 0 else proc.hi
        return None

    # -- evaluation ------------------------------------------------------------------
    def eval_string(self, text: str, filename: str = "<string>"):
        """Read and evaluate every form in `text`; return the last value."""
        return run_deep(self._guarded, self._eval_text, text, filename, on_interrupt=self.interrupt)

    def eval_datum(self, datum):
        return run_deep(self._guarded, self._eval_one, datum, on_interrupt=self.interrupt)

    def run_file(self, path: str):
        """Evaluate the program in file `path`; return the last value."""
        return run_deep(self._guarded, self.load_file, path, on_interrupt=self.interrupt)

    def load_file(self, path: str, top=None):
        """Evaluate the forms of file `path`; in top level `top` (an environment's), if given."""
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as exc:
            raise SchemeError(
                ErrorObject(f"cannot open file: {exc.strerror}", (new_string(path),), kind="file")
            ) from None
        return self._eval_text(self.decode_source(raw, path), path, top)

    @staticmethod
    def decode_source(raw: bytes, filename: str) -> str:
        """Return the bytes of program file `filename` as text.

        Bytes that are not UTF-8 raise a ReadError whose span is the line and
        column (1-based, in bytes) of the first bad byte: its headline reads
        ``file:line:col: file is not valid UTF-8 text``.
        """
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            from .errors import ReadError, Span

            line = raw[: exc.start].count(b"\n") + 1
            col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
            raise ReadError("file is not valid UTF-8 text", Span(filename, line, col)) from None

    def _eval_text(self, text: str, filename: str, top=None):
        from .reader import read_program

        data, labelled = read_program(text, filename)
        result = UNSPECIFIED
        for datum in data:
            result = self._eval_one(datum, top, labelled)
        return result

    def _eval_one(self, datum, top=None, may_be_circular=True):
        # Only a datum label can make read code circular: text without one
        # is not walked (see reader.read_program).
        if may_be_circular:
            reject_circular_code(datum)
        comp = self.compiler
        if top is None:
            node = comp.compile(datum, None, False)
        else:
            outer, comp.top = comp.top, top
            try:
                node = comp.compile(datum, None, False)
            finally:
                comp.top = outer
        return node(None)

    def _guarded(self, fn, *args):
        """Run fn with Python-level failures translated into schemehost errors."""
        if self.step_limit is not None:
            self.budget.set_limit(self.step_limit)
        running = runtime.RUNNING
        outer = running.budget
        running.budget = self.budget
        try:
            return fn(*args)
        except RecursionError:
            self._reset_dynamic_state()
            raise RecursionLimitExceeded(
                "recursion too deep: calls nested deeper than the interpreter's limit"
            ) from None
        except MemoryError:
            self._reset_dynamic_state()
            raise MemoryLimitExceeded("out of memory") from None
        except SchemehostError:
            self._reset_dynamic_state()
            raise
        except (ContinuationInvoked, GreenletExit):
            # A continuation call unwinding this greenlet (see continuations.py),
            # or the garbage collector ending it: not this call's business.
            raise
        except BaseException:
            self._reset_dynamic_state()
            raise
        finally:
            running.budget = outer

    def _reset_dynamic_state(self):
        self.handlers.clear()
        self.winders.clear()

    # -- interruption ------------------------------------------------------------------
    def interrupt(self) -> None:
        """Stop the running computation at its next procedure call with Interrupted.

        Meant for another thread (a signal handler, a kernel's interrupt
        request) while `eval_string` or `call_procedure` runs; the
        interpreter and its globals stay usable.  A request made while
        nothing runs may stop the next computation: `cancel_interrupt`
        drops it.
        """
        self.budget.interrupt()

    def cancel_interrupt(self) -> None:
        """Drop an interrupt request that no computation has seen yet."""
        self.budget.cancel_interrupt()

    # -- calling procedures -------------------------------------------------------------
    def call_procedure(self, f, args, step_limit: int | None = None):
        """Call `f` from the host: translated errors, optional step limit, deep stack."""
        def run():
            saved = self.step_limit
            if step_limit is not None:
                self.step_limit = step_limit
            try:
                return self._guarded(self.apply, f, list(args))
            finally:
                self.step_limit = saved
                if saved is None:
                    self.budget.set_limit(None)

        return run_deep(run)

    def call(self, f, *args):
        """Call Scheme procedure `f` on `args` (from a primitive or the host)."""
        return self.apply(f, list(args))

    def caller(self, f, n: int):
        """Return a Python function of `n` arguments that calls Scheme procedure `f`.

        For the primitives that call one procedure many times with the same
        argument count (map, for-each, vector-map, sort, ...); see
        calls.caller.  Every call ticks the step budget as `apply` does.
        """
        return calls.caller(self.apply, self.budget, f, n)


class OutputCapture(StringOutputPort):
    """An output port for a program's console that keeps its first `limit` characters.

    Pass it as `stdout` (and `stderr`) of an Interpreter.  `chars_written`
    counts every character the program wrote, kept or not; `text()` is what
    was kept.
    """

    __slots__ = ()

    def __init__(self, limit: int | None = None, name: str = "console"):
        super().__init__(name, limit)

    @property
    def chars_written(self) -> int:
        """Return how many characters were written to this port, kept or dropped."""
        return self.size + self.dropped

    def text(self) -> str:
        """Return the characters kept (at most `limit`)."""
        return self.getvalue()


def _make_output(target, name):
    if isinstance(target, TextOutputPort):
        return target
    if callable(target) and not hasattr(target, "write"):
        return TextOutputPort(target, None, name)
    return TextOutputPort(target.write, getattr(target, "flush", None), name)


def _make_input(source, name, before_read, eof_limit):
    if isinstance(source, TextInputPort):
        return source
    if isinstance(source, str):
        return TextInputPort(string_source(source), name, before_read, eof_limit)
    if callable(source) and not hasattr(source, "readline"):
        return TextInputPort(source, name, before_read, eof_limit)
    ready = None
    if hasattr(source, "fileno"):
        def ready():
            import select

            try:
                return bool(select.select([source], [], [], 0)[0])
            except (OSError, ValueError):
                return True

    return TextInputPort(_stream_source(source), name, before_read, eof_limit, ready)


def format_error(err: BaseException) -> str:
    """Return the text shown to a user for an error: headline and backtrace."""
    if isinstance(err, SchemehostError) and not isinstance(err, SchemeExit):
        lines = [err.headline()]
        for span, form in getattr(err, "trace", ()):
            text = printer.write_string(form)
            if len(text) > 60:
                text = text[:57] + "..."
            where = f"{span}: " if span is not None else ""
            lines.append(f"  called from {where}{text}")
        if err.trace_dropped:
            lines.append(f"  ... {err.trace_dropped} more calls")
        return "\n".join(lines)
    return internal_error_text(err)


DEBUG_HINT = "set SCHEMEHOST_DEBUG=1 to see the Python traceback"
# Characters of an internal error's own message shown (it may quote any value).
INTERNAL_MESSAGE_LIMIT = 500


def internal_error_text(err: BaseException) -> str:
    """Return the text for an exception that is a bug in schemehost, not in the program."""
    message = str(err)
    if len(message) > INTERNAL_MESSAGE_LIMIT:
        message = message[:INTERNAL_MESSAGE_LIMIT] + f"... ({len(message) - INTERNAL_MESSAGE_LIMIT} more characters)"
    return (
        f"schemehost: internal error (a bug in schemehost, not in your program): {type(err).__name__}: {message}\n"
        + DEBUG_HINT
    )


__all__ = ["Interpreter", "OutputCapture", "run_deep", "format_error", "StringOutputPort", "ResourceLimit", "Interrupted"]
