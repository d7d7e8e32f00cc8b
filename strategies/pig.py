"""Pig strategies in Python, and exact odds computed from their policies.

A *player* is a callable ``player(my_total, other_total, accum, current,
state) -> bool`` called after every throw of its turn: ``accum`` is the sum of
the earlier throws of the turn (0 on the first throw), ``current`` the die just
thrown, ``state`` a one-element list (``[0]`` at the start of each game) the
player may use between calls.  After a 1 the turn is over and the return value
is ignored; otherwise a true value throws again and False banks
``accum + current``.  The first to bank a total of 100 or more wins.

Most strategies here are *total policies*: deterministic players whose
decision depends only on (my total, other total, turn total).  Such a policy
is also a table ``roll[i, j, t]`` (True: throw again with turn total ``t`` at
scores ``i``, ``j``), and from tables the module computes exact odds:

* `exact_match_stats(a, b)`: P(a beats b) moving first and moving second,
  solved as a Markov chain over turn starts, no simulation;
* `solve_optimal()`: the policy maximizing P(win) against an optimal opponent,
  by value iteration over (i, j, k) as in Neller and Presser, "Optimal play of
  the dice game Pig" (2004); the first player then wins about 0.5306;
* `solve_best_response(opponent)`: the policy maximizing P(win) against one
  fixed opponent policy, whose turns are chance nodes of an MDP.

`parse_opponent(spec)` turns a spec such as ``hold:20`` into a *factory*, a
zero-argument callable that returns a fresh player for each game.

Run ``python -m strategies.pig`` to print the odds against the dummy.

Imports nothing from schemehost.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import itertools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

GOAL = 100
SIDES = 6

# Turn totals a turn can end with: it keeps going only below the goal
# (t <= 99), so the last throw ends it at 105 at most.
_T = GOAL + SIDES

# Decisions whose two values differ by less than this count as ties, and a
# tie holds: float noise must not flip a decision.
_TIE = 1e-12

# The number of games the checker plays, and how many it takes to pass.
CHECKER_GAMES = 49

Player = Callable[[int, int, int, int, list], bool]
Factory = Callable[[], Player]


# --- simple strategies ----------------------------------------------------------


class TotalPolicy:
    """A deterministic player whose decision depends on (my, other, turn total) only.

    Call it as a player (the five-argument signature).  `decide(my, other,
    turn_total)` is the same decision with the turn total already summed, and
    `table()` is the policy as a boolean array ``roll[i, j, t]`` of shape
    (100, 100, 100), True where the policy throws again.  Entries with
    ``t < 2`` or ``i + t >= 100`` are False: no decision is taken there (a
    turn total is never 1, and a policy here never throws past a win).

    Give `decide`, or `table` (an array, or a zero-argument callable that
    builds one the first time it is needed), or both when the table is a faster
    route to the same decisions.
    """

    def __init__(self, name: str, decide: Callable[[int, int, int], bool] | None = None,
                 table: np.ndarray | Callable[[], np.ndarray] | None = None):
        if decide is None and table is None:
            raise TypeError("TotalPolicy needs decide, table, or both")
        self.name = name
        self._decide = decide if decide is not None else self._lookup
        self._table = table if isinstance(table, np.ndarray) else None
        self._build = None if isinstance(table, np.ndarray) else table
        self._outcomes = None
        if self._table is not None:
            self._table = _checked_table(self._table, name)

    def __repr__(self) -> str:
        return f"<TotalPolicy {self.name}>"

    def __call__(self, my_total: int, other_total: int, accum: int, current: int,
                 state: list) -> bool:
        if current == 1:
            return False
        return self._decide(my_total, other_total, accum + current)

    def decide(self, my_total: int, other_total: int, turn_total: int) -> bool:
        """Return True to throw again with this turn total at these scores."""
        return self._decide(my_total, other_total, turn_total)

    def table(self) -> np.ndarray:
        """Return the policy as ``roll[i, j, t]``, tabulating `decide` if need be."""
        if self._table is None:
            built = self._build() if self._build is not None else tabulate(self._decide)
            self._table = _checked_table(built, self.name)
            self._build = None
        return self._table

    def outcomes(self) -> tuple[np.ndarray, np.ndarray]:
        """Return (bank[i, j, t], bust[i, j]): how a turn ends (see `_turn_outcomes`)."""
        if self._outcomes is None:
            self._outcomes = _turn_outcomes(self.table())
        return self._outcomes

    def _lookup(self, my_total: int, other_total: int, turn_total: int) -> bool:
        if my_total + turn_total >= GOAL:
            return False
        if not (0 <= my_total < GOAL and 0 <= other_total < GOAL and turn_total >= 0):
            raise ValueError(f"{self.name}: scores must lie in 0..99 and the turn total"
                             f" be >= 0, got ({my_total}, {other_total}, {turn_total})")
        return bool(self.table()[my_total, other_total, turn_total])


def tabulate(decide: Callable[[int, int, int], bool]) -> np.ndarray:
    """Return ``roll[i, j, t]`` by calling ``decide(i, j, t)`` at every decision point."""
    table = np.zeros((GOAL, GOAL, GOAL), dtype=bool)
    for i in range(GOAL):
        for j in range(GOAL):
            row = table[i, j]
            for t in range(2, GOAL - i):
                row[t] = bool(decide(i, j, t))
    return table


def _checked_table(table: np.ndarray, name: str) -> np.ndarray:
    table = np.asarray(table)
    if table.shape != (GOAL, GOAL, GOAL) or table.dtype != bool:
        raise ValueError(f"{name}: a policy table must be a bool array of shape"
                         f" (100, 100, 100), got {table.dtype} {table.shape}")
    return table & _DECISION_POINTS


_I, _J, _TT = np.ogrid[0:GOAL, 0:GOAL, 0:GOAL]
_DECISION_POINTS = np.broadcast_to((_TT >= 2) & (_I + _TT < GOAL), (GOAL, GOAL, GOAL)).copy()
_DECISION_POINTS.flags.writeable = False


def _never(my_total: int, other_total: int, turn_total: int) -> bool:
    return False


coward = TotalPolicy("coward", _never, np.zeros((GOAL, GOAL, GOAL), dtype=bool))
coward.__doc__ = "Never throw again: bank every throw that is not a 1."


def hold_at(n: int, name: str | None = None) -> TotalPolicy:
    """Return a player that holds once the turn total reaches `n` or holding would win.

    It is named `name`, or ``hold:N`` by default.
    """
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"hold_at needs a positive whole number, got {n!r}")

    def decide(my_total: int, other_total: int, turn_total: int) -> bool:
        return turn_total < n and my_total + turn_total < GOAL

    return TotalPolicy(name or f"hold:{n}", decide, lambda: _DECISION_POINTS & (_TT < n))


# The checker's dummy: "quite simpleton strategy".  Its exact rule is not
# published; a hold at 10 is the simpleton we grade against.
dummy = hold_at(10, name="dummy")
dummy.__doc__ = "Hold once the turn total reaches 10 or holding would win: the checker's simpleton."


def random_player(seed: int | str | None = None) -> Player:
    """Return a player that throws again with probability 1/2, from its own generator."""
    rng = random.Random(seed)

    def player(my_total: int, other_total: int, accum: int, current: int,
               state: list) -> bool:
        # Draw on every call, a 1 included, so the decisions depend only on
        # the number of calls: a replay with the same seed decides the same.
        return rng.random() < 0.5

    return player


def throws(n: int) -> Player:
    """Return a player that throws exactly `n` times a turn, then holds.

    It counts the throws of the turn in ``state[0]``: a zero ``accum`` marks
    the first throw of a turn (every later throw of a turn has accum >= 2), so
    the count restarts there even if an earlier turn ended on a 1.  It does not
    stop early at a winning total.
    """
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"throws needs a positive whole number, got {n!r}")

    def player(my_total: int, other_total: int, accum: int, current: int,
               state: list) -> bool:
        state[0] = 1 if accum == 0 else state[0] + 1
        return state[0] < n

    return player


def _keep_pace_decide(my_total: int, other_total: int, turn_total: int) -> bool:
    if my_total + turn_total >= GOAL:
        return False
    if my_total >= 71 or other_total >= 71:
        return True
    return turn_total < 21 + math.floor((other_total - my_total) / 8 + 0.5)


def _keep_pace_table() -> np.ndarray:
    race = (_I >= 71) | (_J >= 71)
    pace = _TT < 21 + np.floor((_J - _I) / 8 + 0.5)
    return _DECISION_POINTS & (race | pace)


keep_pace = TotalPolicy("keep-pace", _keep_pace_decide, _keep_pace_table)
keep_pace.__doc__ = """Play Neller and Presser's "keep pace and end race" heuristic.

