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
    the rest of the match (the game under way and every later one are lost
    by the side whose code was running: loading its file or in a call of
    its `player`; its opponent is never charged):
      the per-match wall-clock limit; the worker process dying (the OS limits
      on CPU time and address space, a signal, a crash, an exit)
    nothing (the games left are void, scored for neither side; a bug here):
      the grader itself failing outside both players' code
    warnings only:
      printing to the console (without --strict), a non-boolean return value
      (Scheme truth: anything but #f means "throw again"), redefining
      standard procedures

Three failures stay apart (house rule): a limit the submission hit (its
loss), an error in its code (shown to the student), anything else (a bug in
schemehost: reported as one, with the hint to set SCHEMEHOST_DEBUG, never a
Python traceback).  A bug met inside one side's call still costs that side
the game (the game needs a result), but the verdict says it is a bug.

Every text about a submission's values goes through labs.pig.text (bounded,
cycle- and depth-safe, cannot raise), and every string the worker sends is
cut to SENT_TEXT_LIMIT as it leaves.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field

from ...datatypes import NIL, cons
from ...errors import ReadError, ResourceLimit, SandboxViolation, SchemeError, SchemeExit, SchemehostError
from ...interpreter import Interpreter, OutputCapture, configure_deep, run_deep
from .engine import GameResult, MatchGame, match_score, pass_threshold, play_match, wilson_interval
from .text import TEXT_LIMIT, cut, error_text, value_text, values_text

ARGS = "(my-total other-total accum current state)"


@dataclass
class Limits:
    """Every bound the grader puts on a submission."""

    call_steps: int = 200_000  # procedure calls per player call
    load_steps: int = 2_000_000  # procedure calls while loading the file
    max_source_bytes: int = 1_000_000
    max_alloc: int = 5_000_000  # elements in one make-vector, make-string, ...
    max_output_chars: int = 10_000  # console output kept for the report
    match_seconds: float = 120.0  # wall clock for a whole match, from when both sides are loaded
    load_seconds: float = 30.0  # wall clock for loading both sides
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


def internal_text(exc: BaseException) -> str:
    """Return the verdict text of a failure inside schemehost (a bug, not the player's)."""
    return f"internal error in schemehost (a bug, not the player's fault): {_exception_text(exc)}"


def _describe(err: SchemehostError) -> str:
    return error_text(err)


