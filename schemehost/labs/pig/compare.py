"""Cross-check a Scheme pig player against its Python twin, decision by decision.

Both see the same calls: the Scheme player plays real games (against the
dummy or another opponent) on seeded dice, and at every throw the twin is
asked the same question with its own state list.  A 1's answer is ignored
by the rules, so only the other throws are compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import MatchGame, play_match
from .grader import Limits, SchemePlayer


@dataclass
class Difference:
    game: int
    call: tuple  # (my-total other-total accum current)
    scheme: bool
    python: bool

    def describe(self) -> str:
        my, other, accum, current = self.call
        return (f"game {self.game}: (player {my} {other} {accum} {current} state) -> "
                f"Scheme {'#t' if self.scheme else '#f'}, Python {self.python}")


@dataclass
class Comparison:
    games: int
    decisions: int = 0
    differences: list = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return not self.differences


def compare_pig(scheme_path: str, python_spec: str, games: int = 200, seed: int = 0,
                opponent: str = "dummy", stop_after: int | None = None) -> Comparison:
    """Play `games` games of the Scheme player and compare every decision with the twin's."""
    from strategies.pig import parse_opponent

    scheme = SchemePlayer(scheme_path, Limits())
    twin_factory = parse_opponent(python_spec)
    result = Comparison(games)
    started = iter(range(1, games + 1))  # the submission's factory is called once per game, in order

    def both_factory():
        game, scheme_player, twin = next(started), scheme.factory(), twin_factory()

        def both(my, other, accum, current, state):
            s = scheme_player(my, other, accum, current, state)
            p = bool(twin(my, other, accum, current, state))
            if current != 1:
                result.decisions += 1
                if s != p:
                    result.differences.append(Difference(game, (my, other, accum, current), s, p))
            return s

        return both

    def enough(game: MatchGame) -> bool:
        if stop_after is not None and len(result.differences) >= stop_after:
            result.games = game.index + 1
            return True
        return False

    opponent_factory = parse_opponent(opponent)
    if games > 0:
        play_match(both_factory, opponent_factory, games, seed, on_game=enough)
    return result


def format_comparison(c: Comparison, scheme_path: str, python_spec: str, limit: int = 50) -> str:
    lines = [f"{scheme_path} vs {python_spec}: {c.games} games, {c.decisions} decisions compared"]
    for d in c.differences[:limit]:
        lines.append("  " + d.describe())
    if len(c.differences) > limit:
        lines.append(f"  ... {len(c.differences) - limit} more")
    lines.append("agree on every decision" if c.agree else f"DISAGREE on {len(c.differences)} decisions")
    return "\n".join(lines)
