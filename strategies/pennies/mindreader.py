"""Two classroom programs that read the human's mind: AWK's and Stone's.

`AwkMindReader` is the predictor of the AWK "mind-reading machine" after
Shannon's memo (seed 001); `StoneMatcher` is John Stone's Scheme penny
matcher (seed 000; the code is the shared original penny-matcher.scm).  Both were written
to play the matcher against a person; here either role works, the
mismatcher playing the opposite of the prediction.

The programs' drivers are not modelled here: the AWK program stops after
100 rounds or when a side is 20 ahead, and Stone's plays exactly 100
rounds; the lab plays games of a fixed length.  `stone_port` reproduces
Stone's whole program, text and all.
"""

from __future__ import annotations

from .base import HEADS, TAILS, Predictor, flip

__all__ = ["AwkMindReader", "StoneMatcher"]


class AwkMindReader(Predictor):
    """The AWK mind reader's 8-state tally model and 75/25 rule.

    The case of a round is three bits about the player: did he win two
    rounds ago, did he change face last round, did he win last round
    (``(hpa!=hca)"/"(hpa!=hpb)"/"(hpb!=hcb)``).  After each round from the
    third on, ``tally[case]`` goes up by one if the player repeated his
    face and down by one if he changed; the tally has no bound.  The guess
    of the player's next face, with t the tally of the current case:

        t < -1   he changes             t == 1   he repeats, odds 3 to 1
        t == -1  he changes, odds 3:1   t > 1    he repeats
        t == 0   (and rounds 1, 2) a fair coin

    "Odds 3 to 1" is AWK's ``int(rand()+.75)``: true with probability 3/4.
    """

    name = "awk"
    description = "the AWK mind reader: player's 8 win/change cases, unbounded tally, 75/25 rule"

    def _forget(self) -> None:
        self.tally: dict[tuple[bool, bool, bool], int] = {}
        self.their_moves: list[str] = []
        self.their_wins: list[bool] = []

    def current_case(self) -> tuple[bool, bool, bool] | None:
        """Return (won two ago, changed, won last) of the player, None before round 3."""
        if len(self.their_moves) < 2:
            return None
        o, w = self.their_moves, self.their_wins
        return (w[-2], o[-2] != o[-1], w[-1])

    @staticmethod
    def repeat_probability(t: int) -> float:
        """Return the probability of guessing "he repeats" when the case's tally is `t`."""
        if t > 1:
            return 1.0
        if t < -1:
            return 0.0
        return (0.25, 0.5, 0.75)[t + 1]

    def predict(self) -> str:
        case = self.current_case()
        t = 0 if case is None else self.tally.get(case, 0)
        if t == 0:
            return self.coin()
        last = self.their_moves[-1]
        repeat = self.rng.random() < self.repeat_probability(t)
        return last if repeat else flip(last)

    def learn(self, mine: str, theirs: str) -> None:
        case = self.current_case()
        if case is not None:
            self.tally[case] = self.tally.get(case, 0) + (1 if theirs == self.their_moves[-1] else -1)
        self.their_moves.append(theirs)
        self.their_wins.append(not self.won(mine, theirs))


# A move of Stone's program is a pair (computer's face, player's face).
Situation = tuple[tuple[str, str], tuple[str, str]]


class StoneMatcher(Predictor):
    """John Stone's penny matcher (Scheme, 1996) as a strategy.

    A situation is the last two rounds, each a pair (computer's move,
    player's move): 16 situations.  For each, a table counts how often the
    player then showed heads and tails.  Rounds 1 and 2 are coin tosses;
    later rounds predict the player's majority face in the current
    situation, tossing on a tie (including a situation never seen).  As in
    the Scheme code, recording starts after round 2: from round 3 on, the
    situation that held at the start of the round is credited with the
    player's move.

    The coin is the Scheme program's ``(toss-a-coin)``, that is
    ``(if (zero? (random 2)) 'heads 'tails)`` with ``(random 2)`` drawn as
    ``rng.randrange(2)``, and it is drawn exactly when the program draws
    it, so with the same seed this strategy makes the same moves as the
    program run by our interpreter (see `stone_port`).
    """

    name = "stone"
    description = "John Stone's Scheme penny matcher: 16 two-round situations, majority vote"

    def _forget(self) -> None:
        self.table: dict[Situation, list[int]] = {}
        self.moves: list[tuple[str, str]] = []  # (ours, theirs), oldest first

    def coin(self) -> str:
        return HEADS if self.rng.randrange(2) == 0 else TAILS

    def situation(self) -> Situation | None:
        """Return (last move, last move but one), None in rounds 1 and 2."""
        if len(self.moves) < 2:
            return None
        return (self.moves[-1], self.moves[-2])

    def predict(self) -> str:
        situation = self.situation()
        if situation is None:
            return self.coin()
        heads, tails = self.table.get(situation, (0, 0))
        if heads < tails:
            return TAILS
        if tails < heads:
            return HEADS
        return self.coin()

    def learn(self, mine: str, theirs: str) -> None:
        situation = self.situation()
        if situation is not None:
            counts = self.table.setdefault(situation, [0, 0])
            counts[0 if theirs == HEADS else 1] += 1
        self.moves.append((mine, theirs))
