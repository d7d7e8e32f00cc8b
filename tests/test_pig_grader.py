"""The pig checker: verdicts for good and hostile submissions (exact text),
the sandboxed worker, and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ORIGINALS, ROOT, SCHEME_SRC, needs_originals
from schemehost.labs.pig.grader import NOBODY, MatchReport, Limits, play, sandboxed_match

CALL = "called as (player 0 10 0 1 (0))"  # the first call in game 1 with --seed 1


def write(tmp_path, name: str, text, binary: bool = False) -> str:
    path = tmp_path / name
    if binary:
        path.write_bytes(text)
    else:
        path.write_text(text)
    return str(path)


def grade(path, games=3, seed=1, **kw):
    return play(path, "dummy", games, seed, Limits(call_steps=20_000, load_steps=100_000, max_alloc=1_000_000), **kw)


REJECTIONS = [
    ("syntax.scm", "(define (player a b c d e)\n  (car a)\n", "syntax error: {path}:1:1: unclosed '(' (opened here, never closed)"),
    ("none.scm", "(define (plyer a b c d e) #f)\n", "no procedure named player is defined"),
    ("notproc.scm", "(define player 5)\n", "player is defined but is not a procedure"),
    ("arity.scm", "(define (player a b c) #f)\n",
     "player must take 5 arguments (my-total other-total accum current state), but it takes 3"),
    ("loadloop.scm", "(let loop () (loop))\n(define (player m o a c s) #f)\n",
     "while loading: step limit exceeded: {path}:1:1: step limit of 100000 procedure calls exceeded"),
    ("loaderr.scm", "(car '())\n(define (player m o a c s) #f)\n", "error while loading: {path}:1:1: car: argument 1 must be a pair: ()"),
    ("loadexit.scm", "(exit 0)\n", "forbidden operation while loading: exit is not allowed in a submission"),
]


@pytest.mark.parametrize("name, text, verdict", REJECTIONS)
def test_pig_grader_rejects_unplayable_submissions_with_a_reason(tmp_path, name, text, verdict):
    path = write(tmp_path, name, text)
    report = grade(path)
    assert report.verdict == "REJECTED: " + verdict.format(path=path)
    assert (report.wins, report.passed, report.score) == (0, False, 0.0)


def test_pig_grader_rejects_a_10_megabyte_source(tmp_path):
    path = write(tmp_path, "big.scm", ";" + "x" * (10 * 1024 * 1024) + "\n(define (player m o a c s) #f)\n")
    assert grade(path).verdict == "REJECTED: source file is 10,485,793 bytes; the limit is 1,000,000"


def test_pig_grader_rejects_bytes_that_are_not_utf8(tmp_path):
    path = write(tmp_path, "bin.scm", b"(define (player m o a c s)\n  \"\xff\")\n", binary=True)
    assert grade(path).verdict == f"REJECTED: {path}:2:4: file is not valid UTF-8 text"


FORFEITS = [
    ("runtime.scm", "(define (player m o a c s) (car m))\n",
     "error in player: {path}:1:28: car: argument 1 must be a pair: 0; " + CALL),
    ("loop.scm", "(define (player m o a c s) (let loop () (loop)))\n",
     "step limit exceeded: step limit of 20000 procedure calls exceeded; " + CALL),
    # A `do` loop that makes no call: its iterations are the budget's steps too.
    ("doloop.scm", "(define (player m o a c s) (do ((i 0 (+ i 1))) (#f)))\n",
     "step limit exceeded: step limit of 20000 procedure calls exceeded; " + CALL),
    ("vector.scm", "(define (player m o a c s) (make-vector 1000000000) #f)\n",
     "memory limit exceeded: make-vector: allocation of 1000000000 elements exceeds the limit of 1000000; " + CALL),
    ("grow.scm", "(define (player m o a c s) (let loop ((l (list 1))) (loop (append l l))))\n",
     "memory limit exceeded: append: allocation of 1048576 elements exceeds the limit of 1000000; " + CALL),
    ("string.scm", "(define (player m o a c s) (let loop ((s \"x\")) (loop (string-append s s))))\n",
     "memory limit exceeded: string-append: allocation of 1048576 elements exceeds the limit of 1000000; " + CALL),
    ("stdin.scm", "(define (player m o a c s) (read) #f)\n",
     "forbidden operation: reading standard input is not allowed in a submission; " + CALL),
    ("files.scm", "(define (player m o a c s) (open-input-file \"/etc/passwd\") #f)\n",
     "forbidden operation: open-input-file: file access is not allowed here; " + CALL),
    ("load.scm", "(define (player m o a c s) (load \"other.scm\") #f)\n",
     "forbidden operation: load: file access is not allowed here; " + CALL),
    ("exit.scm", "(define (player m o a c s) (exit 0))\n",
     "forbidden operation: exit is not allowed in a submission; " + CALL),
    ("emergency.scm", "(define (player m o a c s) (emergency-exit 0))\n",
     "forbidden operation: exit is not allowed in a submission; " + CALL),
    ("eval.scm", "(define (player m o a c s) (eval '(exit 3) (interaction-environment)))\n",
     "forbidden operation: exit is not allowed in a submission; " + CALL),
    ("callcc.scm", "(define saved #f)\n(define (player m o a c s) (if saved (saved #t) (call/cc (lambda (k) (set! saved k) #t))))\n",
     "error in player: continuation called after it was used: schemehost continuations are one-shot (a call/cc that has returned cannot return again); "
     "called as (player 0 21 0 4 (0))"),
]


@pytest.mark.parametrize("name, text, forfeit", FORFEITS)
def test_pig_grader_forfeits_the_game_of_a_failing_call_and_goes_on(tmp_path, name, text, forfeit):
    path = write(tmp_path, name, text)
    report = grade(path)
    assert report.forfeits[0] == "game 1 forfeited: " + forfeit.format(path=path)
    assert len(report.results) == 3  # the grader went on to the other games
    assert report.verdict.startswith("FAIL: won 0 of 3 games")


def test_pig_grader_warns_about_console_output_and_strict_makes_it_a_loss(tmp_path):
    path = write(tmp_path, "out.scm", "(define (player m o a c s) (display \"hi\") (< (+ a c) 20))\n")
    lenient = grade(path)
    assert lenient.warnings[0].startswith("printed ")
    assert lenient.warnings[0].endswith("characters to the console (players must not print): 'hihihihihihihihihihihihihihihihihihihihihihihihihihihihihihi'")
    assert not lenient.forfeits
    strict = grade(path, strict=True)
    assert strict.forfeits[0] == "game 1 forfeited: printed 2 characters to the console (--strict); " + CALL
    assert strict.wins == 0


def test_pig_grader_console_output_of_a_call_that_fails_is_warned_about_too(tmp_path):
    """Output printed by a call that then raised was not counted: the failed call reloads the player
    with an empty console, and the count was taken after the call only when it returned."""
    path = write(tmp_path, "out-err.scm", '(define (player m o a c s) (display "oops") (car 5))\n')
    report = grade(path)
    assert report.forfeits[0] == (
        f"game 1 forfeited: error in player: {path}:1:45: car: argument 1 must be a pair: 5; called as (player 0 10 0 1 (0))"
    )
    assert report.warnings == [
        "printed 12 characters to the console (players must not print): 'oopsoopsoops'"
    ]


def test_pig_grader_warns_about_non_boolean_returns_and_uses_scheme_truth(tmp_path):
    path = write(tmp_path, "nb.scm", "(define (player m o a c s) (if (< (+ a c) 20) 5 #f))\n")
    report = grade(path)
    assert report.warnings == [
        "player returned a non-boolean value (5) when called as (player 0 10 0 1 (0)); "
        "treated by Scheme truth (anything but #f throws again)"
    ]
    hold20 = grade(str(SCHEME_SRC / "pig" / "hold-at-20.scm"))
    assert [r["won"] for r in report.results] == [r["won"] for r in hold20.results]


def test_pig_grader_allows_redefining_standard_procedures_with_a_warning(tmp_path):
    path = write(tmp_path, "redef.scm", "(define (car x) 0)\n(define (player m o a c s) (< (+ a c) 20))\n")
    report = grade(path)
    assert report.warnings == ["redefines standard procedures: car"]
    assert not report.forfeits


def test_pig_grader_sandbox_turns_deep_recursion_into_a_forfeit(tmp_path):
    path = write(tmp_path, "deep.scm", "(define (deep n) (if (= n 0) 0 (+ 1 (deep (- n 1)))))\n"
                                       "(define (player m o a c s) (deep 1000000) #f)\n")
    report = sandboxed_match(path, "dummy", 2, 1, Limits(call_steps=2_000_000))
    assert report.forfeits[0] == (
        "game 1 forfeited: recursion too deep: calls nested deeper than the interpreter's limit; " + CALL
    )
    assert len(report.results) == 2


def test_pig_grader_sandbox_wall_clock_limit_forfeits_the_rest(tmp_path):
    # Each call burns many steps; the match's wall clock runs out first.
    path = write(tmp_path, "slow.scm", "(define (spin n) (if (= n 0) #f (spin (- n 1))))\n"
                                       "(define (player m o a c s) (spin 150000))\n")
    report = sandboxed_match(path, "dummy", 49, 1, Limits(match_seconds=1.0))
    assert report.stopped.startswith("stopped after ")
    assert "the match exceeded its wall-clock limit of 1 s; the remaining games are forfeited" in report.stopped
    assert report.verdict.startswith("FAIL")


def test_pig_grader_hold_at_20_passes_and_sides_alternate():
    report = play(str(SCHEME_SRC / "pig" / "hold-at-20.scm"), "dummy", 49, 7)
    assert report.passed and report.wins >= 25
    assert (report.games_first, report.games_second) == (24, 25)
    assert [r["first"] for r in report.results[:3]] == ["opponent", "player", "opponent"]
    assert report.wins == report.wins_first + report.wins_second


@needs_originals
def test_pig_grader_coward_fails():
    report = play(str(ORIGINALS / "pig-coward.scm"), "dummy", 49, 7)
    assert not report.passed
    assert report.verdict == f"FAIL: won {report.wins} of 49 games (pass at 25), score 0.00"


def test_pig_grader_same_seed_same_games_and_arena_common_dice():
    a, b = str(SCHEME_SRC / "pig" / "hold-at-20.scm"), str(SCHEME_SRC / "pig" / "keep-pace.scm")
    r1 = play(a, b, 10, 3, replay=1)
    r2 = play(a, b, 10, 3, replay=1)
    assert r1.results == r2.results and r1.replay == r2.replay
    # Common random numbers: with the sides swapped, game 1 throws the same
    # dice in the same order, whoever is throwing.
    swapped = play(b, a, 10, 3, replay=1)
    dice1 = [event[4] for event in r1.replay]
    dice2 = [event[4] for event in swapped.replay]
    n = min(len(dice1), len(dice2))
    assert n > 10 and dice1[:n] == dice2[:n]


def test_pig_cli_check_json_has_the_documented_fields():
    r = subprocess.run([sys.executable, "-m", "schemehost", "pig", "check", str(SCHEME_SRC / "pig" / "keep-pace.scm"),
                        "--seed", "4", "--json"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    for key in ("wins", "games", "wins_first", "wins_second", "passed", "score", "seed", "verdict", "warnings"):
        assert key in data
    assert data["games"] == 49 and data["seed"] == 4 and data["passed"] is True
    assert data["score"] == round((data["wins"] - 24) / 25, 4)


def test_pig_cli_replay_prints_the_game_throw_by_throw():
    r = subprocess.run([sys.executable, "-m", "schemehost", "pig", "arena", str(SCHEME_SRC / "pig" / "hold-at-20.scm"),
                        str(SCHEME_SRC / "pig" / "near-optimal.scm"), "--seed", "2", "--games", "4", "--replay", "1"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "game 1: opponent moves first" in r.stdout
    assert "threw" in r.stdout and "seed:      2" in r.stdout


def test_pig_cli_bad_opponent_is_a_usage_error():
    r = subprocess.run([sys.executable, "-m", "schemehost", "pig", "check", str(SCHEME_SRC / "pig" / "keep-pace.scm"),
                        "--opponent", "grandmaster"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2
    assert r.stderr.startswith("schemehost pig: opponent: unknown strategy 'grandmaster'; valid: coward, dummy")


def test_pig_grader_worker_killed_by_os_cpu_limit_still_gets_a_verdict(tmp_path):
    # Defence in depth: with the step limit out of the way, the OS CPU-time
    # limit on the worker process ends the runaway call.
    path = write(tmp_path, "spin.scm", "(define (player m o a c s) (let loop () (loop)))\n")
    report = sandboxed_match(path, "dummy", 3, 1, Limits(call_steps=10**12, cpu_seconds=2, match_seconds=60))
    assert report.stopped == (
        "stopped after 0 games: the worker process exceeded its CPU-time limit; the remaining games are forfeited"
    )
    assert report.forfeits == ["games 1-3: the worker process exceeded its CPU-time limit"]
    assert report.verdict.startswith("FAIL: won 0 of 3 games")



# -- fairness: whoever's code is running when the match is cut short loses ---------

HOLD20 = str(SCHEME_SRC / "pig" / "hold-at-20.scm")
HOSTILE = ROOT / "tests" / "scheme" / "pig-hostile"
LOOP = "(define (player m o a c s) (let loop () (loop)))\n"
LOAD_HANG = ("(define (burn k) (if (> k 0) (begin (vector-fill! (make-vector 5000000 0) 1) (burn (- k 1))) #f))\n"
             "(burn 100000)\n(define (player m o a c s) #f)\n")


@pytest.fixture
def hostile_strategies(monkeypatch):
    """Let the sandboxed worker import tests/pig_hostile.py as `pig_hostile`."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT / "tests") + os.pathsep + os.environ.get("PYTHONPATH", ""))


