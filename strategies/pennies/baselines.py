"""Baseline players: the opponents every predictor should handle.

None of them predicts anything; they only play a fixed or random pattern
(win-stay-lose-shift looks at its last result, nothing more).
"""

from __future__ import annotations

from .base import HEADS, TAILS, Strategy, check_move, flip

__all__ = ["Alternate", "Biased", "Cycle", "Heads", "RandomPlayer", "WinStayLoseShift"]


class RandomPlayer(Strategy):
    """Toss a fair coin every play: no predictor can beat it on average."""

    name = "random"
    description = "a fair coin every play"

    def choose(self) -> str:
        return self.coin()


class Heads(Strategy):
    """Always show heads."""

    name = "heads"
    description = "always heads"

    def choose(self) -> str:
        return HEADS


class Alternate(Strategy):
    """Show heads, tails, heads, tails, ... starting with heads."""

    name = "alternate"
    description = "heads, tails, heads, tails, ..."

    def _forget(self) -> None:
        self.plays = 0

    def choose(self) -> str:
        return HEADS if self.plays % 2 == 0 else TAILS

    def observe(self, mine: str, theirs: str) -> None:
        self.plays += 1


class Biased(Strategy):
    """Show heads with probability `p`, tails otherwise, independently."""

    name = "biased"
    description = "heads with probability p (default 0.7)"

    def __init__(self, role="matcher", seed=None, *, p: float = 0.7):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be a probability, got {p!r}")
        self.p = p
        super().__init__(role, seed)

    def choose(self) -> str:
        return HEADS if self.rng.random() < self.p else TAILS


class Cycle(Strategy):
    """Repeat a fixed pattern of faces, e.g. 'HHT' plays H, H, T, H, H, T, ..."""

    name = "cycle"
    description = "repeat a pattern of faces (default HHT)"

    def __init__(self, role="matcher", seed=None, *, pattern: str = "HHT"):
        if not pattern:
            raise ValueError("a cycle needs at least one move")
        for move in pattern:
            check_move(move)
        self.pattern = pattern
        super().__init__(role, seed)

    def _forget(self) -> None:
        self.plays = 0

    def choose(self) -> str:
        return self.pattern[self.plays % len(self.pattern)]

    def observe(self, mine: str, theirs: str) -> None:
        self.plays += 1


class WinStayLoseShift(Strategy):
    """Keep the face that just won, change the face that just lost (first play: a coin)."""

    name = "wsls"
    description = "win-stay, lose-shift: keep a winning face, change a losing one"

    def _forget(self) -> None:
        self.next_move: str | None = None

    def choose(self) -> str:
        return self.next_move if self.next_move is not None else self.coin()

    def observe(self, mine: str, theirs: str) -> None:
        self.next_move = mine if self.won(mine, theirs) else flip(mine)