def _call_text(args) -> str:
    return "(player " + values_text(args) + ")"


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
        self.output_sample = ""
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
            return Interpreter.decode_source(raw, self.path)
        except ReadError as err:
            raise Rejected(err.headline()) from None

    def _load(self) -> None:
        self.out = OutputCapture(self.limits.max_output_chars)
        self.interp = Interpreter(
            stdin=_NoStdin(),
            stdout=self.out,
            stderr=self.out,
            seed=0,
            step_limit=self.limits.load_steps,
            max_alloc=self.limits.max_alloc,
            allow_files=False,
            # `exit` and `emergency-exit` raise SchemeExit (an Interpreter
            # never ends the process); `call` and `_load` catch it.
            environ={},
            eof_limit=None,
        )
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
        except Exception as exc:  # a bug in schemehost that loading ran into
            raise Rejected(f"{internal_text(exc)} (while loading)") from None
        if not self.interp.is_defined("player"):
            raise Rejected("no procedure named player is defined")
        proc = self.interp.lookup("player")
        if not self.interp.is_procedure(proc):
            raise Rejected("player is defined but is not a procedure")
        arity = self.interp.arity(proc)
        if arity is not None and not (arity[0] <= 5 and (arity[1] is None or arity[1] >= 5)):
            raise Rejected(f"player must take 5 arguments {ARGS}, but it takes {_arity_text(*arity)}")
        self.proc = proc

    def _check_redefinitions(self) -> None:
        changed = self.interp.redefined_standard_names()
        if changed:
            self.warnings.append("redefines standard procedures: " + " ".join(changed[:10]))

    # -- playing -----------------------------------------------------------------
    def factory(self):
        """Return a fresh player for one game (new state `(0)`)."""
        state = cons(0, NIL)

        def player(my_total, other_total, accum, current, _python_state):
            return self.call(my_total, other_total, accum, current, state)

        return player

    def call(self, my_total, other_total, accum, current, state):
        args = [my_total, other_total, accum, current, state]
        # The call's text is needed only for a fault or the slowest call;
        # state is copied because the player may change it.
        snapshot = (my_total, other_total, accum, current, cons(state.car, NIL))
        text = _LazyCall(snapshot)
        before = self.out.chars_written
        start = time.perf_counter()
        try:
            try:
                result = self.interp.call_procedure(self.proc, args, self.limits.call_steps)
            finally:
                # Counted however the call ends: a failed call reloads, and the new console is empty.
                printed = self._note_output(before)
        except SchemeExit:
            self._reload()
            raise PlayerFault("forbidden", f"forbidden operation: exit is not allowed in a submission; called as {text}") from None
        except SandboxViolation as err:
            self._reload()
            raise PlayerFault("forbidden", f"forbidden operation: {cut(str(err.args[0]))}; called as {text}") from None
        except ResourceLimit as err:
            self._reload()
            message = cut(str(err.args[0]))
            if not message.startswith(err.verdict):
                message = f"{err.verdict}: {message}"
            raise PlayerFault("limit", f"{message}; called as {text}") from None
        except SchemeError as err:
            self._reload()
            raise PlayerFault("error", f"error in player: {_describe(err)}; called as {text}") from None
        except Exception as exc:  # a bug in schemehost that this call ran into: say so
            self._reload()
            raise PlayerFault("internal", f"{internal_text(exc)}; called as {text}") from None
        finally:
            elapsed = time.perf_counter() - start
            self.calls += 1
            if elapsed > self.slowest[0]:
                self.slowest = (elapsed, snapshot)
        if printed:
            if self.strict:
                raise PlayerFault("output", f"printed {printed} characters to the console (--strict); called as {text}")
        if type(result) is not bool and not self._nonbool_warned:
            self._nonbool_warned = True
            self.warnings.append(
                f"player returned a non-boolean value ({value_text(result)}) when called as {text}; "
                "treated by Scheme truth (anything but #f throws again)"
            )
        return result is not False

    def _note_output(self, before: int) -> int:
        """Count what the call that began at `before` printed; keep the first 60 characters printed."""
        printed = self.out.chars_written - before
        if printed:
            room = 60 - len(self.output_sample)
            if room > 0:
                self.output_sample += self.out.text()[before:before + room]
            self.output_chars += printed
        return printed

    def _reload(self) -> None:
        """Start a fresh interpreter after a failed call (its state may be broken)."""
        try:
            self._load()
        except Rejected:  # pragma: no cover - the same text loaded before
            pass

    def finish_warnings(self) -> list[str]:
        out = list(self.warnings)
        if self.output_chars:
            sample = self.output_sample.replace("\n", "\\n")
            out.append(f"printed {self.output_chars} characters to the console (players must not print): {sample!r}")
        return out


def _arity_text(least: int, most: int | None) -> str:
    if most is None:
        return f"at least {least}"
    return str(least) if least == most else f"{least} to {most}"


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
    void: int = 0
    internal: str | None = None

    def stop(self, done: int, role: int, why: str) -> None:
        """End the match after `done` games because `role`'s code was running when it had to.

        The side at fault (PLAYER or OPPONENT) loses the game under way and
        every later one; the other side is not charged.  With NOBODY (the
        grader itself failed, outside both players' code) those games are
        void: scored for neither side, and `internal` says what failed.
        """
        left = self.games - done
        if left <= 0:
            return
        span = f"game {done + 1}" if left == 1 else f"games {done + 1}-{self.games}"
        if role == NOBODY:
            self.void += left
            self.internal = why
            self.stopped = f"stopped after {done} games: {why}; the remaining games are not scored"
            return
        for k in range(done, self.games):
            self.add_game(MatchGame.forfeited(k, by_submission=role == PLAYER))
        if role == PLAYER:
            self.forfeits.append(f"{span}: {why}")
            self.stopped = f"stopped after {done} games: {why}; the remaining games are forfeited"
        else:
            self.opponent_forfeits.append(f"{span}: {why} during the opponent's call")
            self.stopped = (f"stopped after {done} games: {why} during the opponent's call; "
                            "the remaining games are forfeited by the opponent")

    def add_game(self, game: MatchGame) -> None:
        """Count a finished game and list it in `results` (scores None for a forfeit)."""
        game.add_to(self)
        self.results.append({"game": game.index + 1, "first": "player" if game.submission_side == 0 else "opponent",
                             "won": game.won, "scores": None if game.result is None else list(game.result.scores)})

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
        if self.internal:
            return (f"NO VERDICT: the grader failed after {len(self.results)} games: {self.internal} "
                    "(a bug in schemehost, not the players' doing)")
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
            "void": self.void,
            "internal": self.internal,
        }


