"""What the pig commands share: limits from the command line, checked player specs.

Below both `cli` (check, arena) and `tournament`, so neither imports the other
for them.
"""

from __future__ import annotations

import os

from .grader import Limits

EXIT_INTERNAL = 70  # as schemehost's: a bug in schemehost, reported, never a traceback


def limits_from(args) -> Limits:
    """Return the grader's limits with the command line's --step-limit and --time-limit applied."""
    limits = Limits()
    if getattr(args, "step_limit", None):
        limits.call_steps = args.step_limit
    if getattr(args, "time_limit", None):
        limits.match_seconds = args.time_limit
    return limits


def validate_spec(spec: str, what: str) -> str | None:
    """Return an error message for a bad player/opponent/entrant spec, else None."""
    if spec.endswith(".scm"):
        return None if os.path.exists(spec) else f"{what}: no such file: {spec}"
    from strategies.pig import parse_opponent

    try:
        parse_opponent(spec)
    except ValueError as exc:
        return f"{what}: {exc}"
    return None
