"""The grading the service asks for, through the grader's public entry points only.

A check is `pig check --json`: `sandboxed_match` against the dummy, and the
object is `report_json`'s.  An arena match is `pig arena --json`, and so is
a round-robin pair, as in `pig tournament`.  A replay of game g
replays the match's first g games with `replay=g`, as `pig check --replay g`
does (the dice of game g depend only on the seed and g, and the player
keeps its globals from game to game, so the earlier games are played too).

These functions take source text, not paths, so they run unchanged on a Dask
worker with no shared file system (as `pig tournament --dask` does).
"""

from __future__ import annotations


from ..labs.pig import Limits, match_sources

DUMMY = "dummy"


def _match(sides: list[tuple[str, str | None]], games: int, seed: int, limits: Limits, strict: bool,
           replay: int | None, progress) -> dict:
    """Play sides[0] against sides[1] (each (name, source or None for a strategy spec)) in the sandbox."""
    files = [(name, source, None if source is None else ("player.scm", "opponent.scm")[i])
             for i, (name, source) in enumerate(sides)]
    return match_sources(files, games, seed, limits, strict, replay, progress)


def check(name: str, source: str, games: int, seed: int, limits: Limits, strict: bool = False,
          progress=None) -> dict:
    """Return the `pig check --json` object for a submission against the dummy."""
    return _match([(name, source), (DUMMY, None)], games, seed, limits, strict, None, progress)


def arena(a: tuple[str, str], b: tuple[str, str], games: int, seed: int, limits: Limits,
          strict: bool = False, progress=None) -> dict:
    """Return the `pig arena --json` object for A against B (A second in game 1)."""
    return _match([a, b], games, seed, limits, strict, None, progress)


def pair(a: tuple[str, str], b: tuple[str, str], games: int, seed: int, limits: Limits,
         strict: bool = False) -> dict:
    """Return a round-robin match's report: a `pig arena` match, as `pig tournament` plays each pair.

    (`pig tournament`'s own `play_pair` names its temporary files after the
    entrants' paths; a submission's name is free text, so it is not used here.)
    """
    return _match([a, b], games, seed, limits, strict, None, None)


def replay(a: tuple[str, str], b: tuple[str, str | None], game: int, seed: int, limits: Limits,
           strict: bool = False) -> dict:
    """Return game `game` (1-based) of a match: who moved first, the winner, and every throw."""
    result = _match([a, b], game, seed, limits, strict, game, None)
    row = result["results"][game - 1] if len(result["results"]) >= game else None
    return {
        "game": game,
        "player": a[0],
        "opponent": b[0],
        "first": row["first"] if row else None,
        "won": row["won"] if row else None,
        "scores": row["scores"] if row else None,
        "events": result["replay"],
        "forfeits": [f for f in result["forfeits"] + result["opponent_forfeits"] if f.startswith(f"game {game} ")],
        "verdict": result["verdict"],
    }
