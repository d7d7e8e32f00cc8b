"""The schemehost Jupyter kernel, on ipykernel's `Kernel` base class.

One Interpreter per kernel keeps its definitions from cell to cell.  A
cell is evaluated on its own thread (which hands the work to the
interpreter's deep-stack thread), while the kernel's main thread stays
free to

* send what the program writes as `stream` messages while the cell runs,
  and pictures as `display_data`;
* answer `(read-line)` and friends with the front end's input request;
* turn SIGINT (Kernel > Interrupt) into `Interpreter.interrupt()`, which
  stops the computation at its next procedure call; the kernel and its
  definitions stay.

Every message a Jupyter client sees has the cell's request as its parent,
because only the main thread sends.  Errors are shown exactly as the CLI
shows them (`interpreter.format_error`): the `cell[N]:line:col: message`
headline and the `called from` lines, never a Python traceback.
"""

from __future__ import annotations

import queue
import signal
import threading

from ipykernel.kernelbase import Kernel

from ..datatypes import UNSPECIFIED, ErrorObject, MultipleValues
from ..errors import (
    Interrupted,
    ReadError,
    ResourceLimit,
    SandboxViolation,
    SchemeError,
    SchemeExit,
    SchemehostError,
)
from ..interpreter import Interpreter, format_error
from . import editing, labprocs, rich

# A cell's program may write this much before its output is cut.
STREAM_LIMIT = 1_000_000
# How often the main thread wakes to send output and repeat an interrupt.
POLL_SECONDS = 0.05

INTERNAL_ERROR_HEADLINE = "internal error (a bug in schemehost, not in your program)"

def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("schemehost")
    except PackageNotFoundError:
        return "unknown"


_INTERRUPTED = object()
_NO_INPUT = object()


class SchemehostKernel(Kernel):
    implementation = "schemehost"
    implementation_version = _version()
    language = "scheme"
    language_version = "R7RS"
    language_info = {
        "name": "scheme",
        "version": "R7RS",
        "mimetype": "text/x-scheme",
        "file_extension": ".scm",
        "codemirror_mode": "scheme",
        "pygments_lexer": "scheme",
    }
    banner = (
        "schemehost: an R7RS Scheme hosted in Python.\n"
        "Definitions last from cell to cell; show-plot, display-image and "
        "display-markdown show pictures and tables."
    )
    help_links = []

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._answers: queue.SimpleQueue = queue.SimpleQueue()
        self._stdin_allowed = False
        self._awaiting_input = False
        self._interrupt_pending = False
        self._sources: dict[str, str] = {}
        self.interpreter = Interpreter(
            stdin=self._read_input,
            stdout=lambda text: self._events.put(("stream", "stdout", text)),
            stderr=lambda text: self._events.put(("stream", "stderr", text)),
            stdin_name="the notebook's input",
        )
        publish = lambda bundle: self._events.put(("display", bundle))  # noqa: E731
        rich.install(self.interpreter, publish)
        labprocs.install(self.interpreter, publish)

    # -- execution ---------------------------------------------------------------
    async def do_execute(
        self, code, silent, store_history=True, user_expressions=None, allow_stdin=False, **_ignored
    ):
        name = f"cell[{self.execution_count}]" if not silent else "<silent>"
        self._sources[name] = code
        self._stdin_allowed = self._allow_stdin = bool(allow_stdin)
        ok, outcome = self._run_cell(code, name, silent)
        if ok:
            if not silent and outcome is not UNSPECIFIED:
                self.send_response(
                    self.iopub_socket,
                    "execute_result",
                    {"execution_count": self.execution_count, "data": {"text/plain": _result_text(outcome)}, "metadata": {}},
                )
            return {"status": "ok", "execution_count": self.execution_count, "payload": [], "user_expressions": {}}
        error = error_content(outcome)
        if not isinstance(outcome, SchemehostError):
            self.log.error("internal error in a cell", exc_info=outcome)
        if not silent:
            self.send_response(self.iopub_socket, "error", error)
        return {"status": "error", "execution_count": self.execution_count, **error}

    def _run_cell(self, code: str, name: str, silent: bool):
        """Evaluate `code`; return (True, value) or (False, exception)."""
        interp = self.interpreter

        def evaluate():
            try:
                self._events.put(("done", True, interp.eval_string(code, name)))
            except BaseException as exc:  # handed to the main thread, which reports it
                self._events.put(("done", False, exc))

        output = _CellOutput(self, silent)
        on_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, self._on_sigint) if on_main else None
        self._interrupt_pending = False
        try:
            threading.Thread(target=evaluate, name="schemehost-cell", daemon=True).start()
            while True:
                try:
                    event = self._events.get(timeout=POLL_SECONDS)
                except queue.Empty:
                    output.flush()
                    if self._interrupt_pending:
                        # A request can race with the interpreter's own count: repeat it.
                        interp.interrupt()
                    continue
                events = [event]
                while True:
                    try:
                        events.append(self._events.get_nowait())
                    except queue.Empty:
                        break
                for kind, *rest in events:
                    if kind == "stream":
                        output.add(*rest)
                    elif kind == "display":
                        output.flush()
                        if not silent:
                            self.send_response(self.iopub_socket, "display_data", {"data": rest[0], "metadata": {}})
                    elif kind == "input":
                        output.flush()
                        self._answer_input(rest[0])
                    elif kind == "done":
                        output.flush()
                        return rest[0], rest[1]
        finally:
            if on_main:
                signal.signal(signal.SIGINT, previous)
            self._interrupt_pending = False
            interp.cancel_interrupt()

    def _on_sigint(self, signum, frame):
        self._interrupt_pending = True
        self.interpreter.interrupt()
        if self._awaiting_input:
            raise KeyboardInterrupt

    # -- standard input -------------------------------------------------------------
    def _read_input(self) -> str:
        """The interpreter's stdin source: one line from the front end ("" at end)."""
        if not self._stdin_allowed:
            raise SandboxViolation(
                "standard input: this front end does not answer input requests (allow_stdin is false)"
            )
        self._events.put(("input", ""))
        answer = self._answers.get()
        if answer is _INTERRUPTED:
            raise Interrupted("interrupted while waiting for input")
        if answer is _NO_INPUT:
            raise SandboxViolation("standard input: this front end does not answer input requests")
        return answer

    def _answer_input(self, prompt: str) -> None:
        self._awaiting_input = True
        try:
            answer = self.raw_input(prompt) + "\n"
        except KeyboardInterrupt:
            answer = _INTERRUPTED
        except EOFError:
            answer = ""
        except Exception:  # StdinNotImplementedError and kin: the front end cannot answer
            self.log.warning("input request failed", exc_info=True)
            answer = _NO_INPUT
        finally:
            self._awaiting_input = False
        self._answers.put(answer)

    # -- editing -----------------------------------------------------------------------
    async def do_complete(self, code, cursor_pos):
        cursor = len(code) if cursor_pos is None else cursor_pos
        start, end, matches = editing.complete(self.interpreter, code, cursor)
        return {"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": end, "metadata": {}}

    async def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
        cursor = len(code) if cursor_pos is None else cursor_pos
        text = editing.describe(self.interpreter, editing.token_at(code, cursor), self._sources)
        if text is None:
            return {"status": "ok", "found": False, "data": {}, "metadata": {}}
        return {"status": "ok", "found": True, "data": {"text/plain": text}, "metadata": {}}

    async def do_is_complete(self, code):
        status, indent = editing.is_complete(code)
        reply = {"status": status}
        if status == "incomplete":
            reply["indent"] = indent
        return reply