# Who is running: the board the worker shares with its parent holds one of these.
NOBODY, PLAYER, OPPONENT = 0, 1, 2


class MatchStopped(Exception):
    """The match cannot go on; `role`'s code was running when it had to stop."""

    def __init__(self, role: int, why: str):
        super().__init__(why)
        self.role = role
        self.why = why


class Referee:
    """Knows whose code is running, and ends the match at its wall clock.

    `board` is a one-byte-or-longer writable buffer; byte 0 holds PLAYER or
    OPPONENT while that side's code runs (loading its file, a call of
    `player`, the text about its values) and NOBODY otherwise.  In the
    sandbox it is memory shared with the parent process, which reads it
    after killing or losing the worker: the side named there is at fault,
    whatever stopped the worker (its wall clock, the CPU or memory limit, a
    crash).  With `timed`, a clock runs (`start`): for loading, then for
    the match; it is checked as each call or load returns, and one that ends
    past the deadline stops the match at its side's cost.
    """

    def __init__(self, timed: bool, board=None):
        self.timed = timed
        self.deadline: float | None = None
        self.why = ""
        self.board = board if board is not None else bytearray(1)

    def start(self, seconds: float, what: str) -> None:
        """Start the clock: `seconds` from now for `what` ("loading", "the match")."""
        if self.timed:
            self.deadline = time.monotonic() + seconds
            self.why = f"{what} exceeded its wall-clock limit of {seconds:g} s"

    def enter(self, role: int) -> None:
        self.board[0] = role

    def leave(self, role: int) -> None:
        """Raise MatchStopped (the board still naming `role`) if the clock ran out, else clear it."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise MatchStopped(role, self.why)
        self.board[0] = NOBODY

    def watch(self, factory, role: int, name: str, scheme: bool):
        """Return `factory` whose players mark the board around each call.

        A Python strategy's exception is that side's error (its game is
        forfeited); a Scheme player's call has already turned every failure
        into a PlayerFault.
        """
        def make():
            self.board[0] = role
            try:
                inner = factory()
            except Exception as exc:
                if scheme:
                    raise
                raise MatchStopped(role, f"the Python strategy {name} failed to start a game: "
                                         f"{_exception_text(exc)}") from None
            self.leave(role)

            def player(my_total, other_total, accum, current, state):
                self.board[0] = role
                try:
                    result = inner(my_total, other_total, accum, current, state)
                except PlayerFault as fault:
                    # Free the failed call's frames and data now (a 40 MB vector, say), while the
                    # board still names its side: freeing them later ran on the grader's time.
                    fault.__context__ = None
                    self.leave(role)
                    raise
                except Exception as exc:
                    if scheme:
                        raise
                    call = f"called as (player {my_total} {other_total} {accum} {current} ...)"
                    if isinstance(exc, MemoryError):
                        fault = PlayerFault("limit", f"memory limit exceeded: the Python strategy {name} ran out of memory; {call}")
                    else:
                        fault = PlayerFault("error", f"error in Python strategy {name}: {_exception_text(exc)}; {call}")
                    del exc
                    self.leave(role)
                    raise fault from None
                self.leave(role)
                return result

            return player

        return make


def _exception_text(exc: BaseException) -> str:
    """Return `Type: message` of a Python exception, cut; never raise."""
    try:
        return f"{type(exc).__name__}: {cut(str(exc), 200)}"
    except Exception:
        return type(exc).__name__


def _make_side(spec: str, limits: Limits, strict: bool, label: str):
    """Return (factory, SchemePlayer or None, display name) or raise Rejected."""
    if spec.endswith(".scm"):
        p = SchemePlayer(spec, limits, strict, label)
        return p.factory, p, spec
    try:
        factory, name = python_player(spec)
    except Exception as exc:  # the command line checked the spec; a worker may still fail to import it
        raise Rejected(f"cannot load the Python strategy {spec}: {_exception_text(exc)}") from None
    return factory, None, name


def play(player_spec: str, opponent_spec: str, games: int = 49, seed: int = 0,
         limits: Limits | None = None, strict: bool = False, replay: int | None = None,
         progress=None, timed: bool = False, board=None, ready=None) -> MatchReport:
    """Play a match in this process (the sandbox wraps this in a worker).

    The player is second in game 0 (index 0, "game 1" to users) and sides
    alternate.  `progress(report, game)` is called after each game (a `MatchGame`).
    The whole match runs on the evaluation thread, so player calls need no
    hand-off between threads.  `timed` runs the wall clocks (limits.load_seconds
    for loading, then limits.match_seconds), `board` is the Referee's, and
    `ready()` is called once both sides are loaded, as the match's clock starts.
    """
    return run_deep(_play, player_spec, opponent_spec, games, seed, limits, strict, replay, progress,
                    timed, board, ready)


def _load_side(referee: Referee, role: int, spec, limits, strict, label):
    referee.enter(role)
    side = _make_side(spec, limits, strict, label)
    referee.leave(role)
    return side


def _play(player_spec, opponent_spec, games, seed, limits, strict, replay, progress, timed,
          board, ready) -> MatchReport:
    limits = limits or Limits()
    referee = Referee(timed, board)
    referee.start(limits.load_seconds, "loading")
    report = MatchReport(player_spec, opponent_spec, games, seed)
    report.games_second = games - games // 2
    report.games_first = games // 2
    try:
        mine, my_scheme, my_name = _load_side(referee, PLAYER, player_spec, limits, strict, "submission")
    except Rejected as r:
        report.rejected = r.verdict
        return report
    except MatchStopped as stop:
        report.stop(0, stop.role, stop.why)
        return report
    try:
        theirs, their_scheme, their_name = _load_side(referee, OPPONENT, opponent_spec, limits, strict, "opponent")
    except Rejected as r:
        # A broken opponent forfeits every game to the player.
        report.opponent_rejected = r.verdict
        for g in range(games):
            MatchGame.forfeited(g, by_submission=False).add_to(report)
        return report
    except MatchStopped as stop:
        report.stop(0, stop.role, stop.why)
        return report
    referee.start(limits.match_seconds, "the match")
    if ready is not None:
        ready()
    mine = referee.watch(mine, PLAYER, my_name, my_scheme is not None)
    theirs = referee.watch(theirs, OPPONENT, their_name, their_scheme is not None)

    def finished(game: MatchGame) -> None:
        if game.result is None:
            entry = f"game {game.index + 1} forfeited: {game.fault.message}"
            if game.forfeited_by == game.submission_side:
                report.forfeits.append(entry)
            else:
                report.opponent_forfeits.append(entry)
        elif game.result.events is not None:
            report.replay = [list(e) for e in game.result.events]
        report.add_game(game)
        if progress is not None:
            progress(report, game)

    if games > 0:
        try:
            play_match(mine, theirs, games, seed, record=lambda g: replay == g + 1, forfeit=PlayerFault,
                       on_game=finished)
        except MatchStopped as stop:
            report.stop(len(report.results), stop.role, stop.why)
    # What is said about each side's values is that side's code at work.
    if my_scheme is not None:
        referee.enter(PLAYER)
        report.warnings = my_scheme.finish_warnings()
        if my_scheme.slowest[1] is not None:
            report.slowest_call = {"seconds": round(my_scheme.slowest[0], 6), "call": _call_text(my_scheme.slowest[1])}
    if their_scheme is not None:
        referee.enter(OPPONENT)
        report.opponent_warnings = their_scheme.finish_warnings()
    referee.enter(NOBODY)
    return report


# -- the sandbox: a worker process under OS limits ---------------------------------

KILL_GRACE = 2.0  # seconds past a wall clock before the parent kills the worker (a loaded machine may be slow to check it)
STARTUP_SECONDS = 30.0  # allowed for the worker to start Python and import schemehost
SENT_TEXT_LIMIT = 4 * TEXT_LIMIT  # no string the worker sends is longer


def _bounded(payload):
    """Return the payload with every string cut to SENT_TEXT_LIMIT (the last guard at the boundary)."""
    if isinstance(payload, str):
        return cut(payload, SENT_TEXT_LIMIT)
    if isinstance(payload, dict):
        return {k: _bounded(v) for k, v in payload.items()}
    if isinstance(payload, (list, tuple)):
        return [_bounded(v) for v in payload]
    return payload


def worker_main() -> None:
    """Entry of the sandbox process: one match, job on stdin, JSON lines out.

    The protocol goes to the original stdout; anything else the process
    might print is sent to stderr, so it cannot corrupt the protocol.
    Messages: ["loading", null] as loading's clock starts, ["ready", null]
    as the match's clock starts (both sides loaded); ["game", ...]
    after each game; then ["done", report], or ["crash", text] (out of
    memory) or ["internal", text] (a bug) if the match could not finish.
    """
    import mmap
    import resource
    from dataclasses import asdict

    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    job = json.loads(sys.stdin.readline())
    limits = Limits(**job["limits"])
    board = mmap.mmap(job["board_fd"], BOARD_BYTES) if job.get("board_fd") is not None else None
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limits.address_space, limits.address_space))
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5))
    except (ValueError, OSError):
        pass
    configure_deep(limits.stack_bytes, limits.recursion_frames)

    def send(kind, payload):
        proto.write(json.dumps([kind, _bounded(payload)]) + "\n")
        proto.flush()

    send("loading", None)
    sent = [0, 0]

    def progress(report, game):
        mine, theirs = report.forfeits[sent[0]:], report.opponent_forfeits[sent[1]:]
        sent[0], sent[1] = len(report.forfeits), len(report.opponent_forfeits)
        send("game", {"game": _game_record(game), "forfeits": mine, "opponent_forfeits": theirs})

    try:
        report = play(job["player"], job["opponent"], job["games"], job["seed"], limits,
                      job["strict"], job["replay"], progress, True, board, lambda: send("ready", None))
        send("done", asdict(report))
    except MemoryError:
        send("crash", "the worker ran out of memory (address-space limit)")
    except Exception as exc:  # a bug here; the board says whose code was running
        if os.environ.get("SCHEMEHOST_DEBUG"):
            import traceback

            traceback.print_exc()
        send("internal", internal_text(exc))


BOARD_BYTES = 8


def sandboxed_match(player_spec: str, opponent_spec: str, games: int = 49, seed: int = 0,
                    limits: Limits | None = None, strict: bool = False,
                    replay: int | None = None, progress=None) -> MatchReport:
    """Play a match in a separate process with CPU-time and address-space limits.

    Whatever happens in the worker (a hang, a crash, the OS killing it), the
    caller gets a MatchReport with a verdict, and the side whose code was
    running when it happened (read from the board the worker shares) loses
    the rest of the match; never its opponent.  The worker is a plain
    subprocess, so this also works inside daemonic processes (Dask workers).
    `progress(games_played)`, if given, is called (on a reader thread) after
    each game the worker reports.
    """
    import subprocess
    import tempfile
    import threading
    from dataclasses import asdict

    limits = limits or Limits()
    board_file = tempfile.TemporaryFile(prefix="pig-board-")
    board_file.write(bytes(BOARD_BYTES))
    board_file.flush()
    job = {"player": player_spec, "opponent": opponent_spec, "games": games, "seed": seed,
           "limits": asdict(limits), "strict": strict, "replay": replay, "board_fd": board_file.fileno()}
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    started = time.monotonic()
    with board_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "schemehost.labs.pig", "--worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
            pass_fds=(board_file.fileno(),),
        )
        proc.stdin.write(json.dumps(job) + "\n")
        proc.stdin.close()
        messages: list = []
        clocks: list[tuple[float, float]] = []  # (when a clock started, its seconds), newest last
        errors: list[str] = [""]

        def pump_out():
            played = 0
            for line in proc.stdout:
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if message[0] == "loading":
                    clocks.append((time.monotonic(), limits.load_seconds))
                elif message[0] == "ready":
                    clocks.append((time.monotonic(), limits.match_seconds))
                messages.append(message)
                if progress is not None and message[0] == "game":
                    played += 1
                    progress(played)

        def pump_err():
            # Keep only the tail: it is shown with SCHEMEHOST_DEBUG, never otherwise.
            while chunk := proc.stderr.read(65536):
                errors[0] = (errors[0] + chunk)[-4000:]

        readers = [threading.Thread(target=pump_out, daemon=True), threading.Thread(target=pump_err, daemon=True)]
        for t in readers:
            t.start()
        killed = None
        while True:
            clock_from, seconds = clocks[-1] if clocks else (started, STARTUP_SECONDS)
            left = clock_from + seconds + KILL_GRACE - time.monotonic()
            if left <= 0:
                proc.kill()
                proc.wait()
                what = "the match" if len(clocks) > 1 else "loading" if clocks else "starting the worker"
                killed = f"{what} exceeded its wall-clock limit of {seconds:g} s"
                break
            try:
                proc.wait(timeout=min(left, 0.25))
                break
            except subprocess.TimeoutExpired:
                continue
        for t in readers:
            t.join(5)
        board_file.seek(0)
        role = board_file.read(1)[0]
    partial = MatchReport(player_spec, opponent_spec, games, seed)
    partial.games_second = games - games // 2
    partial.games_first = games // 2
    why = None
    for kind, payload in messages:
        if kind == "done":
            return MatchReport(**payload)
        if kind == "game":
            partial.add_game(_game_from_record(payload["game"]))
            partial.forfeits.extend(payload["forfeits"])
            partial.opponent_forfeits.extend(payload["opponent_forfeits"])
        elif kind in ("crash", "internal"):
            why = payload
    if killed:
        why = killed
    elif why is None:
        why = _exit_text(proc.returncode)
    if os.environ.get("SCHEMEHOST_DEBUG") and errors[0].strip():
        print(f"schemehost pig: the worker's standard error:\n{errors[0]}", file=sys.stderr)
    # What finished is counted above; the side at fault loses the rest.
    partial.stop(len(partial.results), role if role in (PLAYER, OPPONENT) else NOBODY, why)
    return partial


def _game_record(game: MatchGame) -> list:
    """Return a finished game as JSON data, for the worker's messages (no throws, no fault)."""
    r = game.result
    return [game.index, game.submission_side, game.forfeited_by,
            None if r is None else [r.winner, list(r.scores), r.throws, r.turns, list(r.calls), r.capped]]


