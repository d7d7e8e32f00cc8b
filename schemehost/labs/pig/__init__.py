"""The game of Pig: an engine for Python players, a sandboxed grader for Scheme ones.

    engine      dice, one game, THE match loop (`play_match`) and its win count;
                imports nothing from schemehost
    text        bounded, cycle-safe text about a submission's values
    grader      a Scheme player in its own interpreter (`SchemePlayer`), a match
                report (`MatchReport`), `play` in this process and
                `sandboxed_match` in a worker process under OS limits,
                `match_sources` the same from source texts (service, tournament)
    compare     a Scheme player against its Python twin, decision by decision
    tournament  every pair plays a match; results kept in SQLite (import it
                from schemehost.labs.pig.tournament)
    options     what the commands share (limits, spec checks)
    cli         `schemehost pig check | arena | tournament`
    __main__    the sandbox's worker process (`python -m schemehost.labs.pig --worker`)

Python strategies live in `strategies.pig`, outside schemehost.
"""

from .cli import register_commands
from .compare import Comparison, Difference, compare_pig, format_comparison
from .engine import Dice, MatchGame, MatchResult, play_game, play_match, same_every_game
from .grader import (
    Limits,
    MatchReport,
    PlayerFault,
    Rejected,
    SchemePlayer,
    format_replay,
    format_report,
    match_sources,
    play,
    report_json,
    sandboxed_match,
)

__all__ = [
    # the engine (benchmarks, Python players)
    "Dice", "MatchGame", "MatchResult", "play_game", "play_match", "same_every_game",
    # the grader (the compare command, the web service, benchmarks)
    "Limits", "MatchReport", "PlayerFault", "Rejected", "SchemePlayer",
    "play", "sandboxed_match", "match_sources", "format_report", "format_replay", "report_json",
    # the compare command
    "Comparison", "Difference", "compare_pig", "format_comparison",
    # the command line (tournament is imported when one runs: its thread pool
    # and SQLite would slow every start of schemehost)
    "register_commands",
]
