"""The interface every matching-pennies strategy implements.

A *move* is the string ``'H'`` (heads) or ``'T'`` (tails).  A game has two
sides: the *matcher* wins a play when the two moves are equal, the
*mismatcher* when they differ.  Every strategy is told its role when it is
made and keeps it for life.

Most strategies here are *predictors*: they guess the opponent's next move
and then play that guess (as matcher) or its opposite (as mismatcher).  They
subclass `Predictor` and implement `predict` and `learn`; the role mapping
lives in one place, `Predictor.choose`.

The protocol of one play, driven by the game loop::

    move = strategy.choose()            # 'H' or 'T'; commits the move
    strategy.observe(move, their_move)  # both moves, after they are shown

`reset(seed)` forgets everything and reseeds the strategy's own
`random.Random`; nothing here touches the global generator.
"""

from __future__ import annotations

import random
from typing import Literal

__all__ = [
    "HEADS",
    "MATCHER",
    "MISMATCHER",
    "MOVES",
    "ROLES",
    "TAILS",
    "Predictor",
    "Role",
    "Seed",
    "Strategy",
    "check_move",
    "flip",
    "wins",
]

HEADS = "H"
TAILS = "T"
MOVES = (HEADS, TAILS)

MATCHER = "matcher"
MISMATCHER = "mismatcher"
ROLES = (MATCHER, MISMATCHER)

Role = Literal["matcher", "mismatcher"]
Seed = int | random.Random | None


def flip(move: str) -> str:
    """Return the other face of the coin."""
    return TAILS if move == HEADS else HEADS


def check_move(move: str) -> str:
    """Return `move` if it is 'H' or 'T'; raise ValueError otherwise."""
    if move not in MOVES:
        raise ValueError(f"a move is 'H' or 'T', got {move!r}")
    return move


def wins(role: str, mine: str, theirs: str) -> bool:
    """Tell whether the side playing `role` won the play `mine` vs `theirs`."""
    return (mine == theirs) == (role == MATCHER)


def _make_rng(seed: Seed) -> random.Random:
    if isinstance(seed, random.Random):
        return seed
    return random.Random(seed)


class Strategy:
    """One side of a matching-pennies game.

    Subclasses set the class attributes `name` (the registry name) and
    `description` (one line), and override `choose`, `observe` and
    `_forget` (clear the per-game state; called by `reset`).
    """

    name: str = "strategy"
    description: str = ""

    def __init__(self, role: Role = MATCHER, seed: Seed = None):
        if role not in ROLES:
            raise ValueError(f"role must be 'matcher' or 'mismatcher', got {role!r}")
        self.role: str = role
        self.reset(seed)

    @property
    def is_matcher(self) -> bool:
        return self.role == MATCHER

    def reset(self, seed: Seed = None) -> None:
        """Forget every game played and take a fresh generator from `seed`.

        `seed` is an int (a new `random.Random(seed)`), a `random.Random` to
        use as is, or None (an unseeded generator: only for interactive play).
        """
        self.rng = _make_rng(seed)
        self._forget()

    def _forget(self) -> None:
        """Clear the state of the current game."""

    def coin(self) -> str:
        """Toss the strategy's own fair coin."""
        return HEADS if self.rng.getrandbits(1) else TAILS

    def choose(self) -> str:
        """Return this play's move, 'H' or 'T'."""
        raise NotImplementedError

    def observe(self, mine: str, theirs: str) -> None:
        """Learn the outcome of the play just made: our move and theirs."""

    def won(self, mine: str, theirs: str) -> bool:
        """Tell whether we won the play `mine` vs `theirs`."""
        return wins(self.role, mine, theirs)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} as {self.role}>"


class Predictor(Strategy):
    """A strategy that predicts the opponent's next move and acts on it.

    Subclasses implement `predict` (the opponent's next move, drawing on
    `self.rng` where the method itself is random) and `learn` (update the
    model from one play).  `choose` plays the prediction as matcher and its
    opposite as mismatcher, so a predictor is written once for both roles.
    """

    def predict(self) -> str:
        """Return the predicted next move of the opponent."""
        raise NotImplementedError

    def learn(self, mine: str, theirs: str) -> None:
        """Update the model with one finished play."""
        raise NotImplementedError

    def choose(self) -> str:
        guess = self.predict()
        return guess if self.is_matcher else flip(guess)

    def observe(self, mine: str, theirs: str) -> None:
        self.learn(check_move(mine), check_move(theirs))