class _CellOutput:
    """Collect a cell's output and send it as `stream` messages, cut past STREAM_LIMIT."""

    def __init__(self, kernel: SchemehostKernel, silent: bool):
        self.kernel = kernel
        self.silent = silent
        self.pending: list[tuple[str, str]] = []
        self.sent = 0
        self.cut = False

    def add(self, name: str, text: str) -> None:
        if self.cut:
            return
        if self.sent + len(text) > STREAM_LIMIT:
            text = text[: STREAM_LIMIT - self.sent] + (
                f"\n[output cut: this cell wrote more than {STREAM_LIMIT} characters]\n"
            )
            self.cut = True
        self.sent += len(text)
        if self.pending and self.pending[-1][0] == name:
            self.pending[-1] = (name, self.pending[-1][1] + text)
        else:
            self.pending.append((name, text))

    def flush(self) -> None:
        pending, self.pending = self.pending, []
        if self.silent:
            return
        for name, text in pending:
            self.kernel.send_response(self.kernel.iopub_socket, "stream", {"name": name, "text": text})


def _result_text(value) -> str:
    if type(value) is MultipleValues:
        return "\n".join(rich.write_bounded(v) for v in value.values)
    return rich.write_bounded(value)


def condition_name(err: SchemehostError) -> str:
    """Return the name of the Scheme condition an error is (the reply's `ename`)."""
    if isinstance(err, SchemeError):
        payload = err.payload
        if type(payload) is ErrorObject:
            return "error" if payload.kind == "error" else f"{payload.kind}-error"
        return "raise"
    if isinstance(err, ReadError):
        return "read-error"
    if isinstance(err, ResourceLimit):
        return err.verdict
    if isinstance(err, SchemeExit):
        return "exit"
    return type(err).__name__


def error_content(err: BaseException) -> dict:
    """Return the ename, evalue and traceback of an error reply for `err`."""
    if isinstance(err, SchemeExit):
        return {
            "ename": "exit",
            "evalue": f"exit {err.status}",
            "traceback": [f"exit {err.status}: (exit) ends a program; the kernel goes on (Kernel > Restart starts afresh)"],
        }
    if isinstance(err, SchemehostError):
        return {"ename": condition_name(err), "evalue": err.describe(), "traceback": format_error(err).splitlines()}
    return {
        "ename": "internal-error",
        "evalue": f"{type(err).__name__}: {err}",
        "traceback": [
            f"{INTERNAL_ERROR_HEADLINE}: {type(err).__name__}: {err}",
            "the kernel and its definitions are kept; the Python traceback is in the kernel's log",
        ],
    }