def opponent_stop(why: str) -> str:
    return f"stopped after 0 games: {why} during the opponent's call; the remaining games are forfeited by the opponent"


# (name, hostile opponent: a spec or Scheme text, limits, the report's `stopped`
#  or None, the start of each of the opponent's forfeits)
CUT_SHORT = [
    ("step limit", LOOP, dict(call_steps=20_000), None, "game {n} forfeited: step limit exceeded"),
    ("memory limit", str(HOSTILE / "memory-hog.scm"), dict(address_space=1 << 30), None,
     "game {n} forfeited: memory limit exceeded"),
    ("wall clock, a call that returns late", "pig_hostile:slow", dict(match_seconds=1.0),
     opponent_stop("the match exceeded its wall-clock limit of 1 s"), None),
    ("wall clock, a call that never returns", "pig_hostile:sleeper", dict(match_seconds=1.0),
     opponent_stop("the match exceeded its wall-clock limit of 1 s"), None),
    ("CPU-time limit kill", LOOP, dict(call_steps=10**12, cpu_seconds=1),
     opponent_stop("the worker process exceeded its CPU-time limit"), None),
    ("worker killed by SIGKILL (as the out-of-memory killer does)", "pig_hostile:killer", {},
     opponent_stop("the worker process was killed (SIGKILL)"), None),
    ("worker crash (SIGSEGV)", "pig_hostile:segfault", {},
     opponent_stop("the worker process was killed (SIGSEGV)"), None),
    ("worker exits", "pig_hostile:exiter", {}, opponent_stop("the worker process exited with status 3"), None),
    ("an exception in a Python strategy", "pig_hostile:raiser", {}, None,
     "game {n} forfeited: error in Python strategy pig_hostile:raiser: ValueError: no luck; called as (player "),
]


