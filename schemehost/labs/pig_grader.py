"""Grade Scheme pig players: load a submission safely, play matches, report.

What a fault costs the submission (the README repeats this table):

    at load time (the whole match is forfeited, 0 wins):
      source over the size limit, bytes that are not UTF-8, a syntax error,
      no `player`, `player` not taking 5 arguments, an error or a step-limit
      overrun or a forbidden operation while loading
    during a call (that game is forfeited; the match goes on with a freshly
      loaded interpreter):
      a Scheme error, the per-call step limit, recursion too deep, the
      allocation cap, reading standard input, file access, `exit`, a
      continuation escaping the call; with --strict, printing to the console
    the whole match (the remaining games are forfeited):
      the per-match wall-clock limit; the worker process dying (the OS limits
      on CPU time and address space, or a crash)
    warnings only:
      printing to the console (without --strict), a non-boolean return value
      (Scheme truth: anything but #f means "throw again"), redefining
      standard procedures

Three failures stay apart (house rule): a limit the submission hit (its
loss), an error in its code (shown to the student), anything else (a bug in
schemehost: raised loudly, never blamed on the student).
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field

from ..datatypes import NIL, Pair
from ..errors import ReadError, ResourceLimit, SandboxViolation, SchemeError, SchemeExit, SchemehostError
from .pig_engine import Dice, match_score, pass_threshold, play_game, wilson_interval

ARGS = "(my-total other-total accum current state)"


@dataclass
class Limits:
    """Every bound the grader puts on a submission."""

    call_steps: int = 200_000  # procedure calls per player call
    load_steps: int = 2_000_000  # procedure calls while loading the file
    max_source_bytes: int = 1_000_000
    max_alloc: int = 5_000_000  # elements in one make-vector, make-string, ...
    max_output_chars: int = 10_000  # console output kept for the report
    match_seconds: float = 120.0  # wall clock for a whole match
    cpu_seconds: int = 300  # RLIMIT_CPU of the worker process
    address_space: int = 3 << 30  # RLIMIT_AS of the worker process, bytes
    recursion_frames: int = 150_000  # Python frames on the evaluation thread
    stack_bytes: int = 256 << 20


class Rejected(Exception):
    """The submission cannot play at all: the verdict says why."""

    def __init__(self, verdict: str):
        super().__init__(verdict)
        self.verdict = verdict


class PlayerFault(Exception):
    """A call of `player` failed: the game is forfeited."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


class _NoStdin:
    """A standard input that refuses to be read."""

    def __call__(self):
        raise SandboxViolation("reading standard input is not allowed in a submission")


def _describe(err: SchemehostError) -> str:
    from ..interpreter import format_error

    return format_error(err).splitlines()[0]


def _call_text(args) -> str:
    from ..printer import write_string

    return "(player " + " ".join(write_string(a) for a in args) + ")"


class _LazyCall:
    """A player call's arguments, written out only when a message needs them."""

    __slots__ = ("args",)

    def __init__(self, args):
        self.args = args

    def __str__(self) -> str:
        return _call_text(self.args)

    __format__ = lambda self, spec: format(str(self), spec)


