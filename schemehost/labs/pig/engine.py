"""The game of Pig: reproducible dice, one game, a checker-style match.

A *player* is any callable ``player(my_total, other_total, accum, current,
state)`` called after every throw of its turn: ``accum`` is the sum of the
earlier throws of the turn (0 on the first), ``current`` the die just thrown,
``state`` a one-element list, ``[0]`` at the start of each game, that the
player may change to remember things within the game.  After a 1 the turn ends
with nothing banked and the return value is ignored (the player is still
called, so it sees every throw).  Otherwise a true return value (Python truth)
throws again and a false one holds, banking ``accum + current``.  The first
player to bank a total of 100 or more wins at once.

A match takes *factories*: zero-argument callables that return a fresh player
for each game, so that nothing a player keeps (a closure, an interpreter)
leaks from one game into the next.  `same_every_game(player)` makes a factory
for a player that keeps nothing outside ``state``.

An exception raised by a player propagates unchanged (same object, same
type, same traceback) with the call that raised it attached: a note for people
(PEP 678, shown under the traceback) and a `PlayerCall` in its ``pig_call``
attribute for programs.

This module imports nothing else from schemehost; a Scheme player reaches it
already wrapped as a Python callable.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

__all__ = [
    "GOAL", "CHECKER_GAMES", "DEFAULT_MAX_TURNS",
    "Player", "Factory", "DiceSource", "Dice", "GameDice", "ScriptedDice", "DiceExhausted",
    "ThrowEvent", "PlayerCall", "GameResult", "MatchGame", "MatchResult",
    "play_game", "play_match", "same_every_game",
    "pass_threshold", "match_score", "wilson_interval",
]

GOAL = 100
SIDES = 6
CHECKER_GAMES = 49

# Turns, not throws: every turn ends (a 1 comes up with probability 1), so
# only players who never hold can keep a game going forever.
DEFAULT_MAX_TURNS = 10_000

Player = Callable[[int, int, int, int, list], object]
Factory = Callable[[], Player]


class DiceSource(Protocol):
    """Anything `play_game` can take dice from."""

    def throw(self) -> int: ...


# --- dice --------------------------------------------------------------------------


class GameDice:
    """The throws of one game: a stream of its own, the same whoever throws.

    The k-th throw of a game is the k-th number of the stream, so replaying a
    game with the sides swapped replays the same dice (common random numbers).
    """

    __slots__ = ("seed", "index", "thrown", "_random")

    def __init__(self, seed: int | str, index: int):
        self.seed = seed
        self.index = index
        self.thrown = 0
        # A string seed is hashed with SHA-512 by random.Random, the same in
        # every process; hash() of a string would change with PYTHONHASHSEED.
        self._random = random.Random(f"pig:{seed}:{index}").random

    def __repr__(self) -> str:
        return f"GameDice(seed={self.seed!r}, index={self.index}, thrown={self.thrown})"

    def throw(self) -> int:
        """Return the next throw, 1 to 6."""
        self.thrown += 1
        # Four times as fast as randint, and uniform to within 2**-53.
        return 1 + int(SIDES * self._random())


class Dice:
    """Reproducible dice for a match: game g of seed s has its own stream."""

    __slots__ = ("seed",)

    def __init__(self, seed: int | str = 0):
        self.seed = seed

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"

    def game(self, index: int) -> GameDice:
        """Return fresh dice for game `index`; every call replays the same throws."""
        return GameDice(self.seed, index)


class DiceExhausted(Exception):
    """Raised when scripted dice are asked for more throws than the script holds."""


class ScriptedDice:
    """Dice that replay a fixed list of throws, for tests and worked examples."""

    __slots__ = ("throws", "thrown", "index")

    def __init__(self, throws: Sequence[int], index: int | None = None):
        for value in throws:
            if not (isinstance(value, int) and 1 <= value <= SIDES):
                raise ValueError(f"a die shows 1 to {SIDES}, got {value!r}")
        self.throws = tuple(throws)
        self.thrown = 0
        self.index = index

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self.throws)!r}, thrown={self.thrown})"

    def throw(self) -> int:
        """Return the next scripted throw; raise DiceExhausted after the last."""
        if self.thrown == len(self.throws):
            raise DiceExhausted(f"the script of {len(self.throws)} throws ran out")
        self.thrown += 1
        return self.throws[self.thrown - 1]


# --- one game ----------------------------------------------------------------------


class ThrowEvent(NamedTuple):
    """One throw and what the thrower decided after it (None after a 1)."""

    side: int
    my_total: int
    other_total: int
    accum: int
    current: int
    decision: bool | None


@dataclass(frozen=True)
class PlayerCall:
    """The player call that raised an exception, attached to it as ``pig_call``.

    `side` is 0 for the player who moved first in the game, 1 for the other;
    `call` counts this player's calls in the game from 1; `state` is the
    state list as it was when the exception left the player.
    """

    name: str
    side: int
    game: int | None
    call: int
    my_total: int
    other_total: int
    accum: int
    current: int
    state: tuple

    def describe(self) -> str:
        """Return one line naming the player, the game, the call and its arguments."""
        where = f"moving {('first', 'second')[self.side]}"
        if self.game is not None:
            where += f" in game {self.game}"
        return (f"raised by the {self.name} ({where}) on its call {self.call}: "
                f"player({self.my_total}, {self.other_total}, {self.accum}, "
                f"{self.current}, {list(self.state)!r})")


@dataclass(frozen=True)
class GameResult:
    """How a game ended.

    `winner` is 0 (the player who moved first), 1, or None for a game stopped
    by the turn cap (`capped`), which nobody wins.  `throws` equals
    ``sum(calls)``: each player is called once per throw of its own.
    `events` holds every throw when the game was recorded, else None.
    """

    winner: int | None
    scores: tuple[int, int]
    throws: int
    turns: int
    calls: tuple[int, int]
    capped: bool
    events: tuple[ThrowEvent, ...] | None = None


def play_game(first: Player, second: Player, dice: DiceSource, *, record: bool = False,
              max_turns: int = DEFAULT_MAX_TURNS,
              names: tuple[str, str] = ("first player", "second player")) -> GameResult:
    """Play one game, `first` moving first, with fresh ``[0]`` states.

    `dice` is any object with a ``throw()`` method (`Dice.game(g)`,
    `ScriptedDice`).  After `max_turns` turns without a winner the game stops
    as a draw (``winner=None, capped=True``).  `names` are used in the note
    attached to a player's exception.
    """
    if max_turns < 1:
        raise ValueError(f"max_turns must be at least 1, got {max_turns}")
    players = (first, second)
    states = ([0], [0])
    scores = [0, 0]
    calls = [0, 0]
    events: list[ThrowEvent] | None = [] if record else None
    game = getattr(dice, "index", None)
    throw = dice.throw
    for turn in range(max_turns):
        side = turn & 1
        player, state = players[side], states[side]
        my_total, other_total = scores[side], scores[1 - side]
        accum = 0
        while True:
            current = throw()
            calls[side] += 1
            try:
                decision = bool(player(my_total, other_total, accum, current, state))
            except Exception as exc:
                _attach(exc, PlayerCall(names[side], side, game, calls[side], my_total,
                                        other_total, accum, current, tuple(state)))
                raise
            if current == 1:
                if events is not None:
                    events.append(ThrowEvent(side, my_total, other_total, accum, current, None))
                break
            if events is not None:
                events.append(ThrowEvent(side, my_total, other_total, accum, current, decision))
            if decision:
                accum += current
                continue
            scores[side] = my_total + accum + current
            if scores[side] >= GOAL:
                return _result(side, scores, calls, turn + 1, False, events)
            break
    return _result(None, scores, calls, max_turns, True, events)


def _attach(exc: BaseException, call: PlayerCall) -> None:
    exc.add_note(f"pig: {call.describe()}")
    # An exception that passes through nested games keeps its innermost call.
    if getattr(exc, "pig_call", None) is None:
        exc.pig_call = call


def _result(winner: int | None, scores: list[int], calls: list[int], turns: int,
            capped: bool, events: list[ThrowEvent] | None) -> GameResult:
    return GameResult(winner, (scores[0], scores[1]), calls[0] + calls[1], turns,
                      (calls[0], calls[1]), capped,
                      None if events is None else tuple(events))


# --- a match -----------------------------------------------------------------------


def same_every_game(player: Player) -> Factory:
    """Return a factory that hands out `player` itself for every game.

    Only for players that keep nothing between calls outside ``state``.
    """
    return lambda: player


def pass_threshold(games: int = CHECKER_GAMES) -> int:
    """Return the wins a match needs to pass: a strict majority (25 of 49)."""
    return games // 2 + 1


def match_score(wins: int, games: int = CHECKER_GAMES) -> float:
    """Return the challenge score: 0 below a pass, else (wins - 24) / 25 for 49 games.

    For other game counts the line scales the same way, (wins - games // 2)
    over (games - games // 2): a bare pass scores just above 0, a sweep 1.
    """
    if wins < pass_threshold(games):
        return 0.0
    return (wins - games // 2) / (games - games // 2)


@dataclass(frozen=True)
class MatchGame:
    """One game of a match, seen from the submission.

    `submission_side` is 0 if the submission moved first.  `result` is how
    the game went, or None for a game forfeited by `forfeited_by` (the side,
    0 or 1, whose call raised one of the match's `forfeit` exceptions, or
    that a grader charged with the game); `fault` is that exception, if any.
    """

    index: int
    submission_side: int
    result: GameResult | None
    forfeited_by: int | None = None
    fault: BaseException | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        if (self.result is None) == (self.forfeited_by is None):
            raise ValueError("a match game has either a result or the side that forfeited it")

    @classmethod
    def forfeited(cls, index: int, by_submission: bool, fault: BaseException | None = None) -> MatchGame:
        """Return game `index` of a match, lost by the submission (or by its opponent)."""
        side = _submission_side(index)
        return cls(index, side, None, side if by_submission else 1 - side, fault)

    @property
    def winner(self) -> int | None:
        """Return the side that won (0 moved first), or None for a draw."""
        if self.result is None:
            return 1 - self.forfeited_by
        return self.result.winner

    @property
    def won(self) -> bool:
        """Return True if the submission won this game."""
        return self.winner == self.submission_side

    def add_to(self, tally) -> None:
        """Count this game into `tally`'s ``wins``, ``wins_first``, ``wins_second`` and ``draws``.

        The one place a match's wins are counted: `play_match`, the grader's
        report and the sandbox's partial report all add their games here.
        """
        winner = self.winner
        if winner is None:
            tally.draws += 1
        elif winner == self.submission_side:
            tally.wins += 1
            if winner == 0:
                tally.wins_first += 1
            else:
                tally.wins_second += 1


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a match, counted for the submission.

    A draw (a game stopped by the turn cap) is not a win.
    """

    games: int
    wins: int
    draws: int
    wins_first: int
    wins_second: int
    games_first: int
    games_second: int
    seed: int | str
    results: tuple[MatchGame, ...]

    @property
    def losses(self) -> int:
        """Return the games the opponent won."""
        return self.games - self.wins - self.draws

    @property
    def passed(self) -> bool:
        """Return True if the wins reach a strict majority (25 of 49)."""
        return self.wins >= pass_threshold(self.games)

    @property
    def score(self) -> float:
        """Return the challenge score (see `match_score`)."""
        return match_score(self.wins, self.games)


def play_match(submission: Factory, opponent: Factory, games: int = CHECKER_GAMES,
               seed: int | str = 0, *, record: bool | Callable[[int], bool] = False,
               max_turns: int = DEFAULT_MAX_TURNS,
               forfeit: type[BaseException] | tuple[type[BaseException], ...] = (),
               on_game: Callable[[MatchGame], object] | None = None) -> MatchResult:
    """Play a checker-style match and count it for the submission.

    Both players are factories, called once per game.  The submission moves
    second in game 0 and the sides alternate, so of 49 games it plays 25 as
    second and 24 as first.  Game g throws ``Dice(seed).game(g)``.  A player's
    exception propagates with a note naming the game and the player.

    This is the one match loop (the grader and the compare command use it
    too).  `record` is True to record every game's throws, or a function of
    the game index saying which.  An exception of a `forfeit` type costs the
    side whose call (or factory) raised it that game, and the match goes on.
    `on_game(game)` is called with each finished `MatchGame`; a true return
    ends the match there, and the result then counts the games played.
    """
    if games < 1:
        raise ValueError(f"a match needs at least one game, got {games}")
    dice = Dice(seed)
    played: list[MatchGame] = []
    tally = _Tally()
    for index in range(games):
        game = _play_one(submission, opponent, index, dice, record, max_turns, forfeit)
        played.append(game)
        game.add_to(tally)
        if on_game is not None and on_game(game):
            break
    count = len(played)
    return MatchResult(
        games=count,
        wins=tally.wins,
        draws=tally.draws,
        wins_first=tally.wins_first,
        wins_second=tally.wins_second,
        games_first=count // 2,
        games_second=count - count // 2,
        seed=seed,
        results=tuple(played),
    )


def _submission_side(index: int) -> int:
    """The submission moves second in game 0, then the sides alternate."""
    return 1 - index % 2


class _Tally:
    __slots__ = ("wins", "wins_first", "wins_second", "draws")

    def __init__(self):
        self.wins = self.wins_first = self.wins_second = self.draws = 0


def _play_one(submission: Factory, opponent: Factory, index: int, dice: Dice,
              record: bool | Callable[[int], bool], max_turns: int, forfeit) -> MatchGame:
    """Play game `index` of a match with fresh players; a `forfeit` exception loses it."""
    side = _submission_side(index)
    try:
        mine = _fresh(submission, "submission", index)
    except forfeit as exc:
        return MatchGame.forfeited(index, True, exc)
    try:
        theirs = _fresh(opponent, "opponent", index)
    except forfeit as exc:
        return MatchGame.forfeited(index, False, exc)
    if side == 0:
        players, names = (mine, theirs), ("submission", "opponent")
    else:
        players, names = (theirs, mine), ("opponent", "submission")
    try:
        result = play_game(*players, dice.game(index), max_turns=max_turns, names=names,
                           record=record(index) if callable(record) else record)
    except forfeit as exc:
        call = getattr(exc, "pig_call", None)
        at_fault = call.side if call is not None else side
        return MatchGame(index, side, None, at_fault, exc)
    return MatchGame(index, side, result)


def _fresh(factory: Factory, name: str, index: int) -> Player:
    try:
        player = factory()
    except Exception as exc:
        exc.add_note(f"pig: raised by the {name} factory before game {index}")
        raise
    if not callable(player):
        raise TypeError(f"the {name} factory returned {player!r} for game {index},"
                        f" which is not a player (a player is called with five arguments)")
    return player


# --- statistics --------------------------------------------------------------------


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Return the Wilson score interval for a win rate (95% with the default z).

    With no games it is the whole of [0, 1].
    """
    if n < 0 or not 0 <= wins <= n:
        raise ValueError(f"need 0 <= wins <= n, got wins={wins}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