def _game_from_record(record: list) -> MatchGame:
    index, side, forfeited_by, r = record
    if r is None:
        return MatchGame(index, side, None, forfeited_by)
    winner, scores, throws, turns, calls, capped = r
    return MatchGame(index, side, GameResult(winner, tuple(scores), throws, turns, tuple(calls), capped))


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
    if report.void:
        lines.append(f"void:      {report.void} games (scored for neither side)")
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


def match_sources(sides, games: int, seed: int, limits: Limits, strict: bool = False,
                  replay: int | None = None, progress=None) -> dict:
    """Play sides[0] against sides[1] in the sandbox; return the report as JSON data.

    Each side is (name, source, file name), or (spec, None, None) for a Python
    strategy.  Sources are written to a private temporary directory, each under
    its file name; messages name that file alone (`player.scm:4:58`, never the
    temporary directory) and the report names the sides by `name`.
    """
    with tempfile.TemporaryDirectory(prefix="schemehost-match-") as tmp:
        specs, dirs = [], []
        for i, (name, source, filename) in enumerate(sides):
            if source is None:
                specs.append(name)
                continue
            folder = os.path.join(tmp, str(i))  # one each: two entrants may share a file name
            os.mkdir(folder)
            dirs.append(folder)
            specs.append(os.path.join(folder, filename))
            with open(specs[-1], "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(source)
        report = sandboxed_match(specs[0], specs[1], games, seed, limits, strict, replay, progress=progress)
        text = report_json(report)
        for folder in dirs:
            text = text.replace(json.dumps(folder + os.sep)[1:-1], "")
    result = json.loads(text)
    result["player"], result["opponent"] = sides[0][0], sides[1][0]
    return result