class SchemePlayer:
    """A submission loaded into its own sandboxed interpreter."""

    def __init__(self, path: str, limits: Limits, strict: bool = False, label: str = "submission"):
        self.path = path
        self.limits = limits
        self.strict = strict
        self.label = label
        self.warnings: list[str] = []
        self.output_chars = 0
        self.slowest = (0.0, None)
        self.calls = 0
        self._nonbool_warned = False
        self.text = self._read_source()
        self._load()
        self._check_redefinitions()

    # -- loading -------------------------------------------------------------
    def _read_source(self) -> str:
        try:
            size = os.path.getsize(self.path)
        except OSError as exc:
            raise Rejected(f"cannot read {self.path}: {exc.strerror}") from None
        if size > self.limits.max_source_bytes:
            raise Rejected(
                f"source file is {size:,} bytes; the limit is {self.limits.max_source_bytes:,}"
            )
        with open(self.path, "rb") as f:
            raw = f.read()
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
            raise Rejected(f"{self.path}:{line}:{col}: file is not valid UTF-8 text") from None

    def _load(self) -> None:
        from ..interpreter import Interpreter
        from ..ports import StringOutputPort

        self.out = StringOutputPort("console", limit=self.limits.max_output_chars)
        self.interp = Interpreter(
            stdin=_NoStdin(),
            stdout=self.out,
            stderr=self.out,
            seed=0,
            step_limit=self.limits.load_steps,
            max_alloc=self.limits.max_alloc,
            allow_files=False,
            allow_exit=False,
            environ={},
            eof_limit=None,
        )
        self.builtins = dict(self.interp.builtins)
        try:
            self.interp.eval_string(self.text, self.path)
        except ReadError as err:
            raise Rejected(f"syntax error: {_describe(err)}") from None
        except SchemeExit:
            raise Rejected("forbidden operation while loading: exit is not allowed in a submission") from None
        except ResourceLimit as err:
            raise Rejected(f"while loading: {err.verdict}: {_describe(err)}") from None
        except SchemeError as err:
            raise Rejected(f"error while loading: {_describe(err)}") from None
        from ..runtime import Closure, Procedure

        if not self.interp.is_defined("player"):
            raise Rejected("no procedure named player is defined")
        proc = self.interp.lookup("player")
        if not isinstance(proc, Procedure):
            raise Rejected("player is defined but is not a procedure")
        if type(proc) is Closure and not (proc.nreq == 5 or (proc.rest and proc.nreq <= 5)):
            raise Rejected(f"player must take 5 arguments {ARGS}, but it takes {proc.arity_text()}")
        self.proc = proc

    def _check_redefinitions(self) -> None:
        changed = sorted(
            name.name for name, value in self.builtins.items()
            if self.interp.globals[name].value is not value
        )
        if changed:
            self.warnings.append("redefines standard procedures: " + " ".join(changed[:10]))

    # -- playing -----------------------------------------------------------------
    def factory(self):
        """Return a fresh player for one game (new state `(0)`)."""
        state = Pair(0, NIL)

        def player(my_total, other_total, accum, current, _python_state):
            return self.call(my_total, other_total, accum, current, state)

        return player

    def call(self, my_total, other_total, accum, current, state):
        args = [my_total, other_total, accum, current, state]
        # The call's text is needed only for a fault or the slowest call;
        # state is copied because the player may change it.
        snapshot = (my_total, other_total, accum, current, Pair(state.car, NIL))
        text = _LazyCall(snapshot)
        before = self.out.size + self.out.dropped
        start = time.perf_counter()
        try:
            result = self.interp.call_procedure(self.proc, args, self.limits.call_steps)
        except SchemeExit:
            self._reload()
            raise PlayerFault("forbidden", f"forbidden operation: exit is not allowed in a submission; called as {text}") from None
        except SandboxViolation as err:
            self._reload()
            raise PlayerFault("forbidden", f"forbidden operation: {err.args[0]}; called as {text}") from None
        except ResourceLimit as err:
            self._reload()
            message = err.args[0]
            if not message.startswith(err.verdict):
                message = f"{err.verdict}: {message}"
            raise PlayerFault("limit", f"{message}; called as {text}") from None
        except SchemeError as err:
            self._reload()
            raise PlayerFault("error", f"error in player: {_describe(err)}; called as {text}") from None
        finally:
            elapsed = time.perf_counter() - start
            self.calls += 1
            if elapsed > self.slowest[0]:
                self.slowest = (elapsed, snapshot)
        printed = self.out.size + self.out.dropped - before
        if printed:
            self.output_chars += printed
            if self.strict:
                raise PlayerFault("output", f"printed {printed} characters to the console (--strict); called as {text}")
        if type(result) is not bool and not self._nonbool_warned:
            from ..printer import write_string

            self._nonbool_warned = True
            self.warnings.append(
                f"player returned a non-boolean value ({write_string(result)}) when called as {text}; "
                "treated by Scheme truth (anything but #f throws again)"
            )
        return result is not False

    def _reload(self) -> None:
        """Start a fresh interpreter after a failed call (its state may be broken)."""
        try:
            self._load()
        except Rejected:  # pragma: no cover - the same text loaded before
            pass

    def finish_warnings(self) -> list[str]:
        out = list(self.warnings)
        if self.output_chars:
            sample = self.out.getvalue()[:60].replace("\n", "\\n")
            out.append(f"printed {self.output_chars} characters to the console (players must not print): {sample!r}")
        return out