@pytest.mark.parametrize("name, hostile, limits, stopped, forfeit", CUT_SHORT, ids=[c[0] for c in CUT_SHORT])
def test_pig_grader_match_cut_short_charges_the_side_whose_code_ran_never_the_other(
        tmp_path, hostile_strategies, name, hostile, limits, stopped, forfeit):
    """Issue 17, item 5: `pig arena hold-20 hanger` gave hold-20 0 of 9: a
    match stopped by its wall clock (or the worker's death) forfeited the
    remaining games of the *player*, whoever was running.  Now the worker
    marks whose code runs on a board shared with the parent, and that side
    loses the game under way and the rest; the innocent side is not charged."""
    if hostile.startswith("("):
        hostile = write(tmp_path, "hostile.scm", hostile)
    report = sandboxed_match(HOLD20, hostile, 3, 1, Limits(**limits))
    assert (report.wins, report.forfeits, report.rejected) == (3, [], None)
    assert report.verdict.startswith("PASS: won 3 of 3 games")
    assert report.stopped == stopped
    if forfeit is not None:
        assert [f[: len(forfeit.format(n=n))] for n, f in enumerate(report.opponent_forfeits, 1)] == [
            forfeit.format(n=n) for n in (1, 2, 3)
        ]
    elif stopped is not None:
        assert report.opponent_forfeits == [stopped.split(";")[0].replace("stopped after 0 games", "games 1-3")]
    assert [r["won"] for r in report.results] == [True, True, True]