Once either total is 71 or more, throw until holding wins; before that, hold
at 21 + round((other - mine) / 8), rounding halves up.
"""


# The optimal policy summarized as a 10 x 10 table of hold thresholds, by my
# total and the opponent's total in tens (the median of the optimal boundary
# over each block); scheme_src/pig/near-optimal.scm is its Scheme twin.
NEAR_OPTIMAL_TABLE = (
    (21, 22, 23, 25, 26, 29, 36, 35, 92, 95),
    (20, 21, 22, 24, 25, 28, 32, 39, 83, 85),
    (19, 20, 21, 22, 24, 27, 28, 36, 74, 75),
    (18, 19, 20, 21, 23, 25, 26, 32, 65, 65),
    (17, 17, 19, 19, 22, 23, 24, 29, 55, 55),
    (16, 17, 18, 20, 19, 18, 21, 44, 45, 45),
    (15, 15, 15, 14, 13, 16, 35, 35, 35, 35),
    (10, 10, 11, 22, 25, 25, 25, 25, 25, 25),
    (15, 15, 15, 15, 15, 15, 15, 15, 15, 15),
    (5, 5, 5, 5, 5, 5, 5, 5, 5, 5),
)


def _near_optimal_decide(my_total: int, other_total: int, turn_total: int) -> bool:
    if my_total + turn_total >= GOAL:
        return False
    return turn_total < NEAR_OPTIMAL_TABLE[my_total // 10][other_total // 10]


near_optimal = TotalPolicy("near-optimal", _near_optimal_decide)
near_optimal.__doc__ = "Hold at the optimal policy's threshold, summarized per block of ten points."


# --- exact odds of a match between two total policies ---------------------------


def _turn_outcomes(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return how a turn under `table` ends, for every pair of scores.

    ``bank[i, j, t]`` is the probability that the mover at scores (i, j)
    banks turn total t (t >= 100 - i is a win), ``bust[i, j]`` that it throws
    a 1.  The two add up to 1.
    """
    # Turn totals lead here so that each step works on contiguous planes.
    roll = np.zeros((_T, GOAL, GOAL), dtype=bool)
    roll[:GOAL] = np.moveaxis(table, 2, 0)
    roll[0] = True  # the first throw of a turn is not a choice
    reach = np.zeros((_T, GOAL, GOAL))
    onward = np.zeros((_T, GOAL, GOAL))  # reach, then throw again
    reach[0] = onward[0] = 1.0
    for t in range(2, _T):
        reach[t] = onward[max(0, t - SIDES):t - 1].sum(axis=0) / SIDES
        onward[t] = reach[t] * roll[t]
    bank = np.moveaxis(reach - onward, 0, 2)
    bust = onward.sum(axis=0) / SIDES
    return bank, bust