def python_player(spec: str):
    """Return (factory, name) for a Python strategy spec such as `hold:20`."""
    from strategies.pig import parse_opponent

    return parse_opponent(spec), spec


@dataclass
class MatchReport:
    player: str
    opponent: str
    games: int
    seed: int
    wins: int = 0
    wins_first: int = 0
    wins_second: int = 0
    games_first: int = 0
    games_second: int = 0
    draws: int = 0
    forfeits: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    opponent_warnings: list = field(default_factory=list)
    opponent_forfeits: list = field(default_factory=list)
    rejected: str | None = None
    opponent_rejected: str | None = None
    stopped: str | None = None
    slowest_call: dict | None = None
    replay: list | None = None
    results: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.rejected is None and self.wins >= pass_threshold(self.games)

    @property
    def score(self) -> float:
        return 0.0 if self.rejected else match_score(self.wins, self.games)

    @property
    def verdict(self) -> str:
        if self.rejected:
            return f"REJECTED: {self.rejected}"
        word = "PASS" if self.passed else "FAIL"
        text = f"{word}: won {self.wins} of {self.games} games (pass at {pass_threshold(self.games)}), score {self.score:.2f}"
        if self.stopped:
            text += f"; {self.stopped}"
        return text

    def to_json(self) -> dict:
        lo, hi = wilson_interval(self.wins, self.games)
        return {
            "player": self.player,
            "opponent": self.opponent,
            "wins": self.wins,
            "games": self.games,
            "wins_first": self.wins_first,
            "wins_second": self.wins_second,
            "games_first": self.games_first,
            "games_second": self.games_second,
            "draws": self.draws,
            "passed": self.passed,
            "score": round(self.score, 4),
            "seed": self.seed,
            "verdict": self.verdict,
            "warnings": self.warnings,
            "forfeits": self.forfeits,
            "opponent_rejected": self.opponent_rejected,
            "opponent_forfeits": self.opponent_forfeits,
            "opponent_warnings": self.opponent_warnings,
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "slowest_call": self.slowest_call,
            "stopped": self.stopped,
            "results": self.results,
            "replay": self.replay,
        }


def _make_side(spec: str, limits: Limits, strict: bool, label: str):
    """Return (factory, SchemePlayer or None, display name) or raise Rejected."""
    if spec.endswith(".scm"):
        p = SchemePlayer(spec, limits, strict, label)
        return p.factory, p, spec
    factory, name = python_player(spec)
    return factory, None, name


def play(player_spec: str, opponent_spec: str, games: int = 49, seed: int = 0,
         limits: Limits | None = None, strict: bool = False, replay: int | None = None,
         progress=None, deadline: float | None = None) -> MatchReport:
    """Play a match in this process (the sandbox wraps this in a worker).

    The player is second in game 0 (index 0, "game 1" to users) and sides
    alternate.  `progress(report, game_index)` is called after each game.
    The whole match runs on the evaluation thread, so player calls need no
    hand-off between threads.
    """
    from ..interpreter import run_deep

    return run_deep(_play, player_spec, opponent_spec, games, seed, limits, strict, replay, progress, deadline)