@pytest.mark.parametrize("hostile, limits, why", [
    ("pig_hostile:sleeper", dict(match_seconds=1.0), "the match exceeded its wall-clock limit of 1 s"),
    ("pig_hostile:killer", {}, "the worker process was killed (SIGKILL)"),
    (LOAD_HANG, dict(load_seconds=1.0), "loading exceeded its wall-clock limit of 1 s"),
])
def test_pig_grader_hostile_submission_itself_forfeits_the_rest_and_its_opponent_is_not_charged(
        tmp_path, hostile_strategies, hostile, limits, why):
    """The player's side of the same rule; a load that hangs inside built-ins
    is stopped by loading's own clock (limits.load_seconds) at its cost (or,
    once built-ins count their work, rejected by the load step limit)."""
    if hostile.startswith("("):
        hostile = write(tmp_path, "hostile.scm", hostile)
    report = sandboxed_match(hostile, "hold:20", 3, 1, Limits(**limits))
    assert report.opponent_forfeits == []
    assert report.wins == 0 and report.verdict.startswith(("FAIL: won 0 of 3 games", "REJECTED: while loading"))
    if report.rejected is None:
        assert report.stopped == f"stopped after 0 games: {why}; the remaining games are forfeited"
        assert report.forfeits == [f"games 1-3: {why}"]