def _layer(s: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the score pairs (i, j) with i + j = s, i ascending."""
    i = np.arange(max(0, s - GOAL + 1), min(GOAL - 1, s) + 1)
    return i, s - i


def _blocks():
    """Yield (sums, i, j, mirror): two layers at a time, highest score sums first.

    Layers s and s - 1 do not depend on each other (a turn never stands at a
    turn total of 1), so each sweep solves both.  ``mirror[c]`` is the index of
    cell (j, i) when c is cell (i, j).
    """
    for s in range(2 * GOAL - 2, -1, -2):
        sums = (s, s - 1) if s > 0 else (s,)
        layers = [_layer(total) for total in sums]
        i = np.concatenate([cells for cells, _ in layers])
        j = np.concatenate([others for _, others in layers])
        # Within a layer i ascends, so the mirror of a cell is its reverse.
        mirror, offset = [], 0
        for cells, _ in layers:
            mirror.append(offset + np.arange(len(cells))[::-1])
            offset += len(cells)
        yield sums, i, j, np.concatenate(mirror)


def _exact_values(outcomes_a: tuple[np.ndarray, np.ndarray],
                  outcomes_b: tuple[np.ndarray, np.ndarray]) -> tuple[float, float]:
    """Return P(A wins) when A moves first and when B moves first.

    The chain is over turn starts.  A banked turn moves to a higher score sum
    (a layer already solved, going down from 198); a bust keeps the scores and
    passes the move, so within a cell the two unknowns solve a 2x2 system.
    """
    bank_a, bust_a = outcomes_a
    bank_b, bust_b = outcomes_b
    # P(A wins) with A to move, indexed [a, b]; B's banked wins (b >= 100) stay 0.
    a_moves = np.zeros((GOAL, GOAL + _T))
    # P(A wins) with B to move, indexed [a, b]; A's banked wins (a >= 100) are 1.
    b_moves = np.zeros((GOAL + _T, GOAL))
    b_moves[GOAL:] = 1.0
    t = np.arange(_T)
    for s in range(2 * GOAL - 2, -1, -1):
        a, b = _layer(s)
        from_a = (bank_a[a, b] * b_moves[a[:, None] + t, b[:, None]]).sum(axis=1)
        from_b = (bank_b[b, a] * a_moves[a[:, None], b[:, None] + t]).sum(axis=1)
        pa, pb = bust_a[a, b], bust_b[b, a]
        denominator = 1.0 - pa * pb
        # Two players who both always bust never end the game: no win for A.
        va = np.divide(from_a + pa * from_b, denominator,
                       out=np.zeros_like(from_a), where=denominator > 0)
        a_moves[a, b] = va
        b_moves[a, b] = from_b + pb * va
    return float(a_moves[0, 0]), float(b_moves[0, 0])


def match_win_distribution(p_first: float, p_second: float,
                           games: int = CHECKER_GAMES) -> np.ndarray:
    """Return P(k wins) for k = 0..games in a match laid out as the checker's.

    The submission moves second in the even-numbered games (0, 2, ...), so
    ceil(games / 2) games as second and floor(games / 2) as first; the two
    binomials are convolved exactly.  A game that is not won counts as lost.
    """
    as_first = _binomial(games // 2, p_first)
    as_second = _binomial(games - games // 2, p_second)
    return np.convolve(as_first, as_second)


def _binomial(n: int, p: float) -> np.ndarray:
    return np.array([math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)])


def pass_threshold(games: int = CHECKER_GAMES) -> int:
    """Return the wins needed to pass: a strict majority (25 of 49)."""
    return games // 2 + 1


def match_score(wins: int, games: int = CHECKER_GAMES) -> float:
    """Return the challenge score: 0 below a pass, else (wins - 24) / 25 for 49 games.

    For other game counts the same line scales: (wins - games // 2) divided by
    the games left above half, so a bare pass scores > 0 and a clean sweep 1.
    """
    if wins < pass_threshold(games):
        return 0.0
    return (wins - games // 2) / (games - games // 2)


@dataclass(frozen=True)
class MatchOdds:
    """Exact chances that A beats B in one game, with A moving first or second."""

    win_first: float
    win_second: float

    @property
    def average(self) -> float:
        """Return the win chance averaged over the two sides."""
        return (self.win_first + self.win_second) / 2

    def win_distribution(self, games: int = CHECKER_GAMES) -> np.ndarray:
        """Return P(k wins), k = 0..games, in a checker-style match."""
        return match_win_distribution(self.win_first, self.win_second, games)

    def pass_probability(self, games: int = CHECKER_GAMES) -> float:
        """Return P(at least a strict majority of wins) in a checker-style match."""
        return float(self.win_distribution(games)[pass_threshold(games):].sum())

    def expected_score(self, games: int = CHECKER_GAMES) -> float:
        """Return the expected challenge score of a checker-style match."""
        distribution = self.win_distribution(games)
        return float(sum(p * match_score(k, games) for k, p in enumerate(distribution)))


PolicyLike = TotalPolicy | str | np.ndarray | Callable[[int, int, int], bool]


def _outcomes_of(policy: PolicyLike) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(policy, str):
        policy = total_policy(policy)
    if isinstance(policy, TotalPolicy):
        return policy.outcomes()
    return _turn_outcomes(policy_table(policy))


def policy_table(policy: PolicyLike) -> np.ndarray:
    """Return ``roll[i, j, t]`` for a TotalPolicy, a deterministic spec, a table or ``decide``."""
    if isinstance(policy, str):
        return total_policy(policy).table()
    if isinstance(policy, TotalPolicy):
        return policy.table()
    if isinstance(policy, np.ndarray):
        return _checked_table(policy, "policy")
    if callable(policy):
        return _checked_table(tabulate(policy), getattr(policy, "__name__", "policy"))
    raise TypeError(f"not a policy: {policy!r}")


def exact_match_stats(policy_a: PolicyLike, policy_b: PolicyLike) -> MatchOdds:
    """Return the exact chances that A beats B, moving first and moving second.

    Both are deterministic policies of (my total, other total, turn total):
    TotalPolicy objects, deterministic specs (``"hold:20"``), tables, or
    functions ``decide(my, other, turn_total)``.
    """
    return MatchOdds(*_exact_values(_outcomes_of(policy_a), _outcomes_of(policy_b)))


# --- optimal play and best responses: value iteration ---------------------------


def _sweep(hold: np.ndarray, bust: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Back up the values of one layer's turns from the top turn total down to 0.

    ``hold[k, c]`` is what holding with turn total k is worth in cell c (1 if
    it wins; -1 at k = 0, where the turn must throw), ``bust[c]`` what a 1 is
    worth.  Return the value at k = 0, its derivative with respect to
    ``bust`` (the chance the turn ends in a 1), and ``rolling[k, c]``.
    """
    top, cells = hold.shape
    # values[0] is the win chance, values[1] its derivative; turn totals past
    # the top are wins (the goal is reached), worth 1 whatever a bust is worth.
    values = np.zeros((2, top + SIDES, cells))
    values[0] = 1.0
    rolling = np.zeros((top, cells), dtype=bool)
    for k in range(top - 1, -1, -1):
        ahead = values[:, k + 2:k + SIDES + 1].sum(axis=1)
        roll = (bust + ahead[0]) / SIDES
        throw = roll > hold[k] + _TIE
        rolling[k] = throw
        values[0, k] = np.where(throw, roll, hold[k])
        values[1, k] = np.where(throw, (1.0 + ahead[1]) / SIDES, 0.0)
    return values[0, 0], values[1, 0], rolling


# Newton's method converges in a few steps (the values are piecewise linear
# in the unknowns); the cap only guards against a cycle.
_NEWTON_STEPS = 60
_NEWTON_TOLERANCE = 1e-14


@dataclass(frozen=True)
class Solution:
    """A solved policy and the chances it wins moving first and moving second."""

    policy: TotalPolicy
    win_first: float
    win_second: float
    seconds: float


def _solve_optimal_tables() -> tuple[np.ndarray, np.ndarray]:
    """Return (win[i, j] at the start of a turn, roll[i, j, t]) under optimal play.

    Cells are solved by score sum, highest first: holding moves to a higher
    sum, already solved.  A 1 swaps the mover within the layer, so cell (i, j)
    depends on its mirror (j, i); Newton's method solves each pair.
    """
    # win[j, i + k] with i + k >= 100 means the mover banked a win: the
    # opponent's win chance there is 0, so holding is worth 1.
    win = np.zeros((GOAL, GOAL + _T))
    table = np.zeros((GOAL, GOAL, GOAL), dtype=bool)
    for sums, i, j, mirror in _blocks():
        top = GOAL - i.min()
        k = np.arange(top)[:, None]
        hold = 1.0 - win[j[None, :], i[None, :] + k]
        hold[:2] = -1.0  # throw at 0; a turn total of 1 never happens
        x = np.where(j + 2 < GOAL, win[i, j + 2], 0.5)
        for _ in range(_NEWTON_STEPS):
            value, slope, rolling = _sweep(hold, 1.0 - x[mirror])
            if np.abs(value - x).max() < _NEWTON_TOLERANCE:
                break
            # value_c = F_c(1 - x_mirror), so d value_c / d x_mirror = -slope_c.
            vm, sm, xm = value[mirror], slope[mirror], x[mirror]
            x = (value - slope * (vm - xm) - slope * sm * x) / (1.0 - slope * sm)
        else:
            raise ArithmeticError(f"value iteration did not converge at score sums {sums}")
        win[i, j] = value
        table[i, j, :top] = rolling.T
    return win[:, :GOAL], table & _DECISION_POINTS


@functools.cache
def solve_optimal() -> Solution:
    """Return the optimal policy (computed once per process, in about a second)."""
    start = time.perf_counter()
    win, table = _solve_optimal_tables()
    seconds = time.perf_counter() - start
    return Solution(TotalPolicy("optimal", table=table), float(win[0, 0]),
                    float(1.0 - win[0, 0]), seconds)


def optimal_win_probability() -> float:
    """Return P(the first player wins) when both play optimally (about 0.5306)."""
    return solve_optimal().win_first


def _optimal_table() -> np.ndarray:
    return solve_optimal().policy.table()


optimal = TotalPolicy("optimal", table=_optimal_table)
optimal.__doc__ = """Play to maximize the chance of winning against an optimal opponent.

The table is computed on the first decision (or `table()` call), once per
process, and kept in memory only.
"""


def _solve_best_response_tables(outcomes: tuple[np.ndarray, np.ndarray]
                                ) -> tuple[float, float, np.ndarray]:
    """Return (P(win) moving first, P(win) moving second, roll[i, j, t]) against an opponent.

    The opponent's turn is a chance node: from (i, j) it banks t or busts with
    the probabilities its `outcomes` give (see `_turn_outcomes`).
    ``after[i, j]`` is our win chance when the opponent is about to move; a 1
    of ours leads there, and a 1 of the opponent's leads back to our turn at
    the same scores, hence a fixed point per cell.
    """
    bank, bust = outcomes
    # win[i, j + t] with j + t >= 100: the opponent banked a win, worth 0.
    win = np.zeros((GOAL, GOAL + _T))
    # after[i + k, j] with i + k >= 100: we banked a win, worth 1.
    after = np.zeros((GOAL + _T, GOAL))
    after[GOAL:] = 1.0
    table = np.zeros((GOAL, GOAL, GOAL), dtype=bool)
    t = np.arange(_T)
    for sums, i, j, _ in _blocks():
        top = GOAL - i.min()
        k = np.arange(top)[:, None]
        hold = after[i[None, :] + k, j[None, :]]
        hold[:2] = -1.0  # throw at 0; a turn total of 1 never happens
        banked = (bank[j, i] * win[i[:, None], j[:, None] + t]).sum(axis=1)
        busted = bust[j, i]
        x = np.where(j + 2 < GOAL, win[i, j + 2], 0.5)
        for _ in range(_NEWTON_STEPS):
            value, slope, rolling = _sweep(hold, banked + busted * x)
            if np.abs(value - x).max() < _NEWTON_TOLERANCE:
                break
            x = (value - slope * busted * x) / (1.0 - slope * busted)
        else:
            raise ArithmeticError(f"value iteration did not converge at score sums {sums}")
        win[i, j] = value
        after[i, j] = banked + busted * value
        table[i, j, :top] = rolling.T
    return float(win[0, 0]), float(after[0, 0]), table & _DECISION_POINTS


def solve_best_response(opponent: PolicyLike = "dummy") -> Solution:
    """Return the policy that maximizes P(win) against a fixed opponent policy.

    `opponent` is anything `policy_table` accepts; results for spec strings
    are kept for the rest of the process.
    """
    if isinstance(opponent, str):
        return _best_response_for_spec(opponent)
    return _best_response(_outcomes_of(opponent), getattr(opponent, "name", "policy"))


@functools.cache
def _best_response_for_spec(spec: str) -> Solution:
    return _best_response(total_policy(spec).outcomes(), spec)


def _best_response(outcomes: tuple[np.ndarray, np.ndarray], name: str) -> Solution:
    start = time.perf_counter()
    win_first, win_second, table = _solve_best_response_tables(outcomes)
    seconds = time.perf_counter() - start
    policy = TotalPolicy(f"best-response:{name}", table=table)
    return Solution(policy, win_first, win_second, seconds)


def best_response(opponent_spec: PolicyLike = "dummy") -> TotalPolicy:
    """Return the best response to a fixed opponent policy (see `solve_best_response`)."""
    return solve_best_response(opponent_spec).policy


# --- specs, registry and loading -------------------------------------------------


STRATEGIES: dict[str, str] = {
    "coward": "never throws again: banks every throw that is not a 1",
    "dummy": "the checker's simpleton: holds at a turn total of 10 or when holding wins",
    "hold:N": "holds once the turn total reaches N or when holding wins",
    "random": "throws again with probability 1/2 (random:SEED fixes the seed)",
    "throws:N": "throws exactly N times a turn, then holds",
    "keep-pace": "Neller and Presser's 'keep pace and end race' heuristic",
    "optimal": "maximizes P(win) against an optimal opponent (value iteration)",
    "near-optimal": "the optimal policy summarized as a 10 x 10 table of hold thresholds",
    "best-response": "maximizes P(win) against the dummy (best-response:SPEC against"
                     " another deterministic spec)",
    "module:name": "a Python player, or a zero-argument factory of players, imported"
                   " from a module",
}

_DETERMINISTIC = "coward, dummy, hold:N, keep-pace, optimal, near-optimal, best-response"


def _unknown(spec: str) -> ValueError:
    return ValueError(f"unknown strategy {spec!r}; valid: {', '.join(STRATEGIES)}")


def _whole_number(keyword: str, text: str, spec: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise ValueError(f"{keyword}:N needs a positive whole number N, got {spec!r}")
    return int(text)


_PLAIN = {"coward": coward, "dummy": dummy, "keep-pace": keep_pace, "optimal": optimal,
          "near-optimal": near_optimal}


def total_policy(spec: str) -> TotalPolicy:
    """Return the deterministic policy a spec names (coward, dummy, hold:N, ...).

    Raise ValueError for a spec that is unknown or not deterministic.
    """
    keyword, colon, argument = spec.partition(":")
    if keyword in _PLAIN:
        if colon:
            raise ValueError(f"{keyword} takes no argument, got {spec!r}")
        return _PLAIN[keyword]
    if keyword == "hold":
        return hold_at(_whole_number("hold", argument, spec))
    if keyword == "best-response":
        return best_response(argument if colon else "dummy")
    if keyword in ("random", "throws") or colon and _looks_like_module(keyword):
        target = _import_attribute(spec) if keyword not in ("random", "throws") else None
        if isinstance(target, TotalPolicy):
            return target
        raise ValueError(f"{spec!r} is not a deterministic policy of (my total, other"
                         f" total, turn total); use one of {_DETERMINISTIC}, or a"
                         f" module:name naming a TotalPolicy")
    raise _unknown(spec)


def parse_opponent(spec: str) -> Factory:
    """Return a factory (a zero-argument callable giving a fresh player per game) for `spec`.

    Keywords take precedence over ``module:name``: a module named like a
    keyword needs a dotted path.  The ``random`` factory seeds its n-th player
    with ``random:SEED:n`` (SEED 0 unless given), so a fresh factory replays
    the same games.  The tables of ``optimal`` and ``best-response`` are
    computed here, not during the first game.
    """
    keyword, colon, argument = spec.partition(":")
    if keyword == "random":
        counter = itertools.count()
        seed = argument if colon else "0"
        return lambda: random_player(f"random:{seed}:{next(counter)}")
    if keyword == "throws":
        n = _whole_number("throws", argument, spec)
        return lambda: throws(n)
    if keyword in _PLAIN or keyword in ("hold", "best-response"):
        policy = total_policy(spec)
        policy.table()
        return lambda: policy
    if colon and _looks_like_module(keyword):
        return load_strategy(spec)
    raise _unknown(spec)


def _looks_like_module(path: str) -> bool:
    return bool(path) and all(part.isidentifier() for part in path.split("."))


def load_strategy(spec: str) -> Factory:
    """Import ``module:name`` and return a factory of players from it.

    The attribute may be a player (five positional arguments), reused every
    game, or a factory (no arguments).  Raise ValueError if the module cannot
    be imported, lacks the name, or the name is neither.
    """
    target = _import_attribute(spec)
    if not callable(target):
        raise ValueError(f"{spec!r} is not callable")
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return lambda: target
    if _accepts(signature, 5):
        return lambda: target
    if _accepts(signature, 0):
        return target
    raise ValueError(f"{spec!r} must take five arguments (a player) or none (a factory)")


def _import_attribute(spec: str) -> object:
    """Return the object ``module:name`` names (the name may be dotted)."""
    module_name, colon, attribute = spec.partition(":")
    if not colon or not _looks_like_module(module_name) or not _looks_like_module(attribute):
        raise ValueError(f"a Python strategy is given as module:name, got {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import module {module_name!r} for {spec!r}: {exc}") from exc
    target = module
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError as exc:
            raise ValueError(f"module {module_name!r} has no {attribute!r}") from exc
    return target


def _accepts(signature: inspect.Signature, count: int) -> bool:
    try:
        signature.bind(*range(count))
    except TypeError:
        return False
    return True


# --- report ------------------------------------------------------------------------


def _report() -> None:
    """Print the exact odds of each deterministic strategy against the dummy."""
    solution = solve_optimal()
    print(f"optimal policy: {solution.seconds:.2f} s; optimal vs optimal: first player"
          f" wins {solution.win_first:.6f}")
    response = solve_best_response("dummy")
    print(f"best response to the dummy: {response.seconds:.2f} s; wins"
          f" {response.win_first:.6f} moving first, {response.win_second:.6f} second")
    print()
    print(f"{'vs dummy':<26}{'P(win) 1st':>11}{'P(win) 2nd':>11}{'average':>9}"
          f"{'P(pass 49)':>12}{'E[score]':>10}")
    for spec in ("coward", "dummy", "hold:15", "hold:20", "hold:25", "keep-pace",
                 "optimal", "best-response"):
        start = time.perf_counter()
        odds = exact_match_stats(spec, "dummy")
        seconds = time.perf_counter() - start
        print(f"{spec:<26}{odds.win_first:>11.6f}{odds.win_second:>11.6f}"
              f"{odds.average:>9.4f}{odds.pass_probability():>12.6f}"
              f"{odds.expected_score():>10.4f}   ({seconds:.2f} s)")


if __name__ == "__main__":
    _report()