def _play(player_spec, opponent_spec, games, seed, limits, strict, replay, progress, deadline) -> MatchReport:
    limits = limits or Limits()
    report = MatchReport(player_spec, opponent_spec, games, seed)
    report.games_second = games - games // 2
    report.games_first = games // 2
    try:
        mine, my_scheme, _ = _make_side(player_spec, limits, strict, "submission")
    except Rejected as r:
        report.rejected = r.verdict
        return report
    try:
        theirs, their_scheme, _ = _make_side(opponent_spec, limits, strict, "opponent")
    except Rejected as r:
        # A broken opponent forfeits every game to the player.
        report.opponent_rejected = r.verdict
        report.wins = games
        report.wins_first, report.wins_second = report.games_first, report.games_second
        return report
    dice = Dice(seed)
    for g in range(games):
        if deadline is not None and time.monotonic() > deadline:
            report.stopped = f"stopped after {g} games: the match exceeded its wall-clock limit of {limits.match_seconds:g} s; the remaining games are forfeited"
            report.forfeits.append(f"games {g + 1}-{games}: wall-clock limit")
            break
        my_side = 1 - g % 2  # second in game 0
        a, b = mine(), theirs()
        players = (a, b) if my_side == 0 else (b, a)
        winner_side = None
        try:
            result = play_game(*players, dice.game(g), record=(replay == g + 1))
            winner_side = result.winner
            if replay == g + 1:
                report.replay = [list(e) for e in result.events]
            scores = list(result.scores)
        except PlayerFault as fault:
            call = getattr(fault, "pig_call", None)
            faulty_side = call.side if call is not None else my_side
            winner_side = 1 - faulty_side
            scores = None
            entry = f"game {g + 1} forfeited: {fault.message}"
            if faulty_side == my_side:
                report.forfeits.append(entry)
            else:
                report.opponent_forfeits.append(entry)
        won = winner_side == my_side
        if winner_side is None:
            report.draws += 1
        if won:
            report.wins += 1
            if my_side == 0:
                report.wins_first += 1
            else:
                report.wins_second += 1
        report.results.append({"game": g + 1, "first": "player" if my_side == 0 else "opponent",
                               "won": won, "scores": scores})
        if progress is not None:
            progress(report, g)
    if my_scheme is not None:
        report.warnings = my_scheme.finish_warnings()
        if my_scheme.slowest[1] is not None:
            report.slowest_call = {"seconds": round(my_scheme.slowest[0], 6), "call": _call_text(my_scheme.slowest[1])}
    if their_scheme is not None:
        report.opponent_warnings = their_scheme.finish_warnings()
    return report


# -- the sandbox: a worker process under OS limits ---------------------------------


def _worker_main() -> None:
    """Entry of the sandbox process: one match, job on stdin, JSON lines out.

    The protocol goes to the original stdout; anything else the process
    might print is sent to stderr, so it cannot corrupt the protocol.
    """
    import resource
    from dataclasses import asdict

    from .. import interpreter

    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    job = json.loads(sys.stdin.readline())
    limits = Limits(**job["limits"])
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limits.address_space, limits.address_space))
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5))
    except (ValueError, OSError):
        pass
    interpreter.configure_deep(limits.stack_bytes, limits.recursion_frames)
    deadline = time.monotonic() + limits.match_seconds

    def send(kind, payload):
        proto.write(json.dumps([kind, payload]) + "\n")
        proto.flush()

    def progress(report, g):
        send("game", {"result": report.results[-1], "forfeits": list(report.forfeits)})

    try:
        report = play(job["player"], job["opponent"], job["games"], job["seed"], limits,
                      job["strict"], job["replay"], progress, deadline)
        send("done", asdict(report))
    except MemoryError:
        send("crash", "the worker ran out of memory (address-space limit)")