def test_pig_grader_void_games_when_the_grader_itself_fails_outside_both_players():
    report = MatchReport("a.scm", "dummy", 5, 1)
    report.results = [{"game": 1, "first": "opponent", "won": True, "scores": [3, 100]}]
    report.wins = report.wins_second = 1
    report.stop(1, NOBODY, "the worker process exited with status 1")
    assert (report.wins, report.void, report.forfeits, report.opponent_forfeits) == (1, 4, [], [])
    assert report.verdict == ("NO VERDICT: the grader failed after 1 games: the worker process exited with status 1 "
                              "(a bug in schemehost, not the players' doing)")


def test_pig_cli_arena_hold_20_beats_a_player_that_hangs_inside_built_ins():
    """Issue 17, item 5, as reported: the hanger's calls fill a fresh
    5,000,000-element vector hundreds of times (almost no steps), and
    hold-20 got 0 of 9.  Whatever stops the hanger (the step budget once
    built-ins count their work, or the wall clock), hold-20 wins every game."""
    r = subprocess.run([sys.executable, "-m", "schemehost", "pig", "arena", HOLD20, str(HOSTILE / "builtin-hanger.scm"),
                        "--games", "9", "--time-limit", "2", "--seed", "1"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (r.returncode, r.stderr) == (0, "")
    assert "wins:      9 of 9 (as first 4 of 4, as second 5 of 5)\n" in r.stdout
    assert "\nforfeit:" not in r.stdout


HOSTILE_VALUES = [
    ("cyclic-record.scm", "warnings",
     "player returned a non-boolean value (" + "#<node next: " * 9 + "..." + ">" * 9 + ") when called as "),
    ("cyclic-irritant.scm", "forfeits", "game 1 forfeited: error in player: {path}:6:5: a cycle: #<node next: #<node next: "),
    ("deep-chain.scm", "forfeits", "game 1 forfeited: error in player: {path}:5:3: uncaught exception: #<link next: "),
    ("chain-in-state.scm", "warnings", "player returned a non-boolean value (#(#<link next: #<link next: "),
    ("huge-name.scm", "warnings", "player returned a non-boolean value (#<" + "n" * 100 + "... [cut: 1,999,900 more characters] x: "),
    ("huge-message.scm", "forfeits", "game 1 forfeited: error in player: {path}:6:3: " + "m" * 1000 + "... [cut: 1,999,000 more characters]: #<procedure "),
]


@pytest.mark.parametrize("name, where, start", HOSTILE_VALUES)
def test_pig_grader_hostile_values_give_a_small_verdict_not_a_crash(name, where, start):
    """Issue 17, items 6 and 7: a cyclic record, an error with one as irritant,
    the head of a 40,000-long chain, or such a chain kept in state made
    `pig check` exit 70 (RecursionError while building the verdict); a
    2,000,000-character type name made a 2 MB verdict.  Text about submission
    values is now bounded, cycle- and depth-safe."""
    path = str(HOSTILE / name)
    report = play(path, "dummy", 3, 1)
    entries = getattr(report, where)
    assert entries and entries[0].startswith(start.format(path=path))
    assert len(json.dumps(report.to_json())) < 12_000


def test_pig_cli_check_json_of_a_2_000_000_character_type_name_is_small():
    r = subprocess.run([sys.executable, "-m", "schemehost", "pig", "check", str(HOSTILE / "huge-name.scm"),
                        "--games", "5", "--seed", "1", "--json"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (r.returncode in (0, 1), r.stderr) == (True, "")
    assert len(r.stdout) < 12_000
    assert "[cut: 1,999,900 more characters]" in json.loads(r.stdout)["warnings"][0]


def test_pig_cli_check_of_a_cyclic_irritant_is_a_verdict_not_an_internal_error():
    r = subprocess.run([sys.executable, "-m", "schemehost", "pig", "check", str(HOSTILE / "cyclic-irritant.scm"),
                        "--games", "3", "--seed", "1"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (r.returncode, r.stderr) == (1, "")
    assert "verdict:   FAIL: won 0 of 3 games" in r.stdout
    assert "Traceback" not in r.stdout


def test_pig_cli_check_when_the_grader_fails_says_so_and_exits_70(monkeypatch, capsys):
    """A failure of the grader itself (outside both players' code) is a bug:
    the report says NO VERDICT, standard error gives the SCHEMEHOST_DEBUG hint,
    the exit status is 70; never a Python traceback, never blamed on the player."""
    import argparse

    from schemehost.labs.pig import cli as pig_cli

    def failing(player, opponent, games, seed, *rest):
        report = MatchReport(player, opponent, games, seed)
        report.stop(0, NOBODY, "the worker process exited with status 1")
        return report

    monkeypatch.setattr(pig_cli, "sandboxed_match", failing)
    args = argparse.Namespace(player=HOLD20, opponent="dummy", games=3, seed=1, json=False, replay=None,
                              strict=False, step_limit=None, time_limit=None, no_sandbox=False)
    assert pig_cli.cmd_check(args) == 70
    out, err = capsys.readouterr()
    assert out.splitlines()[-2:] == [
        "void:      3 games (scored for neither side)",
        "verdict:   NO VERDICT: the grader failed after 0 games: the worker process exited with status 1 "
        "(a bug in schemehost, not the players' doing)",
    ]
    assert err == ("schemehost pig: the grader failed (a bug in schemehost); "
                   "set SCHEMEHOST_DEBUG=1 to see the worker's Python traceback\n")


def test_pig_grader_internal_error_in_a_call_is_reported_as_a_bug_and_the_match_goes_on(monkeypatch):
    """A Python exception from inside the interpreter (not a Scheme error) is a
    bug in schemehost: the verdict says so, never a traceback; the game needs
    a result, so the side whose call met it forfeits that game; the match goes on."""
    from schemehost.interpreter import Interpreter

    def broken(self, f, args, step_limit=None):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(Interpreter, "call_procedure", broken)
    report = play(HOLD20, "dummy", 3, 1)
    assert report.forfeits[0] == ("game 1 forfeited: internal error in schemehost (a bug, not the player's fault): "
                                  "ZeroDivisionError: boom; " + CALL)
    assert len(report.results) == 3 and len(report.forfeits) == 3


@pytest.mark.parametrize("source, rejected", [
    ("(define player car)\n",
     "player must take 5 arguments (my-total other-total accum current state), but it takes 1"),
    ("(define player vector-ref)\n",
     "player must take 5 arguments (my-total other-total accum current state), but it takes 2"),
    ("(define player list)\n", None),
])
def test_pig_grader_player_bound_to_a_builtin_is_checked_for_5_arguments_at_load(tmp_path, source, rejected):
    """Issue 12: the grader asks the interpreter for the arity of `player`
    (Interpreter.arity) instead of reading a lambda's fields, so a built-in
    of the wrong arity is rejected at load with the same text as a lambda;
    before, only lambdas were checked and `car` forfeited every game."""
    report = grade(write(tmp_path, "builtin.scm", source))
    assert report.rejected == rejected
    if rejected is None:
        assert len(report.results) == 3 and report.forfeits == []


def test_referee_failed_call_is_freed_while_the_board_still_names_its_side():
    """Under load a sandboxed arena against builtin-hanger.scm once ended NO VERDICT: the failed call's
    frames (holding 40 MB vectors) were freed only after the board said NOBODY, on the grader's time,
    and the wall clock ran out then.  The fault leaves the wrapper without the failed call attached."""
    import gc
    import weakref

    from schemehost.labs.pig.grader import PLAYER, PlayerFault, Referee

    class Big:
        pass

    seen = []

    def scheme_code():
        big = Big()
        seen.append(weakref.ref(big))
        raise ValueError("inside the call")

    def factory():
        def player(*args):
            try:
                scheme_code()
            except ValueError:
                raise PlayerFault("error", "error in player") from None

        return player

    referee = Referee(timed=False)
    board = referee.board
    player = referee.watch(factory, PLAYER, "p", scheme=True)()
    gc.disable()
    try:
        with pytest.raises(PlayerFault) as info:
            player(0, 0, 0, 1, None)
        assert info.value.__context__ is None
        assert board[0] == NOBODY
        assert seen[0]() is None  # freed without the cycle collector
    finally:
        gc.enable()