def sandboxed_match(player_spec: str, opponent_spec: str, games: int = 49, seed: int = 0,
                    limits: Limits | None = None, strict: bool = False,
                    replay: int | None = None, progress=None) -> MatchReport:
    """Play a match in a separate process with CPU-time and address-space limits.

    Whatever happens in the worker (a hang, a crash, the OS killing it), the
    caller gets a MatchReport with a verdict.  The worker is a plain
    subprocess, so this also works inside daemonic processes (Dask workers).
    `progress(games_played)`, if given, is called (on a reader thread) after
    each game the worker reports.
    """
    import subprocess
    import threading
    from dataclasses import asdict

    limits = limits or Limits()
    job = {"player": player_spec, "opponent": opponent_spec, "games": games, "seed": seed,
           "limits": asdict(limits), "strict": strict, "replay": replay}
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "schemehost.labs.pig_grader", "--worker"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    proc.stdin.write(json.dumps(job) + "\n")
    proc.stdin.close()
    messages: list = []
    errors: list[str] = []

    def pump_out():
        played = 0
        for line in proc.stdout:
            try:
                messages.append(json.loads(line))
            except ValueError:
                continue
            if progress is not None and messages[-1][0] == "game":
                played += 1
                progress(played)

    def pump_err():
        errors.append(proc.stderr.read()[-2000:])

    readers = [threading.Thread(target=pump_out, daemon=True), threading.Thread(target=pump_err, daemon=True)]
    for t in readers:
        t.start()
    crash = None
    try:
        proc.wait(timeout=limits.match_seconds + 30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        crash = f"the match did not finish within its wall-clock limit of {limits.match_seconds:g} s"
    for t in readers:
        t.join(5)
    partial = MatchReport(player_spec, opponent_spec, games, seed)
    partial.games_second = games - games // 2
    partial.games_first = games // 2
    for kind, payload in messages:
        if kind == "done":
            return MatchReport(**payload)
        if kind == "game":
            partial.results.append(payload["result"])
            partial.forfeits = payload["forfeits"]
        elif kind == "crash":
            crash = payload
    if crash is None:
        crash = _exit_text(proc.returncode)
        if proc.returncode and proc.returncode > 0 and errors and errors[0].strip():
            # Not the submission's doing: a failure of the grader itself.
            raise RuntimeError(f"pig grader worker failed:\n{errors[0]}")
    # Rebuild what finished; the rest is forfeited by the submission.
    for r in partial.results:
        if r["won"]:
            partial.wins += 1
            if r["first"] == "player":
                partial.wins_first += 1
            else:
                partial.wins_second += 1
    done = len(partial.results)
    partial.stopped = f"stopped after {done} games: {crash}; the remaining games are forfeited"
    if done < games:
        partial.forfeits.append(f"games {done + 1}-{games}: {crash}")
    return partial


def _exit_text(code) -> str:
    import signal

    if code is None:
        return "the worker process did not answer"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        if name == "SIGXCPU":
            return "the worker process exceeded its CPU-time limit"
        return f"the worker process was killed ({name})"
    return f"the worker process exited with status {code}"


def format_report(report: MatchReport, replay_text: str | None = None) -> str:
    """Return the human-readable report of a match."""
    lines = [f"player:    {report.player}", f"opponent:  {report.opponent}", f"seed:      {report.seed}"]
    if not report.rejected:
        lines.append(
            f"wins:      {report.wins} of {report.games} "
            f"(as first {report.wins_first} of {report.games_first}, as second {report.wins_second} of {report.games_second})"
        )
        if report.draws:
            lines.append(f"draws:     {report.draws} (turn cap)")
        if report.slowest_call:
            lines.append(f"slowest:   {report.slowest_call['seconds'] * 1000:.2f} ms for {report.slowest_call['call']}")
    for f in report.forfeits:
        lines.append(f"forfeit:   {f}")
    if report.opponent_rejected:
        lines.append(f"opponent rejected: {report.opponent_rejected}")
    for f in report.opponent_forfeits:
        lines.append(f"opponent forfeit: {f}")
    for w in report.warnings:
        lines.append(f"warning:   {w}")
    lines.append(f"verdict:   {report.verdict}")
    if replay_text:
        lines.append("")
        lines.append(replay_text)
    return "\n".join(lines)


def format_replay(report: MatchReport, game: int) -> str:
    """Return game `game` (1-based) of the report, throw by throw."""
    if report.replay is None:
        return f"game {game}: no replay recorded (the game was forfeited or does not exist)"
    r = report.results[game - 1]
    me_first = r["first"] == "player"
    names = ("player", "opponent") if me_first else ("opponent", "player")
    lines = [f"game {game}: {names[0]} moves first"]
    for side, my, other, accum, current, decision in report.replay:
        if decision is None:
            what = "turn lost"
        elif decision:
            what = "throws again"
        else:
            what = f"holds, banking {accum + current} -> {my + accum + current}"
        lines.append(f"  {names[side]:8s} total {my:3d} vs {other:3d}, turn {accum:2d}, threw {current}: {what}")
    return "\n".join(lines)


def report_json(report: MatchReport) -> str:
    return json.dumps(report.to_json(), indent=2)


if __name__ == "__main__" and sys.argv[1:] == ["--worker"]:
    _worker_main()
